"""Deriving the legal-form word list (`data/legal_forms.txt`) from GLEIF's ELF code list.

Kept from the ELF list: every abbreviation (local and transliterated) and every legal-form name
of at most six words, normalised as names are. Left out: forms holding a word that is also the
distinctive part of many names ('bank', 'trust', 'fund', ...), Roman numerals (series of
funds) and one-letter forms. Added: the forms that
sanctions lists and trade records use but the ELF list does not spell out (Russian OOO / OAO,
'joint stock company', 'Co., Ltd', Vietnamese 'công ty' without its kind)."""

from __future__ import annotations

import csv
import gzip
import re
from collections.abc import Iterable
from pathlib import Path

from apps.verification.sanctions.names import JOINING, SPLITTING, transliterate

MAX_NAME_WORDS = 6
ROMAN = re.compile(r"(?=[ivxlc])c{0,3}(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})")
NAME_COLUMNS = (
    "Entity Legal Form name Local name",
    "Entity Legal Form name Transliterated name (per ISO 01-140-10)",
)
ABBREVIATION_COLUMNS = ("Abbreviations Local language", "Abbreviations transliterated")
DISTINCTIVE_WORDS = frozenset(
    (
        "association", "bank", "banque", "banco", "church", "club", "cooperative", "cooperativa",
        "foundation", "fund", "fonds", "fondation", "government", "group", "holding", "holdings",
        "institute", "international", "investment", "mission", "partnership", "partners", "society",
        "stiftung", "trust", "union", "university", "verein", "fundacion", "fundacao", "agency",
        "authority", "branch", "consortium", "estate", "federation", "institution", "office",
        "organisation", "organization", "party", "public", "school", "state", "municipality",
        "business", "commune", "others", "series", "region", "estado", "municipal", "municipio",
        "municipalidad", "railroad", "ming", "he", "so", "son", "district", "canton", "kanton",
        "bund", "ministere", "embassy", "ambassade", "botschaft", "comune", "kunta", "obec", "kraj",
        "gemeinde",
    )
)  # fmt: skip
EXTRA_FORMS = (
    "co", "company", "corp", "corporation", "inc", "incorporated", "ltd", "limited", "llc",
    "plc", "llp", "lp", "ltda", "co ltd", "company limited", "corporation limited",
    "public limited company", "private limited company", "limited liability company",
    "joint stock company", "open joint stock company", "closed joint stock company",
    "public joint stock company", "jsc", "ojsc", "cjsc", "pjsc", "ooo", "oao", "zao", "pao",
    "ao", "tov", "cong ty", "cong ty tnhh", "cong ty co phan", "cong ty trach nhiem huu han",
    "cong ty cp", "ctcp", "tnhh", "tnhh mtv", "mot thanh vien", "gmbh", "ag", "akg", "sa",
    "sas", "sarl", "srl", "spa", "bv", "nv", "ab", "as", "oy", "kk", "pte", "pty", "sdn bhd",
    "pt", "tbk", "obshchestvo s ogranichennoy otvetstvennostyu",
    "obshchestvo s ogranichennoi otvetstvennostyu", "aktsionernoe obshchestvo",
    "publichnoe aktsionernoe obshchestvo",
    "otkrytoe aktsionernoe obshchestvo", "zakrytoe aktsionernoe obshchestvo",
)  # fmt: skip


def normalised(form: str) -> str:
    return " ".join(SPLITTING.sub(" ", JOINING.sub("", transliterate(form))).split())


def elf_forms(rows: Iterable[dict[str, str]]) -> set[str]:
    forms: set[str] = set()
    for row in rows:
        for column in ABBREVIATION_COLUMNS:
            forms.update(normalised(part) for part in row.get(column, "").split(";"))
        for column in NAME_COLUMNS:
            name = normalised(row.get(column, ""))
            if len(name.split()) <= MAX_NAME_WORDS:
                forms.add(name)
    return forms


def derive_legal_forms(elf_file: Path) -> list[str]:
    """The legal forms as normalised phrases, sorted."""
    with gzip.open(elf_file, "rt", encoding="utf-8-sig", newline="") as stream:
        forms = elf_forms(csv.DictReader(stream))
    forms.update(EXTRA_FORMS)
    return sorted(
        form
        for form in forms
        if len(form) > 1
        and DISTINCTIVE_WORDS.isdisjoint(form.split())
        and not ROMAN.fullmatch(form)
    )
