"""Keeps a signed-in user's access token valid: shortly before it expires it is renewed with
the refresh token, server-side. When it cannot be renewed for the same user, the user is
signed out; a page request goes to sign-in (coming back to the page afterwards), an API
request gets 401."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib import auth
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect

from apps.accounts import services, tokens
from apps.accounts.models import User
from apps.core.errors import NotAuthenticated
from apps.core.gate import signin_url
from apps.core.responses import application_error_response, is_api_request

# Sign-in, callback and sign-out manage the tokens themselves.
RELYING_PARTY_PREFIX = "/oidc/"


class TokenRefreshMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = request.user
        if not (isinstance(user, User) and _needs_renewal(request)):
            return self.get_response(request)
        if not services.renew_session_tokens(request.session, user):
            auth.logout(request)
            return _signed_out(request)
        return self.get_response(request)


def _needs_renewal(request: HttpRequest) -> bool:
    if request.path.startswith(RELYING_PARTY_PREFIX):
        return False
    current = tokens.stored(request.session)
    return current is not None and current.seconds_left() < settings.OIDC_REFRESH_THRESHOLD_SECONDS


def _signed_out(request: HttpRequest) -> HttpResponse:
    if is_api_request(request):
        return application_error_response(NotAuthenticated())
    return HttpResponseRedirect(signin_url(request))
