"""The AI question box, offline: questions in English, Vietnamese and Chinese become search
filters, and the search's figures become an answer in the question's language.

`parse_question` reads a product (its HS codes and an English search text), countries (CLDR
names through Babel, in the three languages, with and without Vietnamese accents), importer
and exporter names and a date range relative to `today`. `compose_answer` writes the answer
from the search's statistics only; it never makes up a figure. `parse_with_model` may ask an
OpenAI-compatible endpoint (setting or environment variable `AI_BASE_URL`) for the same filters
and falls back to the offline parser on any failure."""

# ruff: noqa: RUF001

from __future__ import annotations

import calendar
import json
import logging
import os
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import lru_cache
from typing import Any

from babel import Locale
from babel.numbers import format_currency, format_decimal

from apps.market.products import PRODUCTS, PRODUCTS_BY_KEY, Product

logger = logging.getLogger(__name__)

LANGUAGES = ("en", "vi", "zh")
FILTER_KEYS = (
    "product_details",
    "importer_name",
    "exporter_name",
    "start_date",
    "end_date",
    "importer_country",
    "exporter_country",
    "hs_code",
)
DATE_FORMAT = "%d-%m-%Y"
_BABEL_LOCALES = {"en": "en", "vi": "vi", "zh": "zh_Hans"}
# CLDR territories with two-letter codes that are not countries.
_NOT_COUNTRIES = frozenset(
    {"AC", "CP", "CQ", "DG", "EA", "EU", "EZ", "IC", "QO", "TA", "UN", "XA", "XB", "XK", "ZZ"}
)


# Text


def _fold_char(char: str) -> str:
    """One character lower-cased and without accents (đ -> d); always one character, so that
    positions in the folded text are positions in the question."""
    low = char.lower()
    if len(low) != 1:
        low = char
    if low.isascii():
        return low
    if low == "đ":
        return "d"
    base = "".join(c for c in unicodedata.normalize("NFKD", low) if not unicodedata.combining(c))
    return base if len(base) == 1 else low


def fold(text: str) -> str:
    """Lower case without accents, the same length as `text`."""
    return "".join(_fold_char(char) for char in text)


def _lower(text: str) -> str:
    return "".join(low if len(low := char.lower()) == 1 else char for char in text)


def _prepare(question: str) -> str:
    return unicodedata.normalize("NFKC", question).strip()


class _Text:
    """The question (NFKC), its lower-case form and its folded form, position for position.
    Spans that have been read (party names) are blanked in the two working copies."""

    def __init__(self, question: str) -> None:
        self.original = question
        self.low = _lower(question)
        self.fold = fold(question)
        self.accented = self.low != self.fold and _has_vietnamese_marks(question)

    def blank(self, start: int, end: int) -> None:
        pad = " " * (end - start)
        self.low = self.low[:start] + pad + self.low[end:]
        self.fold = self.fold[:start] + pad + self.fold[end:]


_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_VI_LETTERS = frozenset("ăđơưĂĐƠƯ")
_VI_KEYWORDS_STRONG = re.compile(
    r"\b(?:xuat khau|nhap khau|ca phe|nam ngoai|nam nay|nam truoc|hat dieu|ho tieu|cao su|"
    r"sau rieng|thanh long|ca tra|bao nhieu|thang qua|quy truoc|khoai mi|do go|thi truong|"
    r"nha nhap khau|nha xuat khau|viet nam)\b"
)
_VI_KEYWORDS_WEAK = re.compile(
    r"\b(?:sang|tu|nam|thang|quy|gao|tom|che|tra|cua|den|vao|nhung|trong|duc|my|nhat|han)\b"
)


def _has_vietnamese_marks(text: str) -> bool:
    marked = 0
    for char in text:
        if char in _VI_LETTERS or "\u1ea0" <= char <= "\u1ef9":
            return True
        if not char.isascii() and char.isalpha() and fold(char) != char.lower():
            marked += 1
    return marked >= 2


def detect_language(question: str) -> str:
    """'zh' for Chinese characters, 'vi' for Vietnamese letters or words, else 'en'."""
    text = _prepare(question)
    if _CJK.search(text):
        return "zh"
    if _has_vietnamese_marks(text):
        return "vi"
    folded = fold(text)
    if _VI_KEYWORDS_STRONG.search(folded) and not re.search(r"\b(?:the|of|from|to|in)\b", folded):
        return "vi"
    if _VI_KEYWORDS_STRONG.search(folded) and len(_VI_KEYWORDS_WEAK.findall(folded)) >= 1:
        return "vi"
    if len(_VI_KEYWORDS_WEAK.findall(folded)) >= 3:
        return "vi"
    return "en"


# Lexicons


_LATIN_CHARS = "A-Za-z0-9\u00c0-\u024f\u1e00-\u1eff"


def _pattern(keys: Iterable[str]) -> re.Pattern[str]:
    parts = []
    for key in sorted(set(keys), key=lambda k: (-len(k), k)):
        body = r"\s+".join(re.escape(word) for word in key.split())
        if _CJK.search(key):
            parts.append(body)
        else:
            parts.append(rf"(?<![{_LATIN_CHARS}]){body}(?![{_LATIN_CHARS}])")
    return re.compile("|".join(parts))


@dataclass(frozen=True)
class _Lexicon:
    entries: dict[str, str]
    pattern: re.Pattern[str]
    case_sensitive: frozenset[str] = frozenset()

    @classmethod
    def build(cls, entries: dict[str, str], case_sensitive: Iterable[str] = ()) -> _Lexicon:
        return cls(entries, _pattern(entries), frozenset(case_sensitive))

    def find(self, text: str, original: str) -> list[tuple[int, int, str]]:
        found = []
        for match in self.pattern.finditer(text):
            key = " ".join(match.group().split())
            if key in self.case_sensitive and not original[match.start() : match.end()].isupper():
                continue
            found.append((match.start(), match.end(), self.entries[key]))
        return found


# Products


@lru_cache(maxsize=1)
def _product_lexicons() -> tuple[_Lexicon, _Lexicon]:
    """(accented: English, Vietnamese and Chinese aliases; folded: Vietnamese without accents)."""
    accented: dict[str, str] = {}
    folded: dict[str, str] = {}
    for product in PRODUCTS:
        for alias in (*product.aliases_en, *product.aliases_vi, *product.aliases_zh):
            accented.setdefault(_lower(alias), product.key)
        for alias in product.aliases_vi:
            folded.setdefault(fold(alias), product.key)
    return _Lexicon.build(accented), _Lexicon.build(folded)


# 'tiêu' and 'điều' are also the first syllables of common words.
_NOT_PRODUCT_AFTER = re.compile(r"^\s*(?:thu|dung|chuan|chi|kien|khoan|tra|chinh|hanh|phoi)\b")


def _find_product(text: _Text, language: str) -> tuple[Product | None, tuple[int, int] | None]:
    accented, folded = _product_lexicons()
    found = accented.find(text.low, text.original)
    if language == "vi" and (not text.accented or not found):
        found += folded.find(text.fold, text.original)
    candidates = []
    for start, end, key in found:
        alias = text.fold[start:end]
        if alias in {"tieu", "dieu"} and _NOT_PRODUCT_AFTER.match(text.fold[end:]):
            continue
        candidates.append((start, -(end - start), end, key))
    if not candidates:
        return None, None
    start, _, end, key = min(candidates)
    return PRODUCTS_BY_KEY[key], (start, end)


# Countries

_COUNTRY_ALIASES_EN = {
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
}
_CASE_SENSITIVE = frozenset({"us", "uk", "usa", "uae"})
_COUNTRY_ALIASES_VI = {
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
}
_COUNTRY_ALIASES_ZH = {
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
}


@lru_cache(maxsize=1)
def _country_codes() -> tuple[str, ...]:
    territories = Locale("en").territories
    return tuple(
        str(code)
        for code in territories
        if isinstance(code, str)
        and len(code) == 2
        and code.isalpha()
        and code not in _NOT_COUNTRIES
    )


@lru_cache(maxsize=1)
def _country_lexicons() -> tuple[_Lexicon, _Lexicon]:
    """(names as written, on the lower-case question; Vietnamese names without accents, on the
    folded question)."""
    accented: dict[str, str] = {}
    folded: dict[str, str] = {}
    codes = _country_codes()
    for language, locale_name in _BABEL_LOCALES.items():
        territories = Locale.parse(locale_name).territories
        for code in codes:
            name = _lower(str(territories[code]))
            accented.setdefault(name, code)
            if language == "en":
                accented.setdefault(fold(name), code)
            if language == "vi":
                folded.setdefault(fold(name), code)
    for aliases in (_COUNTRY_ALIASES_EN, _COUNTRY_ALIASES_ZH):
        for alias, code in aliases.items():
            accented.setdefault(alias, code)
    for alias, code in _COUNTRY_ALIASES_VI.items():
        accented.setdefault(alias, code)
        folded.setdefault(fold(alias), code)
    # Short Vietnamese names are ordinary words too: only their capitalised forms count.
    case_sensitive = _CASE_SENSITIVE | {"anh", "hàn", "nhật", "han", "nhat"}
    return (
        _Lexicon.build(accented, case_sensitive),
        _Lexicon.build(folded, case_sensitive),
    )


def _is_capitalised(original: str, start: int) -> bool:
    return original[start : start + 1].isupper()


def _find_countries(text: _Text, language: str) -> list[tuple[int, int, str]]:
    accented, folded = _country_lexicons()
    found = []
    for start, end, code in accented.find(text.low, text.original):
        word = text.low[start:end]
        if word in {"anh", "hàn", "nhật"} and not _is_capitalised(text.original, start):
            continue
        found.append((start, end, code))
    if language == "vi" and not text.accented:
        taken = [(start, end) for start, end, _ in found]
        for start, end, code in folded.find(text.fold, text.original):
            word = text.fold[start:end]
            if word in {"anh", "han", "nhat"} and not _is_capitalised(text.original, start):
                continue
            if not any(start < b and a < end for a, b in taken):
                found.append((start, end, code))
    # A capitalised short name matched as a case-sensitive key is checked above; a lower-case
    # 'us' in English is the pronoun and is dropped by the lexicon.
    return sorted(found)


# Direction of a country: exporter ("from X"), importer ("to X") or open.

_EN_FROM = re.compile(
    r"(?:\bfrom|\bout of|\bmade in|\bgrown in|\bproduced in|\boriginating in|\borigin)\s*$"
)
_EN_TO = re.compile(
    r"(?:\bto|\binto|\bfor|\btowards|\bdestined for|\bshipped to|\bsold to|"
    r"\b(?:buyers?|importers?|customers?|markets?) in)\s*$"
)
_EN_AFTER_EXPORT = re.compile(
    r"^\s*(?:'s|’s)?\s*(?:\w+\s+){0,2}?(?:exports?|exported|exporters?|suppliers?|sellers?|"
    r"shippers?|production)\b"
)
_EN_AFTER_IMPORT = re.compile(
    r"^\s*(?:'s|’s)?\s*(?:\w+\s+){0,2}?(?:imports?|imported|importers?|buyers?|customers?|"
    r"demand|market)\b"
)
_VI_FROM = re.compile(r"(?:\btu|\bxuat xu|\bnguon goc)\s*$")
_VI_TO = re.compile(
    r"(?:\bsang|\bden|\btoi|\bvao|\bcho|\bqua|\bthi truong|\bnhap vao|\bxuat vao)"
    r"(?:\s+(?:nuoc|cac nuoc|thi truong|khu vuc))?\s*$"
)
_VI_OF = re.compile(r"\bcua\s*$")
_VI_AFTER_EXPORT = re.compile(r"^\s*(?:xuat khau|xuat|ban)\b")
_VI_AFTER_IMPORT = re.compile(r"^\s*(?:nhap khau|nhap|mua)\b")
_ZH_FROM = re.compile(r"(?:从|自|由|来自|产自|源自)$")
_ZH_TO = re.compile(r"(?:到|至|往|向|对|销往|运往|运至|输往|进口到|出口到|出口至)$")
_ZH_AFTER_EXPORT = re.compile(r"^(?:的)?(?:出口|产|生产|供应商|出口商|卖家)")
_ZH_AFTER_IMPORT = re.compile(r"^(?:的)?(?:进口|从|买家|进口商|采购|市场)")


def _direction(text: _Text, language: str, start: int, end: int, verb: str | None) -> str | None:
    before = text.fold[max(0, start - 30) : start]
    after = text.fold[end : end + 40]
    if language == "zh":
        before_zh = "".join(text.low[max(0, start - 8) : start].split())
        after_zh = "".join(text.low[end : end + 12].split())
        if _ZH_FROM.search(before_zh):
            return "exporter"
        if _ZH_TO.search(before_zh):
            return "importer"
        if _ZH_AFTER_EXPORT.match(after_zh):
            return "exporter"
        if _ZH_AFTER_IMPORT.match(after_zh):
            return "importer"
    before = re.sub(r"\b(?:the|nuoc)\s*$", "", before.rstrip()).rstrip() + " "
    if _VI_FROM.search(before) and language == "vi":
        return "exporter"
    if _VI_TO.search(before) and language == "vi":
        return "importer"
    if _EN_FROM.search(before):
        return "exporter"
    if _EN_TO.search(before):
        return "importer"
    if language == "vi":
        if _VI_OF.search(before) and verb:
            return "exporter" if verb == "export" else "importer"
        if _VI_AFTER_EXPORT.match(after):
            return "exporter"
        if _VI_AFTER_IMPORT.match(after):
            return "importer"
    if _EN_AFTER_EXPORT.match(after):
        return "exporter"
    if _EN_AFTER_IMPORT.match(after):
        return "importer"
    return None


_VERBS = {
    "en": (
        re.compile(r"\b(?:exports?|exported|exporting|sells?|sold|ship(?:s|ped)? to)\b"),
        re.compile(r"\b(?:imports?|imported|importing|buys?|bought|purchases?|purchased)\b"),
    ),
    "vi": (
        re.compile(r"(?<!nha )\b(?:xuat khau|xuat sang|ban sang)\b"),
        re.compile(r"(?<!nha )\b(?:nhap khau|nhap|mua)\b"),
    ),
    "zh": (re.compile(r"出口(?!商)|销往|出售"), re.compile(r"进口(?!商)|采购(?!商)|购买")),
}


def _verb(text: _Text, language: str) -> str | None:
    exports, imports = _VERBS[language]
    subject = text.low if language == "zh" else text.fold
    export_match, import_match = exports.search(subject), imports.search(subject)
    if export_match and import_match:
        return "export" if export_match.start() < import_match.start() else "import"
    if export_match:
        return "export"
    if import_match:
        return "import"
    return None


def _assign_countries(
    text: _Text, language: str, matches: list[tuple[int, int, str]]
) -> tuple[str, str]:
    verb = _verb(text, language)
    importer = exporter = ""
    open_codes: list[str] = []
    for start, end, code in matches:
        side = _direction(text, language, start, end, verb)
        if side == "exporter" and not exporter:
            exporter = code
        elif side == "importer" and not importer:
            importer = code
        elif code not in (importer, exporter) and code not in open_codes:
            open_codes.append(code)
    for code in open_codes:
        if code in (importer, exporter):
            continue
        if verb == "import":
            if not importer:
                importer = code
            elif not exporter:
                exporter = code
        elif code == "VN" and not exporter:
            exporter = code
        elif not importer:
            importer = code
        elif not exporter:
            exporter = code
    if verb == "export" and not exporter and importer and importer != "VN":
        exporter = "VN"
    return importer, exporter


# Party names

_EN_ROLE = re.compile(
    r"\b(?P<role>importers?|buyers?|customers?|consignees?|purchasers?|exporters?|suppliers?|"
    r"sellers?|shippers?|manufacturers?|vendors?)\b(?:\s+(?:named|called|company|firm))?"
    r"\s*:?\s*"
)
_VI_ROLE = re.compile(
    r"\b(?P<role>nha nhap khau|nguoi mua|ben mua|cong ty nhap khau|doanh nghiep nhap khau|"
    r"khach hang|nha xuat khau|nha cung cap|nguoi ban|ben ban|cong ty xuat khau|"
    r"doanh nghiep xuat khau)\b(?:\s+(?:la|ten))?\s*:?\s*"
)
_ZH_ROLE = re.compile(
    r"(?P<role>进口商|买家|买方|采购商|客户|收货人|出口商|供应商|卖家|卖方|发货人|生产商)"
    r"(?:是|为|:|：)?\s*"
)
_IMPORTER_ROLES = frozenset(
    {
        "importer",
        "buyer",
        "customer",
        "consignee",
        "purchaser",
        "nha nhap khau",
        "nguoi mua",
        "ben mua",
        "cong ty nhap khau",
        "doanh nghiep nhap khau",
        "khach hang",
        "进口商",
        "买家",
        "买方",
        "采购商",
        "客户",
        "收货人",
    }
)
_EN_STOP = frozenset(
    [
        "from",
        "to",
        "in",
        "into",
        "since",
        "during",
        "for",
        "between",
        "last",
        "this",
        "over",
        "and",
        "with",
        "at",
        "on",
        "by",
        "of",
        "past",
        "previous",
        "year",
        "month",
        "quarter",
        "shipments",
        "exports",
        "imports",
        "export",
        "import",
        "before",
        "after",
        "until",
        "what",
        "how",
        "which",
        "who",
        "ytd",
        "per",
        "a",
        "an",
        "is",
        "are",
        "was",
        "were",
        "did",
        "does",
        "do",
        "that",
    ]
)
_VI_STOP = frozenset(
    [
        "tu",
        "sang",
        "den",
        "toi",
        "vao",
        "tai",
        "o",
        "nam",
        "quy",
        "thang",
        "trong",
        "ke",
        "cua",
        "cho",
        "va",
        "xuat",
        "nhap",
        "bao",
        "la",
        "nhu",
        "gi",
        "the",
        "nao",
        "duoc",
        "co",
        "khong",
        "mua",
        "ban",
    ]
)
_QUOTES = {'"': '"', "“": "”", "「": "」", "『": "』", "«": "»", "'": "'"}
_QUOTED = re.compile(r"\"([^\"]{2,80})\"|“([^”]{2,80})”|「([^」]{2,80})」|『([^』]{2,80})』")
_ZH_NAME = re.compile(
    r"[A-Za-z0-9][A-Za-z0-9&.,'\- ]*[A-Za-z0-9.]|[\u4e00-\u9fff]+?(?:有限公司|股份公司|公司|集团)"
    r"|[^\s，。？！、,?!的在从自到向出进年]{2,20}"
)
_TOKEN = re.compile(r"[^\s,;?!()，。？！]+")


def _quoted_at(original: str, start: int) -> tuple[int, int] | None:
    """The span of the quoted text that opens at `start`, without the quotes."""
    opening = original[start : start + 1]
    closing = _QUOTES.get(opening)
    if closing is None:
        return None
    end = original.find(closing, start + 1)
    if end <= start + 1:
        return None
    return start + 1, end


def _latin_name(text: _Text, start: int, language: str) -> tuple[int, int] | None:
    stop = _EN_STOP if language == "en" else _VI_STOP
    first_end = None
    name_end = start
    capitalised = False
    for count, token in enumerate(_TOKEN.finditer(text.original, start)):
        if token.start() != start and text.original[name_end : token.start()].strip():
            break
        word = text.fold[token.start() : token.end()].rstrip(".")
        if word in stop or re.fullmatch(r"(?:19|20)\d{2}|q[1-4]", word):
            break
        lower_case = token.group()[:1].islower()
        if count > 0 and lower_case and _known_word_at(text, token.start(), language):
            break
        if count == 0:
            capitalised = token.group()[:1].isupper()
        elif language == "en" and capitalised and token.group()[:1].islower():
            break
        if count >= 8:
            break
        first_end = first_end or token.end()
        name_end = token.end()
    if name_end == start:
        return None
    while name_end > start and text.original[name_end - 1] in ".,:":
        name_end -= 1
    if (
        text.original[name_end - 3 : name_end].lower() in {"ltd", "inc", "llc"}
        and text.original[name_end : name_end + 1] == "."
    ):
        name_end += 1
    return start, name_end


def _find_parties(text: _Text, language: str) -> tuple[str, str]:
    names = {"importer": "", "exporter": ""}
    role_pattern, subject = {
        "en": (_EN_ROLE, text.fold),
        "vi": (_VI_ROLE, text.fold),
        "zh": (_ZH_ROLE, text.low),
    }[language]
    used: list[tuple[int, int]] = []
    for match in role_pattern.finditer(subject):
        role = match.group("role").rstrip("s") if language == "en" else match.group("role")
        side = "importer" if role in _IMPORTER_ROLES else "exporter"
        if names[side]:
            continue
        start = match.end()
        span = _quoted_at(text.original, start)
        if span is None:
            if language == "zh":
                name_match = _ZH_NAME.match(text.original, start)
                span = name_match.span() if name_match else None
            else:
                span = _latin_name(text, start, language)
        if span is None:
            continue
        name = text.original[span[0] : span[1]].strip()
        if not name or _only_known_words(name):
            continue
        names[side] = name
        used.append(span)
        text.blank(*span)
    for match in _QUOTED.finditer(text.original):
        span = match.span()
        if any(a <= span[0] < b or a < span[1] <= b for a, b in used):
            continue
        if any(span[0] <= a and b <= span[1] for a, b in used):
            continue
        name = next(group for group in match.groups() if group).strip()
        before = text.fold[max(0, span[0] - 12) : span[0]]
        side = (
            "exporter"
            if re.search(r"(?:\bfrom|\bby|\btu|\bcua|从|自|由)\s*$", before)
            else "importer"
        )
        if names[side] or _only_known_words(name):
            continue
        names[side] = name
        text.blank(*span)
    return names["importer"], names["exporter"]


def _known_word_at(text: _Text, start: int, language: str) -> bool:
    """Whether a product or a country name begins at `start` (where a company name ends)."""
    accented, folded = _product_lexicons()
    countries, _ = _country_lexicons()
    checks = [(accented, text.low), (countries, text.low)]
    if language == "vi":
        checks.append((folded, text.fold))
    return any(lexicon.pattern.match(subject, start) for lexicon, subject in checks)


def _only_known_words(name: str) -> bool:
    """A 'name' that is only a product or a country is not a company."""
    low = _lower(name)
    accented, _ = _product_lexicons()
    countries, _ = _country_lexicons()
    for lexicon in (accented, countries):
        match = lexicon.pattern.fullmatch(low)
        if match:
            return True
    return False


# Dates


def _year_range(year: int) -> tuple[date, date]:
    return date(year, 1, 1), date(year, 12, 31)


def _month_range(year: int, month: int) -> tuple[date, date]:
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])


def _quarter_range(year: int, quarter: int) -> tuple[date, date]:
    first = 3 * (quarter - 1) + 1
    return date(year, first, 1), _month_range(year, first + 2)[1]


def _minus_months(day: date, months: int) -> date:
    index = day.year * 12 + day.month - 1 - months
    year, month = divmod(index, 12)
    month += 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def _recent_month(month: int, today: date) -> int:
    """The year of the latest `month` that has begun by `today`."""
    return today.year if month <= today.month else today.year - 1


def _recent_quarter(quarter: int, today: date) -> int:
    return today.year if 3 * (quarter - 1) + 1 <= today.month else today.year - 1


def _last_quarter(today: date) -> tuple[date, date]:
    quarter = (today.month - 1) // 3 + 1
    if quarter == 1:
        return _quarter_range(today.year - 1, 4)
    return _quarter_range(today.year, quarter - 1)


def _this_quarter(today: date) -> tuple[date, date]:
    quarter = (today.month - 1) // 3 + 1
    return _quarter_range(today.year, quarter)[0], today


def _last_month(today: date) -> tuple[date, date]:
    previous = _minus_months(today.replace(day=1), 1)
    return _month_range(previous.year, previous.month)


def _back(today: date, count: int, unit: str) -> tuple[date, date]:
    if unit in {"day", "ngay", "天", "日"}:
        return today - timedelta(days=count), today
    if unit in {"week", "tuan", "周", "星期"}:
        return today - timedelta(weeks=count), today
    if unit in {"year", "nam", "年"}:
        return _minus_months(today, 12 * count), today
    return _minus_months(today, count), today


_EN_MONTHS = {
    name: index
    for index, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_EN_MONTH = "(" + "|".join(sorted(_EN_MONTHS, key=len, reverse=True)) + r")\.?"
_WORD_NUMBERS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "eighteen": 18,
    "twenty-four": 24,
    "mot": 1,
    "hai": 2,
    "ba": 3,
    "bon": 4,
    "sau": 6,
    "chin": 9,
    "muoi": 10,
    "muoi hai": 12,
}
_ORDINALS = {
    "first": 1,
    "1st": 1,
    "second": 2,
    "2nd": 2,
    "third": 3,
    "3rd": 3,
    "fourth": 4,
    "4th": 4,
    "i": 1,
    "ii": 2,
    "iii": 3,
    "iv": 4,
}
_ZH_DIGITS = {
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
    "十": 10,
}


def _number(word: str) -> int:
    word = word.strip()
    if word.isdigit():
        return int(word)
    if word in _WORD_NUMBERS:
        return _WORD_NUMBERS[word]
    if word in _ORDINALS:
        return _ORDINALS[word]
    if word and all(char in _ZH_DIGITS for char in word):
        if word == "十":
            return 10
        if word.startswith("十"):
            return 10 + _ZH_DIGITS[word[1]]
        if "十" in word:
            tens, _, ones = word.partition("十")
            return _ZH_DIGITS[tens] * 10 + (_ZH_DIGITS[ones] if ones else 0)
        return _ZH_DIGITS[word[0]]
    raise ValueError(word)


_Rule = tuple[re.Pattern[str], Callable[[re.Match[str], date], tuple[date, date]]]


def _en_month(name: str) -> int:
    return _EN_MONTHS[name.rstrip(".")]


_NUM_EN = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eighteen)"
_EN_RULES: list[_Rule] = [
    (
        re.compile(
            rf"\b(?:from|between)\s+{_EN_MONTH}\s+(\d{{4}})\s+(?:to|and|until|-|–)\s+"
            rf"{_EN_MONTH}\s+(\d{{4}})\b"
        ),
        lambda m, t: (
            _month_range(int(m[2]), _en_month(m[1]))[0],
            _month_range(int(m[4]), _en_month(m[3]))[1],
        ),
    ),
    (
        re.compile(
            r"\b(?:from|between)?\s*((?:19|20)\d{2})\s*(?:to|and|until|-|–)\s*"
            r"((?:19|20)\d{2})\b"
        ),
        lambda m, t: (date(int(m[1]), 1, 1), date(int(m[2]), 12, 31)),
    ),
    (
        re.compile(rf"\b(?:since|starting(?: from| in)?|from)\s+{_EN_MONTH}\s+(\d{{4}})\b"),
        lambda m, t: (date(int(m[2]), _en_month(m[1]), 1), t),
    ),
    (
        re.compile(r"\b(?:since|starting(?: from| in)?)\s+((?:19|20)\d{2})\b"),
        lambda m, t: (date(int(m[1]), 1, 1), t),
    ),
    (
        re.compile(rf"\bsince\s+{_EN_MONTH}(?!\w)"),
        lambda m, t: (date(_recent_month(_en_month(m[1]), t), _en_month(m[1]), 1), t),
    ),
    (
        re.compile(rf"\b(?:last|past|previous|recent)\s+{_NUM_EN}\s+(month|week|day|year)s?\b"),
        lambda m, t: _back(t, _number(m[1]), m[2]),
    ),
    (
        re.compile(r"\bq([1-4])\s*(?:of\s+|/|-)?\s*((?:19|20)\d{2})\b"),
        lambda m, t: _quarter_range(int(m[2]), int(m[1])),
    ),
    (
        re.compile(r"\b((?:19|20)\d{2})\s*[-/]?\s*q([1-4])\b"),
        lambda m, t: _quarter_range(int(m[1]), int(m[2])),
    ),
    (
        re.compile(
            r"\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\s+(?:of\s+)?"
            r"((?:19|20)\d{2})\b"
        ),
        lambda m, t: _quarter_range(int(m[2]), _number(m[1])),
    ),
    (re.compile(r"\b(?:last|previous|past)\s+quarter\b"), lambda m, t: _last_quarter(t)),
    (re.compile(r"\b(?:this|current)\s+quarter\b"), lambda m, t: _this_quarter(t)),
    (
        re.compile(r"\bq([1-4])\b"),
        lambda m, t: _quarter_range(_recent_quarter(int(m[1]), t), int(m[1])),
    ),
    (
        re.compile(r"\b(first|second|third|fourth)\s+quarter\b"),
        lambda m, t: _quarter_range(_recent_quarter(_number(m[1]), t), _number(m[1])),
    ),
    (re.compile(r"\b(?:last|previous|past)\s+month\b"), lambda m, t: _last_month(t)),
    (re.compile(r"\b(?:this|current)\s+month\b"), lambda m, t: (t.replace(day=1), t)),
    (
        re.compile(r"\byear before last\b"),
        lambda m, t: _year_range(t.year - 2),
    ),
    (
        re.compile(r"\b(?:last|previous|past)\s+year\b"),
        lambda m, t: _year_range(t.year - 1),
    ),
    (
        re.compile(r"\b(?:this year|current year|year to date|ytd|so far this year)\b"),
        lambda m, t: (date(t.year, 1, 1), t),
    ),
    (
        re.compile(rf"\b{_EN_MONTH}\s*,?\s+((?:19|20)\d{{2}})\b"),
        lambda m, t: _month_range(int(m[2]), _en_month(m[1])),
    ),
    (
        re.compile(r"\b((?:19|20)\d{2})-(0[1-9]|1[0-2])\b"),
        lambda m, t: _month_range(int(m[1]), int(m[2])),
    ),
    (
        re.compile(
            r"\bin\s+(january|february|march|april|june|july|august|september|october|"
            r"november|december)\b"
        ),
        lambda m, t: _month_range(_recent_month(_en_month(m[1]), t), _en_month(m[1])),
    ),
    (
        re.compile(r"\b((?:19|20)\d{2})\b"),
        lambda m, t: _year_range(int(m[1])),
    ),
]

_VI_MY = r"thang\s*(\d{1,2})\s*(?:/|-|\.|\s+nam\s+|\s+)\s*(\d{4})"
_VI_RULES: list[_Rule] = [
    (
        re.compile(rf"\btu\s+{_VI_MY}\s+(?:den|toi)\s+{_VI_MY}"),
        lambda m, t: (
            _month_range(int(m[2]), int(m[1]))[0],
            _month_range(int(m[4]), int(m[3]))[1],
        ),
    ),
    (
        re.compile(r"\btu\s+(?:nam\s+)?(\d{4})\s+(?:den|toi|-)\s+(?:nam\s+)?(\d{4})"),
        lambda m, t: (date(int(m[1]), 1, 1), date(int(m[2]), 12, 31)),
    ),
    (
        re.compile(rf"\b(?:ke\s+)?tu\s+{_VI_MY}"),
        lambda m, t: (date(int(m[2]), int(m[1]), 1), t),
    ),
    (
        re.compile(r"\b(?:ke\s+)?tu\s+thang\s*(\d{1,2})\b"),
        lambda m, t: (date(_recent_month(int(m[1]), t), int(m[1]), 1), t),
    ),
    (
        re.compile(r"\b(?:ke\s+)?tu\s+(?:dau\s+)?nam\s+(\d{4})"),
        lambda m, t: (date(int(m[1]), 1, 1), t),
    ),
    (re.compile(r"\btu\s+dau\s+nam\b"), lambda m, t: (date(t.year, 1, 1), t)),
    (
        re.compile(
            r"\b(\d+|hai|ba|bon|sau|chin|muoi hai|muoi)\s+(thang|tuan|ngay|nam)\s+"
            r"(?:qua|gan day|gan nhat|vua qua|truoc|lai day|tro lai day)"
        ),
        lambda m, t: _back(t, _number(m[1]), m[2]),
    ),
    (
        re.compile(r"\b(?:trong|trong vong)\s+(\d+)\s+(thang|tuan|ngay|nam)\b"),
        lambda m, t: _back(t, int(m[1]), m[2]),
    ),
    (
        re.compile(r"\bquy\s*(\d|iv|iii|ii|i)\s*(?:/|-|\s+nam\s+|\s+)\s*(\d{4})"),
        lambda m, t: _quarter_range(int(m[2]), _number(m[1])),
    ),
    (re.compile(r"\bquy\s+(?:truoc|vua qua|roi)\b"), lambda m, t: _last_quarter(t)),
    (re.compile(r"\bquy\s+(?:nay|hien tai)\b"), lambda m, t: _this_quarter(t)),
    (
        re.compile(r"\bquy\s*(\d|iv|iii|ii|i)\b"),
        lambda m, t: _quarter_range(_recent_quarter(_number(m[1]), t), _number(m[1])),
    ),
    (re.compile(r"\bthang\s+(?:truoc|vua qua|roi)\b"), lambda m, t: _last_month(t)),
    (re.compile(r"\bthang\s+nay\b"), lambda m, t: (t.replace(day=1), t)),
    (re.compile(r"\bnam\s+kia\b"), lambda m, t: _year_range(t.year - 2)),
    (
        re.compile(r"\bnam\s+(?:ngoai|truoc|roi|vua qua)\b"),
        lambda m, t: _year_range(t.year - 1),
    ),
    (re.compile(r"\bnam\s+nay\b"), lambda m, t: (date(t.year, 1, 1), t)),
    (re.compile(rf"\b{_VI_MY}"), lambda m, t: _month_range(int(m[2]), int(m[1]))),
    (
        re.compile(r"\bthang\s*(\d{1,2})\b(?!\s*(?:thang|tuan|ngay))"),
        lambda m, t: _month_range(_recent_month(int(m[1]), t), int(m[1])),
    ),
    (
        re.compile(r"\b((?:19|20)\d{2})\b"),
        lambda m, t: _year_range(int(m[1])),
    ),
]

_ZH_NUM = r"(\d+|[一二两三四五六七八九十]+)"
_ZH_RULES: list[_Rule] = [
    (
        re.compile(r"(\d{4})年(\d{1,2})月(?:份)?(?:到|至|-|—|~)(\d{4})年(\d{1,2})月"),
        lambda m, t: (
            _month_range(int(m[1]), int(m[2]))[0],
            _month_range(int(m[3]), int(m[4]))[1],
        ),
    ),
    (
        re.compile(r"(\d{4})年?(?:到|至|-|—|~)(\d{4})年"),
        lambda m, t: (date(int(m[1]), 1, 1), date(int(m[2]), 12, 31)),
    ),
    (
        re.compile(r"(?:自|从|自从)(\d{4})年(\d{1,2})月"),
        lambda m, t: (date(int(m[1]), int(m[2]), 1), t),
    ),
    (
        re.compile(r"(\d{4})年(\d{1,2})月(?:份)?(?:以来|起|开始|至今)"),
        lambda m, t: (date(int(m[1]), int(m[2]), 1), t),
    ),
    (
        re.compile(r"(?:自|从|自从)(\d{4})年(?:以来|起|开始|至今)?"),
        lambda m, t: (date(int(m[1]), 1, 1), t),
    ),
    (re.compile(r"(\d{4})年(?:以来|至今)"), lambda m, t: (date(int(m[1]), 1, 1), t)),
    (
        re.compile(rf"(?:过去|最近|近|前){_ZH_NUM}个?(月|周|星期|天|日|年)"),
        lambda m, t: _back(t, _number(m[1]), m[2]),
    ),
    (
        re.compile(r"(\d{4})年?第?([1-4一二三四])季度"),
        lambda m, t: _quarter_range(int(m[1]), _number(m[2])),
    ),
    (
        re.compile(r"(\d{4})年?q([1-4])"),
        lambda m, t: _quarter_range(int(m[1]), int(m[2])),
    ),
    (re.compile(r"(?:上个|上一|上)季度"), lambda m, t: _last_quarter(t)),
    (re.compile(r"(?:本|这个|这一|当前)季度"), lambda m, t: _this_quarter(t)),
    (
        re.compile(r"第?([1-4一二三四])季度"),
        lambda m, t: _quarter_range(_recent_quarter(_number(m[1]), t), _number(m[1])),
    ),
    (re.compile(r"(?:上个月|上月|上一个月)"), lambda m, t: _last_month(t)),
    (re.compile(r"(?:本月|这个月|当月)"), lambda m, t: (t.replace(day=1), t)),
    (re.compile(r"前年"), lambda m, t: _year_range(t.year - 2)),
    (
        re.compile(r"(?:去年|上一年|上年)"),
        lambda m, t: _year_range(t.year - 1),
    ),
    (re.compile(r"(?:今年|本年|年初至今)"), lambda m, t: (date(t.year, 1, 1), t)),
    (
        re.compile(r"(\d{4})年(\d{1,2})月"),
        lambda m, t: _month_range(int(m[1]), int(m[2])),
    ),
    (
        re.compile(r"(\d{4})年"),
        lambda m, t: _year_range(int(m[1])),
    ),
    (
        re.compile(r"((?:19|20)\d{2})"),
        lambda m, t: _year_range(int(m[1])),
    ),
]
_RULES = {"en": _EN_RULES, "vi": _VI_RULES, "zh": _ZH_RULES}


def parse_dates(text: str, language: str, today: date) -> tuple[date, date, bool]:
    """(start, end, whether the question named the period); the last 12 months by default."""
    compact = "".join(_lower(text).split())
    subject = compact if language == "zh" else " ".join(fold(text).split())
    for pattern, handler in _RULES[language]:
        match = pattern.search(subject)
        if match is None:
            continue
        try:
            start, end = handler(match, today)
        except ValueError:  # a month 13, a quarter 5...
            continue
        if start <= end:
            return start, end, True
    return _minus_months(today, 12), today, False


# Parsing


@dataclass(frozen=True)
class ParsedQuestion:
    question: str
    language: str
    filters: dict[str, Any]
    understood: bool
    product: str | None = None  # a key of PRODUCTS_BY_KEY
    dated: bool = False  # the question named its period
    notes: tuple[str, ...] = field(default_factory=tuple)


def empty_filters() -> dict[str, Any]:
    return {key: ([] if key == "hs_code" else "") for key in FILTER_KEYS}


def parse_question(question: str, *, today: date) -> ParsedQuestion:
    """The search filters of a question in English, Vietnamese or Chinese."""
    prepared = _prepare(question)
    language = detect_language(prepared)
    text = _Text(prepared)
    importer_name, exporter_name = _find_parties(text, language)
    product, product_span = _find_product(text, language)
    if product_span is not None:
        text.blank(*product_span)
    countries = _find_countries(text, language)
    importer_country, exporter_country = _assign_countries(text, language, countries)
    start, end, dated = parse_dates(text.original, language, today)
    filters = empty_filters()
    filters.update(
        {
            "product_details": product.search if product else "",
            "importer_name": importer_name,
            "exporter_name": exporter_name,
            "start_date": start.strftime(DATE_FORMAT),
            "end_date": end.strftime(DATE_FORMAT),
            "importer_country": importer_country,
            "exporter_country": exporter_country,
            "hs_code": list(product.hs_codes) if product else [],
        }
    )
    understood = bool(
        product or importer_name or exporter_name or importer_country or exporter_country
    )
    return ParsedQuestion(
        question=question,
        language=language,
        filters=filters,
        understood=understood,
        product=product.key if product else None,
        dated=dated,
    )


# Answers


def _locale(language: str) -> str:
    return _BABEL_LOCALES.get(language, "en")


def _country(code: str, language: str) -> str:
    short = {
        "en": {
            "HK": "Hong Kong",
            "US": "the United States",
            "NL": "the Netherlands",
            "GB": "the United Kingdom",
            "AE": "the United Arab Emirates",
        },
        "vi": {"HK": "Hồng Kông"},
        "zh": {"HK": "香港"},
    }[language]
    if code in short:
        return short[code]
    try:
        return str(Locale.parse(_locale(language)).territories[code])
    except KeyError:
        return code


def _count(value: Any, language: str) -> str:
    return format_decimal(value, format="#,##0", locale=_locale(language))


def _money(value: Any, language: str, *, cents: bool = False) -> str:
    if cents:
        return format_currency(value, "USD", locale=_locale(language))
    pattern = "#,##0 ¤" if language == "vi" else "¤#,##0"
    return format_currency(
        value, "USD", format=pattern, locale=_locale(language), currency_digits=False
    )


def _period(filters: dict[str, Any], language: str) -> str:
    try:
        start = _parse_date(filters["start_date"])
        end = _parse_date(filters["end_date"])
    except (KeyError, ValueError):
        return ""
    whole_end = end == _month_range(end.year, end.month)[1]
    if start.day == 1 and whole_end and start.year == end.year:
        if start.month == 1 and end.month == 12:
            return {"en": f"in {start.year}", "vi": f"năm {start.year}", "zh": f"{start.year}年"}[
                language
            ]
        if start.month % 3 == 1 and end.month == start.month + 2:
            quarter = (start.month - 1) // 3 + 1
            zh_quarter = "一二三四"[quarter - 1]
            return {
                "en": f"in Q{quarter} {start.year}",
                "vi": f"quý {quarter}/{start.year}",
                "zh": f"{start.year}年第{zh_quarter}季度",
            }[language]
        if start.month == end.month:
            month_name = calendar.month_name[start.month]
            return {
                "en": f"in {month_name} {start.year}",
                "vi": f"tháng {start.month}/{start.year}",
                "zh": f"{start.year}年{start.month}月",
            }[language]
    if language == "vi":
        return f"từ {start:%d/%m/%Y} đến {end:%d/%m/%Y}"
    if language == "zh":
        return f"{start.year}年{start.month}月{start.day}日至{end.year}年{end.month}月{end.day}日"
    return (
        f"from {start.day} {calendar.month_abbr[start.month]} {start.year} "
        f"to {end.day} {calendar.month_abbr[end.month]} {end.year}"
    )


def _parse_date(text: str) -> date:
    day, month, year = (int(part) for part in re.split(r"[-/]", text))
    return date(year, month, day)


def _product_name(parsed: ParsedQuestion) -> str:
    product = PRODUCTS_BY_KEY.get(parsed.product or "")
    if product:
        return product.names[parsed.language]
    details = str(parsed.filters.get("product_details") or "")
    if details:
        return details
    codes = parsed.filters.get("hs_code") or []
    if codes:
        return {"en": "HS ", "vi": "mã HS ", "zh": "HS编码"}[parsed.language] + ", ".join(codes)
    return {"en": "goods", "vi": "hàng hóa", "zh": "货物"}[parsed.language]


def _subject(parsed: ParsedQuestion) -> str:
    """What was searched, e.g. 'cashew shipments from Vietnam to the Netherlands in 2024'."""
    language = parsed.language
    filters = parsed.filters
    product = _product_name(parsed)
    exporter = filters.get("exporter_country") or ""
    importer = filters.get("importer_country") or ""
    exporter_name = filters.get("exporter_name") or ""
    importer_name = filters.get("importer_name") or ""
    period = _period(filters, language)
    if language == "vi":
        parts = [f"Các lô hàng {product}"]
        if exporter_name:
            parts.append(f"của nhà xuất khẩu {exporter_name}")
        if exporter:
            parts.append(f"từ {_country(exporter, language)}")
        if importer_name:
            parts.append(f"cho nhà nhập khẩu {importer_name}")
        if importer:
            parts.append(f"sang {_country(importer, language)}")
        parts.append(period)
        return " ".join(part for part in parts if part)
    if language == "zh":
        head = period
        if exporter:
            head += f"从{_country(exporter, language)}"
        if exporter_name:
            head += f"出口商{exporter_name}"
        if importer:
            head += f"出口到{_country(importer, language)}"
        if importer_name:
            head += f"进口商{importer_name}"
        return f"{head}的{product}"
    parts = [f"{product[:1].upper()}{product[1:]} shipments"]
    if exporter_name:
        parts.append(f"by exporter {exporter_name}")
    if exporter:
        parts.append(f"from {_country(exporter, language)}")
    if importer_name:
        parts.append(f"to importer {importer_name}")
    if importer:
        parts.append(f"to {_country(importer, language)}")
    parts.append(period)
    return " ".join(part for part in parts if part)


_HELP = {
    "en": (
        "I can answer questions about shipments: name a product, a country or a company, "
        "and a period if you like. For example: 'cashew exports from Vietnam to the "
        "Netherlands in 2024'."
    ),
    "vi": (
        "Tôi có thể trả lời câu hỏi về các lô hàng: hãy nêu sản phẩm, quốc gia hoặc công ty, "
        "và khoảng thời gian nếu muốn. Ví dụ: 'xuất khẩu cà phê sang Đức năm ngoái'."
    ),
    "zh": (
        "我可以回答有关货运的问题：请说明产品、国家或公司，也可以加上时间段。"
        "例如：'2024年越南出口到美国的胡椒'。"
    ),
}


def _figure(statistics: dict[str, Any], key: str) -> Any:
    value = statistics.get(key)
    return value if isinstance(value, int | float) and not isinstance(value, bool) else None


def compose_answer(
    parsed: ParsedQuestion,
    statistics: dict[str, Any],
    top_importers: list[dict[str, Any]] | None = None,
) -> str:
    """The answer in the question's language, with the figures of `statistics` and
    `top_importers` only."""
    language = parsed.language if parsed.language in LANGUAGES else "en"
    if not parsed.understood:
        return _HELP[language]
    subject = _subject(parsed)
    shipments = _figure(statistics, "shipments") or 0
    if not shipments:
        return {
            "en": f"No shipments found: {subject}. Try a longer period or fewer filters.",
            "vi": f"Không tìm thấy lô hàng nào: {subject}. Hãy thử khoảng thời gian dài hơn "
            "hoặc bớt bộ lọc.",
            "zh": f"未找到货运记录：{subject}。请尝试更长的时间段或减少筛选条件。",
        }[language]
    value = _figure(statistics, "total_value_usd")
    weight = _figure(statistics, "total_weight_kg")
    importers = _figure(statistics, "importers")
    exporters = _figure(statistics, "exporters")
    price = _figure(statistics, "avg_price_per_unit")
    sentences: list[str] = []
    if language == "vi":
        first = f"{subject}: {_count(shipments, language)} lô hàng"
        if value is not None:
            first += f", tổng trị giá {_money(value, language)}"
        if weight is not None:
            first += f", khối lượng {_count(weight, language)} kg"
        sentences.append(first + ".")
        if importers is not None and exporters is not None:
            sentences.append(
                f"Có {_count(importers, language)} nhà nhập khẩu và "
                f"{_count(exporters, language)} nhà xuất khẩu."
            )
        if price is not None:
            sentences.append(f"Giá trung bình {_money(price, language, cents=True)} mỗi đơn vị.")
    elif language == "zh":
        first = f"{subject}：共{_count(shipments, language)}批货物"
        if value is not None:
            first += f"，总金额{_money(value, language)}"
        if weight is not None:
            first += f"，净重{_count(weight, language)}千克"
        sentences.append(first + "。")
        if importers is not None and exporters is not None:
            sentences.append(
                f"涉及{_count(importers, language)}家进口商和"
                f"{_count(exporters, language)}家出口商。"
            )
        if price is not None:
            sentences.append(f"平均单价{_money(price, language, cents=True)}。")
    else:
        noun = "shipment" if shipments == 1 else "shipments"
        first = f"{subject}: {_count(shipments, language)} {noun}"
        if value is not None:
            first += f" worth {_money(value, language)}"
        if weight is not None:
            first += f", {_count(weight, language)} kg"
        sentences.append(first + ".")
        if importers is not None and exporters is not None:
            sentences.append(
                f"{_count(importers, language)} importers bought from "
                f"{_count(exporters, language)} exporters."
            )
        if price is not None:
            sentences.append(f"Average price: {_money(price, language, cents=True)} per unit.")
    top = _top_importers(top_importers or [], language)
    if top:
        sentences.append(top)
    return ("" if language == "zh" else " ").join(sentences)


def _top_importers(rows: list[dict[str, Any]], language: str) -> str:
    items = []
    for row in rows[:3]:
        name = row.get("importer_name") or row.get("name")
        if not name:
            continue
        value = _figure(row, "value_usd")
        if value is None:
            value = _figure(row, "total_value_usd")
        items.append(f"{name} ({_money(value, language)})" if value is not None else str(name))
    if not items:
        return ""
    if language == "vi":
        return "Nhà nhập khẩu lớn nhất: " + "; ".join(items) + "."
    if language == "zh":
        return "主要进口商：" + "；".join(items) + "。"
    return "Top importers: " + "; ".join(items) + "."


# An OpenAI-compatible model for harder questions (off unless AI_BASE_URL is set)


def _setting(name: str, default: str = "") -> str:
    try:
        from django.conf import settings

        value = getattr(settings, name, None)
    except Exception:  # settings not configured: the environment decides
        value = None
    return str(value or os.environ.get(name) or default)


def model_configured() -> bool:
    return bool(_setting("AI_BASE_URL"))


_MODEL_PROMPT = (
    "You turn questions about customs shipments into search filters. Today is {today}. "
    "Answer with one JSON object and nothing else, with these keys: product_details (English "
    "goods-description words or ''), importer_name, exporter_name (company names or ''), "
    "start_date, end_date (dd-MM-yyyy; the last 12 months when the question names no period), "
    "importer_country, exporter_country (ISO 3166 alpha-2 or ''), hs_code (a list of HS codes, "
    "2 to 6 digits)."
)


def _post_chat(question: str, today: date) -> str:
    """The model's reply text; raises on any failure."""
    import requests

    headers = {"Content-Type": "application/json"}
    key = _setting("AI_API_KEY")
    if key:
        headers["Authorization"] = f"Bearer {key}"
    response = requests.post(
        _setting("AI_BASE_URL").rstrip("/") + "/chat/completions",
        json={
            "model": _setting("AI_MODEL", "gpt-4o-mini"),
            "temperature": 0,
            "response_format": {"type": "json_object"},
            "messages": [
                {"role": "system", "content": _MODEL_PROMPT.format(today=today.isoformat())},
                {"role": "user", "content": question},
            ],
        },
        headers=headers,
        timeout=float(_setting("AI_TIMEOUT", "15")),
    )
    response.raise_for_status()
    return str(response.json()["choices"][0]["message"]["content"])


def filters_from_model(reply: str, fallback: dict[str, Any]) -> dict[str, Any]:
    """The model's filters, checked; raises ValueError when they are not usable."""
    data = json.loads(reply)
    if not isinstance(data, dict) or not set(data) <= set(FILTER_KEYS):
        raise ValueError("unexpected keys")
    filters = empty_filters()
    for key in ("product_details", "importer_name", "exporter_name"):
        value = data.get(key) or ""
        if not isinstance(value, str) or len(value) > 200:
            raise ValueError(key)
        filters[key] = value.strip()
    codes = set(_country_codes())
    for key in ("importer_country", "exporter_country"):
        value = str(data.get(key) or "").upper()
        if value and value not in codes:
            raise ValueError(key)
        filters[key] = value
    hs = data.get("hs_code") or []
    if isinstance(hs, str):
        hs = [hs]
    if not isinstance(hs, list) or not all(
        isinstance(code, str) and re.fullmatch(r"\d{2}(?:\d{2}){0,4}", code) for code in hs
    ):
        raise ValueError("hs_code")
    filters["hs_code"] = hs
    for key in ("start_date", "end_date"):
        value = str(data.get(key) or fallback[key])
        filters[key] = _parse_date(value).strftime(DATE_FORMAT)
    if _parse_date(filters["start_date"]) > _parse_date(filters["end_date"]):
        raise ValueError("dates")
    return filters


def parse_with_model(question: str, today: date) -> ParsedQuestion:
    """The offline parse when it understood the question or no model is configured; else the
    model's filters, or the offline parse again when the model fails."""
    offline = parse_question(question, today=today)
    if offline.understood or not model_configured():
        return offline
    try:
        filters = filters_from_model(_post_chat(question, today), offline.filters)
    except Exception:  # any failure of the service or of its output: answer offline
        logger.warning("AI question parsing failed; using the offline parser", exc_info=True)
        return offline
    product = next(
        (p.key for p in PRODUCTS if p.search and p.search == filters["product_details"].lower()),
        None,
    )
    understood = any(
        filters[key]
        for key in (
            "product_details",
            "importer_name",
            "exporter_name",
            "importer_country",
            "exporter_country",
            "hs_code",
        )
    )
    return ParsedQuestion(
        question=question,
        language=offline.language,
        filters=filters,
        understood=understood,
        product=product,
        dated=True,
    )
