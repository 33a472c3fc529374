"""The users API: sign-up, and the renewal of a session's tokens. The signed-in user's profile
(`GET users`) is billing's: it joins this router from apps/billing/api.py."""

from __future__ import annotations

from django.contrib import auth
from django.http import HttpRequest
from django.utils.translation import get_language_from_request
from ninja import Router, Status

from apps.accounts import services
from apps.accounts.auth import session_or_bearer, signed_in_user, signed_in_visitor
from apps.accounts.schemas import RegistrationIn, ServiceDemandIn, SessionExpiry
from apps.accounts.texts import text
from apps.core.errors import NotAuthenticated
from apps.core.languages import normalize
from apps.core.responses import envelope
from apps.core.schemas import Envelope, Message

router = Router(tags=["users"])
session_router = Router(tags=["session"])


@router.post("users", response={201: Envelope[Message]}, auth=None)
def register(request: HttpRequest, payload: RegistrationIn) -> Status[dict[str, object]]:
    """Sign up. Throttled per client address and per email: 429 with Retry-After."""
    language = normalize(payload.language) or get_language_from_request(request)
    services.throttle_sign_up(request, payload.email)
    services.register_user(payload.email, language)
    return Status(201, envelope({"message": "User registered successfully"}))


@router.post("users/service-demands", response={201: Envelope[Message]}, auth=None)
def submit_service_demand(
    request: HttpRequest, payload: ServiceDemandIn
) -> Status[dict[str, object]]:
    """A demand for features not built yet; signed-in or not, the form is open to anyone.
    Throttled per client address and per email: 429 with Retry-After."""
    language = normalize(payload.language) or get_language_from_request(request)
    user = signed_in_visitor(request)
    services.throttle_service_demands(request, payload.email)
    services.submit_service_demand(
        user=user,
        first_name=payload.first_name,
        last_name=payload.last_name,
        email=payload.email,
        phone_number=payload.phone_number,
        company_name=payload.company_name,
        job_title=payload.job_title,
        features=payload.selected_features,
        language=language,
    )
    return Status(201, envelope({"message": text("thanks", language)}))


@session_router.post("auth/refresh", response=Envelope[SessionExpiry], auth=session_or_bearer)
def refresh_session(request: HttpRequest) -> dict[str, object]:
    """The browser's session monitor: renew the session's tokens when they are about to
    expire and say until when they are valid. The tokens themselves never leave the server."""
    user = signed_in_user(request)
    expiry = services.keep_session_fresh(request.session, user)
    if expiry is None:
        auth.logout(request)
        raise NotAuthenticated()
    return envelope(expiry)
