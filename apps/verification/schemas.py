"""Request shapes of the verification API, with the spec's §5 messages."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from ninja import Schema
from pydantic import ConfigDict, Field

from apps.core.errors import ValidationFailed
from apps.core.phones import phone_message, phone_text
from apps.core.validation import SearchText, SingleLine, is_valid_email
from apps.leads.schemas import CountryTotal, MonthTotal, ProductTotal
from apps.verification.services import ReportForm

REPORT_TYPES = (
    "Credit Score and Limit",
    "Financial Performance",
    "Director & Shareholder Information",
    "Company Ownership",
    "Key Risk Indicators",
    "Business Verification",
    "Other",
)
FIRST_NAME_REQUIRED = "First name is required"
LAST_NAME_REQUIRED = "Last name is required"
EMAIL_INVALID = "Please enter a valid email address"
PHONE_REQUIRED = phone_text("phone_required", "en")
PHONE_INVALID = phone_text("phone_invalid", "en")
COMPANY_NAME_REQUIRED = "Company name is required"
REPORT_TYPE_REQUIRED = "Please select at least one report type"
UNKNOWN_REPORT_TYPE = "Unknown report type"


class SearchQuery(Schema):
    name: SearchText = ""
    website: SearchText = ""


class CheckIn(Schema):
    domain: SingleLine = ""
    retry: bool = Field(
        False, description="Run an errored check of a finished run again, free, within 7 days."
    )


class DomainQuery(Schema):
    domain: SingleLine = ""


class ContactIn(Schema):
    """The custom report form."""

    # The lengths of ReportRequest's columns.
    first_name: SingleLine = Field("", max_length=120)
    last_name: SingleLine = Field("", max_length=120)
    email: SingleLine = Field("", max_length=254)
    phone: SingleLine = Field("", max_length=40)
    company_name: SingleLine = Field("", max_length=300)
    job_title: SingleLine = Field("", max_length=200)
    message: str = Field("", max_length=5000)  # the one text of several lines


class ReportIn(ContactIn):
    """The advanced report form: the report types wanted, and the contact fields."""

    report_types: list[SingleLine] = Field(default_factory=list)


def report_form(payload: ContactIn, language: str = "en") -> ReportForm:
    """The form's fields, trimmed; every field that is wrong gets its message. The phone
    number's is in `language` (the client knows the English texts of the others by heart)."""
    values: dict[str, Any] = {
        name: str(getattr(payload, name)).strip() for name in ReportForm.__dataclass_fields__
    }
    problems: dict[str, list[str]] = {}
    for name, message in (
        ("first_name", FIRST_NAME_REQUIRED),
        ("last_name", LAST_NAME_REQUIRED),
        ("company_name", COMPANY_NAME_REQUIRED),
    ):
        if not values[name]:
            problems[name] = [message]
    if not is_valid_email(values["email"]):
        problems["email"] = [EMAIL_INVALID]
    phone = phone_message(values["phone"], language)
    if phone:
        problems["phone"] = [phone]
    if isinstance(payload, ReportIn):
        if not payload.report_types:
            problems["report_types"] = [REPORT_TYPE_REQUIRED]
        elif any(kind not in REPORT_TYPES for kind in payload.report_types):
            problems["report_types"] = [UNKNOWN_REPORT_TYPE]
    if problems:
        raise ValidationFailed(next(iter(problems.values()))[0], fields=problems)
    return ReportForm(**values)


# Response shapes (spec §3, §7). A check's stored result is read through its findings model
# (`CompanyFindings`, `TradeFindings`, `SanctionsFindings`, `WebsiteFindings`): every field a
# result may lack has its default, so a run stored before a field existed still reads.


class _Out(Schema):
    # Every field of an answer is sent, its default included: the OpenAPI document says so.
    model_config = ConfigDict(json_schema_serialization_defaults_required=True)


VerdictStatus = Literal["do_not_trade", "needs_review", "partly_verified", "verified"]
State = Literal["pending", "in_progress", "success", "error"]


class VerificationCompanyOut(_Out):
    """A company of the database search (`selectors.company_data`)."""

    id: int | None
    name: str
    domain: str
    website: str
    country: str
    city: str
    industries: list[str]
    industry: str
    employees: int | None
    founded_year: int | None
    is_demo: bool


class FoundCompanyOut(VerificationCompanyOut):
    """A company of the internet search: not stored (no id), with its source's record."""

    source: str
    source_record_id: str


class CheckStates(_Out):
    company_profile: State
    trade_data: State
    sanctions: State
    website: State


class ProgressOut(_Out):
    company_id: int
    name: str
    domain: str
    run: int
    checker_states: CheckStates
    checker_labels: dict[str, str]
    errors: dict[str, str]
    progress: int
    loading: bool
    is_done: bool
    finished: bool
    paid: bool
    credits_charged: int
    credits_held: int
    status: VerdictStatus | None = Field(description="The verdict of a finished, paid run.")
    free_retry_until: datetime | None
    started_at: datetime | None
    finished_at: datetime | None


class ReportReceivedOut(_Out):
    id: int
    status: str


class _Finding(_Out):
    found_data: bool = False


class SourceAnswer(_Out):
    """An outside source's answer: found, not found, error, or not configured."""

    status: str
    error: str | None = None
    source: str | None = None
    fetched_at: str | None = None


class RegistryAnswer(SourceAnswer):
    legal_name: str = ""
    lei: str = ""
    jurisdiction: str = ""
    city: str = ""
    country: str = ""
    entity_status: str = ""
    registration_status: str = ""
    initial_registration_date: str | None = None
    next_renewal_date: str | None = None


class PlaceAnswer(SourceAnswer):
    place_name: str = ""
    address: str = ""
    business_status: str = ""
    rating: float | None = None
    place_type: str = ""
    opening_hours: list[str] = Field(default_factory=list)
    phone: str = ""
    website: str = ""


class CompanyRecord(_Out):
    name: str
    domain: str = ""
    country: str = ""
    city: str = ""
    industries: list[str] = Field(default_factory=list)
    employees: int | None = None
    founded_year: int | None = None
    revenue_range: str = ""
    business_type: str = ""
    source: str = ""
    is_demo: bool = False


class CompanyFindings(_Finding):
    company: CompanyRecord | None = None
    registry: RegistryAnswer | None = None
    place: PlaceAnswer | None = None


class TradeRecord(_Out):
    date: str
    hs_code: str
    product: str
    exporter_country: str
    importer_country: str
    order_value_usd: float


class TradeFindings(_Finding):
    shipments: int = 0
    import_value_usd: float = 0
    average_import_order_value_usd: float | None = None
    last_transaction: TradeRecord | None = None
    import_history: list[TradeRecord] = Field(default_factory=list)
    export_history: list[TradeRecord] = Field(default_factory=list)
    top_products: list[ProductTotal] = Field(default_factory=list)
    partner_countries: list[CountryTotal] = Field(default_factory=list)
    monthly: list[MonthTotal] = Field(default_factory=list)


class SanctionMatch(_Out):
    name: str
    matched_name: str
    score: float
    list: str
    programme: str
    list_date: str | None
    grade: Literal["match", "review", "near"] | None = None
    above_threshold: bool


class ScreenedList(_Out):
    name: str
    published_on: str | None
    entry_count: int
    loaded_at: str | None = None


class SanctionsFindings(_Finding):
    screened_name: str = ""
    threshold: float | None = None
    review_threshold: float | None = None
    match: bool = False
    hits: int = 0
    reviews: int = 0
    matches: list[SanctionMatch] = Field(default_factory=list)
    lists: list[ScreenedList] = Field(default_factory=list)
    last_sanction: str | None = None


class WebsiteStatus(_Out):
    """The site's answer, or why none came."""

    url: str | None = None
    status_code: int | None = None
    tls: bool | None = None
    error: str | None = None


class Registration(_Out):
    registered_at: str | None = None
    expires_at: str | None = None
    registrar: str = ""
    error: str | None = None


class WebsiteFindings(_Finding):
    domain: str = ""
    website: WebsiteStatus | None = None
    registration: Registration | None = None
    domain_age_days: int | None = None
    domain_state: Literal["not_given", "none", "new", "stable", "expired"] | None = None
    checked_at: str | None = None


class _Section(_Out):
    state: State
    error: str | None = None


class CompanySection(CompanyFindings, _Section):
    pass


class TradeSection(TradeFindings, _Section):
    pass


class SanctionsSection(SanctionsFindings, _Section):
    pass


class WebsiteSection(WebsiteFindings, _Section):
    pass


class ChecksOut(_Out):
    company_profile: CompanySection
    trade_data: TradeSection
    sanctions: SanctionsSection
    website: WebsiteSection


class ReasonOut(_Out):
    check: str
    code: str
    level: VerdictStatus
    source: str
    source_date: str | None
    text: str


class VerdictOut(_Out):
    status: VerdictStatus
    reasons: list[ReasonOut]


class RecommendationTexts(_Out):
    en: str
    vi: str
    zh: str


class RecommendationOut(_Out):
    value: str
    texts: RecommendationTexts


class RecommendationsOut(_Out):
    """The topics a check could judge; a topic no check judged is null."""

    employee_size: RecommendationOut | None = None
    founded_age: RecommendationOut | None = None
    sanction_match: RecommendationOut | None = None
    domain_state: RecommendationOut | None = None
    transactions: RecommendationOut | None = None


class DetailOut(_Out):
    phone: str | None
    email: str | None
    employees: int | None
    founded_year: int | None
    sanctions: SanctionsFindings | None
    import_history: list[TradeRecord]
    export_history: list[TradeRecord]
    average_import_order_value: float | None
    last_transaction: TradeRecord | None
    place_information: PlaceAnswer | None
    website_status: WebsiteStatus | None
    domain: str
    domain_age_days: int | None
    domain_age: str | None
    domain_expires_at: str | None
    verified_at: datetime | None
    last_sanction: str | None
    credits_used: int


class ResultOut(_Out):
    company_id: int
    status: VerdictStatus
    verdict: VerdictOut
    industry: str
    website: str
    company_name: str
    country: str
    lead_verification_criteria: str = Field(
        description="The four checks' criteria as JSON text (key, state, found_data, error)."
    )
    detail: DetailOut
    checks: ChecksOut
    recommendations: RecommendationsOut
    trust_verdict: list[str]
    language: str
    message: str | None
    free_retry_until: datetime | None
    is_demo: bool
