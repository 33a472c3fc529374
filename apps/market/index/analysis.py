"""Rankings of importers and exporters, trade profiles of one party and unit prices per kg,
on the current snapshot; `DuckDBTradeIndex` takes these methods from `TradeAnalysis`."""

# The SQL here is assembled from constant fragments and table names; every value a user gives
# travels as a query parameter.
# ruff: noqa: S608

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from typing import Any

from apps.market.filters import ShipmentFilters
from apps.market.index.conditions import Where
from apps.market.index.ranking import (
    PER_PARTY,
    RANKING_MEASURES,
    RANKING_SIDES,
    previous_period,
    ranked,
)
from apps.market.index.rollups import Source
from apps.market.index.shared import PartyTotals, ranks_kept
from apps.market.index.steps import RELATIVE_ERROR, middle

# Whose country a price analysis groups by.
PRICE_GROUPS = {"origin": "s.exporter_country", "destination": "s.importer_country"}
PRICE_GROUP_LIMIT = 6
PROFILE_TOP = 10

# Prices group by the month as a date, written as text once per group rather than per row.
_MONTH = "date_trunc('month', s.date)"
# Shipments with a net weight have a unit price per kg; the others do not count in prices.
_PER_KG = "s.value_usd / s.net_weight_kg"
_WEIGHED = "s.net_weight_kg > 0"
# Of shipments with a net weight only (the statement's condition): no FILTER clauses, which
# cost a fifth of the quartiles' time.
_QUARTILES = (
    "count(*) AS priced_shipments, "
    "round(coalesce(sum(s.net_weight_kg), 0), 3) AS net_weight_kg, "
    "round(coalesce(sum(s.value_usd), 0), 2) AS value_usd, "
    f"quantile_cont({_PER_KG}, [0.25, 0.5, 0.75]) AS quartiles, "
    "sum(s.value_usd) / nullif(sum(s.net_weight_kg), 0) AS average"
)

# The same figures from the search's shipments per step of price (`rollups.DERIVED`): each
# quartile lies between the prices at two ranks, each price is told by its step's middle
# (`steps.middle`, within `steps.RELATIVE_ERROR` of every price in the step), and so is the
# quartile, once interpolated between them. The rows are summed per month, country and step
# first, so the grouping sets add up those few sums, not every row three times ('robusta
# coffee' by destination at 50,000,000 shipments: 2,330,239 rows, 137 ms against 106).
_SKETCHED = """
WITH per_month_step AS (
    SELECT s.month, {column} AS country, s.price_per_kg_step AS step,
           sum(s.shipments) AS n, sum(s.net_weight_kg) AS kg, sum(s.value_usd) AS usd
    FROM ({rows}) s WHERE s.price_per_kg_step IS NOT NULL
    GROUP BY ALL
),
per_step AS (
    SELECT grouping(month, country) AS grouping_id, month, country, step,
           sum(n) AS n, sum(kg) AS kg, sum(usd) AS usd
    FROM per_month_step GROUP BY GROUPING SETS ({sets})
),
ranked AS (
    SELECT *, sum(n) OVER (PARTITION BY grouping_id, month, country ORDER BY step) AS through,
           sum(n) OVER (PARTITION BY grouping_id, month, country) AS total
    FROM per_step
)
SELECT grouping_id, strftime(month, '%Y-%m') AS month, country, sum(n)::BIGINT AS priced_shipments,
       round(coalesce(sum(kg), 0), 3) AS net_weight_kg,
       round(coalesce(sum(usd), 0), 2) AS value_usd,
       [{quartiles}] AS quartiles,
       sum(usd) / nullif(sum(kg), 0) AS average
FROM ranked GROUP BY grouping_id, month, country
"""


def _sketched_quantile(share: float) -> str:
    """The quantile `share` of a group of `ranked` (as quantile_cont: between the prices at
    ranks floor and ceil of share * (n - 1), from 0)."""
    rank = f"{share} * (any_value(total) - 1)"
    low = middle(f"min(step) FILTER (WHERE through > floor({share} * (total - 1)))")
    high = middle(f"min(step) FILTER (WHERE through > ceil({share} * (total - 1)))")
    return f"{low} + ({rank} - floor({rank})) * ({high} - {low})"


_SKETCHED_QUARTILES = ", ".join(_sketched_quantile(share) for share in (0.25, 0.5, 0.75))


# A party's profile, as the grouping-set rows `profile` shapes (with its grouping ids). The
# sums per month, HS code, partner country and in all come from what the party bought (the
# importer roll-up) and what it sold (the exporter roll-up); their grouping ids have the
# partner's bit too. A shipment from the party to itself is in both, yet counts once, as
# bought: its sale is taken off again (`_TO_ITSELF`, between the first and last days of such
# shipments, when its counterparties hold itself).
_SUMS = """
SELECT grouping(month, hs_code, partner_country) * 2 + 1 AS grouping_id,
       strftime(month, '%Y-%m') AS month, hs_code, partner_country,
       coalesce(sum(shipments), 0) AS shipments, coalesce(sum(as_importer), 0) AS as_importer,
       coalesce(sum(value_usd), 0) AS value_usd,
       coalesce(sum(net_weight_kg), 0) AS net_weight_kg
FROM (
    SELECT s.month, s.hs_code, s.exporter_country AS partner_country, s.shipments,
           s.shipments AS as_importer, s.value_usd, s.net_weight_kg
    FROM ({bought}) s
    UNION ALL
    SELECT s.month, s.hs_code, s.importer_country, s.shipments, 0, s.value_usd,
           s.net_weight_kg
    FROM ({sold}) s
    {to_itself}
) s
GROUP BY GROUPING SETS ((month), (hs_code), (partner_country), ())
HAVING sum(shipments) > 0 OR grouping(month, hs_code, partner_country) = 7
"""
_TO_ITSELF = """
    UNION ALL
    SELECT date_trunc('month', s.date)::DATE, s.hs_code, s.importer_country, -1, 0,
           -s.value_usd, -s.net_weight_kg
    FROM shipments s
    WHERE s.importer_id = ? AND s.exporter_id = ? AND s.date BETWEEN ? AND ?
"""
# A party's counterparties (14), from the roll-up of both parties: what it bought, by seller,
# and what it sold to others, by buyer (a shipment to itself counts once, as bought).
_COUNTERPARTIES = """
SELECT 14 AS grouping_id, partner_id, coalesce(sum(shipments), 0) AS shipments,
       coalesce(sum(value_usd), 0) AS value_usd,
       coalesce(sum(net_weight_kg), 0) AS net_weight_kg,
       min(first_date) AS first_date, max(last_date) AS last_date
FROM (
    SELECT s.exporter_id AS partner_id, s.shipments, s.value_usd, s.net_weight_kg,
           s.first_date, s.last_date
    FROM ({bought}) s
    UNION ALL
    SELECT s.importer_id, s.shipments, s.value_usd, s.net_weight_kg, s.first_date, s.last_date
    FROM ({sold}) s
) s
GROUP BY partner_id
"""
# The median price per kg of each HS code the profile shows: from the party's own prices
# (`rollups.PARTY_PRICES`), or, on an index that scans, from its shipments: each side an
# equality condition applied within the scan (an OR of the two is not), read only when the
# sums show the party on that side, and the HS codes bound the row groups read.
_PRICES = """
    SELECT s.hs_code, s.price_per_kg FROM party_prices s
    WHERE s.party_id = ? AND s.date BETWEEN ? AND ? AND {shown}
"""
_BOUGHT = """
    SELECT s.hs_code, s.value_usd / s.net_weight_kg AS price_per_kg FROM shipments s
    WHERE s.importer_id = ? AND s.date BETWEEN ? AND ? AND s.net_weight_kg > 0 AND {shown}
"""
_SOLD = """
    SELECT s.hs_code, s.value_usd / s.net_weight_kg AS price_per_kg FROM shipments s
    WHERE s.exporter_id = ? AND s.importer_id <> ? AND s.date BETWEEN ? AND ?
      AND s.net_weight_kg > 0 AND {shown}
"""
_MEDIANS = """
SELECT hs_code, median(price_per_kg) AS median_price_per_kg FROM ({mine}) s GROUP BY hs_code
"""


def _quartiles(row: dict[str, Any]) -> dict[str, Any]:
    quartiles = row.pop("quartiles") or [None, None, None]
    row["p25"], row["median"], row["p75"] = quartiles
    return row


Lookup = Callable[[str, str, Sequence[Any]], dict[Any, dict[str, Any]]]


def shown(rows: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    """The rows of one grouping set a profile shows: the largest by value, then by `name`."""
    return sorted(rows, key=lambda row: (-row["value_usd"], str(row[name])))[:PROFILE_TOP]


def profile(found: dict[str, Any], groups: list[dict[str, Any]], lookup: Lookup) -> dict[str, Any]:
    """A party's profile from its grouping-set rows (month, HS code, partner country, partner,
    total), with the names of the products and partners it shows (`lookup` finds them)."""
    # grouping() sets a bit for each column a row is not grouped by (month first).
    sets: dict[str, list[dict[str, Any]]] = {
        name: [row for row in groups if row["grouping_id"] == bits]
        for name, bits in (
            ("month", 0b0111),
            ("hs_code", 0b1011),
            ("partner_country", 0b1101),
            ("partner_id", 0b1110),
            ("total", 0b1111),
        )
    }
    [total] = sets["total"]

    def figures(row: dict[str, Any], *names: str) -> dict[str, Any]:
        # Adding 0.0 turns the -0.0 a sale to itself taken off a sum can leave into 0.0.
        return {
            **{name: row[name] for name in names},
            "shipments": int(row["shipments"]),
            "value_usd": round(float(row["value_usd"]), 2) + 0.0,
            "net_weight_kg": round(float(row["net_weight_kg"]), 3) + 0.0,
        }

    def top(name: str) -> list[dict[str, Any]]:
        return shown(sets[name], name)

    products = [figures(row, "hs_code", "median_price_per_kg") for row in top("hs_code")]
    names = lookup("hs_codes", "code", [row["hs_code"] for row in products])
    for product in products:
        named = names.get(product["hs_code"], {})
        for language in ("en", "vi", "zh"):
            product[f"description_{language}"] = named.get(f"description_{language}")
    partners = [
        figures(row, "last_date") | {"party_id": row["partner_id"]} for row in top("partner_id")
    ]
    parties = lookup("parties", "party_id", [row["party_id"] for row in partners])
    for partner in partners:
        partner["name"] = parties[partner["party_id"]]["name"]
        partner["country"] = parties[partner["party_id"]]["country"]
    shipments = int(total["shipments"])
    return {
        **found,
        **figures(total),
        "as_importer": int(total["as_importer"]),
        "as_exporter": shipments - int(total["as_importer"]),
        "first_date": total["first_date"],
        "last_date": total["last_date"],
        "months": [
            figures(row, "month") for row in sorted(sets["month"], key=lambda r: r["month"])
        ],
        "products": products,
        "partner_countries": [
            figures(row) | {"country": row["partner_country"]} for row in top("partner_country")
        ],
        "counterparties": partners,
    }


def unit_price_series(
    rows: list[dict[str, Any]], by: str, relative_error: float | None = None
) -> dict[str, Any]:
    """Unit prices per month, and per largest country with its months, from grouping-set rows
    (month, country, country and month); quartiles within `relative_error` of the exact ones
    when they are estimated, exact without it."""
    for row in rows:
        _quartiles(row)
    months = sorted((r for r in rows if r["grouping_id"] == 0b01), key=lambda r: r["month"])
    groups = sorted(
        (r for r in rows if by and r["grouping_id"] == 0b10),
        key=lambda r: (-r["net_weight_kg"], r["country"]),
    )[:PRICE_GROUP_LIMIT]
    by_country: dict[str, list[dict[str, Any]]] = {row["country"]: [] for row in groups}
    for row in sorted(rows, key=lambda r: r["month"] or ""):
        if row["grouping_id"] == 0 and row["country"] in by_country:
            by_country[row["country"]].append(row)

    def shaped(row: dict[str, Any], *drop: str) -> dict[str, Any]:
        return {k: v for k, v in row.items() if k not in ("grouping_id", *drop)}

    return {
        "approximate": relative_error is not None,
        "relative_error": relative_error,
        "months": [shaped(row, "country") for row in months],
        "groups": [
            {
                **shaped(group, "month"),
                "months": [shaped(row, "country") for row in by_country[group["country"]]],
            }
            for group in groups
        ],
    }


class TradeAnalysis:
    """Rankings, party profiles and unit prices; needs `_query`, `_source`, `_where` and
    `_party_totals` of the index it is part of."""

    def _query(self, sql: str, params: Sequence[Any]) -> list[dict[str, Any]]:
        raise NotImplementedError

    def _rolled(self) -> bool:
        """Whether it reads the roll-ups."""
        raise NotImplementedError

    def _source(
        self, filters: ShipmentFilters, needs: Sequence[str] = (), also: Sequence[str] = ()
    ) -> Source:
        raise NotImplementedError

    def _where(self, filters: ShipmentFilters) -> Where:
        raise NotImplementedError

    def _party_totals(self, parties: Source, side: str) -> PartyTotals:
        """The pass over `parties` (a search's matches with the side's party) for `side`."""
        raise NotImplementedError

    def rankings(
        self, filters: ShipmentFilters, *, side: str, by: str, offset: int, limit: int
    ) -> tuple[list[dict[str, Any]], int]:
        """One page of the importers or exporters (`side`) of what `filters` match, the
        largest by `by` first, each with its share of the search's total and its figure in
        the previous period of equal length; and how many parties there are in all. Where no
        roll-up holds the parties with the search, its first pages come from a pass over its
        matches for the side, every measure's (`shared`)."""
        party, measure = RANKING_SIDES[side], RANKING_MEASURES[by]
        now = self._source(filters, needs=[party.removeprefix("s.")])
        if not now.rolled and ranks_kept(offset=offset, limit=limit):
            totals = self._party_totals(now, side)
            page = totals.page(measure, offset=offset, limit=limit)
            rows = self._with_previous(page, filters, party=party, measure=measure)
            return ranked(rows, offset=offset, measure=measure), totals.parties
        before = self._previous(filters, party, among="SELECT party_id FROM ranked")
        rows = self._query(
            f"""
            WITH now_totals AS ({PER_PARTY.format(party=party, rows=now.sql)}),
            ranked AS (
                SELECT *, sum({measure}) OVER () AS whole, count(*) OVER () AS parties
                FROM now_totals ORDER BY {measure} DESC, party_id LIMIT ? OFFSET ?
            ),
            before_totals AS ({PER_PARTY.format(party=party, rows=before.sql)})
            SELECT r.party_id, p.name, p.country, r.shipments,
                   round(r.value_usd, 2) AS value_usd, round(r.net_weight_kg, 3) AS net_weight_kg,
                   r.last_date, r.{measure} / nullif(r.whole, 0) AS share, r.parties,
                   coalesce(b.{measure}, 0) AS previous
            FROM ranked r JOIN parties p ON p.party_id = r.party_id
            LEFT JOIN before_totals b ON b.party_id = r.party_id
            ORDER BY r.{measure} DESC, r.party_id
            """,
            [*now.params, limit, offset, *before.params],
        )
        if rows:
            total = int(rows[0]["parties"])
        else:
            [row] = self._query(
                f"SELECT count(DISTINCT {party}) AS n FROM ({now.sql}) s", now.params
            )
            total = int(row["n"])
        return ranked(rows, offset=offset, measure=measure), total

    def _previous(self, filters: ShipmentFilters, party: str, *, among: str) -> Source:
        """The rows of the previous period of equal length, of the parties `among` only."""
        needs, also = [party.removeprefix("s.")], [f"{party} IN ({among})"]
        return self._source(previous_period(filters), needs=needs, also=also)

    def _with_previous(
        self, page: list[dict[str, Any]], filters: ShipmentFilters, *, party: str, measure: str
    ) -> list[dict[str, Any]]:
        """A ranking's rows with their names, countries and figures of the previous period."""
        if not page:
            return []
        ids = ",".join(str(int(row["party_id"])) for row in page)
        before = self._previous(filters, party, among=ids)
        found = self._query(
            f"""
            SELECT p.party_id, p.name, p.country, coalesce(b.{measure}, 0) AS previous
            FROM parties p LEFT JOIN ({PER_PARTY.format(party=party, rows=before.sql)}) b
                ON b.party_id = p.party_id
            WHERE p.party_id IN ({ids})
            """,
            before.params,
        )
        named = {row.pop("party_id"): row for row in found}
        return [row | named[row["party_id"]] for row in page if row["party_id"] in named]

    def party(self, party_id: int) -> dict[str, Any] | None:
        rows = self._query(
            "SELECT party_id, name, country FROM parties WHERE party_id = ?", [party_id]
        )
        return rows[0] if rows else None

    def party_profile(
        self, party_id: int, *, start: date | None = None, end: date | None = None
    ) -> dict[str, Any] | None:
        """What one party bought and sold (within `start`..`end` when given): totals, months,
        products with their median price per kg, partner countries and counterparties, then
        the names of the few it shows. The sums and the counterparties come from roll-ups
        (`_source`), the medians from the party's prices."""
        found = self.party(party_id)
        if found is None:
            return None
        period = ShipmentFilters(start or date.min, end or date.max)
        # An integer, so it can stand in the SQL of the conditions a `Source` takes.
        party = int(party_id)
        partners = self._counterparties(period, party)
        itself = next((row for row in partners if row["partner_id"] == party), None)
        sums = self._profile_sums(
            period, party, None if itself is None else (itself["first_date"], itself["last_date"])
        )
        [total] = [row for row in sums if row["grouping_id"] == 15]
        products = [row for row in sums if row["grouping_id"] == 11]
        medians = self._medians(
            period,
            party,
            [row["hs_code"] for row in shown(products, "hs_code")],
            bought=int(total["as_importer"]),
            sold=int(total["shipments"]) - int(total["as_importer"]),
        )
        for row in sums:
            row["median_price_per_kg"] = medians.get(row["hs_code"])
        total["first_date"] = min((row["first_date"] for row in partners), default=None)
        total["last_date"] = max((row["last_date"] for row in partners), default=None)
        return profile(found, sums + partners, self._named)

    def _profile_sums(
        self, period: ShipmentFilters, party: int, to_itself: tuple[date, date] | None = None
    ) -> list[dict[str, Any]]:
        """The grouping-set rows of `_SUMS` for `party`; without the sales to itself between
        the days `to_itself` (first, last) when given."""
        bought = self._source(period, needs=["importer_id"], also=[f"s.importer_id = {party}"])
        sold = self._source(period, needs=["exporter_id"], also=[f"s.exporter_id = {party}"])
        params = [*bought.params, *sold.params]
        if to_itself is not None:
            params += [party, party, *to_itself]
        sql = _SUMS.format(
            bought=bought.sql, sold=sold.sql, to_itself="" if to_itself is None else _TO_ITSELF
        )
        return self._query(sql, params)

    def _counterparties(self, period: ShipmentFilters, party: int) -> list[dict[str, Any]]:
        both = ["importer_id", "exporter_id"]
        bought = self._source(period, needs=both, also=[f"s.importer_id = {party}"])
        sold = self._source(
            period, needs=both, also=[f"s.exporter_id = {party}", f"s.importer_id <> {party}"]
        )
        sql = _COUNTERPARTIES.format(bought=bought.sql, sold=sold.sql)
        return self._query(sql, [*bought.params, *sold.params])

    def _medians(
        self, period: ShipmentFilters, party: int, codes: list[str], *, bought: int, sold: int
    ) -> dict[str, Any]:
        """The median price per kg of each of the HS codes `codes` in what `party` bought and
        sold (`bought`, `sold`: how many shipments the sums show on each side)."""
        shown = f"s.hs_code IN ({', '.join('?' for _ in codes)})"
        dates = [period.start_date, period.end_date]
        if self._rolled():
            sides = [(_PRICES, [party, *dates])] if bought or sold else []
        else:
            sides = [(_BOUGHT, [party, *dates])] if bought else []
            sides += [(_SOLD, [party, party, *dates])] if sold else []
        if not codes or not sides:
            return {}
        rows = self._query(
            _MEDIANS.format(mine=" UNION ALL ".join(sql.format(shown=shown) for sql, _ in sides)),
            [param for _, params in sides for param in [*params, *codes]],
        )
        return {row["hs_code"]: row["median_price_per_kg"] for row in rows}

    def _named(self, table: str, key: str, values: Sequence[Any]) -> dict[Any, dict[str, Any]]:
        """The rows of a small lookup table (`hs_codes`, `parties`) for the given keys."""
        if not values:
            return {}
        rows = self._query(f"SELECT * FROM {table} WHERE {key} = ANY(?)", [list(values)])
        return {row[key]: row for row in rows}

    def unit_prices(self, filters: ShipmentFilters, *, by: str = "") -> dict[str, Any]:
        """Unit price per kg (value over net weight, of the shipments that have one) of what
        `filters` match: quartiles and the weighted average per month, and when `by` is
        origin or destination, the same for the largest countries by weight, over the period
        and per month; one pass over the matches (grouping sets). Where a roll-up counts the
        search's shipments per step of price, the quartiles come from those counts (a sketch
        of each month, `_SKETCHED`), within `steps.RELATIVE_ERROR`; else from the prices."""
        column = PRICE_GROUPS[by] if by else "''"
        # grouping() needs every column it names in some set: without `by`, country is ''.
        sets = ["(month)", "(country)", "(country, month)"] if by else ["(month)", "(country)"]
        needs = ["price_per_kg_step", *([column.removeprefix("s.")] if by else [])]
        steps = self._source(filters, needs=needs)
        if steps.rolled:
            by_step = ", ".join(f"({grouping.strip('()')}, step)" for grouping in sets)
            sql = _SKETCHED.format(
                rows=steps.sql, column=column, sets=by_step, quartiles=_SKETCHED_QUARTILES
            )
            return unit_price_series(self._query(sql, steps.params), by, RELATIVE_ERROR)
        where = self._where(filters)
        rows = self._query(
            f"""
            SELECT * REPLACE (strftime(month, '%Y-%m') AS month) FROM (
                SELECT grouping(month, country) AS grouping_id, month, country, {_QUARTILES}
                FROM (
                    SELECT s.value_usd, s.net_weight_kg, {_MONTH} AS month, {column} AS country
                    FROM shipments s WHERE {where.sql()} AND {_WEIGHED}
                ) s
                GROUP BY GROUPING SETS ({", ".join(sets)})
            )
            """,
            where.params,
        )
        return unit_price_series(rows, by)
