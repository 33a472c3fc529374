"""Users and their sessions: sign-up through the identity provider, the user behind a set of
claims or a bearer token, the renewal and revocation of a session's tokens; and the service
demands for features not built yet."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.sessions.backends.base import SessionBase
from django.core.cache import cache
from django.core.exceptions import SuspiciousOperation
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone

from apps.accounts import tokens
from apps.accounts.models import Feature, ServiceDemand, ServiceDemandFeature, User
from apps.accounts.providers import oidc
from apps.accounts.providers.embedded import EmbeddedUserAdmin
from apps.accounts.providers.keycloak import KeycloakUserAdmin
from apps.accounts.providers.user_admin import (
    EmailRejected,
    PasswordLink,
    UserAdmin,
    UserAdminUnavailable,
    UserAlreadyExists,
)
from apps.accounts.texts import feature_names, text
from apps.core.audit import record_audit
from apps.core.errors import Conflict, ProviderUnavailable, TooManyRequests, ValidationFailed
from apps.core.mail import send_or_log
from apps.core.names import full_name
from apps.core.phones import international_number, phone_message
from apps.core.throttle import Limit, client_address, retry_after
from apps.core.validation import EMAIL_INVALID, is_valid_email

logger = logging.getLogger(__name__)

BEARER_CACHE_SECONDS = 60
# The browser's session monitor asks every minute (spec §9).
SESSION_MONITOR_SECONDS = 60


class UserExists(Conflict):
    code = "user_exists"
    message = "User already exists"


def user_admin() -> UserAdmin:
    if settings.IDENTITY_ADMIN_ADAPTER == "keycloak":
        return KeycloakUserAdmin()
    return EmbeddedUserAdmin()


def throttle_sign_up(request: HttpRequest, email: str) -> None:
    """Count a sign-up from this client for this address; TooManyRequests when either has
    had too many (SIGNUP_RATE_PER_CLIENT, SIGNUP_RATE_PER_EMAIL)."""
    _throttle_client_and_email(
        request,
        "accounts.signup",
        email,
        per_client=settings.SIGNUP_RATE_PER_CLIENT,
        per_email=settings.SIGNUP_RATE_PER_EMAIL,
    )


def _throttle_client_and_email(
    request: HttpRequest, act: str, email: str, *, per_client: str, per_email: str
) -> None:
    """Count one `act` of a form that mails the address it is given, under a limit per client
    address and one per email address, so that neither one client nor many clients can flood
    one inbox; TooManyRequests over either."""
    wait = retry_after(
        request,
        [
            Limit(f"{act}.client", client_address(request), per_client),
            Limit(f"{act}.email", email.strip().lower(), per_email),
        ],
    )
    if wait is not None:
        raise TooManyRequests(wait)


def register_user(email: str, language: str) -> str:
    """Create the user at the identity provider, which emails a link to verify the address and
    choose a password. The new user's subject."""
    try:
        subject = user_admin().create_user(email, language)
    except UserAlreadyExists as exc:
        raise UserExists() from exc
    except EmailRejected as exc:
        raise ValidationFailed(EMAIL_INVALID, fields={"email": [EMAIL_INVALID]}) from exc
    except UserAdminUnavailable as exc:
        logger.warning("Sign-up failed at the identity provider: %s", exc)
        raise ProviderUnavailable() from exc
    logger.info("Registered user %s at the identity provider", subject)
    return subject


def _matching_user(subject: str, email: str, email_verified: bool) -> User | None:
    user = User.objects.filter(oidc_subject=subject).first()
    if user is None and email and email_verified:
        user = User.objects.filter(email__iexact=email).first()
    return user


@transaction.atomic
def user_for_claims(claims: dict[str, Any]) -> User:
    """The user the provider's claims describe, matched by subject, then by verified email;
    created on first sight; email and name kept as the provider reports them."""
    subject, email = str(claims["sub"]), str(claims.get("email") or "")
    user = _matching_user(subject, email, bool(claims.get("email_verified")))
    if user is None:
        if not email:
            raise SuspiciousOperation("a new user needs an email address")
        user = User(oidc_subject=subject, email=email)
        user.set_unusable_password()
    changes = {"oidc_subject": subject, "email": email or user.email}
    if claims.get("name"):
        changes["name"] = str(claims["name"])
    changed = [field for field, value in changes.items() if getattr(user, field) != value]
    if user.pk is not None and not changed:
        return user
    for field in changed:
        setattr(user, field, changes[field])
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError as exc:
        raise SuspiciousOperation(f"{email} belongs to another account") from exc
    return user


def user_with_email(email: str) -> User:
    """The user with this email, created when missing; the first sign-in with a verified email
    links the provider's subject to it."""
    user = User.objects.filter(email__iexact=email).first()
    return user or User.objects.create_user(email)


def set_operator(email: str, *, staff: bool, superuser: bool = False) -> User:
    """Open the back office to the user with this email (created when missing), or close it."""
    user = user_with_email(email)
    user.is_staff = staff
    user.is_superuser = staff and superuser
    user.save(update_fields=["is_staff", "is_superuser"])
    return user


def operator_password_link(email: str, *, language: str = "en", mail: bool = False) -> PasswordLink:
    """The identity provider's one-time password-set link for an operator's account (made
    there when missing), so a new operator signs in without signing up; with `mail`, the
    provider emails it. UserAdminUnavailable (or EmailRejected) when it cannot."""
    return user_admin().password_link(email, language, mail=mail)


def _bearer_cache_key(token: str) -> str:
    return f"accounts:bearer:{hashlib.sha256(token.encode()).hexdigest()}"


def user_for_bearer_token(token: str) -> User | None:
    """The active user whose access token this is, as the provider's userinfo endpoint says;
    the answer is cached briefly under a hash of the token."""
    key = _bearer_cache_key(token)
    claims = cache.get(key)
    if claims is None:
        try:
            claims = oidc.userinfo(token) or {}
        except oidc.ProviderError as exc:
            logger.warning("Bearer token not checked: %s", exc)
            return None
        cache.set(key, claims, BEARER_CACHE_SECONDS)
    if not claims.get("sub"):
        return None
    try:
        user = user_for_claims(claims)
    except SuspiciousOperation:
        return None
    return user if user.is_active else None


def _same_subject(fresh: oidc.TokenSet, previous: oidc.TokenSet, user: User) -> bool:
    if fresh.id_token == previous.id_token:
        return True
    try:
        return oidc.id_token_claims(fresh.id_token)["sub"] == user.oidc_subject
    except oidc.ProviderError as exc:
        logger.warning("Renewed ID token rejected: %s", exc)
        return False


def _adopt_concurrent_renewal(session: SessionBase, used: oidc.TokenSet) -> bool:
    """A parallel request of the same session may have renewed the tokens first (the provider
    then refuses the rotated-out refresh token): take its tokens when it did."""
    latest = tokens.stored(session.__class__(session.session_key))
    if latest is None or latest.refresh_token == used.refresh_token or latest.seconds_left() <= 0:
        return False
    tokens.store(session, latest)
    return True


def renew_session_tokens(session: SessionBase, user: User) -> bool:
    """Renew the session's tokens with its refresh token. False when they cannot be renewed
    for this same user, in which case the user must sign in again."""
    current = tokens.stored(session)
    if current is None or not current.refresh_token:
        return False
    try:
        fresh = oidc.refresh_tokens(current.refresh_token).succeeding(current)
    except oidc.ProviderError as exc:
        logger.info("Token renewal refused: %s", exc)
        return _adopt_concurrent_renewal(session, current)
    if not _same_subject(fresh, current, user):
        return False
    tokens.store(session, fresh)
    session.save()
    return True


def keep_session_fresh(session: SessionBase, user: User) -> dict[str, object] | None:
    """Renew the session's tokens when they would expire before the browser's next check
    (spec §4: a 60 s monitor, tokens flagged 50 s before expiry). The new expiry, or None
    when the session has no tokens or they cannot be renewed."""
    current = tokens.stored(session)
    if current is None:
        return None
    if current.seconds_left() < settings.OIDC_EXPIRING_NOTICE_SECONDS + SESSION_MONITOR_SECONDS:
        if not renew_session_tokens(session, user):
            return None
        current = tokens.stored(session) or current
    expires_at = datetime.fromtimestamp(current.expires_at, tz=UTC)
    return {"expires_at": expires_at.isoformat(), "expires_in": max(int(current.seconds_left()), 0)}


def forget_bearer_token(token: str) -> None:
    """Drop what the bearer cache knows of this access token, so it is judged afresh."""
    cache.delete(_bearer_cache_key(token))


def revoke_session_tokens(session: SessionBase) -> None:
    """Revoke the session's refresh token (and with it its access token) at the provider, and
    stop accepting the access token as a bearer token at once."""
    current = tokens.stored(session)
    if current is None:
        return
    forget_bearer_token(current.access_token)
    if not current.refresh_token:
        return
    try:
        oidc.revoke_token(current.refresh_token, "refresh_token")
    except oidc.ProviderError as exc:
        logger.warning("Refresh token not revoked: %s", exc)


# Service demands


def _demand_problems(
    details: dict[str, str], features: list[str], language: str
) -> dict[str, list[str]]:
    problems: dict[str, list[str]] = {}
    for field, key in (
        ("first_name", "first_name_required"),
        ("last_name", "last_name_required"),
        ("company_name", "company_required"),
    ):
        if not details[field]:
            problems[field] = [text(key, language)]
    if not is_valid_email(details["email"]):
        problems["email"] = [text("email_invalid", language)]
    phone = phone_message(details["phone_number"], language)
    if phone:
        problems["phone_number"] = [phone]
    if not features or not set(features) <= set(Feature.values):
        problems["selected_features"] = [text("features_required", language)]
    return problems


def throttle_service_demands(request: HttpRequest, email: str) -> None:
    """Count a service demand from this client for this address; TooManyRequests when either
    has sent too many (SERVICE_DEMAND_RATE_PER_CLIENT, SERVICE_DEMAND_RATE_PER_EMAIL)."""
    _throttle_client_and_email(
        request,
        "accounts.demand",
        email,
        per_client=settings.SERVICE_DEMAND_RATE_PER_CLIENT,
        per_email=settings.SERVICE_DEMAND_RATE_PER_EMAIL,
    )


def submit_service_demand(
    *,
    user: User | None,
    first_name: str,
    last_name: str,
    email: str,
    phone_number: str,
    company_name: str,
    job_title: str,
    features: list[str],
    language: str,
) -> ServiceDemand:
    """Store a demand for features not built yet (spec §5's rules, messages in `language`),
    then, once it is committed, acknowledge it to its sender and tell the operators
    (OPERATORS_EMAIL)."""
    details = {
        "first_name": first_name.strip(),
        "last_name": last_name.strip(),
        "email": email.strip(),
        "phone_number": phone_number.strip(),
        "company_name": company_name.strip(),
        "job_title": job_title.strip(),
    }
    chosen = [feature for feature in Feature.values if feature in features]
    problems = _demand_problems(details, features, language)
    if problems:
        raise ValidationFailed(next(iter(problems.values()))[0], fields=problems)
    details["phone_number"] = international_number(details["phone_number"]) or ""
    with transaction.atomic():
        demand = ServiceDemand.objects.create(user=user, language=language, **details)
        ServiceDemandFeature.objects.bulk_create(
            ServiceDemandFeature(demand=demand, feature=feature) for feature in chosen
        )
        acknowledge = _demands_today(demand.email) <= settings.SERVICE_DEMAND_ACKS_PER_DAY
        transaction.on_commit(lambda: _send_demand_emails(demand, chosen, acknowledge))
    return demand


def _demands_today(email: str) -> int:
    """How many demands this address sent in the last 24 hours: past a few, a sender asking
    again is not mailed again, so the form cannot flood an inbox of someone else's choosing."""
    since = timezone.now() - timedelta(days=1)
    return ServiceDemand.objects.filter(email__iexact=email, created_at__gte=since).count()


def _send_demand_emails(demand: ServiceDemand, features: list[str], acknowledge: bool) -> None:
    """The acknowledgement (when `acknowledge`) and the operators' notice. The demand is stored
    whatever happens here: a mail server that fails is logged, never the sender's error."""
    language = demand.language
    if acknowledge:
        body = text("ack_body", language).format(
            first_name=demand.first_name,
            full_name=full_name(demand.first_name, demand.last_name),
            features=feature_names(features, language),
        )
        send_or_log(text("ack_subject", language), body, [demand.email], f"demand {demand.pk}")
    if settings.OPERATORS_EMAIL:
        notice = (
            f"{demand.first_name} {demand.last_name} ({demand.job_title or 'no job title'}) "
            f"at {demand.company_name}\n{demand.email} · {demand.phone_number}\n"
            f"Wants: {feature_names(features, 'en')}\n\n"
            f"{settings.SITE_URL}/admin/accounts/servicedemand/{demand.pk}/change/\n"
        )
        subject = f"Service demand from {demand.company_name}"
        send_or_log(subject, notice, [settings.OPERATORS_EMAIL], f"demand {demand.pk}")


@transaction.atomic
def set_service_demand_status(demands: Iterable[ServiceDemand], status: str, operator: User) -> int:
    """An operator moved these demands to `status`; each change is audited. How many changed."""
    changed = 0
    for demand in demands:
        if demand.status == status:
            continue
        before = {"status": demand.status}
        demand.status = status
        demand.save(update_fields=["status"])
        record_audit(
            actor=operator,
            action="set_status",
            target=demand,
            before=before,
            after={"status": status},
        )
        changed += 1
    return changed
