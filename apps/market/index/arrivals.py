"""What a search gains from the shipments that arrived after a given one (by shipment id,
which grows with every import): the count, the largest new rows and the importers that had
no shipment in the search before. The saved-search alerts read these."""

# The SQL here is assembled from constant fragments; every value a user gives travels as a
# query parameter.
# ruff: noqa: S608

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from apps.market.filters import ShipmentFilters
from apps.market.index.conditions import where_clause
from apps.market.index.queries import _open, _rows
from apps.market.index.storage import current_snapshot


@dataclass
class Arrivals:
    """New matches of a search: shipments with an id in (after_id, last_id]."""

    last_id: int
    count: int = 0
    first_date: Any = None
    last_date: Any = None
    top: list[dict[str, Any]] = field(default_factory=list)
    new_buyers: list[dict[str, Any]] = field(default_factory=list)


def last_id() -> int:
    """The newest shipment id of the current snapshot; 0 without one."""
    path = current_snapshot()
    if path is None:
        return 0
    cursor = _open(str(path)).cursor()
    try:
        cursor.execute("SELECT coalesce(max(id), 0) FROM shipments")
        row = cursor.fetchone()
    finally:
        cursor.close()
    return int(row[0]) if row else 0


def arrivals(filters: ShipmentFilters, *, after_id: int, up_to_id: int, top: int = 10) -> Arrivals:
    """The matches of `filters` among the shipments with after_id < id <= up_to_id."""
    path = current_snapshot()
    found = Arrivals(last_id=up_to_id)
    if path is None or up_to_id <= after_id:
        return found
    where = where_clause(filters)
    new = f"{where.sql()} AND s.id > ? AND s.id <= ?"
    params = [*where.params, after_id, up_to_id]
    cursor = _open(str(path)).cursor()
    try:
        cursor.execute(
            f"SELECT count(*), min(s.date), max(s.date) FROM shipments s WHERE {new}", params
        )
        count, first_date, last_date = cursor.fetchone() or (0, None, None)
        if not count:
            return found
        found.count, found.first_date, found.last_date = int(count), first_date, last_date
        cursor.execute(
            f"""
            SELECT s.id, s.date, s.hs_code, d.text AS product_description,
                   e.name AS exporter_name, s.exporter_country,
                   i.name AS importer_name, s.importer_country,
                   s.net_weight_kg, s.value_usd
            FROM shipments s
            JOIN descriptions d ON d.description_id = s.description_id
            JOIN parties e ON e.party_id = s.exporter_id
            JOIN parties i ON i.party_id = s.importer_id
            WHERE {new}
            ORDER BY s.value_usd DESC, s.id LIMIT ?
            """,
            [*params, top],
        )
        found.top = _rows(cursor)
        cursor.execute(
            f"""
            SELECT p.name AS importer_name, p.country AS importer_country,
                   t.shipments, t.value_usd
            FROM (
                SELECT s.importer_id, count(*) AS shipments, round(sum(s.value_usd), 2) AS value_usd
                FROM shipments s WHERE {new}
                  AND s.importer_id NOT IN (
                      SELECT s.importer_id FROM shipments s WHERE {where.sql()} AND s.id <= ?
                  )
                GROUP BY 1
            ) t JOIN parties p ON p.party_id = t.importer_id
            ORDER BY t.value_usd DESC, p.name
            """,
            [*params, *where.params, after_id],
        )
        found.new_buyers = _rows(cursor)
    finally:
        cursor.close()
    return found
