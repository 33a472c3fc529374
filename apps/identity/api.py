"""The user-admin API for the product's service client (bearer token with `users:write`)."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods
from oauth2_provider.oauth2_backends import get_oauthlib_core

from apps.identity import selectors, services
from apps.identity.languages import normalize
from apps.identity.models import User
from apps.identity.oidc import SERVICE_SCOPE, is_service_client
from apps.identity.texts import DEFAULT_LANGUAGE, text


def _error(message: str, status: int) -> JsonResponse:
    response = JsonResponse({"error": message}, status=status)
    if status == 401:
        response["WWW-Authenticate"] = 'Bearer realm="identity"'
    return response


def _denied(request: HttpRequest) -> JsonResponse | None:
    if not request.headers.get("Authorization", "").startswith("Bearer "):
        return _error("Missing bearer token", 401)
    valid, oauth_request = get_oauthlib_core().verify_request(request, scopes=[])
    if not valid:
        return _error("Invalid or expired token", 401)
    token = oauth_request.access_token
    if not (token.allow_scopes([SERVICE_SCOPE]) and is_service_client(token.application)):
        return _error(f"The token lacks the {SERVICE_SCOPE} scope of the service client", 403)
    return None


def _user_data(user: User) -> dict[str, Any]:
    return {
        "id": str(user.subject),
        "email": user.email,
        "name": user.name,
        "email_verified": user.email_verified,
    }


def _payload(request: HttpRequest) -> dict[str, Any] | None:
    try:
        payload = json.loads(request.body or b"null")
    except ValueError:
        return None
    return payload if isinstance(payload, dict) else None


def _create(request: HttpRequest) -> JsonResponse:
    payload = _payload(request)
    if payload is None:
        return _error("The body must be a JSON object", 400)
    email, name = payload.get("email"), payload.get("name") or ""
    if not isinstance(email, str) or not email.strip():
        return _error(text("error.email_required", DEFAULT_LANGUAGE), 400)
    if not isinstance(name, str):
        return _error("The name must be a string", 400)
    language = normalize(str(payload.get("language") or "")) or DEFAULT_LANGUAGE
    try:
        user = services.register_user(email, name=name, language=language)
    except services.InvalidEmail:
        return _error(text("error.email_invalid", DEFAULT_LANGUAGE), 400)
    except services.UserExists:
        return _error("User already exists", 409)
    return JsonResponse({"id": str(user.subject), "email": user.email}, status=201)


@csrf_exempt
@require_http_methods(["POST"])
def password_links(request: HttpRequest) -> JsonResponse:
    """A one-time password-set link for an operator's account (created when missing): the
    product's `make_operator` prints it. Body: {"email", "language"?, "mail"?}; with `mail`
    true the provider emails the link instead of answering it."""
    denied = _denied(request)
    if denied is not None:
        return denied
    payload = _payload(request)
    if payload is None:
        return _error("The body must be a JSON object", 400)
    email = payload.get("email")
    if not isinstance(email, str) or not email.strip():
        return _error(text("error.email_required", DEFAULT_LANGUAGE), 400)
    language = normalize(str(payload.get("language") or "")) or DEFAULT_LANGUAGE
    try:
        found = services.password_link(email, language, mail=payload.get("mail") is True)
    except services.InvalidEmail:
        return _error(text("error.email_invalid", DEFAULT_LANGUAGE), 400)
    except services.AccountDisabled:
        return _error("The account is disabled", 409)
    return JsonResponse(
        {
            **_user_data(found.user),
            "has_password": found.user.has_usable_password(),
            "created": found.created,
            "link": found.link,
            "mailed": found.mailed,
            # A link works until a password is set with it, and at most this long.
            "expires_in": settings.PASSWORD_RESET_TIMEOUT,
        },
        status=201 if found.created else 200,
    )


@csrf_exempt
@require_http_methods(["GET", "POST"])
def users(request: HttpRequest) -> JsonResponse:
    denied = _denied(request)
    if denied is not None:
        return denied
    if request.method == "POST":
        return _create(request)
    found = selectors.find_users(request.GET.get("email"))
    return JsonResponse([_user_data(user) for user in found], safe=False)
