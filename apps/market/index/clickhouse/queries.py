"""`TradeIndex` on ClickHouse: the same methods and results as the DuckDB snapshot's."""

# The SQL here is assembled from constant fragments, table names and integers; every value a
# user gives travels as a query parameter.
# ruff: noqa: S608

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import date
from typing import Any

from django.conf import settings

from apps.market.filters import ShipmentFilters
from apps.market.index.clickhouse.analysis import ClickHouseAnalysis
from apps.market.index.clickhouse.conditions import Where, where_clause
from apps.market.index.clickhouse.connection import Connection, Params
from apps.market.index.paging import DEFAULT_SORT

MONTH = "formatDateTime(toStartOfMonth(s.date), '%Y-%m')"
_IMPORTER_GROUPS = {
    "importer": "s.importer_id",
    "hs_code": "s.hs_code",
    "exporter_country": "s.exporter_country",
    "month": MONTH,
}
_PER_KG = "s.value_usd / nullIf(s.net_weight_kg, 0)"
# As `index.queries`: a leading '-' is descending; ties go newest first; NULLs last.
_ORDERS = {
    "-date": "s.date DESC, s.id DESC",
    "date": "s.date, s.id",
    "-value": "s.value_usd DESC NULLS LAST, s.date DESC, s.id DESC",
    "value": "s.value_usd NULLS LAST, s.date DESC, s.id DESC",
    "-weight": "s.net_weight_kg DESC NULLS LAST, s.date DESC, s.id DESC",
    "weight": "s.net_weight_kg NULLS LAST, s.date DESC, s.id DESC",
    "-price_per_kg": f"{_PER_KG} DESC NULLS LAST, s.date DESC, s.id DESC",
    "price_per_kg": f"{_PER_KG} NULLS LAST, s.date DESC, s.id DESC",
}
_PAGE_COLUMNS = (
    "s.id AS id, s.date AS date, s.hs_code AS hs_code, s.description_id AS description_id, "
    "s.exporter_id AS exporter_id, s.exporter_country AS exporter_country, "
    "s.importer_id AS importer_id, s.importer_country AS importer_country, "
    "s.quantity AS quantity, s.quantity_unit AS quantity_unit, "
    "s.net_weight_kg AS net_weight_kg, s.value_usd AS value_usd, "
    f"s.price_per_unit AS price_per_unit, {_PER_KG} AS price_per_kg"
)


def _ids(values: Sequence[Any]) -> str:
    return ",".join(str(int(value)) for value in sorted(set(values))) or "NULL"


def nan_to_none(value: Any) -> Any:
    """ClickHouse's ratio of nothing is NaN where SQL's is NULL."""
    return None if isinstance(value, float) and math.isnan(value) else value


def _whole_months(filters: ShipmentFilters) -> bool:
    after = date.fromordinal(filters.end_date.toordinal() + 1)
    return filters.start_date.day == 1 and after.day == 1


class ClickHouseTradeIndex(ClickHouseAnalysis):
    """Answers searches from a ClickHouse database, each statement within `timeout` seconds
    (by default TRADE_INDEX_QUERY_TIMEOUT; the server's `max_execution_time`) or
    QueryTimedOut."""

    def __init__(self, connection: Connection, *, timeout: float | None = None) -> None:
        self.connection = connection
        self.timeout = settings.TRADE_INDEX_QUERY_TIMEOUT if timeout is None else timeout

    def _select(self, sql: str, params: Params | None = None) -> list[dict[str, Any]]:
        return self.connection.query(sql, params, timeout=self.timeout)

    def _names(self, table: str, key: str, value: str, ids: Sequence[int]) -> dict[int, Any]:
        rows = self._select(
            f"SELECT {key} AS k, {value} AS v FROM {table} WHERE {key} IN ({_ids(ids)})"
        )
        return {row["k"]: row["v"] for row in rows}

    def page(
        self, filters: ShipmentFilters, *, offset: int, limit: int, sort: str = DEFAULT_SORT
    ) -> list[dict[str, Any]]:
        """The page's rows in one statement (ClickHouse reads the wide columns of the rows
        it keeps only), then their descriptions and party names by key."""
        where = where_clause(filters)
        rows = self._select(
            f"SELECT {_PAGE_COLUMNS} FROM shipments s WHERE {where.sql()} "
            f"ORDER BY {_ORDERS[sort]} LIMIT {int(limit)} OFFSET {int(offset)}",
            where.params,
        )
        if not rows:
            return []
        texts = self._names(
            "descriptions", "description_id", "text", [r["description_id"] for r in rows]
        )
        parties = [r[column] for r in rows for column in ("exporter_id", "importer_id")]
        names = self._names("parties", "party_id", "name", parties)
        for row in rows:
            row["product_description"] = texts[row.pop("description_id")]
            row["exporter_name"] = names[row["exporter_id"]]
            row["importer_name"] = names[row["importer_id"]]
            row["price_per_kg"] = nan_to_none(row["price_per_kg"])
        return rows

    def count(self, filters: ShipmentFilters) -> int:
        where = where_clause(filters)
        [row] = self._select(
            f"SELECT count() AS n FROM shipments s WHERE {where.sql()}", where.params
        )
        return int(row["n"])

    def statistics(self, filters: ShipmentFilters) -> dict[str, Any]:
        where = where_clause(filters)
        [row] = self._select(
            f"""
            SELECT count() AS shipments,
                   round(coalesce(sum(s.value_usd), 0), 2) AS total_value_usd,
                   round(coalesce(sum(s.net_weight_kg), 0), 3) AS total_weight_kg,
                   uniqExact(s.importer_id) AS importers,
                   uniqExact(s.exporter_id) AS exporters,
                   sumIf(s.value_usd, s.quantity > 0)
                     / nullIf(sumIf(s.quantity, s.quantity > 0), 0) AS avg_price_per_unit,
                   sumIf(s.value_usd, s.net_weight_kg > 0)
                     / nullIf(sumIf(s.net_weight_kg, s.net_weight_kg > 0), 0) AS avg_price_per_kg
            FROM shipments s WHERE {where.sql()}
            """,
            where.params,
        )
        return {name: nan_to_none(value) for name, value in row.items()}

    def monthly(self, filters: ShipmentFilters) -> list[dict[str, Any]]:
        """Months of whole-month searches by HS code and country read the roll-up."""
        if self._rollup_answers(filters):
            where = Where()
            where.add(
                f"r.month BETWEEN {where.bind(filters.start_date, 'Date')} "
                f"AND {where.bind(filters.end_date, 'Date')}"
            )
            for column in ("importer_country", "exporter_country"):
                if getattr(filters, column):
                    where.add(f"r.{column} = {where.bind(getattr(filters, column), 'String')}")
            if filters.hs_codes:
                codes = " OR ".join(
                    f"startsWith(r.hs_code, {where.bind(c, 'String')})" for c in filters.hs_codes
                )
                where.add(f"({codes})")
            return self._select(
                f"""
                SELECT formatDateTime(r.month, '%Y-%m') AS month, sum(r.shipments) AS shipments,
                       round(sum(r.value_usd), 2) AS value_usd,
                       round(sum(r.net_weight_kg), 3) AS net_weight_kg
                FROM monthly_by_hs r WHERE {where.sql()}
                GROUP BY r.month ORDER BY r.month
                """,
                where.params,
            )
        where = where_clause(filters)
        return self._select(
            f"""
            SELECT {MONTH} AS month, count() AS shipments,
                   round(sum(s.value_usd), 2) AS value_usd,
                   round(coalesce(sum(s.net_weight_kg), 0), 3) AS net_weight_kg
            FROM shipments s WHERE {where.sql()}
            GROUP BY month ORDER BY month
            """,
            where.params,
        )

    @staticmethod
    def _rollup_answers(filters: ShipmentFilters) -> bool:
        return _whole_months(filters) and not (
            filters.product_details or filters.importer_name or filters.exporter_name
        )

    def top_hs_codes(self, filters: ShipmentFilters, *, limit: int) -> list[dict[str, Any]]:
        where = where_clause(filters)
        return self._select(
            f"""
            SELECT t.hs_code AS hs_code, h.description_en AS description_en,
                   h.description_vi AS description_vi, h.description_zh AS description_zh,
                   t.shipments AS shipments, t.value_usd AS value_usd
            FROM (
                SELECT s.hs_code AS hs_code, count() AS shipments,
                       round(sum(s.value_usd), 2) AS value_usd
                FROM shipments s WHERE {where.sql()}
                GROUP BY hs_code ORDER BY shipments DESC, value_usd DESC LIMIT {int(limit)}
            ) t LEFT JOIN hs_codes h ON h.code = t.hs_code
            ORDER BY t.shipments DESC, t.value_usd DESC
            """,
            where.params,
        )

    def _top_parties(
        self, filters: ShipmentFilters, side: str, columns: str, limit: int
    ) -> list[dict[str, Any]]:
        where = where_clause(filters)
        return self._select(
            f"""
            SELECT {columns}, t.shipments AS shipments, t.value_usd AS value_usd
            FROM (
                SELECT s.{side}_id AS party_id, count() AS shipments,
                       round(sum(s.value_usd), 2) AS value_usd
                FROM shipments s WHERE {where.sql()}
                GROUP BY party_id ORDER BY value_usd DESC LIMIT {int(limit)}
            ) t INNER JOIN parties p ON p.party_id = t.party_id
            ORDER BY t.value_usd DESC
            """,
            where.params,
        )

    def top_importers(self, filters: ShipmentFilters, *, limit: int) -> list[dict[str, Any]]:
        columns = "t.party_id AS party_id, p.name AS importer_name, p.country AS importer_country"
        return self._top_parties(filters, "importer", columns, limit)

    def top_exporters(self, filters: ShipmentFilters, *, limit: int) -> list[dict[str, Any]]:
        columns = "p.name AS exporter_name, p.country AS exporter_country"
        return self._top_parties(filters, "exporter", columns, limit)

    def importer_totals(
        self,
        filters: ShipmentFilters,
        *,
        by: str = "importer",
        importer_ids: Sequence[int] = (),
        limit: int | None = None,
    ) -> list[dict[str, Any]]:
        """As `DuckDBTradeIndex.importer_totals`."""
        where = where_clause(filters)
        if importer_ids:
            where.add(f"s.importer_id IN ({_ids(importer_ids)})")
        totals = (
            f"SELECT {_IMPORTER_GROUPS[by]} AS key, count() AS shipments, "
            "round(sum(s.value_usd), 2) AS value_usd, max(s.date) AS last_date "
            f"FROM shipments s WHERE {where.sql()} GROUP BY key"
        )
        if by == "importer":
            totals = (
                "SELECT t.key AS key, t.shipments AS shipments, t.value_usd AS value_usd, "
                "t.last_date AS last_date, p.name AS name, p.search AS normalized_name, "
                f"p.country AS country FROM ({totals}) t INNER JOIN parties p ON p.party_id = t.key"
            )
        ending = "" if limit is None else f" LIMIT {int(limit)}"
        return self._select(f"{totals} ORDER BY value_usd DESC, key{ending}", where.params)

    def party_roles(self) -> list[tuple[str, str, int, int]]:
        """Every party that trades: (name, country, shipments as exporter, as importer)."""
        rows = self._select(
            """
            SELECT p.name AS name, p.country AS country,
                   coalesce(e.n, 0) AS exported, coalesce(i.n, 0) AS imported
            FROM parties p
            LEFT JOIN (SELECT exporter_id AS id, count() AS n FROM shipments GROUP BY id) e
              ON e.id = p.party_id
            LEFT JOIN (SELECT importer_id AS id, count() AS n FROM shipments GROUP BY id) i
              ON i.id = p.party_id
            WHERE e.n IS NOT NULL OR i.n IS NOT NULL
            """
        )
        return [
            (str(r["name"]), str(r["country"] or ""), int(r["exported"]), int(r["imported"]))
            for r in rows
        ]

    def facts(self) -> dict[str, Any]:
        """What the whole index holds: first and last date, shipments, demo shipments."""
        [row] = self._select("SELECT * FROM facts")
        row["sources"] = row["sources"] or None
        return row
