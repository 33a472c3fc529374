"""Sign-in pages, the profile page and the relying party's entry points.

/signin and /signup are the unauthenticated-only group of spec §2: a signed-in visitor goes on
to `redirect`. The authenticate and callback views extend mozilla-django-oidc's so that the
user only ever lands on a relative path of this site."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.http import require_safe
from mozilla_django_oidc.views import OIDCAuthenticationCallbackView, OIDCAuthenticationRequestView

from apps.accounts.guide.build import LANGUAGES as GUIDE_LANGUAGES
from apps.accounts.guide.build import built_guide
from apps.accounts.redirects import safe_redirect_target
from apps.core.gate import SECTIONS
from apps.core.languages import normalize
from apps.core.pages import render_island, signed_in_page
from apps.core.redirects import is_safe_relative_redirect

SIGNIN_FAILED = "signin_failed"
LOGIN_HINT_MAX_LENGTH = 254


def _after_signin(request: HttpRequest) -> str:
    redirect = request.GET.get("redirect")
    if not is_safe_relative_redirect(redirect) and request.GET.get("path") in SECTIONS:
        return f"/{request.GET['path']}"
    return safe_redirect_target(redirect)


def _auth_page(request: HttpRequest, page: str, data: dict[str, Any]) -> HttpResponse:
    target = _after_signin(request)
    if request.user.is_authenticated:
        return HttpResponseRedirect(target)
    return render_island(request, family="auth", page=page, data={"next": target} | data)


@require_safe
def signin(request: HttpRequest) -> HttpResponse:
    failed = request.GET.get("error") == SIGNIN_FAILED
    return _auth_page(request, "signin", {"signin_failed": failed})


@require_safe
def signup(request: HttpRequest) -> HttpResponse:
    return _auth_page(request, "signup", {})


profile = signed_in_page(family="profile", page="profile")
service_demand = signed_in_page(family="status", page="service-demand")


@require_safe
def admin_signin(request: HttpRequest) -> HttpResponse:
    """/admin/login: operators sign in at the identity provider like every user; the product's
    `is_staff` flag decides whether they may stay. A signed-in user who is not staff is refused
    here rather than sent round to the provider again."""
    target = request.GET.get("next", "")
    if not (is_safe_relative_redirect(target) and target.startswith("/admin/")):
        target = "/admin/"
    if request.user.is_authenticated:
        if request.user.is_staff:
            return HttpResponseRedirect(target)
        raise PermissionDenied("The back office is for operators.")
    query = urlencode({"next": target})
    return HttpResponseRedirect(f"{reverse('oidc_authentication_init')}?{query}")


@require_safe
def user_guide(request: HttpRequest, language: str) -> FileResponse:
    """The user guide's PDF in `language` (en, vi or zh), built on the first request."""
    if language not in GUIDE_LANGUAGES:
        raise Http404("no user guide in this language")
    return FileResponse(
        built_guide(language).open("rb"),
        content_type="application/pdf",
        filename=f"tradewise-user-guide-{language}.pdf",
    )


class AuthenticateView(OIDCAuthenticationRequestView):
    """Starts sign-in at the provider. Query: next (a relative path), login_hint,
    ui_locales (en|vi|zh), idp=google."""

    def get(self, request: HttpRequest) -> HttpResponse:
        response = super().get(request)
        request.session["oidc_login_next"] = safe_redirect_target(request.GET.get("next"))
        return response

    def get_extra_params(self, request: HttpRequest) -> dict[str, str]:
        params = dict(super().get_extra_params(request))
        login_hint = request.GET.get("login_hint", "").strip()
        if login_hint.isprintable() and 0 < len(login_hint) <= LOGIN_HINT_MAX_LENGTH:
            params["login_hint"] = login_hint
        language = normalize(request.GET.get("ui_locales"))
        if language:
            params["ui_locales"] = language
        if request.GET.get("idp") == "google" and settings.OIDC_GOOGLE_IDP_HINT:
            params["kc_idp_hint"] = settings.OIDC_GOOGLE_IDP_HINT
        return params


class CallbackView(OIDCAuthenticationCallbackView):
    @property
    def success_url(self) -> str:
        return safe_redirect_target(self.request.session.get("oidc_login_next"))
