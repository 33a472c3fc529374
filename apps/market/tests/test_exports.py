"""The files' own facts: the search, the data's range and the rows held, in CSV header rows
and an Excel sheet, every text cell neutralised against formulas."""

from __future__ import annotations

import csv
from datetime import date
from io import BytesIO

from openpyxl import load_workbook

from apps.market.exports import FileFacts, as_csv, as_xlsx

FACTS = FileFacts(
    search={
        "product_details": "=cmd|' /C calc'!A0",
        "importer_country": "US",
        "start_date": "01-01-2024",
        "end_date": "31-12-2024",
        "hs_code": ["0801"],
    },
    rows=100,
    total=1234,
    first_date=date(2023, 1, 1),
    last_date=date(2025, 12, 31),
    demo=True,
)


def test_csv_header_rows_state_the_search_the_data_and_the_rows() -> None:
    lines = list(csv.reader(as_csv([], FACTS).decode("utf-8-sig").splitlines()))
    assert lines[:3] == [
        [
            "# Search: product==cmd|' /C calc'!A0, importer country=US, HS=0801, "
            "01-01-2024 to 31-12-2024"
        ],
        ["# Data: Jan 2023 – Dec 2025, demo"],  # noqa: RUF001
        ["# Rows: 100 of 1,234"],
    ]
    assert lines[3][0] == "Date"


def test_the_excel_search_sheet_holds_the_same_facts_neutralised() -> None:
    facts = FileFacts(search={"importer_name": "@evil"}, rows=0, total=0)
    book = load_workbook(BytesIO(as_xlsx([], facts)))
    assert book.sheetnames == ["Shipments", "Search"]
    sheet = book["Search"]
    assert list(sheet.iter_rows(values_only=True)) == [
        ("Search", "importer=@evil"),
        ("Data", "no data"),
        ("Rows", "0 of 0"),
    ]
    assert all(cell.data_type != "f" for row in sheet.iter_rows() for cell in row)


def test_a_fact_that_would_start_a_formula_is_quoted() -> None:
    facts = FileFacts(search={}, rows=1, total=1)
    object.__setattr__(facts, "items", lambda: [("=1+1", "-2")])
    sheet = load_workbook(BytesIO(as_xlsx([], facts)))["Search"]
    assert next(sheet.iter_rows(values_only=True)) == ("'=1+1", "'-2")
