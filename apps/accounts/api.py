"""The users API: sign-up and the signed-in user's profile."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import get_language_from_request
from ninja import Router, Status

from apps.accounts import selectors, services
from apps.accounts.models import User
from apps.accounts.schemas import ProfileOut, RegistrationIn, RegistrationOut
from apps.core.api import session_or_bearer
from apps.core.languages import normalize
from apps.core.responses import envelope

router = Router(tags=["users"])


@router.post("users", response={201: RegistrationOut}, auth=None)
def register(request: HttpRequest, payload: RegistrationIn) -> Status[dict[str, object]]:
    language = normalize(payload.language) or get_language_from_request(request)
    services.register_user(payload.email, language)
    return Status(201, envelope({"message": "User registered successfully"}))


@router.get("users", response=ProfileOut, auth=session_or_bearer)
def profile(request: HttpRequest) -> dict[str, object]:
    user: User = request.auth  # type: ignore[attr-defined]
    return envelope(selectors.profile(user))
