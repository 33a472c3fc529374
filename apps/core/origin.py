"""Calls that spend credits or count against a user's quotas are GETs in the spec (revealing an
email, requesting a phone number, the counted searches). A GET is exempt from Django's CSRF
check and the session cookie is `SameSite=Lax`, so a page on another site could make a signed-in
visitor's browser spend their credits by navigating to such a URL or loading it as an image.

`same_origin_only` refuses such a call when the browser says it comes from another origin:
`Sec-Fetch-Site` is `cross-site` or `same-site` (another origin of the same site), or, from a
browser that does not send it, `Origin` or `Referer` names another origin. The product's own
pages send `same-origin`; a user who types the URL sends `none`. A call with none of these
headers is not from a page on another site (a browser always sends `Sec-Fetch-Site`, or the
`Referer` unless a page asks not to): API clients with a bearer token go on working."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from ninja.decorators import decorate_view

from apps.core.errors import PermissionDenied
from apps.core.responses import application_error_response

FOREIGN_FETCH_SITES = frozenset({"cross-site", "same-site"})


class ForeignOrigin(PermissionDenied):
    code = "foreign_origin"
    message = "Requests from another site are not allowed for this action"


def _origin_of(url: str) -> str:
    """The URL's origin, or "" when it names none (`null`, text that is not a URL)."""
    try:
        parts = urlsplit(url)
    except ValueError:  # a host in brackets that is not an IPv6 address: "https://["
        return ""
    return f"{parts.scheme}://{parts.netloc}".lower() if parts.scheme and parts.netloc else ""


def _own_origins(request: HttpRequest) -> set[str]:
    own = f"{request.scheme}://{request.get_host()}".lower()
    return {own, *(origin.rstrip("/").lower() for origin in settings.CSRF_TRUSTED_ORIGINS)}


def is_from_another_origin(request: HttpRequest) -> bool:
    """Whether the browser tells that a page of another origin made this request."""
    fetch_site = request.headers.get("Sec-Fetch-Site", "").lower()
    if fetch_site in FOREIGN_FETCH_SITES:
        return True
    if fetch_site:  # same-origin, or none (typed in the address bar, a bookmark)
        return False
    claimed = [request.headers.get(name) for name in ("Origin", "Referer")]
    own = _own_origins(request)
    return any(value and _origin_of(value) not in own for value in claimed)


def _refuse_other_origins(run: Callable[..., Any]) -> Callable[..., Any]:
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if is_from_another_origin(request):
            return application_error_response(ForeignOrigin())
        return run(request, *args, **kwargs)

    return guarded


same_origin_only = decorate_view(_refuse_other_origins)
"""Put under `@router.get(...)` of a GET that spends credits or counts against a quota."""
