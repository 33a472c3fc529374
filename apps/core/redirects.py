"""Where a visitor may be sent after an act: only a relative path on the same site."""

from __future__ import annotations

from django.utils.http import url_has_allowed_host_and_scheme


def is_safe_relative_redirect(url: str | None) -> bool:
    if not url or not url.isprintable():
        return False
    if not url.startswith("/") or url.startswith("//"):
        return False
    return url_has_allowed_host_and_scheme(url, allowed_hosts=None)
