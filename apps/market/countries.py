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


# Other names people give a country, in lower case, by language: short and older names and, in
# English, the adjectives of nationality ('dutch', 'vietnamese').
COUNTRY_ALIASES: dict[str, dict[str, str]] = {
    "en": {
        "usa": "US",
        "us": "US",
        "u.s.": "US",
        "u.s.a.": "US",
        "america": "US",
        "united states of america": "US",
        "the us": "US",
        "the usa": "US",
        "uk": "GB",
        "u.k.": "GB",
        "britain": "GB",
        "great britain": "GB",
        "england": "GB",
        "holland": "NL",
        "the netherlands": "NL",
        "korea": "KR",
        "hong kong": "HK",
        "uae": "AE",
        "emirates": "AE",
        "turkey": "TR",
        "viet nam": "VN",
        "ivory coast": "CI",
        "cote d'ivoire": "CI",
        "czech republic": "CZ",
        "macau": "MO",
        "taiwan": "TW",
        "american": "US",
        "german": "DE",
        "dutch": "NL",
        "chinese": "CN",
        "japanese": "JP",
        "korean": "KR",
        "french": "FR",
        "british": "GB",
        "indian": "IN",
        "thai": "TH",
        "vietnamese": "VN",
        "italian": "IT",
        "spanish": "ES",
        "russian": "RU",
        "australian": "AU",
        "canadian": "CA",
        "belgian": "BE",
        "filipino": "PH",
        "indonesian": "ID",
        "malaysian": "MY",
        "singaporean": "SG",
        "brazilian": "BR",
        "taiwanese": "TW",
        "emirati": "AE",
        "polish": "PL",
        "saudi": "SA",
        "egyptian": "EG",
        "mexican": "MX",
    },
    "vi": {
        "mỹ": "US",
        "hoa kỳ": "US",
        "nước mỹ": "US",
        "anh": "GB",
        "nước anh": "GB",
        "hồng kông": "HK",
        "hong kong": "HK",
        "úc": "AU",
        "nhật": "JP",
        "hàn": "KR",
        "trung quốc đại lục": "CN",
        "uae": "AE",
        "ả rập xê út": "SA",
        "ả rập saudi": "SA",
        "bờ biển ngà": "CI",
        "thổ nhĩ kỳ": "TR",
        "đài loan": "TW",
        "việt nam": "VN",
        "ý": "IT",
        "italia": "IT",
    },
    "zh": {
        "香港": "HK",
        "澳门": "MO",
        "阿联酋": "AE",
        "澳洲": "AU",
        "俄国": "RU",
        "南韩": "KR",
        "台湾": "TW",
        "沙特": "SA",
        "土耳其": "TR",
        "荷兰": "NL",
        "美利坚": "US",
    },
}


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
