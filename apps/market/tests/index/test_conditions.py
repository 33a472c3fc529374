"""The search conditions on their own, on a few rows in DuckDB."""

from __future__ import annotations

from datetime import date

import duckdb
import pytest

from apps.market.filters import ShipmentFilters
from apps.market.index.conditions import _listed, matching_clause

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


@pytest.mark.parametrize(
    "ids",
    [
        (3,),
        (1, 2, 3, 5, 8, 13, 21, 34),
        tuple(range(1, 200, 3)),
        (2, 4000),
    ],
)
def test_listed_ids_match_those_ids_and_no_other(ids: tuple[int, ...]) -> None:
    """Dense ids go as bits, sparse ones as a list; either way a number past the largest,
    and one missing, match nothing."""
    sql, params = _listed("party_id", ids)
    with duckdb.connect() as db:
        db.execute("CREATE TABLE shipments AS SELECT unnest(range(0, 5000)) AS party_id")
        rows = db.execute(
            f"SELECT s.party_id FROM shipments s WHERE {sql} ORDER BY 1", params
        ).fetchall()

    assert [number for (number,) in rows] == sorted(ids)


def test_many_ids_go_as_bits_and_few_among_many_as_a_list() -> None:
    assert _listed("description_id", tuple(range(1, 200, 3)))[0].startswith("get_bit(")
    assert " IN (" in _listed("description_id", (2, 4000))[0]
    assert _listed("description_id", ()) == ("FALSE", [])
