"""The shipments' search columns kept in the order of each measure a page can be sorted by
(value, weight, USD/kg), so that a sorted page is read from a range of that measure.

The shipments are stored month by month, by HS code within a month: a date range or an HS
code reads only its row groups, but the largest values of a search lie in every row group it
matches, so a page by value from that table sorts every match (at 10,000,000 shipments, HS
chapter 09 over three years, 2,016,430 matches: 32 ms for the first page of 100, 130 ms for
page 500). A copy ordered by the measure holds a range of it in a few row groups, which DuckDB
finds by their min/max values and reads alone: a page is sorted from the range of steps of the
measure that holds it (`paging`), read from the copy."""

# The SQL here is assembled from constant fragments and table names; every value a user gives
# travels as a query parameter.
# ruff: noqa: S608

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import duckdb

from apps.market.index.steps import STEPPED

# The shipment columns a search names, with the measures and what breaks their ties.
COLUMNS = (
    "id",
    "date",
    "hs_code",
    "description_id",
    "exporter_id",
    "importer_id",
    "exporter_country",
    "importer_country",
    "net_weight_kg",
    "value_usd",
)


@dataclass(frozen=True)
class Ordered:
    table: str
    measure: str  # on a shipment `s`


ORDERED = {name: Ordered(f"shipments_by_{name}", measure) for name, measure in STEPPED.items()}
TABLES = tuple(ordered.table for ordered in ORDERED.values())
# Each copy's column of its measure: a stored column, whose row groups' min/max values DuckDB
# compares with a range of it (it cannot with an expression such as value / weight).
MEASURE = "s.measure"


# Rows sorted at a time while building a copy: one sort of every row would spill to disk.
SORTED_AT_ONCE = 2_000_000


def build_ordered(db: duckdb.DuckDBPyConnection) -> None:
    """The ordered copies of the snapshot's `shipments`, largest first, shipments without
    the measure last; `row_id` is the shipment's row id. Each copy is written range by range
    of its measure (the ranges' bounds are approximate quantiles), largest first, each range
    sorted on its own."""
    columns = ", ".join(f"s.{column}" for column in COLUMNS)
    [(rows,)] = db.execute("SELECT count(*) FROM shipments").fetchall()
    ranges = max(math.ceil(rows / SORTED_AT_ONCE), 1)
    for ordered in ORDERED.values():
        copied = (
            f"SELECT s.rowid AS row_id, {columns}, {ordered.measure} AS measure FROM shipments s"
        )
        db.execute(f"CREATE TABLE {ordered.table} AS {copied} LIMIT 0")
        for condition, params in _ranges(db, ordered, ranges):
            db.execute(
                f"INSERT INTO {ordered.table} {copied} WHERE {condition} "
                f"ORDER BY {ordered.measure} DESC",
                params,
            )


def _ranges(
    db: duckdb.DuckDBPyConnection, ordered: Ordered, count: int
) -> list[tuple[str, list[Any]]]:
    """Conditions parting the shipments into `count` ranges of the measure, largest first,
    then those without it."""
    shares = [step / count for step in range(count - 1, 0, -1)]
    bounds: list[Any] = []
    if shares:
        # A constant list: the function takes no parameter there.
        listed = ", ".join(f"{share:.6f}" for share in shares)
        [(found,)] = db.execute(
            f"SELECT approx_quantile({ordered.measure}, [{listed}]) FROM shipments s"
        ).fetchall()
        bounds = list(found or [])
    measure = ordered.measure
    conditions: list[tuple[str, list[Any]]] = []
    upper = None
    for bound in [*bounds, None]:
        parts, params = [f"{measure} IS NOT NULL"], []
        if upper is not None:
            parts.append(f"{measure} < ?")
            params.append(upper)
        if bound is not None:
            parts.append(f"{measure} >= ?")
            params.append(bound)
        conditions.append((" AND ".join(parts), params))
        upper = bound
    conditions.append((f"{measure} IS NULL", []))
    return conditions
