"""The products and countries a question names, and which side of the trade each country is on:
exporter ("from X"), importer ("to X") or open."""

# ruff: noqa: RUF001

from __future__ import annotations

import re
from functools import lru_cache

from apps.market.ask.text import Lexicon, QuestionText, fold, lower
from apps.market.countries import COUNTRY_ALIASES, ISO_COUNTRIES, country_name
from apps.market.products import PRODUCTS, PRODUCTS_BY_KEY, Product

# Short names that are also ordinary words name a country only in capitals ('US', not 'us').
_CASE_SENSITIVE = frozenset({"us", "uk", "usa", "uae", "anh", "hàn", "nhật", "han", "nhat"})
_SHORT_VI_NAMES = frozenset({"anh", "hàn", "nhật", "áo", "ý"})
_SHORT_VI_NAMES_FOLDED = frozenset({"anh", "han", "nhat", "ao", "y"})


# Products


@lru_cache(maxsize=1)
def _product_lexicons() -> tuple[Lexicon, Lexicon]:
    """(accented: English, Vietnamese and Chinese aliases; folded: Vietnamese without accents)."""
    accented: dict[str, str] = {}
    folded: dict[str, str] = {}
    for product in PRODUCTS:
        for alias in (*product.aliases_en, *product.aliases_vi, *product.aliases_zh):
            accented.setdefault(lower(alias), product.key)
        for alias in product.aliases_vi:
            folded.setdefault(fold(alias), product.key)
    return Lexicon.build(accented), Lexicon.build(folded)


# 'tiêu' and 'điều' are also the first syllables of common words.
_NOT_PRODUCT_AFTER = re.compile(r"^\s*(?:thu|dung|chuan|chi|kien|khoan|tra|chinh|hanh|phoi)\b")


def find_product(
    text: QuestionText, language: str
) -> tuple[Product | None, tuple[int, int] | None]:
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


@lru_cache(maxsize=1)
def _country_lexicons() -> tuple[Lexicon, Lexicon]:
    """(names as written, on the lower-case question; Vietnamese names without accents, on the
    folded question)."""
    accented: dict[str, str] = {}
    folded: dict[str, str] = {}
    for language in ("en", "vi", "zh"):
        for code in sorted(ISO_COUNTRIES):
            name = lower(country_name(code, language))
            accented.setdefault(name, code)
            if language == "en":
                accented.setdefault(fold(name), code)
            if language == "vi":
                folded.setdefault(fold(name), code)
    for language in ("en", "zh", "vi"):
        for alias, code in COUNTRY_ALIASES[language].items():
            accented.setdefault(alias, code)
            if language == "vi":
                folded.setdefault(fold(alias), code)
    return (
        Lexicon.build(accented, _CASE_SENSITIVE),
        Lexicon.build(folded, _CASE_SENSITIVE),
    )


@lru_cache(maxsize=1)
def _english_folded_lexicon() -> Lexicon:
    """English names and aliases without accents, with a straight or a curly apostrophe."""
    names: dict[str, str] = {}
    pairs = [(country_name(code, "en"), code) for code in sorted(ISO_COUNTRIES)]
    pairs += list(COUNTRY_ALIASES["en"].items())
    for name, code in pairs:
        key = fold(name)
        for variant in (key, key.replace("’", "'"), key.replace("'", "’")):
            names.setdefault(variant, code)
    return Lexicon.build(names, _CASE_SENSITIVE)


def _is_capitalised(original: str, start: int) -> bool:
    return original[start : start + 1].isupper()


def find_countries(text: QuestionText, language: str) -> list[tuple[int, int, str]]:
    accented, folded = _country_lexicons()
    found = []
    for start, end, code in accented.find(text.low, text.original):
        word = text.low[start:end]
        if word in _SHORT_VI_NAMES and not _is_capitalised(text.original, start):
            continue
        found.append((start, end, code))
    taken = [(start, end) for start, end, _ in found]
    for start, end, code in _english_folded_lexicon().find(text.fold, text.original):
        if not any(start < b and a < end for a, b in taken):
            found.append((start, end, code))
            taken.append((start, end))
    if language == "vi" and not text.accented:
        for start, end, code in folded.find(text.fold, text.original):
            word = text.fold[start:end]
            if word in _SHORT_VI_NAMES_FOLDED and not _is_capitalised(text.original, start):
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
    r"(?:\bsang|\bden|\btoi|\bvao|\bcho|\bqua|\bthi truong|\bnhap vao|\bxuat vao|\btai|\bo)"
    r"(?:\s+(?:nuoc|cac nuoc|thi truong|khu vuc))?\s*$"
)
_VI_OF = re.compile(r"\bcua\s*$")
_VI_AFTER_EXPORT = re.compile(r"^\s*(?:xuat khau|xuat|ban)\b")
_VI_AFTER_IMPORT = re.compile(r"^\s*(?:nhap khau|nhap|mua)\b")
_VI_IMPORTERS_BEFORE = re.compile(
    r"\b(?:nha nhap khau|nguoi mua|ben mua|khach hang|(?:cong ty|doanh nghiep) nhap khau)\s*$"
)
_ZH_FROM = re.compile(r"(?:从|自|由|来自|产自|源自)$")
_ZH_TO = re.compile(r"(?:到|至|往|向|对|销往|运往|运至|输往|进口到|出口到|出口至)$")
_ZH_AFTER_EXPORT = re.compile(r"^(?:的)?(?:出口|产|生产|供应商|出口商|卖家)")
_ZH_AFTER_IMPORT = re.compile(r"^(?:的)?(?:进口|从|买家|进口商|采购|市场)")


def _next_to_product(
    text: QuestionText, language: str, start: int, end: int, product: tuple[int, int] | None
) -> bool:
    """A country right after the product in Vietnamese ('cà phê Việt Nam'), right before it in
    Chinese and English ('越南咖啡', 'Vietnamese coffee'): the goods' origin."""
    if product is None:
        return False
    if language == "vi":
        return product[1] <= start and not text.original[product[1] : start].strip()
    return end <= product[0] and not text.original[end : product[0]].strip(" 的")


def _side_before_product(text: QuestionText, language: str, product: tuple[int, int] | None) -> str:
    """The side of a country named next to the product: its origin, but in Chinese the buyer's
    market when importing words follow the product at once ('美国腰果进口商': US importers of
    cashew; with 的 they are the origin's goods' importers: '越南腰果的进口商')."""
    if language == "zh" and product is not None:
        after = "".join(text.low[product[1] : product[1] + 12].split())
        if not after.startswith("的") and _ZH_AFTER_IMPORT.match(after):
            return "importer"
    if language == "vi" and product is not None:
        # 'nhà nhập khẩu hạt điều Mỹ': the importers are in the country named after the goods.
        before = text.fold[max(0, product[0] - 30) : product[0]]
        if _VI_IMPORTERS_BEFORE.search(before):
            return "importer"
    return "exporter"


def _direction(
    text: QuestionText, language: str, start: int, end: int, verb: str | None
) -> str | None:
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


def _verb(text: QuestionText, language: str) -> str | None:
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


_EXPORTERS_ASKED = re.compile(
    r"\b(?:exporters|suppliers|sellers|nhung nha xuat khau|cac nha xuat khau|nha xuat khau|"
    r"nha cung cap)\b|出口商|供应商"
)


def asks_for_exporters(text: QuestionText, language: str) -> bool:
    """Whether the question asks about exporters ('the biggest exporters', '出口商')."""
    return bool(_EXPORTERS_ASKED.search(text.fold if language != "zh" else text.low))


def assign_countries(
    text: QuestionText,
    language: str,
    matches: list[tuple[int, int, str]],
    *,
    exporter_named: bool = False,
    product: tuple[int, int] | None = None,
) -> tuple[str, str]:
    """(importer country, exporter country); exports with no origin are Viet Nam's, unless an
    exporter is named or the question asks about exporters."""
    verb = _verb(text, language)
    importer = exporter = ""
    open_codes: list[str] = []
    for start, end, code in matches:
        side = _direction(text, language, start, end, verb)
        if side is None and _next_to_product(text, language, start, end, product):
            # The goods' origin, unless the country is the only one and the words around say
            # the goods' buyers are there.
            alone = len(matches) == 1
            side = _side_before_product(text, language, product) if alone else "exporter"
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
    asks_exporters = asks_for_exporters(text, language)
    if (
        verb == "export"
        and not exporter
        and importer
        and importer != "VN"
        and not exporter_named
        and not asks_exporters
    ):
        exporter = "VN"
    return importer, exporter


# Names where a company name ends


def known_word_at(text: QuestionText, start: int, language: str) -> bool:
    """Whether a product or a country name begins at `start` (where a company name ends)."""
    accented, folded = _product_lexicons()
    countries, _ = _country_lexicons()
    checks = [(accented, text.low), (countries, text.low)]
    if language == "vi":
        checks.append((folded, text.fold))
    return any(lexicon.pattern.match(subject, start) for lexicon, subject in checks)


def only_known_words(name: str) -> bool:
    """A 'name' that is only a product or a country is not a company."""
    low = lower(name)
    accented, _ = _product_lexicons()
    countries, _ = _country_lexicons()
    for lexicon in (accented, countries):
        match = lexicon.pattern.fullmatch(low)
        if match:
            return True
    return False
