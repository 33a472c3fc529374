"""Search results as files: CSV and Excel, with the same columns in the same order. Each file
records what it holds: the search, the data's date range and how many of the search's rows it
carries (header rows before the CSV table, a 'Search' sheet in Excel). Text cells that a
spreadsheet would run as formulas are neutralised (`apps.core.spreadsheets`), the facts' cells
too; the numeric columns stay numbers."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from openpyxl import Workbook

from apps.core.spreadsheets import safe_row
from apps.market.summary import describe_search

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


@dataclass(frozen=True)
class FileFacts:
    """What a downloaded file holds: its search (as the API's parameters), the rows it carries
    of the search's total, and the date range of the data searched."""

    search: Mapping[str, Any]
    rows: int
    total: int
    first_date: date | None = None
    last_date: date | None = None
    demo: bool = False

    def data_range(self) -> str:
        if self.first_date is None or self.last_date is None:
            return "no data"
        text = f"{self.first_date:%b %Y} – {self.last_date:%b %Y}"  # noqa: RUF001
        return f"{text}, demo" if self.demo else text

    def items(self) -> list[tuple[str, str]]:
        return [
            ("Search", describe_search(self.search)),
            ("Data", self.data_range()),
            ("Rows", f"{self.rows:,} of {self.total:,}"),
        ]


def _values(rows: Iterable[dict[str, Any]]) -> Iterable[list[Any]]:
    for row in rows:
        yield safe_row([row.get(key) for key, _ in COLUMNS])


def as_csv(rows: Iterable[dict[str, Any]], facts: FileFacts | None = None) -> bytes:
    """UTF-8 with a byte-order mark, so spreadsheet programs read Vietnamese and Chinese; the
    facts come first as '# Label: value' rows."""
    out = io.StringIO()
    writer = csv.writer(out)
    for label, value in facts.items() if facts else []:
        writer.writerow(safe_row([f"# {label}: {value}"]))
    writer.writerow(title for _, title in COLUMNS)
    writer.writerows(_values(rows))
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def as_xlsx(rows: Iterable[dict[str, Any]], facts: FileFacts | None = None) -> bytes:
    """The shipments on the first sheet, the facts on a second one named 'Search'."""
    book = Workbook(write_only=True)
    sheet = book.create_sheet("Shipments")
    sheet.append([title for _, title in COLUMNS])
    for values in _values(rows):
        sheet.append(values)
    if facts:
        about = book.create_sheet("Search")
        for label, value in facts.items():
            about.append(safe_row([label, value]))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def export(rows: list[dict[str, Any]], file_format: str, facts: FileFacts | None = None) -> bytes:
    return as_xlsx(rows, facts) if file_format == "xlsx" else as_csv(rows, facts)
