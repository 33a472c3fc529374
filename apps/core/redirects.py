"""Where a visitor may be sent: only a relative path on the same site, and with the search
parameters they came with when a route only forwards them."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme


def is_safe_relative_redirect(url: str | None) -> bool:
    if not url or not url.isprintable():
        return False
    if not url.startswith("/") or url.startswith("//"):
        return False
    return url_has_allowed_host_and_scheme(url, allowed_hosts=None)


def with_search(request: HttpRequest, path: str) -> str:
    """`path` carrying the request's search parameters on (spec §2's redirect routes)."""
    query = request.GET.urlencode()
    return f"{path}?{query}" if query else path
