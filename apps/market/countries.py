"""ISO 3166-1 alpha-2 country codes and their names in English, Vietnamese and Chinese.

Names come from the Unicode CLDR through Babel (Unicode License v3)."""

from __future__ import annotations

from functools import lru_cache

from babel import Locale

# CLDR territories with two-letter codes that are not ISO 3166-1 countries.
_NOT_ISO = frozenset(
    {"AC", "CP", "CQ", "DG", "EA", "EU", "EZ", "IC", "QO", "TA", "UN", "XA", "XB", "XK", "ZZ"}
)
_LOCALES = {"en": "en", "vi": "vi", "zh": "zh_Hans", "zh-hans": "zh_Hans", "zh_hans": "zh_Hans"}

ISO_COUNTRIES: frozenset[str] = frozenset(
    code
    for code in map(str, Locale("en").territories)
    if len(code) == 2 and code.isalpha() and code not in _NOT_ISO
)


@lru_cache(maxsize=8)
def _names(language: str) -> dict[str, str]:
    locale = Locale.parse(_LOCALES.get(language.lower(), "en"))
    return {code: str(locale.territories[code]) for code in ISO_COUNTRIES}


def is_country(code: str) -> bool:
    return code in ISO_COUNTRIES


def country_name(code: str, language: str = "en") -> str:
    """The country's short name in `language` ('en', 'vi' or 'zh'); the code itself when it is
    not an ISO 3166-1 country. Other languages fall back to English."""
    return _names(language).get(code.upper(), code)


def country_names(code: str) -> dict[str, str]:
    """The country's name in the three product languages."""
    return {language: country_name(code, language) for language in ("en", "vi", "zh")}
