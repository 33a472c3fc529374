"""The search conditions on their own, on a few rows in DuckDB."""

from __future__ import annotations

from datetime import date

import duckdb
import pytest

from apps.market.filters import ShipmentFilters
from apps.market.index.conditions import matching_clause

CODES = ["0899", "09", "0901", "090111", "0910", "0999", "1009", "1901", "19", "1905", "2009"]


@pytest.mark.parametrize(
    ("prefixes", "matched"),
    [
        (("09",), ["09", "0901", "090111", "0910", "0999"]),
        (("0901",), ["0901", "090111"]),
        (("19", "0910"), ["0910", "19", "1901", "1905"]),
        (("090111",), ["090111"]),
    ],
)
def test_hs_codes_match_every_code_they_start_and_nothing_else(
    prefixes: tuple[str, ...], matched: list[str]
) -> None:
    filters = ShipmentFilters(date(2024, 1, 1), date(2024, 12, 31), hs_codes=prefixes)
    where = matching_clause(filters)
    with duckdb.connect() as db:
        db.execute("CREATE TABLE shipments AS SELECT unnest(?) AS hs_code", [CODES])
        rows = db.execute(
            f"SELECT s.hs_code FROM shipments s WHERE {where.sql()} ORDER BY 1", where.params
        ).fetchall()

    assert [code for (code,) in rows] == matched
