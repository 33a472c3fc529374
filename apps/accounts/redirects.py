"""Where a visitor lands after signing in: a relative path on this site, or the default."""

from __future__ import annotations

from django.conf import settings

from apps.core.redirects import is_safe_relative_redirect


def safe_redirect_target(url: str | None) -> str:
    """`url` when it is a relative path on this site, otherwise the default landing page."""
    return url if url and is_safe_relative_redirect(url) else settings.LOGIN_REDIRECT_URL
