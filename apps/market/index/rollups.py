"""Monthly roll-ups of the shipments, built with each snapshot, and the choice of where an
aggregate reads its rows: a roll-up or the shipments themselves.

Three roll-ups sum the shipments per month, HS subheading and both countries (`lane_totals`),
and the same per importer (`importer_totals`) or per exporter (`exporter_totals`); a fourth
per month, HS subheading and goods description (`description_totals`) serves product texts
that ask for words of the descriptions (a product alone in its codes asks for those codes
only), and a fifth per month, importer and exporter (`pair_totals`) a party's
counterparties. Three more sum them per month, HS subheading, both countries and step of one
measure (`steps`: of value, weight or USD/kg, 1/64 on a log scale apart): a page sorted by
the measure finds there the steps that hold it (`paging`), and the unit prices' quartiles are
estimated from the shipments per step of price, within `steps.RELATIVE_ERROR` (`analysis`);
at 10,000,000 demo shipments 1,831,883, 434,066 and 296,661 groups. The last two count them
per month, HS subheading, goods description, exporter (`description_exporter_steps`) or
importer country (`description_importer_steps`) and step of price, for the quartiles of a
product text that asks for words of the descriptions, also by origin or destination: at
50,000,000 demo shipments 9,096,088 and 24,462,876 groups (a description keeps its exporter
country and its price from month to month, not its buyers' countries). The roll-ups of
descriptions are kept by HS code and description, so a text reads a few row groups of its
codes, not some of every month: at 50,000,000 'robusta coffee''s 2,330,239 groups by
destination over three years are summed in 63 ms that way, 120 by month. Each holds counts,
value, weight, the value and quantity of the shipments with a quantity, the value and weight
of those with a net weight, and the first and last dates. An aggregate reads a relation
(`source`) with one row per roll-up group, or per shipment when scanning, under the same
column names: one statement serves both. It takes the smallest roll-up that holds every
column the search filters on (a party name resolves to party ids first, a product text to
description ids) and every column it groups by.

Grains measured on demo shipments (36 months; 1,000,000 / 4,000,000 rows, names for ids at
4,000,000): month, HS and countries 22,130 / 22,652 groups; with the importer 395,524 /
969,484, with the exporter 384,752 / 1,062,859 (a quarter of the rows at 4,000,000, falling
as they grow); with both parties 853,821 / 3,187,619. Month, HS and description 470,821 /
some 832,000 (a demo description has one HS code; real ones may have several, hence the HS
code), a fifth of the rows at 4,000,000 and falling, as descriptions repeat month after
month; with the countries too 761,190 / 2,170,030, too close to the shipments to gain much
(at 10,000,000, with the importer: 8,551,767). So a product text with a party name or both
countries scans the shipments; with one country it reads that country's steps of price. A
product that also stands for its prepared goods elsewhere ('cashew', with roasted cashews
among other nuts under 200819) is read in two parts that no shipment is in both of
(`conditions.matching_parts`): its own codes from the roll-ups as any HS code, the prepared
goods with its name in the description from the descriptions' roll-ups or, with both
countries or a party, from the shipments of their code alone. Month, importer and exporter
alone (`pair_totals`) serve a party's counterparties, a search on party names and each
party's shipments on either side (the build's `party_roles`): 13,906,451 groups of
50,000,000 demo shipments, built in 11 s.

A search's whole months come from a roll-up; the days of a first or last month it covers only
in part come from the shipments of those days, so any date range gives the figures a scan
gives.

What sums cannot give keeps scanning the shipments: the distinct parties of what no party
roll-up holds (`statistics` of a product text's descriptions scans only the parties beside
the sums of its roll-up: at 50,000,000 shipments 'robusta coffee' over three years takes 96 ms
that way and 116 in one pass, 'dried mango' 43 and 34) and the exact quartiles of a search
no step roll-up holds. The medians of a party's profile read its own unit prices
(`party_prices`), kept by party within each month: the shipments are kept by HS code,
so a party's rows lie in every row group of the codes it trades (at 50,000,000 shipments,
the largest importer's medians: 244 ms from the shipments, 80 ms from its prices; the table
takes some 18 s of the build)."""

# The SQL here is assembled from constant fragments and table names; every value a user gives
# travels as a query parameter.
# ruff: noqa: S608

from __future__ import annotations

import calendar
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any, NamedTuple

import duckdb

from apps.market.filters import ShipmentFilters
from apps.market.index.conditions import Part, Resolve, Where, matching_parts
from apps.market.index.steps import STEPPED, steps

logger = logging.getLogger(__name__)

# The shipment columns a filter or a grouping of an aggregate names, besides the date.
COLUMNS = (
    "hs_code",
    "exporter_country",
    "importer_country",
    "importer_id",
    "exporter_id",
    "description_id",
)
# Columns a roll-up is grouped by that a shipment computes: the step of each measure
# (`steps`), so a roll-up counts the shipments per step of value, weight or USD/kg.
DERIVED = {f"{name}_step": steps(measure) for name, measure in STEPPED.items()}


@dataclass(frozen=True)
class Rollup:
    table: str
    grain: tuple[str, ...]  # besides the month
    # The stored order, so the conditions a search most often puts on it skip row groups.
    order: tuple[str, ...] = ("month", "hs_code")


_LANE = ("hs_code", "exporter_country", "importer_country")
# A product text's descriptions lie apart in every month, so the roll-ups that hold them are
# kept by description within each HS code, a text's rows in a few row groups of its codes.
_BY_DESCRIPTION = ("hs_code", "description_id", "month")
# Smallest first among those that can serve the same search: only the fourth holds
# descriptions, only the fifth both parties (and no HS code), kept by importer; each of the
# next three alone a step of one measure, and the last two the step of price with
# descriptions and their exporter or importer country.
ROLLUPS = (
    Rollup("lane_totals", _LANE),
    Rollup("importer_totals", (*_LANE, "importer_id")),
    Rollup("exporter_totals", (*_LANE, "exporter_id")),
    Rollup("description_totals", ("hs_code", "description_id"), order=_BY_DESCRIPTION),
    Rollup("pair_totals", ("importer_id", "exporter_id"), order=("importer_id", "month")),
    *(Rollup(f"{column}s", (*_LANE, column)) for column in DERIVED),
    *(
        Rollup(
            f"description_{side}_steps",
            ("hs_code", "description_id", f"{side}_country", "price_per_kg_step"),
            order=_BY_DESCRIPTION,
        )
        for side in ("exporter", "importer")
    ),
)


class _Measure(NamedTuple):
    value: str  # on one shipment `s`
    combine: str  # how the roll-up combines those values, and an aggregate the roll-up's
    kind: str


MEASURES = {
    "shipments": _Measure("1", "sum", "INTEGER"),
    "value_usd": _Measure("s.value_usd", "sum", "DOUBLE"),
    "net_weight_kg": _Measure("s.net_weight_kg", "sum", "DOUBLE"),
    "quantity_value_usd": _Measure(
        "CASE WHEN s.quantity > 0 THEN s.value_usd END", "sum", "DOUBLE"
    ),
    "quantity": _Measure("CASE WHEN s.quantity > 0 THEN s.quantity END", "sum", "DOUBLE"),
    "weighed_value_usd": _Measure(
        "CASE WHEN s.net_weight_kg > 0 THEN s.value_usd END", "sum", "DOUBLE"
    ),
    "weighed_kg": _Measure(
        "CASE WHEN s.net_weight_kg > 0 THEN s.net_weight_kg END", "sum", "DOUBLE"
    ),
    "first_date": _Measure("s.date", "min", "DATE"),
    "last_date": _Measure("s.date", "max", "DATE"),
}
_MONTH = "date_trunc('month', s.date)::DATE"


def build_rollups(db: duckdb.DuckDBPyConnection) -> None:
    """The roll-ups of the snapshot's `shipments`, each in its `order`."""
    measures = ", ".join(
        f"{measure.combine}({measure.value})::{measure.kind} AS {name}"
        for name, measure in MEASURES.items()
    )
    for rollup in ROLLUPS:
        started = time.perf_counter()
        grain = _grain(rollup.grain)
        db.execute(
            f"""
            CREATE TABLE {rollup.table} AS
            SELECT {_MONTH} AS month, {grain}, {measures}
            FROM shipments s GROUP BY ALL ORDER BY {", ".join(rollup.order)}
            """
        )
        [(groups,)] = db.execute(f"SELECT count(*) FROM {rollup.table}").fetchall()
        logger.info(
            "Roll-up %s: %d groups in %.1f s", rollup.table, groups, time.perf_counter() - started
        )


# The unit price per kg of each shipment with a net weight, once for its importer and once for
# its exporter (a shipment to itself once, as bought), month by month, each month by party.
PARTY_PRICES = "party_prices"
_PARTY_PRICES_OF_MONTH = f"""
INSERT INTO {PARTY_PRICES}
SELECT * FROM (
    SELECT s.importer_id AS party_id, s.hs_code, s.date, s.value_usd / s.net_weight_kg
    FROM shipments s WHERE s.date BETWEEN $first AND $last AND s.net_weight_kg > 0
    UNION ALL
    SELECT s.exporter_id, s.hs_code, s.date, s.value_usd / s.net_weight_kg
    FROM shipments s
    WHERE s.date BETWEEN $first AND $last AND s.net_weight_kg > 0
      AND s.exporter_id <> s.importer_id
) ORDER BY party_id, hs_code
"""


def build_party_prices(db: duckdb.DuckDBPyConnection) -> None:
    """`PARTY_PRICES` of the snapshot's `shipments`, one month at a time (the months of
    `lane_totals`): each sort fits in memory."""
    db.execute(
        f"CREATE TABLE {PARTY_PRICES} "
        "(party_id BIGINT, hs_code VARCHAR, date DATE, price_per_kg DOUBLE)"
    )
    months = db.execute("SELECT DISTINCT month FROM lane_totals ORDER BY month").fetchall()
    for (first,) in months:
        last = _month_after(first) - timedelta(days=1)
        db.execute(_PARTY_PRICES_OF_MONTH, {"first": first, "last": last})


@dataclass(frozen=True)
class Source:
    """The rows an aggregate reads, as the relation `s` of `sql` with `params`: month, the
    grain of a roll-up (when `rolled`) or all `COLUMNS`, and the `MEASURES`."""

    sql: str
    params: list[Any]
    rolled: bool


# Each trading party's shipments as exporter and as importer (`party_roles`), counted in `{rows}`
# by `{count}`: the build keeps them from the pairs' roll-up, as the AI box's dictionary of
# parties reads them when a web process starts, and two counts over every shipment took 0.6
# to 1.0 s of both cores there, beside its first searches (50,000,000 shipments).
PARTY_ROLES = "party_roles"
ROLES = """
SELECT coalesce(e.id, i.id) AS party_id, coalesce(e.n, 0)::BIGINT AS exported,
       coalesce(i.n, 0)::BIGINT AS imported
FROM (SELECT exporter_id AS id, {count} AS n FROM {rows} GROUP BY 1) e
FULL JOIN (SELECT importer_id AS id, {count} AS n FROM {rows} GROUP BY 1) i ON i.id = e.id
"""


def build_party_roles(db: duckdb.DuckDBPyConnection) -> None:
    roles = ROLES.format(count="sum(shipments)", rows="pair_totals")
    db.execute(f"CREATE TABLE {PARTY_ROLES} AS {roles} ORDER BY party_id")


def _grain(columns: Sequence[str]) -> str:
    return ", ".join(
        f"{DERIVED[column]} AS {column}" if column in DERIVED else f"s.{column}"
        for column in columns
    )


def _shipment_rows(columns: Sequence[str], where: Where) -> str:
    """The shipments of the days `?` to `?` that `where` matches, one row each."""
    values = ", ".join(f"{measure.value} AS {name}" for name, measure in MEASURES.items())
    grain = _grain(columns)
    return (
        f"SELECT {_MONTH} AS month, {grain}, {values} FROM {where.rows('shipments')} "
        f"WHERE s.date BETWEEN ? AND ? AND {where.sql()}"
    )


def rollup_for(columns: set[str]) -> Rollup | None:
    """The smallest roll-up holding `columns`, if any."""
    return next((rollup for rollup in ROLLUPS if columns <= set(rollup.grain)), None)


def whole_months(start: date, end: date) -> tuple[date, date] | None:
    """The first day of the first and the last day of the last month that `start`..`end`
    covers entirely; none when it covers no month entirely."""
    first = start if start.day == 1 else _month_after(start)
    last_days = calendar.monthrange(end.year, end.month)[1]
    last = end if end.day == last_days else end.replace(day=1) - timedelta(days=1)
    return (first, last) if first <= last else None


def _month_after(day: date) -> date:
    return (day.replace(day=28) + timedelta(days=4)).replace(day=1)


def source(
    filters: ShipmentFilters,
    *,
    rollups: bool,
    needs: Sequence[str] = (),
    also: Sequence[str] = (),
    declared_hs: Sequence[str] = (),
    resolve: Resolve | None = None,
) -> Source:
    """The rows of what `filters` match, and the conditions `also` (on the columns `needs`):
    a roll-up's for the whole months when `rollups` allows and one holds those columns, the
    shipments' otherwise (`declared_hs`, `resolve`: `conditions.matching_clause`). A search
    of several parts (`conditions.matching_parts`) reads each part so, as rows of the month,
    `needs` and the measures; it is `rolled` when one part is."""
    parts = [
        _part_rows(filters, part, rollups=rollups, needs=needs, also=also)
        for part in matching_parts(filters, declared_hs, resolve)
    ]
    if len(parts) == 1:
        return parts[0]
    columns = ", ".join(("month", *dict.fromkeys(needs), *MEASURES))
    return Source(
        " UNION ALL ".join(f"SELECT {columns} FROM ({part.sql}) s" for part in parts),
        [param for part in parts for param in part.params],
        rolled=any(part.rolled for part in parts),
    )


def _part_rows(
    filters: ShipmentFilters,
    part: Part,
    *,
    rollups: bool,
    needs: Sequence[str],
    also: Sequence[str],
) -> Source:
    where = Where()
    where.extend(part.where)
    for clause in also:
        where.add(clause)
    rollup = rollup_for(set(part.columns) | set(needs)) if rollups else None
    months = whole_months(filters.start_date, filters.end_date)
    if rollup is None or months is None:
        derived = [column for column in needs if column in DERIVED]
        return Source(
            _shipment_rows((*COLUMNS, *derived), where),
            [filters.start_date, filters.end_date, *where.params],
            rolled=False,
        )
    first, last = months
    # A roll-up's few rows of a text's codes test its ids on each row (`Where.listed`).
    listed = where.listed()
    columns = ", ".join(("month", *rollup.grain, *MEASURES))
    parts = [
        (
            f"SELECT {columns} FROM {listed.rows(rollup.table)} "
            f"WHERE s.month BETWEEN ? AND ? AND {listed.sql()}",
            [first, last.replace(day=1), *listed.params],
        )
    ]
    # The days of the partial first and last months.
    edges = []
    if filters.start_date < first:
        edges.append((filters.start_date, first - timedelta(days=1)))
    if last < filters.end_date:
        edges.append((last + timedelta(days=1), filters.end_date))
    for begin, end in edges:
        parts.append(
            (
                _shipment_rows(rollup.grain, listed),
                [begin, end, *listed.params],
            )
        )
    return Source(
        " UNION ALL ".join(sql for sql, _ in parts),
        [param for _, params in parts for param in params],
        rolled=True,
    )
