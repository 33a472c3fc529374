"""Request shapes of the verification API, with the spec's §5 messages."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from ninja import Schema
from pydantic import Field

from apps.core.errors import Problem, ValidationFailed
from apps.core.phones import phone_message, phone_text
from apps.core.validation import SearchText, SingleLine, is_valid_email
from apps.verification.findings import (
    Answer,
    CompanyFindings,
    Findings,
    PlaceAnswer,
    SanctionsFindings,
    TradeFindings,
    TradeRecord,
    WebsiteFindings,
    WebsiteStatus,
)
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
FIRST_NAME_REQUIRED = Problem("First name is required", "first_name_required")
LAST_NAME_REQUIRED = Problem("Last name is required", "last_name_required")
EMAIL_INVALID = Problem("Please enter a valid email address", "email_invalid")
PHONE_REQUIRED = phone_text("phone_required", "en")
PHONE_INVALID = phone_text("phone_invalid", "en")
COMPANY_NAME_REQUIRED = Problem("Company name is required", "company_name_required")
REPORT_TYPE_REQUIRED = Problem("Please select at least one report type", "report_type_required")
UNKNOWN_REPORT_TYPE = Problem("Unknown report type", "report_type_unknown")


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


# Response shapes (spec §3, §7); a check's section is its state and its findings (`findings`).


VerdictStatus = Literal["do_not_trade", "needs_review", "partly_verified", "verified"]
State = Literal["pending", "in_progress", "success", "error"]


class VerificationCompanyOut(Answer):
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


class CheckStates(Answer):
    company_profile: State
    trade_data: State
    sanctions: State
    website: State


class ProgressOut(Answer):
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


class ReportReceivedOut(Answer):
    id: int
    status: str


class _Section(Findings):
    state: State


class CompanySection(CompanyFindings, _Section):
    pass


class TradeSection(TradeFindings, _Section):
    pass


class SanctionsSection(SanctionsFindings, _Section):
    pass


class WebsiteSection(WebsiteFindings, _Section):
    pass


class ChecksOut(Answer):
    company_profile: CompanySection
    trade_data: TradeSection
    sanctions: SanctionsSection
    website: WebsiteSection


class ReasonOut(Answer):
    check: str
    code: str
    level: VerdictStatus
    source: str
    source_date: str | None
    text: str


class VerdictOut(Answer):
    status: VerdictStatus
    reasons: list[ReasonOut]


class RecommendationTexts(Answer):
    en: str
    vi: str
    zh: str


class RecommendationOut(Answer):
    value: str
    texts: RecommendationTexts


class RecommendationsOut(Answer):
    """The topics a check could judge; a topic no check judged is null."""

    employee_size: RecommendationOut | None = None
    founded_age: RecommendationOut | None = None
    sanction_match: RecommendationOut | None = None
    domain_state: RecommendationOut | None = None
    transactions: RecommendationOut | None = None


class DetailOut(Answer):
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


class ResultOut(Answer):
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
