"""What lead sourcing adds to its pages' preload (spec §2): the lead search gets the user's
requested leads, a company detail page gets the company. Keyed by API path, as the island's
client cache keeps them."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from apps.accounts.models import User
from apps.core.errors import NotFound
from apps.leads import selectors

REQUESTED_LEADS_PATH = "/fast-ai/v1/users/lead-sourcing"


def company_path(company_id: int) -> str:
    return f"/fast-ai/v1/lead-sourcing/companies/{company_id}"


def lead_pages(request: HttpRequest, page: str) -> dict[str, Any]:
    if not isinstance(request.user, User):  # core calls the hooks for signed-in users only
        return {}
    if page == "find-global-lead":
        return {REQUESTED_LEADS_PATH: selectors.requested_leads(request.user)}
    if page == "company-detail" and request.resolver_match is not None:
        company_id = request.resolver_match.kwargs["company_id"]
        try:
            return {company_path(company_id): selectors.company_detail(company_id)}
        except NotFound:
            return {}  # the island shows its own not-found state
    return {}
