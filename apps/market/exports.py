"""Search results as files: CSV and Excel, with the same columns in the same order. Text
cells that a spreadsheet would run as formulas are neutralised (`apps.core.spreadsheets`);
the numeric columns stay numbers."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any

from openpyxl import Workbook

from apps.core.spreadsheets import safe_row

COLUMNS = (
    ("date", "Date"),
    ("hs_code", "HS code"),
    ("product_description", "Product description"),
    ("exporter_name", "Exporter"),
    ("exporter_country", "Exporter country"),
    ("importer_name", "Importer"),
    ("importer_country", "Importer country"),
    ("quantity", "Quantity"),
    ("quantity_unit", "Unit"),
    ("net_weight_kg", "Net weight (kg)"),
    ("value_usd", "Value (USD)"),
    ("price_per_unit", "Price per unit (USD)"),
)
CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def _values(rows: Iterable[dict[str, Any]]) -> Iterable[list[Any]]:
    for row in rows:
        yield safe_row([row.get(key) for key, _ in COLUMNS])


def as_csv(rows: Iterable[dict[str, Any]]) -> bytes:
    """UTF-8 with a byte-order mark, so spreadsheet programs read Vietnamese and Chinese."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(title for _, title in COLUMNS)
    writer.writerows(_values(rows))
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def as_xlsx(rows: Iterable[dict[str, Any]]) -> bytes:
    book = Workbook(write_only=True)
    sheet = book.create_sheet("Shipments")
    sheet.append([title for _, title in COLUMNS])
    for values in _values(rows):
        sheet.append(values)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def export(rows: list[dict[str, Any]], file_format: str) -> bytes:
    return as_xlsx(rows) if file_format == "xlsx" else as_csv(rows)
