"""Pages of the shipment list without an offset over the whole search.

Every sort has a seek key: a coarse, order-keeping function of its first sort column (the
day for the date sorts, a logarithmic step of value, weight or USD/kg for the others). The
search's rows per key value tell which key range holds rows [offset, offset + limit); the
page is then sorted from that range alone, with an offset inside it. Snapshots store the
shipments month by month (by HS code within a month), so a day range reads only the row
groups of its months (DuckDB skips the others by their min/max dates); a page by date is
first sought in the search's first month in its order, which holds the first pages of a
broad search. A page by a measure counts the search's rows per step from a roll-up of the
shipments per step (`rollups`) where one holds the search, and reads the range of steps from
a copy of the shipments in the measure's order (`ordered`), whose row groups outside the
range DuckDB skips; so its first and its deepest pages are sought alike. The counts per key
value are kept in the cache per snapshot and search, so the next page costs one narrow
query; a search's counts per day are also what a roll-up by day would give."""

# The SQL here is assembled from constant fragments; every value a user gives travels as a
# query parameter.
# ruff: noqa: S608

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Protocol

from django.core.cache import cache

from apps.market.filters import ShipmentFilters
from apps.market.index import ordered
from apps.market.index.rollups import Source
from apps.market.index.shared import cache_name
from apps.market.index.steps import STEPPED, steps, steps_range

# The orders by name (a leading '-' is descending): by date, or by a measure with the rows
# without it last either way; ties go newest first.
_TIES = "s.date DESC, s.id DESC"
_BY_DATE = {"-date": _TIES, "date": "s.date, s.id"}
SHIPMENT_SORTS = (*_BY_DATE, *(f"{way}{name}" for name in STEPPED for way in ("-", "")))
DEFAULT_SORT = "-date"


def _order(sort: str, measure: str | None = None) -> str:
    """The ORDER BY of `sort`, by the measure's expression on a shipment or `measure`."""
    if sort in _BY_DATE:
        return _BY_DATE[sort]
    column = measure or STEPPED[sort.lstrip("-")]
    return f"{column}{' DESC' if sort.startswith('-') else ''} NULLS LAST, {_TIES}"


def _key(key: str, measure: str | None = None) -> str:
    """A sort's seek key: the day, or the step of the measure (a NULL key holds the rows
    every order puts last)."""
    return "s.date" if key == "date" else steps(measure or STEPPED[key])


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
        f"SELECT {_key(key)} AS key, count(*) AS n FROM shipments s WHERE {where} GROUP BY 1",
        params,
    )
    return dict(cursor.fetchall())


def _step_counts(cursor: Cursor, steps: Source, key: str) -> dict[Any, int]:
    cursor.execute(
        f"SELECT s.{key}_step AS key, sum(s.shipments)::BIGINT AS n FROM ({steps.sql}) s "
        "GROUP BY 1",
        steps.params,
    )
    return {key if key is None else int(key): int(n) for key, n in cursor.fetchall()}


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
    steps: Source | None = None,
) -> Window | None:
    """The page's window from the search's counts per key: those kept in the cache, else
    for the date orders those of the first days (kept too) when they reach the page, else
    all of them from SEEK_FROM on (at any offset from a roll-up of `steps`); None when the
    page is best sorted from the whole search."""
    key, descending = sort.lstrip("-"), sort.startswith("-")
    name = cache_name("page-counts", snapshot, key, filters)
    counts: dict[Any, int] | None = cache.get(name)
    if counts is None and key == "date":
        first_name = cache_name("page-counts", snapshot, f"first days {sort}", filters)
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
        if offset < SEEK_FROM and not (steps is not None and steps.rolled):
            return None
        if steps is not None:
            counts = _step_counts(cursor, steps, key)
        else:
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
    steps: Source | None = None,
) -> list[int]:
    """The row ids of a page of the search (`where` with `params`) in the order `sort`. By a
    measure, on a snapshot with its ordered copies, `steps` is the search's rows with the
    measure's step (`rollups.source`): the counts per step come from there, at any offset
    when a roll-up holds them, and a window of steps is read from the copy (`ordered`)."""
    ending: list[Any] = [limit, offset]
    table, row_id, measure = "shipments", "s.rowid", None
    found = _window(
        cursor, snapshot, filters, where, params, sort=sort, offset=offset, limit=limit, steps=steps
    )
    if found is not None:
        if not (found.keys or found.nulls):
            return []
        key = sort.lstrip("-")
        if steps is not None:
            table, row_id, measure = ordered.ORDERED[key].table, "s.row_id", ordered.MEASURE
        column = measure or STEPPED.get(key)
        condition, bounds = found.condition(_key(key, measure), column)
        where, params, ending = f"{where} AND {condition}", [*params, *bounds], [limit, found.skip]
    # DuckDB would otherwise look the sorted rows up again by a join over the whole table
    # ("late materialization"), though the sort already holds the row ids: that
    # join cost more than the sort. The setting lasts as long as the cursor, one index call.
    cursor.execute("SET SESSION late_materialization_max_rows = 0")
    cursor.execute(
        f"SELECT {row_id} FROM {table} s WHERE {where} ORDER BY {_order(sort, measure)} "
        "LIMIT ? OFFSET ?",
        [*params, *ending],
    )
    return [int(row_id) for (row_id,) in cursor.fetchall()]
