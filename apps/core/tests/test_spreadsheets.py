"""Downloaded cells never start a formula; numbers stay numbers."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from apps.core.spreadsheets import safe_cell, safe_row


@pytest.mark.parametrize(
    "text",
    ['=HYPERLINK("http://x","y")', "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\r=1"],
)
def test_text_that_starts_a_formula_gets_a_leading_quote(text: str) -> None:
    assert safe_cell(text) == "'" + text


@pytest.mark.parametrize("value", ["Hanse Nuts", "a=b", " =1", "", "'quoted"])
def test_other_text_is_kept(value: str) -> None:
    assert safe_cell(value) == value


def test_numbers_dates_and_empty_cells_are_kept_as_they_are() -> None:
    values = [-5, Decimal("-1.25"), -0.5, date(2024, 1, 2), None]
    assert safe_row(values) == values
