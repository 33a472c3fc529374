"""The lead-verification API (spec §7, DESIGN.md §4): the free company search, the internet
search, the four checks, the user's verifications, results and their sections, and report
requests. The two company searches are free, and held to the user's search limits
(`core.search_limits`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import get_language_from_request
from ninja import Query, Router, Status

from apps.accounts.auth import session_or_bearer, signed_in_user
from apps.core.errors import NotFound, ProviderUnavailable
from apps.core.languages import normalize
from apps.core.origin import same_origin_only
from apps.core.responses import envelope
from apps.core.schemas import Envelope, RecordId
from apps.core.search_limits import search_allowance
from apps.verification import selectors, services
from apps.verification.providers import SourceError
from apps.verification.providers.websearch import internet_search
from apps.verification.schemas import (
    CheckIn,
    ContactIn,
    DomainQuery,
    FoundCompanyOut,
    ProgressOut,
    ReportIn,
    ReportReceivedOut,
    ResultOut,
    SanctionsSection,
    SearchQuery,
    TradeSection,
    VerificationCompanyOut,
    WebsiteSection,
    report_form,
)

router = Router(tags=["lead verification"], auth=session_or_bearer)

CHECK_PATHS = {
    "company-profile": "company_profile",
    "trade-data": "trade_data",
    "sanctions": "sanctions",
    "website": "website",
}


def _language(request: HttpRequest) -> str:
    return normalize(get_language_from_request(request)) or "en"


@router.get("lead-verification/companies", response=Envelope[list[VerificationCompanyOut]])
@same_origin_only
def search(request: HttpRequest, query: Query[SearchQuery]) -> dict[str, Any]:
    with search_allowance(signed_in_user(request).pk):
        rows = selectors.search_companies(name=query.name, website=query.website)
    return envelope(rows, total=len(rows))


@router.get("lead-verification/companies/extend", response=Envelope[list[FoundCompanyOut]])
@same_origin_only
def search_internet(request: HttpRequest, query: Query[SearchQuery]) -> dict[str, Any]:
    """Companies from the company registry and the web search, in the rows of the database
    search (with no id: they are not stored) plus their source; `meta.unavailable` says which
    source was off or failed."""
    with search_allowance(signed_in_user(request).pk):
        selectors.search_companies(name=query.name, website=query.website)  # the same messages
        try:
            found = internet_search(name=query.name, website=query.website)
        except SourceError as exc:
            raise ProviderUnavailable(str(exc)) from exc
    rows = [
        {
            **selectors.company_data(company),
            "source": company.source,
            "source_record_id": company.source_record_id,
        }
        for company in found.companies
    ]
    return envelope(rows, total=len(rows), unavailable=found.unavailable)


@router.post(
    "lead-verification/companies/request-contact", response={201: Envelope[ReportReceivedOut]}
)
def request_contact(request: HttpRequest, payload: ContactIn) -> Status[dict[str, Any]]:
    stored = services.request_report(
        user=signed_in_user(request),
        form=report_form(payload, _language(request)),
        report_types=[],
        language=_language(request),
    )
    return Status(
        201, envelope({"id": stored.pk, "status": stored.status}, message=services.CONTACT_RECEIVED)
    )


@router.get("lead-verification/companies/{company_id}", response=Envelope[VerificationCompanyOut])
def company(request: HttpRequest, company_id: RecordId) -> dict[str, Any]:
    return envelope(selectors.company(company_id))


@router.post(
    "lead-verification/companies/{company_id}/checks/{check}", response=Envelope[ProgressOut]
)
def run_check(
    request: HttpRequest, company_id: RecordId, check: str, payload: CheckIn
) -> dict[str, Any]:
    """Run one of the four checks; the run's hold settles when its last check ends."""
    if check not in CHECK_PATHS:
        raise NotFound("Unknown check")
    verification = services.run_check(
        user=signed_in_user(request),
        company_id=company_id,
        check=CHECK_PATHS[check],
        domain=payload.domain,
        retry=payload.retry,
        language=_language(request),
    )
    return envelope(selectors.progress(verification), check=CHECK_PATHS[check])


@router.get("lead-verification/companies/{company_id}/results", response=Envelope[ResultOut])
def results(request: HttpRequest, company_id: RecordId) -> dict[str, Any]:
    return envelope(selectors.results(signed_in_user(request), company_id, _language(request)))


@router.get(
    "lead-verification/companies/{company_id}/shipments/summary", response=Envelope[TradeSection]
)
def shipments_summary(request: HttpRequest, company_id: RecordId) -> dict[str, Any]:
    return envelope(selectors.trade_section(signed_in_user(request), company_id))


@router.get(
    "lead-verification/companies/{company_id}/sanctions/check", response=Envelope[SanctionsSection]
)
def sanctions_check(request: HttpRequest, company_id: RecordId) -> dict[str, Any]:
    return envelope(selectors.sanctions_section(signed_in_user(request), company_id))


@router.get(
    "lead-verification/companies/{company_id}/domains/check", response=Envelope[WebsiteSection]
)
def domain_check(
    request: HttpRequest, company_id: RecordId, query: Query[DomainQuery]
) -> dict[str, Any]:
    return envelope(selectors.website_section(signed_in_user(request), company_id, query.domain))


@router.post(
    "lead-verification/companies/{company_id}/request-report",
    response={201: Envelope[ReportReceivedOut]},
)
def request_report(
    request: HttpRequest, company_id: RecordId, payload: ReportIn
) -> Status[dict[str, Any]]:
    stored = services.request_report(
        user=signed_in_user(request),
        form=report_form(payload, _language(request)),
        report_types=payload.report_types,
        company_id=company_id,
        language=_language(request),
    )
    return Status(
        201, envelope({"id": stored.pk, "status": stored.status}, message=services.REPORT_RECEIVED)
    )


@router.get("users/lead-verification", response=Envelope[list[ProgressOut]])
def my_verifications(request: HttpRequest) -> dict[str, Any]:
    return envelope(selectors.user_verifications(signed_in_user(request)))
