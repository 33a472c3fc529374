"""Rankings, party profiles and unit prices on ClickHouse, shaped as `index.analysis` shapes
them on a snapshot (its constants and helpers are shared)."""

# The SQL here is assembled from constant fragments, table names and integers; every value a
# user gives travels as a query parameter.
# ruff: noqa: S608

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

from apps.market.filters import ShipmentFilters
from apps.market.index.analysis import PRICE_GROUPS, profile, unit_price_series
from apps.market.index.clickhouse.conditions import where_clause
from apps.market.index.clickhouse.connection import Params
from apps.market.index.ranking import RANKING_MEASURES, RANKING_SIDES, previous_period, ranked

MONTH = "formatDateTime(toStartOfMonth(s.date), '%Y-%m')"
_PER_KG = "s.value_usd / s.net_weight_kg"
_WEIGHED = "s.net_weight_kg > 0"
_QUARTILES = (
    f"countIf({_WEIGHED}) AS priced_shipments, "
    f"round(sumIf(s.net_weight_kg, {_WEIGHED}), 3) AS net_weight_kg, "
    f"round(sumIf(s.value_usd, {_WEIGHED}), 2) AS value_usd, "
    f"quantilesExactInclusiveIf(0.25, 0.5, 0.75)({_PER_KG}, {_WEIGHED}) AS quartiles, "
    f"sumIf(s.value_usd, {_WEIGHED}) / nullIf(sumIf(s.net_weight_kg, {_WEIGHED}), 0) AS average"
)


class ClickHouseAnalysis:
    """Rankings, party profiles and unit prices; needs `_select` of the index it is part of."""

    def _select(self, sql: str, params: Params | None = None) -> list[dict[str, Any]]:
        raise NotImplementedError

    def rankings(
        self, filters: ShipmentFilters, *, side: str, by: str, offset: int, limit: int
    ) -> tuple[list[dict[str, Any]], int]:
        """As `TradeAnalysis.rankings`: a page of parties by `by`, their share and their
        figure in the previous period, and how many parties there are in all."""
        where = where_clause(filters)
        # Both periods run in one statement: the second's parameters continue the first's.
        before = where_clause(previous_period(filters), where.params)
        party, measure = RANKING_SIDES[side], RANKING_MEASURES[by]
        before.add(f"{party} IN (SELECT party_id FROM ranked)")
        totals = (
            f"SELECT {party} AS party_id, count() AS shipments, sum(s.value_usd) AS value_usd, "
            "coalesce(sum(s.net_weight_kg), 0) AS net_weight_kg, max(s.date) AS last_date "
            "FROM shipments s WHERE {where} GROUP BY party_id"
        )
        rows = self._select(
            f"""
            WITH ranked AS (
                SELECT *, sum({measure}) OVER () AS whole, count() OVER () AS parties
                FROM ({totals.format(where=where.sql())})
                ORDER BY {measure} DESC, party_id LIMIT {int(limit)} OFFSET {int(offset)}
            )
            SELECT r.party_id AS party_id, p.name AS name, p.country AS country,
                   r.shipments AS shipments, round(r.value_usd, 2) AS value_usd,
                   round(r.net_weight_kg, 3) AS net_weight_kg, r.last_date AS last_date,
                   r.{measure} / nullIf(r.whole, 0) AS share, r.parties AS parties,
                   coalesce(b.{measure}, 0) AS previous
            FROM ranked r INNER JOIN parties p ON p.party_id = r.party_id
            LEFT JOIN (
                {totals.format(where=before.sql())}
            ) b ON b.party_id = r.party_id
            ORDER BY r.{measure} DESC, r.party_id
            """,
            where.params,
        )
        if rows:
            total = int(rows[0]["parties"])
        else:
            [row] = self._select(
                f"SELECT uniqExact({party}) AS n FROM shipments s WHERE {where.sql()}",
                where.params,
            )
            total = int(row["n"])
        return ranked(rows, offset=offset, measure=measure), total

    def party(self, party_id: int) -> dict[str, Any] | None:
        rows = self._select(
            "SELECT party_id, name, country FROM parties WHERE party_id = {party:Int64}",
            {"party": party_id},
        )
        return rows[0] if rows else None

    def party_profile(
        self, party_id: int, *, start: date | None = None, end: date | None = None
    ) -> dict[str, Any] | None:
        """As `TradeAnalysis.party_profile`: totals, months, products, partner countries and
        counterparties of one party, in one pass over its shipments (grouping sets)."""
        found = self.party(party_id)
        if found is None:
            return None
        period = "".join(
            f" AND s.date {op} {{{name}:Date}}"
            for op, name, value in ((">=", "start", start), ("<=", "end", end))
            if value
        )
        groups = self._select(
            f"""
            SELECT grouping(month, hs_code, partner_country, partner_id) AS grouping_id,
                   m.month AS month, m.hs_code AS hs_code, m.partner_country AS partner_country,
                   m.partner_id AS partner_id, count() AS shipments,
                   countIf(m.bought) AS as_importer,
                   coalesce(sum(m.value_usd), 0) AS value_usd,
                   coalesce(sum(m.net_weight_kg), 0) AS net_weight_kg,
                   minOrNull(m.date) AS first_date, maxOrNull(m.date) AS last_date,
                   quantileExactInclusiveIf(0.5)(m.value_usd / m.net_weight_kg,
                                                 m.net_weight_kg > 0) AS median_price_per_kg
            FROM (
                SELECT s.date AS date, s.hs_code AS hs_code, s.value_usd AS value_usd,
                       s.net_weight_kg AS net_weight_kg, {MONTH} AS month,
                       s.importer_id = {{party:Int64}} AS bought,
                       if(bought, s.exporter_id, s.importer_id) AS partner_id,
                       if(bought, s.exporter_country, s.importer_country) AS partner_country
                FROM shipments s
                WHERE (s.importer_id = {{party:Int64}} OR s.exporter_id = {{party:Int64}}){period}
            ) m
            GROUP BY GROUPING SETS ((month), (hs_code), (partner_country), (partner_id), ())
            SETTINGS group_by_use_nulls = 1
            """,
            {"party": party_id} | {n: v for n, v in (("start", start), ("end", end)) if v},
        )
        return profile(found, groups, self._named)

    def _named(self, table: str, key: str, values: Sequence[Any]) -> dict[Any, dict[str, Any]]:
        """The rows of a small lookup table (`hs_codes`, `parties`) for the given keys."""
        if not values:
            return {}
        kind = "Array(String)" if table == "hs_codes" else "Array(Int64)"
        rows = self._select(
            f"SELECT * FROM {table} WHERE has({{keys:{kind}}}, {key})", {"keys": list(values)}
        )
        return {row[key]: row for row in rows}

    def unit_prices(self, filters: ShipmentFilters, *, by: str = "") -> dict[str, Any]:
        """As `TradeAnalysis.unit_prices`: quartiles and weighted average price per kg per
        month, and with `by`, the same for the largest countries, over the period and per
        month."""
        where = where_clause(filters)
        column = PRICE_GROUPS[by] if by else "''"
        sets = "(month), (country), (country, month)" if by else "(month), (country)"
        rows = self._select(
            f"""
            SELECT grouping(month, country) AS grouping_id, month, country, {_QUARTILES}
            FROM (
                SELECT s.value_usd AS value_usd, s.net_weight_kg AS net_weight_kg,
                       {MONTH} AS month, {column} AS country
                FROM shipments s WHERE {where.sql()} AND {_WEIGHED}
            ) s
            GROUP BY GROUPING SETS ({sets})
            SETTINGS group_by_use_nulls = 1
            """,
            where.params,
        )
        return unit_price_series(rows, by)
