"""What verification adds to its pages' preload (spec §2): /lead-verification gets the user's
verifications, /lead-verification/{company_id} the result. Keyed by API path, as the island's
client cache keeps them, in the shapes the API sends."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import get_language_from_request
from ninja import Schema

from apps.accounts.models import User
from apps.core.errors import ApplicationError
from apps.core.languages import normalize
from apps.verification import selectors
from apps.verification.schemas import ProgressOut, ResultOut

VERIFICATIONS_PATH = "/fast-ai/v1/users/lead-verification"


def results_path(company_id: int) -> str:
    return f"/fast-ai/v1/lead-verification/companies/{company_id}/results"


def _sent(schema: type[Schema], data: dict[str, Any]) -> dict[str, Any]:
    # Encoded with the page as the API encodes its answers (DjangoJSONEncoder).
    return schema.model_validate(data).model_dump()


def verification_pages(request: HttpRequest, page: str) -> dict[str, Any]:
    if not isinstance(request.user, User):  # core calls the hooks for signed-in users only
        return {}
    if page == "lead-verification":
        rows = selectors.user_verifications(request.user)
        return {VERIFICATIONS_PATH: [_sent(ProgressOut, row) for row in rows]}
    if page == "verification-detail" and request.resolver_match is not None:
        company_id = request.resolver_match.kwargs["company_id"]
        language = normalize(get_language_from_request(request)) or "en"
        try:
            result = selectors.results(request.user, company_id, language)
            return {results_path(company_id): _sent(ResultOut, result)}
        except ApplicationError:
            return {}  # not verified, still running or unpaid: the island asks and shows why
    return {}
