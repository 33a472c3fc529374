"""What verification adds to its pages' preload (spec §2): /lead-verification gets the user's
verifications, /lead-verification/{company_id} the result. Keyed by API path, as the island's
client cache keeps them."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import get_language_from_request

from apps.accounts.models import User
from apps.core.errors import ApplicationError
from apps.core.languages import normalize
from apps.verification import selectors

VERIFICATIONS_PATH = "/fast-ai/v1/users/lead-verification"


def results_path(company_id: int) -> str:
    return f"/fast-ai/v1/lead-verification/companies/{company_id}/results"


def verification_pages(request: HttpRequest, page: str) -> dict[str, Any]:
    if not isinstance(request.user, User):  # core calls the hooks for signed-in users only
        return {}
    if page == "lead-verification":
        return {VERIFICATIONS_PATH: selectors.user_verifications(request.user)}
    if page == "verification-detail" and request.resolver_match is not None:
        company_id = request.resolver_match.kwargs["company_id"]
        language = normalize(get_language_from_request(request)) or "en"
        try:
            return {results_path(company_id): selectors.results(request.user, company_id, language)}
        except ApplicationError:
            return {}  # not verified, still running or unpaid: the island asks and shows why
    return {}
