"""`/favicon.ico`, which browsers ask every site for whatever a page links: the product's icon
(teal, a white T; `static/images/favicon.ico`, 16, 32 and 48 px, drawn from `favicon.svg`).
Both servers answer it, the product and the identity provider."""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

# A day: the address never changes, so a browser may keep the icon without asking again.
MAX_AGE = 24 * 3600


@cache
def _icon() -> bytes:
    return (settings.BASE_DIR / "static" / "images" / "favicon.ico").read_bytes()


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(_icon(), content_type="image/vnd.microsoft.icon")
    patch_cache_control(response, public=True, max_age=MAX_AGE)
    return response
