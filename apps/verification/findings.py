"""The typed results of the four checks, as a run stores them (`Verification.result`) and
every reader takes them: the checks write them, the verdict, the recommendations and the API
read them, a run's four at once (`all_of`, its `Evidence`). Every field a result may lack has
its default, so a run stored before a field existed still reads."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from ninja import Schema
from pydantic import ConfigDict, Field

from apps.leads.schemas import CountryTotal, MonthTotal, ProductTotal
from apps.verification.models import CheckState, Verification


class Answer(Schema):
    # Every field of an answer is sent, its default included: the OpenAPI document says so.
    model_config = ConfigDict(json_schema_serialization_defaults_required=True)


class Findings(Answer):
    """What a check found, or why it could not run (`error`)."""

    found_data: bool = False
    error: str | None = None


FOUND = "found"


class SourceAnswer(Answer):
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
    direct_parent: dict[str, str] | None = None


class PlaceAnswer(SourceAnswer):
    place_name: str = ""
    address: str = ""
    business_status: str = ""
    rating: float | None = None
    place_type: str = ""
    opening_hours: list[str] = Field(default_factory=list)
    phone: str = ""
    website: str = ""


class CompanyRecord(Answer):
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


class CompanyFindings(Findings):
    company: CompanyRecord | None = None
    registry: RegistryAnswer | None = None
    place: PlaceAnswer | None = None


class TradeRecord(Answer):
    date: str
    hs_code: str
    product: str
    exporter_country: str
    importer_country: str
    order_value_usd: float


class TradeFindings(Findings):
    shipments: int = 0
    import_value_usd: float = 0
    average_import_order_value_usd: float | None = None
    last_transaction: TradeRecord | None = None
    import_history: list[TradeRecord] = Field(default_factory=list)
    export_history: list[TradeRecord] = Field(default_factory=list)
    top_products: list[ProductTotal] = Field(default_factory=list)
    partner_countries: list[CountryTotal] = Field(default_factory=list)
    monthly: list[MonthTotal] = Field(default_factory=list)


class SanctionMatch(Answer):
    name: str
    matched_name: str
    score: float
    list: str
    programme: str
    list_date: str | None
    grade: Literal["match", "review", "near"] | None = None
    above_threshold: bool


class ScreenedList(Answer):
    name: str
    published_on: str | None
    entry_count: int
    loaded_at: str | None = None


class SanctionsFindings(Findings):
    screened_name: str = ""
    threshold: float | None = None
    review_threshold: float | None = None
    match: bool = False
    hits: int = 0
    reviews: int = 0
    matches: list[SanctionMatch] = Field(default_factory=list)
    lists: list[ScreenedList] = Field(default_factory=list)
    last_sanction: str | None = None


class WebsiteStatus(Answer):
    """The site's answer, or why none came."""

    url: str | None = None
    status_code: int | None = None
    tls: bool | None = None
    error: str | None = None


class Registration(Answer):
    registered_at: str | None = None
    expires_at: str | None = None
    registrar: str = ""
    error: str | None = None


class WebsiteFindings(Findings):
    domain: str = ""
    website: WebsiteStatus | None = None
    registration: Registration | None = None
    domain_age_days: int | None = None
    domain_state: Literal["not_given", "none", "new", "stable", "expired"] | None = None
    checked_at: str | None = None


F = TypeVar("F", bound=Findings)

FINDINGS: dict[str, type[Findings]] = {
    "company_profile": CompanyFindings,
    "trade_data": TradeFindings,
    "sanctions": SanctionsFindings,
    "website": WebsiteFindings,
}


def stored(check: str, result: dict[str, Any]) -> dict[str, Any]:
    """A check's result as a run keeps it: in its findings' shape, with every field."""
    return FINDINGS[check].model_validate(result).model_dump(mode="json")


def read(verification: Verification, check: str, findings: type[F]) -> F:
    """The stored result of one of the run's checks as its findings."""
    return findings.model_validate(verification.result(check))


def of(verification: Verification, check: str) -> Findings:
    """The stored result of the check named `check`, as that check's findings."""
    return read(verification, check, FINDINGS[check])


def company(verification: Verification) -> CompanyFindings:
    return read(verification, "company_profile", CompanyFindings)


def trade(verification: Verification) -> TradeFindings:
    return read(verification, "trade_data", TradeFindings)


def sanctions(verification: Verification) -> SanctionsFindings:
    return read(verification, "sanctions", SanctionsFindings)


def website(verification: Verification) -> WebsiteFindings:
    return read(verification, "website", WebsiteFindings)


@dataclass(frozen=True)
class Evidence:
    """The four checks' findings of one run, each read once, and the checks' states: what the
    verdict, the recommendations and the result's sections judge."""

    company: CompanyFindings
    trade: TradeFindings
    sanctions: SanctionsFindings
    website: WebsiteFindings
    states: Mapping[str, str]

    def of(self, check: str) -> Findings:
        """The findings of the check named `check`."""
        by_check: dict[str, Findings] = {
            "company_profile": self.company,
            "trade_data": self.trade,
            "sanctions": self.sanctions,
            "website": self.website,
        }
        return by_check[check]

    def state(self, check: str) -> str:
        return self.states[check]

    def succeeded(self, check: str) -> bool:
        return self.states[check] == CheckState.SUCCESS


def all_of(verification: Verification) -> Evidence:
    """The run's four findings, read once."""
    return Evidence(
        company=company(verification),
        trade=trade(verification),
        sanctions=sanctions(verification),
        website=website(verification),
        states=verification.states(),
    )
