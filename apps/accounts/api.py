"""The users API: sign-up, and the renewal of a session's tokens. The signed-in user's profile
(`GET users`) is billing's: it joins this router from apps/billing/api.py."""

from __future__ import annotations

from django.contrib import auth
from django.http import HttpRequest
from django.utils.translation import get_language_from_request
from ninja import Router, Status

from apps.accounts import services
from apps.accounts.auth import session_or_bearer
from apps.accounts.models import User
from apps.accounts.schemas import RegistrationIn, RegistrationOut, SessionExpiryOut
from apps.core.errors import NotAuthenticated
from apps.core.languages import normalize
from apps.core.responses import envelope

router = Router(tags=["users"])
session_router = Router(tags=["session"])


@router.post("users", response={201: RegistrationOut}, auth=None)
def register(request: HttpRequest, payload: RegistrationIn) -> Status[dict[str, object]]:
    language = normalize(payload.language) or get_language_from_request(request)
    services.register_user(payload.email, language)
    return Status(201, envelope({"message": "User registered successfully"}))


@session_router.post("auth/refresh", response=SessionExpiryOut, auth=session_or_bearer)
def refresh_session(request: HttpRequest) -> dict[str, object]:
    """The browser's session monitor: renew the session's tokens when they are about to
    expire and say until when they are valid. The tokens themselves never leave the server."""
    user: User = request.auth  # type: ignore[attr-defined]
    expiry = services.keep_session_fresh(request.session, user)
    if expiry is None:
        auth.logout(request)
        raise NotAuthenticated()
    return envelope(expiry)
