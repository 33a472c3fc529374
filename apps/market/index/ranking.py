"""What a ranking of importers or exporters ranks by, its previous period and its rows' growth,
for the DuckDB and ClickHouse adapters alike."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import Any

from apps.market.filters import ShipmentFilters

# Which party a ranking ranks.
RANKING_SIDES = {"importer": "s.importer_id", "exporter": "s.exporter_id"}
# What it ranks them by (a column of the per-party totals).
RANKING_MEASURES = {"value": "value_usd", "weight": "net_weight_kg", "shipments": "shipments"}
# A search's totals per party of one side (`party`).
PER_PARTY = (
    "SELECT {party} AS party_id, sum(s.shipments)::BIGINT AS shipments, "
    "sum(s.value_usd) AS value_usd, coalesce(sum(s.net_weight_kg), 0) AS net_weight_kg, "
    "max(s.last_date) AS last_date FROM ({rows}) s GROUP BY 1"
)


def previous_period(filters: ShipmentFilters) -> ShipmentFilters:
    """The same search over the period of equal length that ends the day before it starts."""
    days = (filters.end_date - filters.start_date).days
    end = filters.start_date - timedelta(days=1)
    return replace(filters, start_date=end - timedelta(days=days), end_date=end)


def growth(current: float, previous: float) -> float | None:
    """The change against the previous period as a fraction; none when it had nothing."""
    return (current - previous) / previous if previous > 0 else None


def ranked(rows: list[dict[str, Any]], *, offset: int, measure: str) -> list[dict[str, Any]]:
    """A ranking page's rows with their place, previous-period figure and growth."""
    for place, row in enumerate(rows, start=offset + 1):
        row.pop("parties", None)
        row["rank"] = place
        row["previous"] = round(float(row["previous"]), 3)
        row["growth"] = growth(float(row[measure]), row["previous"])
    return rows
