"""Pages of the shipment list without an offset over the whole search.

Every sort has a seek key: a coarse, order-keeping function of its first sort column (the
day for the date sorts, a logarithmic step of value, weight or USD/kg for the others). The
search's rows per key value tell which key range holds rows [offset, offset + limit); the
page is then sorted from that range alone, with an offset inside it. Snapshots store the
shipments in date order, so a day range reads only the few row groups holding those days
(DuckDB skips the others by their min/max dates). The counts per key value are kept in the
cache per snapshot and search, so the next page costs one narrow query."""

# The SQL here is assembled from constant fragments; every value a user gives travels as a
# query parameter.
# ruff: noqa: S608

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
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


def _steps(column: str) -> str:
    """Steps of 1/32 on a log scale (about 3 % apart): never decreasing as `column` grows,
    NULL where it is NULL, one step for everything up to a thousandth."""
    return f"CASE WHEN {column} IS NOT NULL THEN floor(ln(greatest({column}, 0.001)) * 32) END"


# Each sort's seek key; a NULL key holds the rows every order puts last.
_KEYS = {"date": "s.date", "value": _steps("s.value_usd"), "weight": _steps("s.net_weight_kg")}
_KEYS["price_per_kg"] = _steps(_PER_KG)

# Up to this offset a page is sorted from the whole search: keeping the first rows costs less
# than counting the search by key.
SEEK_FROM = 2_000
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

    def condition(self, key: str) -> tuple[str, list[Any]]:
        parts, params = [], []
        if self.keys:
            parts.append(f"{key} BETWEEN ? AND ?")
            params += [min(self.keys), max(self.keys)]
        if self.nulls:
            parts.append(f"{key} IS NULL")
        return "(" + " OR ".join(parts) + ")", params


def window(counts: dict[Any, int], *, offset: int, limit: int, descending: bool) -> Window | None:
    """Where rows [offset, offset + limit) lie, given the search's rows per key value (NULL
    last in either direction); None when the search ends before `offset`."""
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
        if seen >= offset + limit and taken:
            break
    if not taken:
        return None
    nulls = taken[-1] is None
    return Window(tuple(key for key in taken if key is not None), nulls, skip)


def _counts(
    cursor: Cursor,
    snapshot: Path,
    filters: ShipmentFilters,
    key: str,
    where: str,
    params: list[Any],
) -> dict[Any, int]:
    digest = hashlib.sha256(repr((snapshot.name, key, filters)).encode()).hexdigest()
    name = f"trade-index:page-counts:{digest}"
    counts: dict[Any, int] | None = cache.get(name)
    if counts is None:
        cursor.execute(
            f"SELECT {_KEYS[key]} AS key, count(*) AS n FROM shipments s WHERE {where} GROUP BY 1",
            params,
        )
        counts = dict(cursor.fetchall())
        cache.set(name, counts, _COUNTS_KEPT)
    return counts


def row_ids(
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
    order = _ORDERS[sort]
    ending: list[Any] = [limit, offset]
    if offset >= SEEK_FROM:
        key = sort.lstrip("-")
        found = window(
            _counts(cursor, snapshot, filters, key, where, params),
            offset=offset,
            limit=limit,
            descending=sort.startswith("-"),
        )
        if found is None:
            return []
        condition, bounds = found.condition(_KEYS[key])
        where, params, ending = f"{where} AND {condition}", [*params, *bounds], [limit, found.skip]
    cursor.execute(
        f"SELECT s.rowid FROM shipments s WHERE {where} ORDER BY {order} LIMIT ? OFFSET ?",
        [*params, *ending],
    )
    return [row_id for (row_id,) in cursor.fetchall()]
