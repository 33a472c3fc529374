"""Work that the panels of one search share.

The market screen asks for a search's six panels at once. Where no roll-up holds the parties
with the search (a product text's descriptions, a party's name with an HS code, both
countries), its rankings and the AI box's top lists read its matches totalled per party: one
pass per side (`party_totals`) keeps the first `RANKED` importers or exporters by each
measure, so paging a ranking or switching its measure reads no shipments. Its statistics need
only how many parties there are: they count their ids (`party_counts`), which costs less than
totalling each. Both are kept in the cache the web processes share (CACHE_URL, else the
database's table), so the same search again reads them, not the shipments; a call that finds
another computing the same one waits for that answer (`computed_once`) rather than scanning
the same rows beside it."""

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
    """A pass over a search's matches for one side: how many parties it has (`parties`) and its
    first `RANKED` by each measure with their totals and their share of the side's total
    (`ranked`)."""

    parties: int
    ranked: dict[str, list[dict[str, Any]]]

    def page(self, measure: str, *, offset: int, limit: int) -> list[dict[str, Any]]:
        """Rows [offset, offset + limit) ranked by a measure, with their share by it; of those
        past the kept rows (`ranks_kept`), none."""
        return [dict(row) for row in self.ranked[measure][offset : offset + limit]]


def ranks_kept(*, offset: int, limit: int) -> bool:
    """Whether the pass keeps every row of a ranking's page."""
    return offset + limit <= RANKED


# Every match has an importer and an exporter, so a side's groups are its distinct parties.
_TOTALS = """
SELECT {party} AS party_id, sum(s.shipments)::BIGINT AS shipments,
       sum(s.value_usd) AS value_usd, coalesce(sum(s.net_weight_kg), 0) AS net_weight_kg,
       max(s.last_date) AS last_date
FROM ({rows}) s GROUP BY 1
"""
# The first by a measure: a top-N of the parties, not a sort of them all, whose cost would grow
# with the parties of a broad text.
_LEADER = """
SELECT party_id, '{measure}' AS measure,
       row_number() OVER (ORDER BY {measure} DESC, party_id) AS place
FROM (SELECT party_id, {measure} FROM totals ORDER BY {measure} DESC, party_id LIMIT {ranked})
"""
_LEADERS = " UNION ALL ".join(
    _LEADER.format(measure=measure, ranked=RANKED) for measure in MEASURES
)
_SIDE_SUMS = ", ".join(f"sum({measure}) AS all_{measure}" for measure in MEASURES)
_SHARE = " ".join(
    f"WHEN '{measure}' THEN t.{measure} / nullif(s.all_{measure}, 0)" for measure in MEASURES
)
_PARTY_TOTALS = f"""
WITH totals AS MATERIALIZED ({_TOTALS}),
side AS (SELECT count(*) AS parties, {_SIDE_SUMS} FROM totals),
leaders AS ({_LEADERS})
SELECT l.measure, l.place, s.parties,
       t.party_id, t.shipments, round(t.value_usd, 2) AS value_usd,
       round(t.net_weight_kg, 3) AS net_weight_kg, t.last_date,
       CASE l.measure {_SHARE} END AS share
FROM leaders l JOIN totals t USING (party_id) CROSS JOIN side s
"""
# The statistics' sums and average prices of a relation `s` with the `rollups.MEASURES`.
SUMS = (
    "coalesce(sum(s.shipments)::BIGINT, 0) AS shipments, "
    "round(coalesce(sum(s.value_usd), 0), 2) AS total_value_usd, "
    "round(coalesce(sum(s.net_weight_kg), 0), 3) AS total_weight_kg, "
    "sum(s.quantity_value_usd) / nullif(sum(s.quantity), 0) AS avg_price_per_unit, "
    "sum(s.weighed_value_usd) / nullif(sum(s.weighed_kg), 0) AS avg_price_per_kg"
)
# A search's distinct parties alone: a set of ids per side costs less than a total per party
# (at 50,000,000 shipments, 'robusta coffee''s 3.4 million matches: about 110 ms, against 180
# for the totals of both sides in one pass).
_PARTY_COUNTS = (
    "SELECT count(DISTINCT s.importer_id) AS importers, "
    "count(DISTINCT s.exporter_id) AS exporters FROM ({rows}) s"
)
_PARTY_COLUMNS = ("party_id", "shipments", "value_usd", "net_weight_kg", "last_date")


def party_totals_name(snapshot: Path, parties: Source, side: str) -> str:
    """The cache's name for the pass over `parties` for `side` on a snapshot: a new shape of
    the pass has a new name too."""
    return cache_name("party-totals", snapshot, _PARTY_TOTALS, side, parties.sql, parties.params)


def party_totals(query: Query, parties: Source, side: str) -> PartyTotals:
    """One pass over `parties` (the matches with their parties) for the rankings of `side`."""
    sql = _PARTY_TOTALS.format(party=RANKING_SIDES[side], rows=parties.sql)
    ranked: dict[str, list[dict[str, Any]]] = {measure: [] for measure in MEASURES}
    parties_in_all = 0
    for row in sorted(query(sql, parties.params), key=lambda row: row["place"]):
        parties_in_all = int(row["parties"])
        ranked[row["measure"]].append({name: row[name] for name in (*_PARTY_COLUMNS, "share")})
    return PartyTotals(parties=parties_in_all, ranked=ranked)


def party_counts_name(snapshot: Path, parties: Source, sums: Source) -> str:
    key = (_PARTY_COUNTS, SUMS, parties.sql, parties.params, sums.sql, sums.params)
    return cache_name("party-counts", snapshot, *key)


def party_counts(query: Query, parties: Source, sums: Source) -> dict[str, Any]:
    """The statistics of a search no party roll-up holds: its sums from `sums` (a roll-up where
    one holds them) and its distinct importers and exporters among `parties`."""
    [counts] = query(_PARTY_COUNTS.format(rows=parties.sql), parties.params)
    [whole] = query(f"SELECT {SUMS} FROM ({sums.sql}) s", sums.params)
    return whole | counts
