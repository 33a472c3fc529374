"""Work that the panels of one search share.

The market screen asks for a search's six panels at once. Where no roll-up holds the parties
with the search (a product text's descriptions, a party's name with an HS code, both
countries), its statistics (distinct importers and exporters) and its rankings (the totals
per importer or exporter) read the same matches per party: one pass totals them per importer
and per exporter (`party_totals`, the sums in all beside it from a roll-up where one holds
them), and keeps the figures both need, the first `RANKED` parties of each side by each
measure among them, for the top lists too. The pass is kept in the cache the web processes
share (CACHE_URL, else the database's table), so the panels that come next and the same
search again read it, not the shipments; a call that finds another computing it waits for
that answer (`computed_once`) rather than scanning the same rows beside it."""

# The SQL here is assembled from constant fragments; every value a user gives travels as a
# query parameter.
# ruff: noqa: S608

from __future__ import annotations

import hashlib
import math
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from django.core.cache import cache

from apps.market.index.ranking import RANKING_MEASURES, RANKING_SIDES
from apps.market.index.rollups import Source

T = TypeVar("T")
Query = Callable[[str, Sequence[Any]], list[dict[str, Any]]]

# As long as a snapshot's page counts: a new snapshot has a new name, so nothing goes stale.
KEPT = 3600
# The largest page of a ranking (spec §9): its first page at every size comes from the pass.
RANKED = 100
# How often a call waiting for another's pass looks for it.
POLL_SECONDS = 0.01
# How long it waits when the index sets no time limit.
UNBOUNDED_WAIT = 60.0
SIDES = tuple(RANKING_SIDES)
MEASURES = tuple(RANKING_MEASURES.values())


def cache_name(kind: str, snapshot: Path, *key: Any) -> str:
    """The cache's name for `kind` of work on a snapshot, told apart by `key`."""
    digest = hashlib.sha256(repr((snapshot.name, *key)).encode()).hexdigest()
    return f"trade-index:{kind}:{digest}"


def computed_once(
    name: str,
    compute: Callable[[], T],
    *,
    wait: float,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> T:
    """The value kept in the cache under `name`, else computed by one caller at a time: the
    others wait up to `wait` seconds for its answer, and compute it themselves should it fail
    or take longer. The claim expires on its own should its process die first."""
    found: T | None = cache.get(name)
    if found is not None:
        return found
    claim, token = f"{name}:computing", uuid.uuid4().hex
    if cache.add(claim, token, timeout=math.ceil(wait) + 1):
        try:
            # Another caller may have kept it and let go of its claim since the first look.
            found = cache.get(name)
            return _computed(name, compute) if found is None else found
        finally:
            if cache.get(claim) == token:
                cache.delete(claim)
    deadline = clock() + wait
    while clock() < deadline:
        sleep(POLL_SECONDS)
        found = cache.get(name)
        if found is not None:
            return found
        if cache.get(claim) is None:  # its computation failed, or ended just now
            found = cache.get(name)
            return _computed(name, compute) if found is None else found
    return _computed(name, compute)


def _computed(name: str, compute: Callable[[], T]) -> T:
    value = compute()
    cache.set(name, value, KEPT)
    return value


@dataclass(frozen=True)
class PartyTotals:
    """A search's figures in all (`whole`: the statistics' `SUMS`), how many importers and
    exporters it has (`parties`), and the first `RANKED` of each side by each measure with
    their totals and their share of the side's total (`ranked`)."""

    whole: dict[str, Any]
    parties: dict[str, int]
    ranked: dict[tuple[str, str], list[dict[str, Any]]]

    def page(self, side: str, measure: str, *, offset: int, limit: int) -> list[dict[str, Any]]:
        """Rows [offset, offset + limit) of a side ranked by a measure, with their share by
        it; of those past the kept rows (`ranks_kept`), none."""
        return [dict(row) for row in self.ranked[side, measure][offset : offset + limit]]


def ranks_kept(*, offset: int, limit: int) -> bool:
    """Whether the pass keeps every row of a ranking's page."""
    return offset + limit <= RANKED


# Every match has an importer and an exporter, so each side's groups are its distinct parties.
# The sums in all are not among these sets: every aggregate of a set costs on every match,
# and the sums' five more would make the pass cost as much as the two scans it replaces.
_TOTALS = """
SELECT CASE grouping(s.importer_id, s.exporter_id) WHEN 1 THEN 'importer' ELSE 'exporter' END
           AS side,
       CASE grouping(s.importer_id, s.exporter_id) WHEN 1 THEN s.importer_id ELSE s.exporter_id
           END AS party_id,
       sum(s.shipments)::BIGINT AS shipments, sum(s.value_usd) AS value_usd,
       coalesce(sum(s.net_weight_kg), 0) AS net_weight_kg, max(s.last_date) AS last_date
FROM ({rows}) s GROUP BY GROUPING SETS ((s.importer_id), (s.exporter_id))
"""
# The first of a side by a measure: a top-N of its parties, not a sort of them all, whose cost
# would grow with the parties of a broad text.
_LEADER = """
SELECT side, party_id, '{measure}' AS measure,
       row_number() OVER (ORDER BY {measure} DESC, party_id) AS place
FROM (
    SELECT side, party_id, {measure} FROM totals WHERE side = '{side}'
    ORDER BY {measure} DESC, party_id LIMIT {ranked}
)
"""
_LEADERS = " UNION ALL ".join(
    _LEADER.format(measure=measure, side=side, ranked=RANKED)
    for side in SIDES
    for measure in MEASURES
)
_SIDE_SUMS = ", ".join(f"sum({measure}) AS all_{measure}" for measure in MEASURES)
_SHARE = " ".join(
    f"WHEN '{measure}' THEN t.{measure} / nullif(s.all_{measure}, 0)" for measure in MEASURES
)
_PARTY_TOTALS = f"""
WITH totals AS MATERIALIZED ({_TOTALS}),
sides AS (SELECT side, count(*) AS parties, {_SIDE_SUMS} FROM totals GROUP BY side),
leaders AS ({_LEADERS})
SELECT l.side, l.measure, l.place, s.parties,
       t.party_id, t.shipments, round(t.value_usd, 2) AS value_usd,
       round(t.net_weight_kg, 3) AS net_weight_kg, t.last_date,
       CASE l.measure {_SHARE} END AS share
FROM leaders l JOIN totals t USING (side, party_id) JOIN sides s USING (side)
"""
# The statistics' sums and average prices of a relation `s` with the `rollups.MEASURES`.
SUMS = (
    "coalesce(sum(s.shipments)::BIGINT, 0) AS shipments, "
    "round(coalesce(sum(s.value_usd), 0), 2) AS total_value_usd, "
    "round(coalesce(sum(s.net_weight_kg), 0), 3) AS total_weight_kg, "
    "sum(s.quantity_value_usd) / nullif(sum(s.quantity), 0) AS avg_price_per_unit, "
    "sum(s.weighed_value_usd) / nullif(sum(s.weighed_kg), 0) AS avg_price_per_kg"
)
_PARTY_COLUMNS = ("party_id", "shipments", "value_usd", "net_weight_kg", "last_date")


def party_totals_name(snapshot: Path, parties: Source, sums: Source) -> str:
    """The cache's name for the pass over `parties` and `sums` on a snapshot: a new shape of
    the pass has a new name too."""
    key = (_PARTY_TOTALS, SUMS, parties.sql, parties.params, sums.sql, sums.params)
    return cache_name("party-totals", snapshot, *key)


def party_totals(query: Query, parties: Source, sums: Source) -> PartyTotals:
    """One pass over `parties` (the matches with both parties) for the statistics' distinct
    parties and the rankings, and the sums from `sums` (a roll-up where one holds them)."""
    found = query(_PARTY_TOTALS.format(rows=parties.sql), parties.params)
    [whole] = query(f"SELECT {SUMS} FROM ({sums.sql}) s", sums.params)
    counts = dict.fromkeys(SIDES, 0)
    ranked: dict[tuple[str, str], list[dict[str, Any]]] = {
        (side, measure): [] for side in SIDES for measure in MEASURES
    }
    for row in sorted(found, key=lambda row: row["place"]):
        counts[row["side"]] = int(row["parties"])
        ranked[row["side"], row["measure"]].append(
            {name: row[name] for name in (*_PARTY_COLUMNS, "share")}
        )
    return PartyTotals(whole=whole, parties=counts, ranked=ranked)
