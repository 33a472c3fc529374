"""Where a visitor may be sent after signing in: only a relative path on this site."""

from __future__ import annotations

from django.conf import settings
from django.utils.http import url_has_allowed_host_and_scheme


def is_safe_relative_redirect(url: str | None) -> bool:
    if not url or not url.isprintable():
        return False
    if not url.startswith("/") or url.startswith("//"):
        return False
    return url_has_allowed_host_and_scheme(url, allowed_hosts=None)


def safe_redirect_target(url: str | None) -> str:
    """`url` when it is a relative path on this site, otherwise the default landing page."""
    return url if url and is_safe_relative_redirect(url) else settings.LOGIN_REDIRECT_URL
