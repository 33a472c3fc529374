"""Rankings of importers and exporters, trade profiles of one party and unit prices per kg,
on the current snapshot; `DuckDBTradeIndex` takes these methods from `TradeAnalysis`."""

# The SQL here is assembled from constant fragments and table names; every value a user gives
# travels as a query parameter.
# ruff: noqa: S608

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date, timedelta
from typing import Any

from apps.market.filters import ShipmentFilters
from apps.market.index.conditions import where_clause

# Which party a ranking ranks.
RANKING_SIDES = {"importer": "s.importer_id", "exporter": "s.exporter_id"}
# What it ranks them by (a column of the per-party totals).
RANKING_MEASURES = {"value": "value_usd", "weight": "net_weight_kg", "shipments": "shipments"}
# Whose country a price analysis groups by.
PRICE_GROUPS = {"origin": "s.exporter_country", "destination": "s.importer_country"}
PRICE_GROUP_LIMIT = 6
PROFILE_TOP = 10

_MONTH = "strftime(date_trunc('month', s.date), '%Y-%m')"
# Shipments with a net weight have a unit price per kg; the others do not count in prices.
_PER_KG = "s.value_usd / s.net_weight_kg"
_WEIGHED = "s.net_weight_kg > 0"
_QUARTILES = (
    f"count(*) FILTER (WHERE {_WEIGHED}) AS priced_shipments, "
    f"round(coalesce(sum(s.net_weight_kg) FILTER (WHERE {_WEIGHED}), 0), 3) AS net_weight_kg, "
    f"round(coalesce(sum(s.value_usd) FILTER (WHERE {_WEIGHED}), 0), 2) AS value_usd, "
    f"quantile_cont({_PER_KG}, [0.25, 0.5, 0.75]) FILTER (WHERE {_WEIGHED}) AS quartiles, "
    f"sum(s.value_usd) FILTER (WHERE {_WEIGHED}) "
    f"/ nullif(sum(s.net_weight_kg) FILTER (WHERE {_WEIGHED}), 0) AS average"
)


def previous_period(filters: ShipmentFilters) -> ShipmentFilters:
    """The same search over the period of equal length that ends the day before it starts."""
    days = (filters.end_date - filters.start_date).days
    end = filters.start_date - timedelta(days=1)
    return replace(filters, start_date=end - timedelta(days=days), end_date=end)


def growth(current: float, previous: float) -> float | None:
    """The change against the previous period as a fraction; none when it had nothing."""
    return (current - previous) / previous if previous > 0 else None


def _quartiles(row: dict[str, Any]) -> dict[str, Any]:
    quartiles = row.pop("quartiles") or [None, None, None]
    row["p25"], row["median"], row["p75"] = quartiles
    return row


class TradeAnalysis:
    """Rankings, party profiles and unit prices; needs `_query` of the index it is part of."""

    def _query(self, sql: str, params: Sequence[Any]) -> list[dict[str, Any]]:
        raise NotImplementedError

    def rankings(
        self, filters: ShipmentFilters, *, side: str, by: str, offset: int, limit: int
    ) -> tuple[list[dict[str, Any]], int]:
        """One page of the importers or exporters (`side`) of what `filters` match, the
        largest by `by` first, each with its share of the search's total and its figure in
        the previous period of equal length; and how many parties there are in all."""
        where = where_clause(filters)
        before = where_clause(previous_period(filters))
        party, measure = RANKING_SIDES[side], RANKING_MEASURES[by]
        before.add(f"{party} IN (SELECT party_id FROM ranked)")
        totals = (
            f"SELECT {party} AS party_id, count(*) AS shipments, sum(s.value_usd) AS value_usd, "
            "coalesce(sum(s.net_weight_kg), 0) AS net_weight_kg, max(s.date) AS last_date "
            "FROM shipments s WHERE {where} GROUP BY 1"
        )
        rows = self._query(
            f"""
            WITH now_totals AS ({totals.format(where=where.sql())}),
            ranked AS (
                SELECT *, sum({measure}) OVER () AS whole, count(*) OVER () AS parties
                FROM now_totals ORDER BY {measure} DESC, party_id LIMIT ? OFFSET ?
            ),
            before_totals AS ({totals.format(where=before.sql())})
            SELECT r.party_id, p.name, p.country, r.shipments,
                   round(r.value_usd, 2) AS value_usd, round(r.net_weight_kg, 3) AS net_weight_kg,
                   r.last_date, r.{measure} / nullif(r.whole, 0) AS share, r.parties,
                   coalesce(b.{measure}, 0) AS previous
            FROM ranked r JOIN parties p ON p.party_id = r.party_id
            LEFT JOIN before_totals b ON b.party_id = r.party_id
            ORDER BY r.{measure} DESC, r.party_id
            """,
            [*where.params, limit, offset, *before.params],
        )
        if rows:
            total = int(rows[0]["parties"])
        else:
            [row] = self._query(
                f"SELECT count(DISTINCT {party}) AS n FROM shipments s WHERE {where.sql()}",
                where.params,
            )
            total = int(row["n"])
        for place, row in enumerate(rows, start=offset + 1):
            del row["parties"]
            row["rank"] = place
            row["previous"] = round(float(row["previous"]), 3)
            row["growth"] = growth(float(row[measure]), row["previous"])
        return rows, total

    def party(self, party_id: int) -> dict[str, Any] | None:
        rows = self._query(
            "SELECT party_id, name, country FROM parties WHERE party_id = ?", [party_id]
        )
        return rows[0] if rows else None

    def party_profile(
        self, party_id: int, *, start: date | None = None, end: date | None = None
    ) -> dict[str, Any] | None:
        """What one party bought and sold (within `start`..`end` when given): totals, months,
        products with their median price per kg, partner countries and counterparties."""
        found = self.party(party_id)
        if found is None:
            return None
        mine = (
            "WITH mine AS (SELECT s.date, s.hs_code, s.value_usd, s.net_weight_kg, "
            "s.importer_id = ? AS bought, "
            "CASE WHEN s.importer_id = ? THEN s.exporter_id ELSE s.importer_id END AS partner_id, "
            "CASE WHEN s.importer_id = ? THEN s.exporter_country ELSE s.importer_country END "
            "AS partner_country "
            "FROM shipments s WHERE (s.importer_id = ? OR s.exporter_id = ?) "
            "AND s.date BETWEEN ? AND ?) "
        )
        params = [party_id] * 5 + [start or date.min, end or date.max]

        def query(sql: str) -> list[dict[str, Any]]:
            return self._query(mine + sql, params)

        [totals] = query(
            "SELECT count(*) AS shipments, count(*) FILTER (WHERE bought) AS as_importer, "
            "count(*) FILTER (WHERE NOT bought) AS as_exporter, "
            "round(coalesce(sum(value_usd), 0), 2) AS value_usd, "
            "round(coalesce(sum(net_weight_kg), 0), 3) AS net_weight_kg, "
            "min(date) AS first_date, max(date) AS last_date FROM mine s"
        )
        months = query(
            f"SELECT {_MONTH} AS month, count(*) AS shipments, "
            "round(sum(value_usd), 2) AS value_usd, "
            "round(coalesce(sum(net_weight_kg), 0), 3) AS net_weight_kg "
            "FROM mine s GROUP BY 1 ORDER BY 1"
        )
        products = query(
            "SELECT t.*, h.description_en, h.description_vi, h.description_zh FROM ("
            "SELECT hs_code, count(*) AS shipments, round(sum(value_usd), 2) AS value_usd, "
            "round(coalesce(sum(net_weight_kg), 0), 3) AS net_weight_kg, "
            f"median({_PER_KG}) FILTER (WHERE {_WEIGHED}) AS median_price_per_kg "
            f"FROM mine s GROUP BY 1 ORDER BY value_usd DESC, hs_code LIMIT {PROFILE_TOP}"
            ") t LEFT JOIN hs_codes h ON h.code = t.hs_code ORDER BY t.value_usd DESC, t.hs_code"
        )
        countries = query(
            "SELECT partner_country AS country, count(*) AS shipments, "
            "round(sum(value_usd), 2) AS value_usd, "
            "round(coalesce(sum(net_weight_kg), 0), 3) AS net_weight_kg "
            "FROM mine s GROUP BY 1 ORDER BY value_usd DESC, country "
            f"LIMIT {PROFILE_TOP}"
        )
        partners = query(
            "SELECT t.*, p.name, p.country FROM ("
            "SELECT partner_id AS party_id, count(*) AS shipments, "
            "round(sum(value_usd), 2) AS value_usd, "
            "round(coalesce(sum(net_weight_kg), 0), 3) AS net_weight_kg, "
            "max(date) AS last_date FROM mine s GROUP BY 1 "
            f"ORDER BY value_usd DESC, party_id LIMIT {PROFILE_TOP}"
            ") t JOIN parties p ON p.party_id = t.party_id ORDER BY t.value_usd DESC, t.party_id"
        )
        return {
            **found,
            **totals,
            "months": months,
            "products": products,
            "partner_countries": countries,
            "counterparties": partners,
        }

    def unit_prices(self, filters: ShipmentFilters, *, by: str = "") -> dict[str, Any]:
        """Unit price per kg (value over net weight, of the shipments that have one) of what
        `filters` match: quartiles and the weighted average per month, and when `by` is
        origin or destination, the same for the largest countries by weight, over the period
        and per month."""
        where = where_clause(filters)
        months = self._query(
            f"SELECT {_MONTH} AS month, {_QUARTILES} FROM shipments s "
            f"WHERE {where.sql()} GROUP BY 1 HAVING count(*) FILTER (WHERE {_WEIGHED}) > 0 "
            "ORDER BY 1",
            where.params,
        )
        result: dict[str, Any] = {"months": [_quartiles(row) for row in months], "groups": []}
        if not by:
            return result
        column = PRICE_GROUPS[by]
        groups = self._query(
            f"SELECT {column} AS country, {_QUARTILES} FROM shipments s "
            f"WHERE {where.sql()} AND {_WEIGHED} GROUP BY 1 "
            f"ORDER BY net_weight_kg DESC, country LIMIT {PRICE_GROUP_LIMIT}",
            where.params,
        )
        if not groups:
            return result
        countries = [row["country"] for row in groups]
        per_month = self._query(
            f"SELECT {column} AS country, {_MONTH} AS month, {_QUARTILES} FROM shipments s "
            f"WHERE {where.sql()} AND {_WEIGHED} AND {column} = ANY(?) GROUP BY 1, 2 "
            "ORDER BY 1, 2",
            [*where.params, countries],
        )
        months_of: dict[str, list[dict[str, Any]]] = {country: [] for country in countries}
        for row in per_month:
            months_of[row.pop("country")].append(_quartiles(row))
        for group in groups:
            _quartiles(group)["months"] = months_of[group["country"]]
        result["groups"] = groups
        return result
