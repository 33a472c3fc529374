"""The provider's own pages: sign-in, password reset, and email verification."""

from __future__ import annotations

import math
import uuid
from typing import Any

from django.conf import settings
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods, require_POST

from apps.identity import selectors, services, throttles
from apps.identity.forms import PasswordResetRequestForm, SetPasswordForm, SignInForm
from apps.identity.texts import text

BACKEND = "apps.identity.backends.VerifiedUserBackend"
# The account whose right password was given while its address is unverified: the one a new
# verification link may be sent to from this browser.
UNVERIFIED_SUBJECT = "identity_unverified_subject"


def _page(request: HttpRequest, name: str, status: int = 200, **context: Any) -> HttpResponse:
    context.setdefault("product_signin_url", settings.PRODUCT_SIGNIN_URL)
    return render(request, f"identity/{name}.html", context, status=status)


def _minutes(seconds: int) -> int:
    return max(math.ceil(seconds / 60), 1)


def _refused(
    request: HttpRequest, name: str, seconds: int, message_key: str, **context: Any
) -> HttpResponse:
    """A page refused for throttling: 429, Retry-After, and the wait in the page's language."""
    alert = text(message_key, minutes=_minutes(seconds))
    response = _page(request, name, status=429, alert=alert, **context)
    response["Retry-After"] = str(seconds)
    return response


def locked_out(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """The sign-in page once django-axes locks the account or the client address out
    (AXES_LOCKOUT_CALLABLE, also called by the sign-in view itself)."""
    if original_response is not None and original_response.status_code == 429:
        return original_response
    email = throttles.axes_username(request, credentials)
    seconds = throttles.lockout_seconds_left(request, email)
    form = SignInForm(initial={"email": request.POST.get("email", "")})
    next_url = services.safe_next_url(request.GET.get("next", ""))
    return _refused(request, "login", seconds, "error.locked", form=form, next_url=next_url)


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
            if error.reason == "locked":
                return locked_out(request)
            if error.reason == "unverified" and error.user is not None:
                request.session[UNVERIFIED_SUBJECT] = str(error.user.subject)
                return _page(
                    request, "login", status=400, form=form, next_url=next_url, unverified=True
                )
            form.add_error(None, text("error.invalid_credentials"))
        else:
            request.session.pop(UNVERIFIED_SUBJECT, None)
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
    # Counted for every address, registered or not, so the answer tells nothing about it.
    wait = throttles.mail_wait(request, "reset", email)
    if wait is not None:
        return _refused(request, "password_reset", wait, "error.too_many_mails", form=form)
    services.request_password_reset(email, get_language())
    return _page(request, "password_reset_sent", email=email)


@require_POST
def resend_verification(request: HttpRequest) -> HttpResponse:
    """Send a new verification link to the account whose right password this browser gave."""
    try:
        subject = uuid.UUID(str(request.session.get(UNVERIFIED_SUBJECT)))
    except ValueError:
        return redirect(settings.LOGIN_URL)
    user = selectors.user_by_subject(subject)
    if user is None or user.email_verified:
        return redirect(settings.LOGIN_URL)
    wait = throttles.mail_wait(request, "verify", user.email)
    if wait is not None:
        form = SignInForm(initial={"email": user.email})
        return _refused(
            request,
            "login",
            wait,
            "error.too_many_mails",
            form=form,
            unverified=True,
            login_action=settings.LOGIN_URL,
        )
    services.resend_verification_email(subject)
    return _page(request, "verification_sent", email=user.email)


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
