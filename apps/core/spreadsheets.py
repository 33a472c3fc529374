"""Cells of the files users download (CSV, Excel), neutralised against formula injection
(OWASP, "CSV Injection"): a text that a spreadsheet would run as a formula, one starting with
=, +, -, @, a tab or a carriage return, is written with a leading single quote, so it shows as
the text it is. Numbers stay numbers: only text is changed."""

from __future__ import annotations

from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """The value as a downloaded file may hold it: text that would start a formula is
    prefixed with a single quote; anything else (numbers, dates, None) as it is."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def safe_row(values: list[Any]) -> list[Any]:
    return [safe_cell(value) for value in values]
