"""Importer and exporter names in a question: after a role word ('importer', 'nhà xuất khẩu',
'进口商') or in quotes."""

# ruff: noqa: RUF001

from __future__ import annotations

import re

from apps.market.ask.entities import known_word_at, only_known_words
from apps.market.ask.text import QuestionText

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
# What follows a Chinese role word without naming anyone: a question ('…进口商有哪些', '是谁'),
# a period ('2025年'), a number.
_ZH_NOT_A_NAME = re.compile(
    r"(?:有|是)?(?:哪些|哪几家|哪家|哪个|哪一家|谁|什么|多少|几家)|吗|呢|(?:\d{2,4}年?|\d+)"
)


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


def _latin_name(text: QuestionText, start: int, language: str) -> tuple[int, int] | None:
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
        if (count == 0 or lower_case) and known_word_at(text, token.start(), language):
            break
        if count == 0:
            capitalised = token.group()[:1].isupper()
            if language == "en" and not (capitalised or token.group()[:1].isdigit()):
                return None  # an English company name the data does not hold is capitalised
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


def _zh_name(original: str, start: int) -> tuple[int, int] | None:
    """The span of a Chinese name at `start`, None when the words there name no one."""
    if _ZH_NOT_A_NAME.match(original, start):
        return None
    match = _ZH_NAME.match(original, start)
    if match is None:
        return None
    name_start, name_end = match.span()
    # A question word ending the run is not part of the name ('越南进口商有哪些').
    cut = next((m.start() for m in _ZH_NOT_A_NAME.finditer(original, name_start, name_end)), None)
    if cut is not None:
        name_end = cut
    return (name_start, name_end) if name_end - name_start >= 2 else None


def find_parties(
    text: QuestionText, language: str, skip: dict[str, str] | None = None
) -> tuple[str, str]:
    """(importer, exporter) named after a role word or in quotes; a side already named in
    `skip` is left alone."""
    names = {"importer": "", "exporter": ""}
    taken = {side for side, name in (skip or {}).items() if name}
    role_pattern, subject = {
        "en": (_EN_ROLE, text.fold),
        "vi": (_VI_ROLE, text.fold),
        "zh": (_ZH_ROLE, text.low),
    }[language]
    used: list[tuple[int, int]] = []
    for match in role_pattern.finditer(subject):
        role = match.group("role").rstrip("s") if language == "en" else match.group("role")
        side = "importer" if role in _IMPORTER_ROLES else "exporter"
        if names[side] or side in taken:
            continue
        start = match.end()
        span = _quoted_at(text.original, start)
        if span is None:
            if language == "zh":
                span = _zh_name(text.original, start)
            else:
                span = _latin_name(text, start, language)
        if span is None:
            continue
        name = text.original[span[0] : span[1]].strip()
        if not name or only_known_words(name):
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
        if names[side] or side in taken or only_known_words(name):
            continue
        names[side] = name
        text.blank(*span)
    return names["importer"], names["exporter"]


# Words that say a company is meant without naming it: never a product's or a name's words.
_COMPANY_WORDS = re.compile(r"\b(?:cong ty|doanh nghiep|company|companies|firms?)\b|公司|企业")


def blank_company_words(text: QuestionText) -> None:
    for subject in (text.fold, text.low):
        for match in _COMPANY_WORDS.finditer(subject):
            text.blank(*match.span())


# The side of a party the data holds, from the words around its name.
_ROLE_BEFORE = {
    "importer": re.compile(
        r"(?:\b(?:importers?|buyers?|customers?|consignees?|purchasers?|client)|"
        r"\b(?:nha nhap khau|khach hang|nguoi mua|ben mua|cong ty nhap khau)|"
        r"进口商|买家|买方|采购商|客户|收货人)\s*(?:la|是|为|:)?\s*$"
    ),
    "exporter": re.compile(
        r"(?:\b(?:exporters?|suppliers?|sellers?|shippers?|manufacturers?|vendors?)|"
        r"\b(?:nha xuat khau|nha cung cap|nguoi ban|ben ban|cong ty xuat khau)|"
        r"出口商|供应商|卖家|卖方|发货人|生产商)\s*(?:la|是|为|:)?\s*$"
    ),
}
_VERB_BEFORE = {
    "importer": re.compile(
        r"(?:\b(?:to|for|bought by|imported by|purchased by|sold to|shipped to|sang|cho|ban cho)"
        r"|卖给|销往|出口到|运往)\s*$"
    ),
    "exporter": re.compile(
        r"(?:\b(?:from|by|supplied by|exported by|shipped by|sold by|tu|cua)|从|由|自)\s*$"
    ),
}
_VERB_AFTER = {
    "importer": re.compile(
        r"^\s*(?:'s|’s)?\s*(?:\w+\s+)?(?:imports?|imported|importing|buys?|bought|purchases?|"
        r"purchased|nhap khau|nhap|mua|进口|采购|购买|买)"
    ),
    "exporter": re.compile(
        r"^\s*(?:'s|’s)?\s*(?:\w+\s+)?(?:exports?|exported|exporting|sells?|sold|ships?|shipped|"
        r"supplies|supplied|xuat khau|xuat|ban|出口|销售|卖|供应)"
    ),
}


def side_of(text: QuestionText, start: int, end: int, known: tuple[int, int]) -> str:
    """'importer' or 'exporter': a role word before the name ('importer X') decides; else the
    data, when the party only exports or only imports (`known`: its shipments as exporter, as
    importer); else a verb or preposition next to it; else what it does most."""
    before = text.fold[max(0, start - 30) : start]
    after = text.fold[end : end + 30]
    for side, pattern in _ROLE_BEFORE.items():
        if pattern.search(before):
            return side
    exported, imported = known
    if not imported or not exported:
        return "exporter" if exported else "importer"
    return _verb_side(before, after) or ("exporter" if exported >= imported else "importer")


def _verb_side(before: str, after: str) -> str | None:
    for side, pattern in _VERB_AFTER.items():
        if pattern.match(after):
            return side
    for side, pattern in _VERB_BEFORE.items():
        if pattern.search(before):
            return side
    return None
