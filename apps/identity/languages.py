"""Which of the provider's three languages a request is served in.

In order: the `ui_locales` of the authorization request (directly, or carried in `next`), the
`lang` query parameter (the language switch), the language cookie, then Accept-Language.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import parse_qs, parse_qsl, urlencode, urlsplit, urlunsplit

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation.trans_real import parse_accept_lang_header

from apps.core.languages import normalize
from apps.identity.texts import DEFAULT_LANGUAGE


def first_supported(tags: Iterable[str]) -> str | None:
    for tag in tags:
        language = normalize(tag)
        if language:
            return language
    return None


def _ui_locales(request: HttpRequest) -> str:
    direct = request.GET.get("ui_locales")
    if direct:
        return direct
    carried = parse_qs(urlsplit(request.GET.get("next", "")).query).get("ui_locales")
    return carried[0] if carried else ""


def _accept_language(request: HttpRequest) -> str | None:
    header = request.META.get("HTTP_ACCEPT_LANGUAGE", "")
    return first_supported(tag for tag, _ in parse_accept_lang_header(header))


def choose_language(request: HttpRequest) -> tuple[str, bool]:
    """The request's language, and whether it was asked for explicitly (and should be kept)."""
    explicit = first_supported(_ui_locales(request).split()) or first_supported(
        [request.GET.get("lang", "")]
    )
    if explicit:
        return explicit, True
    remembered = first_supported([request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")])
    return remembered or _accept_language(request) or DEFAULT_LANGUAGE, False


def _replace_ui_locales(url: str, language: str) -> str:
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    if not any(key == "ui_locales" for key, _ in query):
        return url
    replaced = [(key, language if key == "ui_locales" else value) for key, value in query]
    return urlunsplit(parts._replace(query=urlencode(replaced)))


def switch_url(request: HttpRequest, language: str) -> str:
    """The current page in `language`; a carried authorization request follows the switch."""
    params = request.GET.copy()
    params["lang"] = language
    if "ui_locales" in params:
        params["ui_locales"] = language
    if "next" in params:
        params["next"] = _replace_ui_locales(str(params["next"]), language)
    return f"{request.path}?{params.urlencode()}"
