from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers

from apps.identity.languages import choose_language

LANGUAGE_COOKIE_AGE = 365 * 24 * 3600


class LanguageMiddleware:
    """Serves each request in en, vi or zh-hans and remembers an explicit choice in a cookie."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language, explicit = choose_language(request)
        request.LANGUAGE_CODE = language
        with translation.override(language):
            response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        if explicit:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                language,
                max_age=LANGUAGE_COOKIE_AGE,
                samesite="Lax",
                secure=settings.SESSION_COOKIE_SECURE,
            )
        return response
