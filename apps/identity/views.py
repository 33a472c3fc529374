"""The provider's own pages: sign-in, password reset, and email verification."""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from apps.identity import services
from apps.identity.forms import PasswordResetRequestForm, SetPasswordForm, SignInForm
from apps.identity.texts import text

BACKEND = "apps.identity.backends.VerifiedUserBackend"


def _page(request: HttpRequest, name: str, status: int = 200, **context: Any) -> HttpResponse:
    context.setdefault("product_signin_url", settings.PRODUCT_SIGNIN_URL)
    return render(request, f"identity/{name}.html", context, status=status)


@require_http_methods(["GET"])
def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect(settings.LOGIN_URL)
    return _page(request, "home")


@never_cache
@sensitive_post_parameters("password")
@require_http_methods(["GET", "POST"])
def sign_in(request: HttpRequest) -> HttpResponse:
    next_url = services.safe_next_url(request.GET.get("next", ""))
    if request.method == "GET":
        form = SignInForm(initial={"email": services.login_hint(next_url or "")})
        return _page(request, "login", form=form, next_url=next_url)
    form = SignInForm(request.POST)
    if form.is_valid():
        try:
            user = services.sign_in(request, **form.cleaned_data)
        except services.SignInError as error:
            form.add_error(None, text(f"error.{error.reason}"))
        else:
            login(request, user)
            return HttpResponseRedirect(next_url or "/")
    return _page(request, "login", status=400, form=form, next_url=next_url)


@require_http_methods(["GET", "POST"])
def password_reset(request: HttpRequest) -> HttpResponse:
    form = PasswordResetRequestForm(request.POST if request.method == "POST" else None)
    if not form.is_valid():
        status = 400 if form.is_bound else 200
        return _page(request, "password_reset", status=status, form=form)
    email = form.cleaned_data["email"]
    services.request_password_reset(email, get_language())
    return _page(request, "password_reset_sent", email=email)


def _set_password_page(
    request: HttpRequest, subject: uuid.UUID, token: str, kind: str
) -> HttpResponse:
    user = services.user_for_link(subject, token, kind)
    if user is None:
        return _page(request, "link_invalid", status=400)
    form = SetPasswordForm(user, request.POST if request.method == "POST" else None)
    if not form.is_valid():
        status = 400 if form.is_bound else 200
        return _page(request, "set_password", status=status, form=form, kind=kind, email=user.email)
    if kind == "verify":
        services.verify_email_and_set_password(user, form.cleaned_data["password"])
    else:
        services.reset_password(user, form.cleaned_data["password"])
    login(request, user, backend=BACKEND)
    return _page(request, "done", kind=kind)


@never_cache
@sensitive_post_parameters("password", "password_confirm")
@require_http_methods(["GET", "POST"])
def password_reset_confirm(request: HttpRequest, subject: uuid.UUID, token: str) -> HttpResponse:
    return _set_password_page(request, subject, token, "reset")


@never_cache
@sensitive_post_parameters("password", "password_confirm")
@require_http_methods(["GET", "POST"])
def verify(request: HttpRequest, subject: uuid.UUID, token: str) -> HttpResponse:
    return _set_password_page(request, subject, token, "verify")
