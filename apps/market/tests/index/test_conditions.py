"""The search conditions on their own, on a few rows in DuckDB."""

from __future__ import annotations

import re
from datetime import date

import duckdb
import pytest

from apps.market.filters import ShipmentFilters
from apps.market.index.conditions import Where, _listed, matching_clause

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


@pytest.mark.parametrize("ids", [(3,), (5, 3, 5, 8), tuple(range(1, 200, 3)), (2, 4000), ()])
def test_joined_ids_match_what_the_listed_condition_matches(ids: tuple[int, ...]) -> None:
    """A scan joins the ids it is to find (each once, however often given); a roll-up tests
    the same ids on each row: both find the same rows."""
    where = Where()
    where.add("s.description_id < ?", 4500)
    where.among("description_id", ids)
    listed = where.listed()
    with duckdb.connect() as db:
        db.execute(
            "CREATE TABLE shipments AS SELECT n::INTEGER AS description_id "
            "FROM (SELECT unnest(range(0, 5000)) AS n), range(2)"
        )

        def found(rows: Where) -> list[int]:
            sql = f"SELECT s.description_id FROM {rows.rows('shipments')} WHERE {rows.sql()}"
            return sorted(number for (number,) in db.execute(sql, rows.params).fetchall())

        joined, tested = found(where), found(listed)

    assert joined == tested == sorted(2 * [number for number in set(ids) if number < 4500])
    assert listed.joins == []
    assert listed.rows("shipments") == "shipments s"
    assert ("JOIN" in where.rows("shipments")) == bool(ids)


@pytest.mark.parametrize("declared", [("090411",), ("090411", "090412"), ("090411", "090421")])
def test_a_texts_declared_codes_within_its_own_bound_the_scan(declared: tuple[str, ...]) -> None:
    """'black pepper' is its own codes (090411, 090412) and words of the descriptions: the
    codes its descriptions were declared under, those within its own, are what the scan
    reads, as one condition DuckDB skips the row groups of other codes by."""
    filters = ShipmentFilters(date(2024, 1, 1), date(2024, 12, 31), product_details="black pepper")
    where = matching_clause(filters, declared, resolve=lambda _sql, _params: (1, 2))
    with duckdb.connect() as db:
        db.execute(
            "CREATE TABLE shipments AS SELECT * FROM (VALUES ('090411', 1), ('090412', 2), "
            "('090421', 1), ('090411', 3), ('100630', 2)) t(hs_code, description_id)"
        )
        sql = f"SELECT s.hs_code FROM shipments s WHERE {where.sql()} ORDER BY 1"
        rows = db.execute(sql, where.params).fetchall()
        [(_, plan)] = db.execute(f"EXPLAIN {sql}", where.params).fetchall()

    assert [code for (code,) in rows] == sorted(
        code for code, description in (("090411", 1), ("090412", 2)) if code in declared
    )
    # A list or an equality the scan checks against each row group's codes; an OR of
    # ranges it checks on every row instead.
    scan = " ".join(plan[plan.index("SEQ_SCAN") :].split("└")[0].replace("│", " ").split())
    assert re.search(r"hs_code IN \(|hs_code ?= ?'", scan), plan
