"""Throttles on sign-up, password reset and the like, kept in the cache that the processes share
(django-ratelimit's fixed windows), and the client address they count by."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.core import get_usage


def client_address(request: HttpRequest) -> str:
    """The address the request came from. Behind the TLS proxy (TRUST_X_FORWARDED_FOR), that is
    the last entry of X-Forwarded-For, the one the proxy itself appended; entries before it
    come from the client and prove nothing."""
    if getattr(settings, "TRUST_X_FORWARDED_FOR", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        last = _ip_address(forwarded.rsplit(",", 1)[-1])
        if last:
            return last
    return _ip_address(str(request.META.get("REMOTE_ADDR") or "")) or "unknown"


def _ip_address(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


@dataclass(frozen=True)
class Limit:
    """At most `rate` (django-ratelimit's notation: "5/h", "10/15m") acts per `key` in `group`."""

    group: str
    key: str
    rate: str


def retry_after(request: HttpRequest, limits: Iterable[Limit]) -> int | None:
    """Count one act under every limit; the seconds to wait when any of them is now exceeded,
    None when the act may go ahead."""
    waits: list[int] = []
    for limit in limits:
        value = limit.key
        usage = get_usage(
            request,
            group=limit.group,
            key=lambda _group, _request, value=value: value,
            rate=limit.rate,
            increment=True,
        )
        if usage is not None and usage["should_limit"]:
            waits.append(max(int(usage["time_left"]), 1))
    return max(waits) if waits else None
