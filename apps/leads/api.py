"""The lead-sourcing API (spec §7): company and people searches, a company's detail, email
reveals and phone requests, and the user's requested leads.

Each submitted search counts once a day as a lead-sourcing query in billing's query log, however
it is paged; each company-search call also counts against the user's search limits (at once and
per minute, market's `limits`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import get_language_from_request
from ninja import Query, Router, Status

from apps.accounts.auth import session_or_bearer, signed_in_user
from apps.billing.products import LEAD_SOURCING
from apps.billing.services import count_query
from apps.core.origin import same_origin_only
from apps.core.responses import envelope
from apps.core.schemas import Envelope, RecordId
from apps.core.search_limits import search_allowance
from apps.leads import selectors, services
from apps.leads.models import ContactRequest
from apps.leads.schemas import (
    CompaniesOut,
    CompanyDetailEnvelope,
    CompanyQuery,
    LeadOut,
    LeadQuery,
    LeadsOut,
    RevealOut,
    company_filters,
    lead_filters,
)

router = Router(tags=["lead sourcing"], auth=session_or_bearer)

State = ContactRequest.State


@router.get("lead-sourcing/companies", response=CompaniesOut)
@same_origin_only
def companies(request: HttpRequest, query: Query[CompanyQuery]) -> dict[str, Any]:
    filters = company_filters(query)
    page, page_size = query.page, query.page_size
    user = signed_in_user(request)
    with search_allowance(user.pk):
        count_query(user, product_name=LEAD_SOURCING, key=filters.cache_key())
        rows, total = selectors.search_companies(filters, page=page, page_size=page_size)
    return envelope(
        rows,
        page=page,
        page_size=page_size,
        total=total.count,
        total_is_estimate=total.is_estimate,
    )


@router.get("lead-sourcing/companies/{company_id}", response=CompanyDetailEnvelope)
def company(request: HttpRequest, company_id: RecordId) -> dict[str, Any]:
    return envelope(selectors.company_detail(company_id))


@router.get("lead-sourcing/employees", response=LeadsOut)
@same_origin_only
def employees(request: HttpRequest, query: Query[LeadQuery]) -> dict[str, Any]:
    filters = lead_filters(query)
    page, page_size = query.page, query.page_size
    user = signed_in_user(request)
    count_query(user, product_name=LEAD_SOURCING, key=filters.cache_key())
    rows, total = selectors.search_leads(user, filters, page=page, page_size=page_size)
    return envelope(rows, page=page, page_size=page_size, total=total)


@router.get("lead-sourcing/employees/{lead_id}/request-email", response=RevealOut)
@same_origin_only
def request_email(request: HttpRequest, lead_id: RecordId) -> dict[str, Any]:
    """1 credit, answered at once; 'No email' (and nothing charged) when there is none, and 503
    provider_unavailable (nothing charged) when a source does not answer."""
    user = signed_in_user(request)
    reveal, charged = services.reveal_email(user=user, lead_id=lead_id)
    message = services.EMAIL_FOUND if reveal.state == State.FOUND else services.NO_EMAIL
    return envelope(selectors.lead_for(user, lead_id), message=message, credits_charged=charged)


@router.get("lead-sourcing/employees/{lead_id}/request-contact", response={202: RevealOut})
@same_origin_only
def request_contact(request: HttpRequest, lead_id: RecordId) -> Status[dict[str, Any]]:
    """5 credits; the number is looked up in the background and emailed. 'No mobile number'
    gives the credits back, and so does a lookup whose source never answers (phone_state
    failed), which may then be asked again."""
    user = signed_in_user(request)
    language = get_language_from_request(request)
    phone, charged = services.request_phone(user=user, lead_id=lead_id, language=language)
    message = {
        State.PROCESSING: services.PHONE_REQUESTED,
        State.FOUND: services.PHONE_FOUND,
        State.NOT_FOUND: services.NO_MOBILE_NUMBER,
    }[State(phone.state)]
    row = selectors.lead_for(user, lead_id)
    return Status(202, envelope(row, message=message, credits_charged=charged))


@router.get("users/lead-sourcing", response=Envelope[list[LeadOut]])
def my_leads(request: HttpRequest) -> dict[str, Any]:
    user = signed_in_user(request)
    return envelope(selectors.requested_leads(user))
