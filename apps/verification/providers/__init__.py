"""Adapters to the outside sources of the four checks and of the internet search. Each has a
small interface and an honest default: a source that is not configured, or cannot be reached,
says so; nothing stands in for it. Tests replace a source here, at its adapter.

Every source is asked through apps.core.outbound.PublicSession: a check's domain is the user's
input, and a source's answer may link or redirect anywhere, so only public addresses are
reached."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import requests

from apps.core.outbound import NotPublicAddress


class SourceError(Exception):
    """A source could not answer (unreachable, refused, broken answer); the message says why
    in words a user can read."""


class SourceNotConfigured(SourceError):
    """No such source is configured on this installation."""


def get_json(
    request: Callable[..., requests.Response],
    url: str,
    *,
    source: str,
    timeout: float,
    params: dict[str, str] | None = None,
    headers: dict[str, str] | None = None,
    missing_ok: bool = False,
) -> Any:
    """The JSON body of a GET answered 200, or None for a 404 when `missing_ok` (the source
    holds no such record). Any other outcome is a SourceError naming `source`, so that the
    JSON sources fail in the same words."""
    try:
        response = request("GET", url, params=params, headers=headers, timeout=timeout)
    except requests.Timeout as exc:
        raise SourceError(f"The {source} did not answer within {timeout:g} seconds") from exc
    except NotPublicAddress as exc:
        raise SourceError(f"The {source} is unreachable: {exc}") from exc
    except requests.RequestException as exc:
        raise SourceError(f"The {source} is unreachable") from exc
    if missing_ok and response.status_code == 404:
        return None
    if response.status_code != 200:
        raise SourceError(f"The {source} answered {response.status_code}")
    try:
        return response.json()
    except ValueError as exc:
        raise SourceError(f"The {source} answered in an unexpected form") from exc
