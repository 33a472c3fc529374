"""How the provider holds back guessing and mail floods.

Sign-in: django-axes counts wrong passwords per account and client address (settings AXES_*);
this module tells it who the account and the client are, refuses an address past its own
higher bar, and says how long a lockout has left. Mails (password reset, a new verification
link): django-ratelimit windows per address and per client, through apps.core.throttle.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import Any

from axes.helpers import get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Q, QuerySet, Sum
from django.http import HttpRequest
from django.utils import timezone

from apps.core.throttle import Limit, client_address, retry_after
from apps.identity.models import normalize_email_address


def axes_username(request: HttpRequest, credentials: dict[str, Any] | None) -> str:
    """The account an attempt is for, as the sign-in matches it (any case, no spaces)."""
    if credentials:
        candidate = credentials.get("username") or credentials.get("email")
    else:
        candidate = request.POST.get("email")
    return normalize_email_address(str(candidate or ""))


def axes_client_address(request: HttpRequest) -> str | None:
    """The client's IP address, None when there is none to count by (no REMOTE_ADDR)."""
    address = client_address(request)
    return None if address == "unknown" else address


def _unlocks_at(
    attempts: list[tuple[datetime, int]], limit: int, cool_off: timedelta
) -> datetime | None:
    """When records of failures (latest time, count) stop adding up to the limit as each one
    leaves the cool-off window, oldest first; None when they are under it already."""
    total = sum(failures for _, failures in attempts)
    for latest, failures in sorted(attempts):
        if total < limit:
            break
        total -= failures
        if total < limit:
            return latest + cool_off
    return None


def _recent_failures(request: HttpRequest) -> QuerySet[AccessAttempt]:
    cool_off = get_cool_off(request)
    if cool_off is None:
        return AccessAttempt.objects.all()
    return AccessAttempt.objects.filter(attempt_time__gte=timezone.now() - cool_off)


def _scopes(request: HttpRequest, username: str) -> list[tuple[Q, int]]:
    """What a sign-in is counted under, each with its bar: the account from this address, and
    the address whatever the account."""
    address = axes_client_address(request)
    if address is None:
        return [(Q(username=username, ip_address__isnull=True), settings.AXES_FAILURE_LIMIT)]
    return [
        (Q(username=username, ip_address=address), settings.AXES_FAILURE_LIMIT),
        (Q(ip_address=address), settings.IDENTITY_SIGNIN_ADDRESS_FAILURE_LIMIT),
    ]


def address_locked_out(request: HttpRequest) -> bool:
    """Whether the client address has failed too often, whatever the accounts it tried."""
    address = axes_client_address(request)
    if address is None:
        return False
    failures = _recent_failures(request).filter(ip_address=address)
    total = failures.aggregate(total=Sum("failures_since_start"))["total"] or 0
    return bool(total >= settings.IDENTITY_SIGNIN_ADDRESS_FAILURE_LIMIT)


def lockout_seconds_left(request: HttpRequest, username: str) -> int:
    """Seconds until the account may be tried again from this address, and the address at
    all, as the failures are counted; at least one."""
    cool_off = get_cool_off(request)
    if cool_off is None:
        return 1
    now = timezone.now()
    recent = _recent_failures(request)
    unlocks = []
    for scope, limit in _scopes(request, username):
        attempts = list(recent.filter(scope).values_list("attempt_time", "failures_since_start"))
        unlocks.append(_unlocks_at(attempts, limit, cool_off))
    latest = max((moment for moment in unlocks if moment is not None), default=None)
    if latest is None:
        return 1
    return max(math.ceil((latest - now).total_seconds()), 1)


def forget_account_failures(request: HttpRequest, email: str) -> None:
    """A right password clears its account's failures from this address (not the address's
    failures at other accounts, nor the account's from other addresses)."""
    AccessAttempt.objects.filter(
        username=normalize_email_address(email), ip_address=axes_client_address(request)
    ).delete()


def mail_wait(request: HttpRequest, kind: str, email: str) -> int | None:
    """Count one mail of `kind` ("reset" or "verify") to `email` from this client; the seconds
    to wait when that is one too many for the address or for the client."""
    address = normalize_email_address(email)
    return retry_after(
        request,
        [
            Limit(f"identity.{kind}.email", address, settings.IDENTITY_RESET_RATE_PER_EMAIL),
            Limit(
                f"identity.{kind}.client",
                client_address(request),
                settings.IDENTITY_RESET_RATE_PER_CLIENT,
            ),
        ],
    )
