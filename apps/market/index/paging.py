"""Pages of the shipment list without an offset over the whole search.

Every sort has a seek key: a coarse, order-keeping function of its first sort column (the
day for the date sorts, a logarithmic step of value, weight or USD/kg for the others). The
search's rows per key value tell which key range holds rows [offset, offset + limit); the
page is then sorted from that range alone, with an offset inside it. Snapshots store the
shipments month by month (by HS code within a month), so a day range reads only the row
groups of its months (DuckDB skips the others by their min/max dates); a page by date is
first sought in the search's first month in its order, which holds the first pages of a
broad search. The
counts per key value are kept in the cache per snapshot and search, so the next page costs
one narrow query; a search's counts per day are also what a roll-up by day would give."""

# The SQL here is assembled from constant fragments; every value a user gives travels as a
# query parameter.
# ruff: noqa: S608

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Protocol

from django.core.cache import cache

from apps.market.filters import ShipmentFilters

_PER_KG = "s.value_usd / nullif(s.net_weight_kg, 0)"
# The shipment table's orders by name (a leading '-' is descending); ties go newest first.
_ORDERS = {
    "-date": "s.date DESC, s.id DESC",
    "date": "s.date, s.id",
    "-value": "s.value_usd DESC, s.date DESC, s.id DESC",
    "value": "s.value_usd, s.date DESC, s.id DESC",
    "-weight": "s.net_weight_kg DESC NULLS LAST, s.date DESC, s.id DESC",
    "weight": "s.net_weight_kg NULLS LAST, s.date DESC, s.id DESC",
    "-price_per_kg": f"{_PER_KG} DESC NULLS LAST, s.date DESC, s.id DESC",
    "price_per_kg": f"{_PER_KG} NULLS LAST, s.date DESC, s.id DESC",
}
SHIPMENT_SORTS = tuple(_ORDERS)
DEFAULT_SORT = "-date"


_STEPS_PER_E = 32
_SMALLEST = 0.001
_LOWEST_STEP = math.floor(math.log(_SMALLEST) * _STEPS_PER_E)


def _steps(column: str) -> str:
    """Steps of 1/32 on a log scale (about 3 % apart): never decreasing as `column` grows,
    NULL where it is NULL, one step for everything up to a thousandth."""
    return (
        f"CASE WHEN {column} IS NOT NULL "
        f"THEN floor(ln(greatest({column}, {_SMALLEST})) * {_STEPS_PER_E}) END"
    )


# The column each stepped sort key is taken of.
_STEPPED = {"value": "s.value_usd", "weight": "s.net_weight_kg", "price_per_kg": _PER_KG}
# Each sort's seek key; a NULL key holds the rows every order puts last.
_KEYS = {"date": "s.date"} | {name: _steps(column) for name, column in _STEPPED.items()}


def steps_range(low_step: int, high_step: int) -> tuple[float | None, float]:
    """The values of a column whose steps lie from `low_step` to `high_step`, a hair wider
    than they are (the logarithm is rounded): none below when the lowest step holds
    everything up to a thousandth."""
    low = None
    if low_step > _LOWEST_STEP:
        low = math.exp(low_step / _STEPS_PER_E) * (1 - 1e-9)
    return low, math.exp((high_step + 1) / _STEPS_PER_E) * (1 + 1e-9)


# Up to this offset a page is sorted from the whole search unless its counts are in the cache:
# keeping the first rows costs less than counting the search by key. Before that, a page by
# date is sought in the first PROBE_DAYS of the search when they hold it, which spares a count
# of all its days.
SEEK_FROM = 2_000
PROBE_DAYS = timedelta(days=31)
_COUNTS_KEPT = 3600


class Cursor(Protocol):
    def execute(self, sql: str, params: Sequence[Any] = ()) -> None: ...
    def fetchall(self) -> list[Any]: ...


@dataclass(frozen=True)
class Window:
    """The key values holding a page's rows (NULL among them when `nulls`) and how many rows
    of them come before the page."""

    keys: tuple[Any, ...]
    nulls: bool
    skip: int

    def condition(self, key: str, stepped: str | None = None) -> tuple[str, list[Any]]:
        """The window on `key`; for a key of steps of the column `stepped`, also the range
        of that column it covers: DuckDB compares that range in the scan, so the logarithm
        is taken only of the rows in it (about a third of the time of a deep page)."""
        parts, params = [], []
        if self.keys:
            first, last = min(self.keys), max(self.keys)
            clauses: list[str] = []
            if stepped is not None:
                low, high = steps_range(first, last)
                if low is not None:
                    clauses.append(f"{stepped} >= ?")
                    params.append(low)
                clauses.append(f"{stepped} <= ?")
                params.append(high)
            clauses.append(f"{key} BETWEEN ? AND ?")
            params += [first, last]
            parts.append(" AND ".join(clauses))
        if self.nulls:
            parts.append(f"{key} IS NULL")
        return "(" + " OR ".join(parts) + ")", params


def window(counts: dict[Any, int], *, offset: int, limit: int, descending: bool) -> Window:
    """Where rows [offset, offset + limit) lie, given the search's rows per key value (NULL
    last in either direction); a window of no key when the search ends before `offset`.
    Counts of the first keys in the order only tell where a page lies when they reach its
    end."""
    known = sorted((key for key in counts if key is not None), reverse=descending)
    ordered: list[tuple[Any, int]] = [(key, counts[key]) for key in known]
    if None in counts:
        ordered.append((None, counts[None]))
    seen = 0
    taken: list[Any] = []
    skip = 0
    for key, rows in ordered:
        if seen + rows > offset:
            if not taken:
                skip = offset - seen
            taken.append(key)
        seen += rows
        if seen >= offset + limit:
            break
    nulls = bool(taken) and taken[-1] is None
    return Window(tuple(key for key in taken if key is not None), nulls, skip)


def _first_days(filters: ShipmentFilters, descending: bool) -> tuple[date, date]:
    """The search's first PROBE_DAYS in the date order."""
    if descending:
        return max(filters.start_date, filters.end_date - PROBE_DAYS), filters.end_date
    return filters.start_date, min(filters.end_date, filters.start_date + PROBE_DAYS)


def _counts(cursor: Cursor, where: str, params: list[Any], key: str) -> dict[Any, int]:
    cursor.execute(
        f"SELECT {_KEYS[key]} AS key, count(*) AS n FROM shipments s WHERE {where} GROUP BY 1",
        params,
    )
    return dict(cursor.fetchall())


def _cache_name(snapshot: Path, counted: str, filters: ShipmentFilters) -> str:
    """The cache's name for the counts of a search by a key (or of its first days in an
    order) on a snapshot."""
    digest = hashlib.sha256(repr((snapshot.name, counted, filters)).encode()).hexdigest()
    return f"trade-index:page-counts:{digest}"


def _window(
    cursor: Cursor,
    snapshot: Path,
    filters: ShipmentFilters,
    where: str,
    params: list[Any],
    *,
    sort: str,
    offset: int,
    limit: int,
) -> Window | None:
    """The page's window from the search's counts per key: those kept in the cache, else
    for the date orders those of the first days (kept too) when they reach the page, else
    all of them from SEEK_FROM on; None when the page is best sorted from the whole search."""
    key, descending = sort.lstrip("-"), sort.startswith("-")
    name = _cache_name(snapshot, key, filters)
    counts: dict[Any, int] | None = cache.get(name)
    if counts is None and key == "date":
        first_name = _cache_name(snapshot, f"first days {sort}", filters)
        first_days: dict[Any, int] | None = cache.get(first_name)
        if first_days is None:
            first, last = _first_days(filters, descending)
            first_days = _counts(
                cursor, f"{where} AND s.date BETWEEN ? AND ?", [*params, first, last], key
            )
            cache.set(first_name, first_days, _COUNTS_KEPT)
        if sum(first_days.values()) >= offset + limit:
            return window(first_days, offset=offset, limit=limit, descending=descending)
    if counts is None:
        if offset < SEEK_FROM:
            return None
        counts = _counts(cursor, where, params, key)
        cache.set(name, counts, _COUNTS_KEPT)
    return window(counts, offset=offset, limit=limit, descending=descending)


def rows_to_read(
    cursor: Cursor,
    snapshot: Path,
    filters: ShipmentFilters,
    where: str,
    params: list[Any],
    *,
    sort: str,
    offset: int,
    limit: int,
) -> list[int]:
    """The row ids of a page of the search (`where` with `params`) in the order `sort`."""
    ending: list[Any] = [limit, offset]
    found = _window(cursor, snapshot, filters, where, params, sort=sort, offset=offset, limit=limit)
    if found is not None:
        if not (found.keys or found.nulls):
            return []
        key = sort.lstrip("-")
        condition, bounds = found.condition(_KEYS[key], _STEPPED.get(key))
        where, params, ending = f"{where} AND {condition}", [*params, *bounds], [limit, found.skip]
    # DuckDB would otherwise look the sorted rows up again by a join over the whole table
    # ("late materialization"), though the sort already holds the row ids: that
    # join cost more than the sort. The setting lasts as long as the cursor, one index call.
    cursor.execute("SET SESSION late_materialization_max_rows = 0")
    cursor.execute(
        f"SELECT s.rowid FROM shipments s WHERE {where} ORDER BY {_ORDERS[sort]} LIMIT ? OFFSET ?",
        [*params, *ending],
    )
    return [int(row_id) for (row_id,) in cursor.fetchall()]
