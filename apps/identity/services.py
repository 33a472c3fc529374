"""What the provider does: sign-up by the product, email verification, sign-in, password reset,
and the clients and demo users that the bootstrap command sets up."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode, urlsplit

from django.conf import settings
from django.contrib.auth import authenticate
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.urls import reverse
from oauth2_provider.models import AbstractApplication, Application

from apps.core.redirects import is_safe_relative_redirect
from apps.core.validation import is_valid_email
from apps.identity import selectors, throttles
from apps.identity.models import User, normalize_email_address
from apps.identity.texts import DEFAULT_LANGUAGE, text


class UserExists(Exception):
    pass


class InvalidEmail(Exception):
    pass


class AccountDisabled(Exception):
    """The account exists but is switched off: no link can sign it in."""


class SignInError(Exception):
    """Why a sign-in failed: "invalid_credentials" (whether or not the account exists or is
    verified), "locked" (too many failures, see apps.identity.throttles), or "unverified" (the
    right password of an account whose address is not verified yet: `user` is that account)."""

    def __init__(self, reason: str, user: User | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.user = user


class _VerificationTokens(PasswordResetTokenGenerator):
    key_salt = "apps.identity.services.verification"

    def _make_hash_value(self, user: User, timestamp: int) -> str:
        return f"{super()._make_hash_value(user, timestamp)}{user.email_verified}"


class _ResetTokens(PasswordResetTokenGenerator):
    key_salt = "apps.identity.services.password_reset"


verification_tokens = _VerificationTokens()
reset_tokens = _ResetTokens()


def safe_next_url(candidate: str) -> str | None:
    """`candidate` when it is a path on this provider, else None (no open redirects)."""
    return candidate if is_safe_relative_redirect(candidate) else None


def login_hint(next_url: str) -> str:
    """The `login_hint` of the authorization request carried in `next`, if any."""
    hints = parse_qs(urlsplit(next_url).query).get("login_hint")
    return hints[0].strip() if hints else ""


def register_user(email: str, name: str = "", language: str = DEFAULT_LANGUAGE) -> User:
    """Create an unverified user without a password and email them the verification link."""
    email = normalize_email_address(email)
    if not is_valid_email(email):
        raise InvalidEmail(email)
    if selectors.user_by_email(email):
        raise UserExists(email)
    try:
        with transaction.atomic():
            user = User.objects.create_user(email, name=name.strip(), language=language)
    except IntegrityError as error:
        raise UserExists(email) from error
    send_verification_email(user)
    return user


def _absolute(path: str, language: str) -> str:
    # The page opened from an email speaks the email's language.
    return f"{settings.IDENTITY_URL}{path}?{urlencode({'lang': language})}"


def verification_link(user: User) -> str:
    token = verification_tokens.make_token(user)
    return _absolute(reverse("identity:verify", args=[user.subject, token]), user.language)


def reset_link(user: User, language: str) -> str:
    token = reset_tokens.make_token(user)
    path = reverse("identity:password-reset-confirm", args=[user.subject, token])
    return _absolute(path, language)


def _send(user: User, kind: str, link: str, language: str) -> None:
    name = user.name or user.email
    send_mail(
        text(f"mail.{kind}.subject", language),
        text(f"mail.{kind}.body", language, name=name, link=link),
        None,
        [user.email],
    )


def send_verification_email(user: User) -> None:
    _send(user, "verify", verification_link(user), user.language)


@dataclass(frozen=True)
class PasswordLink:
    """What an operator's account needs to sign in: `link` is a one-time address to verify the
    email and choose a password (None when the account already signs in with a password, or
    when the link was mailed instead); `created` says the account is new."""

    user: User
    link: str | None
    created: bool
    mailed: bool


def password_link(
    email: str, language: str = DEFAULT_LANGUAGE, *, mail: bool = False
) -> PasswordLink:
    """A one-time link with which the owner of `email` sets a password, for an operator the
    product has just made: the account is created when missing (without the sign-up mail).
    The link stops working once a password is set through it, and after PASSWORD_RESET_TIMEOUT.
    With `mail`, the link goes to the address instead of being returned."""
    email = normalize_email_address(email)
    if not is_valid_email(email):
        raise InvalidEmail(email)
    user, created = selectors.user_by_email(email), False
    if user is None:
        try:
            with transaction.atomic():
                user = User.objects.create_user(email, language=language)
            created = True
        except IntegrityError:
            user = selectors.user_by_email(email)
            if user is None:
                raise
    if not user.is_active:
        raise AccountDisabled(email)
    if user.email_verified and user.has_usable_password():
        return PasswordLink(user, None, created, mailed=False)
    if user.email_verified:
        kind, link = "reset", reset_link(user, language)
    else:
        kind, link = "verify", verification_link(user)
    if mail:
        _send(user, kind, link, language)
        return PasswordLink(user, None, created, mailed=True)
    return PasswordLink(user, link, created, mailed=False)


def resend_verification_email(subject: uuid.UUID) -> None:
    """A new verification link for an active account still unverified; nothing otherwise."""
    user = selectors.user_by_subject(subject)
    if user is not None and not user.email_verified:
        send_verification_email(user)


def request_password_reset(email: str, language: str) -> None:
    """Email a reset link when an active account exists; say nothing either way."""
    user = selectors.user_by_email(email)
    if user is not None and user.is_active:
        _send(user, "reset", reset_link(user, language), language)


def user_for_link(subject: uuid.UUID, token: str, kind: str) -> User | None:
    """The user a verification or reset link belongs to, if the link is still valid."""
    user = selectors.user_by_subject(subject)
    tokens = verification_tokens if kind == "verify" else reset_tokens
    if user is None or not tokens.check_token(user, token):
        return None
    return user


def verify_email_and_set_password(user: User, password: str) -> None:
    user.email_verified = True
    user.set_password(password)
    user.save(update_fields=["email_verified", "password"])


def reset_password(user: User, password: str) -> None:
    """Following the emailed link proves the address, so it also verifies it."""
    verify_email_and_set_password(user, password)


def sign_in(request: HttpRequest, email: str, password: str) -> User:
    """The user these credentials sign in. Only the right password of an unverified account
    is told apart from a wrong one, so that nobody learns which addresses have accounts."""
    if throttles.address_locked_out(request):
        raise SignInError("locked")
    user = authenticate(request, username=email, password=password)
    if isinstance(user, User):
        throttles.forget_account_failures(request, user.email)
        return user
    if getattr(request, "axes_locked_out", False) or throttles.address_locked_out(request):
        raise SignInError("locked")
    known = selectors.user_by_email(email)
    if (
        known is not None
        and known.is_active
        and not known.email_verified
        and known.has_usable_password()
        and known.check_password(password)
    ):
        raise SignInError("unverified", user=known)
    raise SignInError("invalid_credentials")


@dataclass(frozen=True)
class ClientSpec:
    client_id: str
    client_secret: str
    name: str
    grant_type: str
    redirect_uris: tuple[str, ...] = ()
    post_logout_redirect_uris: tuple[str, ...] = ()
    skip_authorization: bool = False


def product_client_spec() -> ClientSpec:
    return ClientSpec(
        client_id=settings.IDENTITY_PRODUCT_CLIENT_ID,
        client_secret=settings.IDENTITY_PRODUCT_CLIENT_SECRET,
        name="Tradewise",
        grant_type=AbstractApplication.GRANT_AUTHORIZATION_CODE,
        redirect_uris=tuple(settings.IDENTITY_PRODUCT_REDIRECT_URIS),
        post_logout_redirect_uris=tuple(settings.IDENTITY_PRODUCT_POST_LOGOUT_REDIRECT_URIS),
        skip_authorization=True,
    )


def service_client_spec() -> ClientSpec:
    return ClientSpec(
        client_id=settings.IDENTITY_SERVICE_CLIENT_ID,
        client_secret=settings.IDENTITY_SERVICE_CLIENT_SECRET,
        name="Tradewise service",
        grant_type=AbstractApplication.GRANT_CLIENT_CREDENTIALS,
    )


@transaction.atomic
def ensure_client(spec: ClientSpec) -> tuple[Application, bool]:
    """Create or update a confidential client; the secret is always re-set (and hashed)."""
    application, created = Application.objects.update_or_create(
        client_id=spec.client_id,
        defaults={
            "client_secret": spec.client_secret,
            "hash_client_secret": True,
            "name": spec.name,
            "client_type": AbstractApplication.CLIENT_CONFIDENTIAL,
            "authorization_grant_type": spec.grant_type,
            "redirect_uris": " ".join(spec.redirect_uris),
            "post_logout_redirect_uris": " ".join(spec.post_logout_redirect_uris),
            "skip_authorization": spec.skip_authorization,
            "algorithm": AbstractApplication.RS256_ALGORITHM,
        },
    )
    return application, created


@transaction.atomic
def ensure_demo_user(email: str, name: str, password: str) -> tuple[User, bool]:
    """A verified user that can sign in with `password`; an existing one keeps its password."""
    user = selectors.user_by_email(email)
    if user is not None:
        return user, False
    user = User.objects.create_user(email, password, name=name, email_verified=True)
    return user, True
