"""Searches and aggregates on the current snapshot (`TradeIndex`); a ClickHouse adapter would
implement the same methods."""

# The SQL here is assembled from constant fragments and table names; every value a user gives
# travels as a query parameter.
# ruff: noqa: S608

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from functools import lru_cache, partial
from pathlib import Path
from typing import Any, Protocol

import duckdb
from django.conf import settings

from apps.market.filters import ShipmentFilters
from apps.market.index import ordered
from apps.market.index.analysis import TradeAnalysis
from apps.market.index.bounded import BoundedCursor
from apps.market.index.conditions import Where, declared_hs_query, where_clause
from apps.market.index.paging import DEFAULT_SORT, rows_to_read
from apps.market.index.ranking import RANKING_SIDES
from apps.market.index.rollups import (
    PARTY_PRICES,
    PARTY_ROLES,
    ROLES,
    ROLLUPS,
    Source,
    source,
)
from apps.market.index.shared import (
    SUMS,
    UNBOUNDED_WAIT,
    PartyTotals,
    computed_once,
    party_counts,
    party_counts_name,
    party_totals,
    party_totals_name,
    ranks_kept,
)
from apps.market.index.storage import current_snapshot, search_config
from apps.market.lexicon.search import ProductQuery

_IMPORTER_GROUPS = {
    "importer": "s.importer_id",
    "hs_code": "s.hs_code",
    "exporter_country": "s.exporter_country",
    "month": "strftime(s.month, '%Y-%m')",
}
_SHIPMENTS = "sum(s.shipments)::BIGINT"


class TradeIndex(Protocol):
    def page(
        self, filters: ShipmentFilters, *, offset: int, limit: int, sort: str = DEFAULT_SORT
    ) -> list[dict[str, Any]]: ...
    def count(self, filters: ShipmentFilters) -> int: ...
    def statistics(self, filters: ShipmentFilters) -> dict[str, Any]: ...
    def monthly(self, filters: ShipmentFilters) -> list[dict[str, Any]]: ...
    def top_hs_codes(self, filters: ShipmentFilters, *, limit: int) -> list[dict[str, Any]]: ...
    def top_importers(self, filters: ShipmentFilters, *, limit: int) -> list[dict[str, Any]]: ...
    def top_exporters(self, filters: ShipmentFilters, *, limit: int) -> list[dict[str, Any]]: ...
    def facts(self) -> dict[str, Any]: ...
    def rankings(
        self, filters: ShipmentFilters, *, side: str, by: str, offset: int, limit: int
    ) -> tuple[list[dict[str, Any]], int]: ...
    def party(self, party_id: int) -> dict[str, Any] | None: ...
    def party_profile(
        self, party_id: int, *, start: date | None = None, end: date | None = None
    ) -> dict[str, Any] | None: ...
    def unit_prices(self, filters: ShipmentFilters, *, by: str = "") -> dict[str, Any]: ...
    def party_roles(self) -> list[tuple[str, str, int, int]]: ...
    def importer_totals(
        self,
        filters: ShipmentFilters,
        *,
        by: str = "importer",
        importer_ids: Sequence[int] = (),
        limit: int | None = None,
    ) -> list[dict[str, Any]]: ...


class IndexMissing(Exception):
    """No snapshot has been built yet."""


def _named_for(row: dict[str, Any], side: str) -> dict[str, Any]:
    """A top list's row, its party's name and country named for its side."""
    return {
        f"{side}_name": row["name"],
        f"{side}_country": row["country"],
        "shipments": row["shipments"],
        "value_usd": row["value_usd"],
    }


def _rows(cursor: BoundedCursor | duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
    names = [column[0] for column in cursor.description or []]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def _by_key(
    cursor: BoundedCursor,
    table: str,
    key: str,
    value: str,
    rows: list[dict[str, Any]],
    columns: Sequence[str] = (),
) -> dict[int, str]:
    """`value` of `table` for the ids the rows hold in `columns` (by default `key`)."""
    ids = sorted({int(row[column]) for row in rows for column in (columns or (key,))})
    cursor.execute(f"SELECT {key}, {value} FROM {table} WHERE {key} IN ({','.join(map(str, ids))})")
    return dict(cursor.fetchall())


# DuckDB's rows per row group (its default).
ROW_GROUP_SIZE = 122_880


def row_group_ranges(row_ids: Sequence[int]) -> str:
    """A condition holding `row_ids`: per row group, the range from the first to the last of
    them there (at 50,000,000 shipments, 100 rows of 100 row groups are read in about 0.1 s
    this way, against 1.2 s by the list of row ids alone)."""
    groups: dict[int, list[int]] = {}
    for row_id in row_ids:
        groups.setdefault(row_id // ROW_GROUP_SIZE, []).append(row_id)
    return " OR ".join(
        f"rowid BETWEEN {min(ids)} AND {max(ids)}" for _, ids in sorted(groups.items())
    )


@lru_cache(maxsize=4)
def _open(path: str) -> duckdb.DuckDBPyConnection:
    return duckdb.connect(path, read_only=True, config=search_config())


# A forked process can neither use nor free a database its parent opened: the database's
# worker threads do not exist there, and freeing it waits for them forever. The parent closes
# its connections before a fork (a preloading server, a test runner's workers) and opens them
# again on its next search.
os.register_at_fork(before=_open.cache_clear)


@lru_cache(maxsize=8)
def _has_tables(path: str, tables: tuple[str, ...]) -> bool:
    """Whether the snapshot has these tables (one built before they were has not)."""
    cursor = _open(path).cursor()
    try:
        cursor.execute(
            "SELECT count(*) FROM duckdb_tables() WHERE table_name = ANY(?)", [list(tables)]
        )
        row = cursor.fetchone()
        return bool(row and row[0] == len(tables))
    finally:
        cursor.close()


def _has_rollups(path: str) -> bool:
    """Whether the snapshot has the roll-ups and the prices by party."""
    return _has_tables(path, (*(rollup.table for rollup in ROLLUPS), PARTY_PRICES))


def complete(path: Path) -> bool:
    """Whether a snapshot holds every table a build makes now: one an earlier version built
    still answers every search, only more slowly, until it is built again."""
    return _has_rollups(str(path)) and _has_tables(str(path), (*ordered.TABLES, PARTY_ROLES))


@lru_cache(maxsize=1024)
def _resolved(path: str, timeout: float, sql: str, params: str) -> tuple[int, ...]:
    """The ids of one list the statement `sql` gives with `params` (JSON) on a snapshot
    (`conditions.Resolve`)."""
    cursor = BoundedCursor(_open(path).cursor(), timeout)
    try:
        cursor.execute(sql, json.loads(params))
        [(ids,)] = cursor.fetchall()
    finally:
        cursor.close()
    return tuple(sorted(ids or ()))


@lru_cache(maxsize=256)
def _declared_hs(path: str, product: ProductQuery, timeout: float) -> tuple[str, ...]:
    """The HS codes the descriptions a product text matches were declared under, on a
    snapshot with the roll-ups; none without a product text."""
    query = declared_hs_query(product, partial(_resolve, path, timeout))
    if query is None or not _has_rollups(path):
        return ()
    cursor = BoundedCursor(_open(path).cursor(), timeout)
    try:
        cursor.execute(*query)
        [(codes,)] = cursor.fetchall()
    finally:
        cursor.close()
    return tuple(sorted(codes or ()))


def _resolve(path: str, timeout: float, sql: str, params: Sequence[Any]) -> tuple[int, ...]:
    return _resolved(path, timeout, sql, json.dumps(list(params)))


class DuckDBTradeIndex(TradeAnalysis):
    """Answers searches from the current snapshot (read-only, one cursor per call, each call
    within `timeout` seconds, by default TRADE_INDEX_QUERY_TIMEOUT, or QueryTimedOut). The
    aggregates of sums read the monthly roll-ups unless `rollups` is false (`rollups.source`)."""

    def __init__(self, path: Path, *, timeout: float | None = None, rollups: bool = True) -> None:
        self.path = path
        self.timeout = settings.TRADE_INDEX_QUERY_TIMEOUT if timeout is None else timeout
        self.rollups = rollups

    def _rolled(self) -> bool:
        return self.rollups and _has_rollups(str(self.path))

    def _source(
        self, filters: ShipmentFilters, needs: Sequence[str] = (), also: Sequence[str] = ()
    ) -> Source:
        return source(
            filters,
            rollups=self._rolled(),
            needs=needs,
            also=also,
            declared_hs=self._declared_hs(filters),
            resolve=self._resolve,
        )

    def _where(self, filters: ShipmentFilters) -> Where:
        return where_clause(filters, self._declared_hs(filters), self._resolve)

    def _resolve(self, sql: str, params: Sequence[Any]) -> tuple[int, ...]:
        return _resolve(str(self.path), self.timeout, sql, params)

    def _declared_hs(self, filters: ShipmentFilters) -> tuple[str, ...]:
        return _declared_hs(str(self.path), filters.product, self.timeout)

    @contextmanager
    def _cursor(self) -> Iterator[BoundedCursor]:
        cursor = BoundedCursor(_open(str(self.path)).cursor(), self.timeout)
        try:
            yield cursor
        finally:
            cursor.close()

    def _query(self, sql: str, params: Sequence[Any]) -> list[dict[str, Any]]:
        with self._cursor() as cursor:
            cursor.execute(sql, params)
            return _rows(cursor)

    def page(
        self, filters: ShipmentFilters, *, offset: int, limit: int, sort: str = DEFAULT_SORT
    ) -> list[dict[str, Any]]:
        """Three narrow steps are several times faster than one wide query: the page's row
        ids (sorting only the sort keys of the matches, in one of `SHIPMENT_SORTS`, from
        the key range holding the page: `paging`), then those rows, then their names by key
        (integer ids, written into the SQL so the key indexes serve them). The rows are read
        by row id within the ranges of row ids of their row groups (`row_group_ranges`):
        DuckDB skips a row group by a range of row ids, never by a list of them."""
        where = self._where(filters)
        key = sort.lstrip("-")
        steps = None
        if key in ordered.ORDERED and _has_tables(str(self.path), ordered.TABLES):
            steps = self._source(filters, needs=[f"{key}_step"])
        with self._cursor() as cursor:
            found = rows_to_read(
                cursor,
                self.path,
                filters,
                where.sql(),
                where.params,
                sort=sort,
                offset=offset,
                limit=limit,
                steps=steps,
            )
            if not found:
                return []
            cursor.execute(
                "SELECT rowid AS row_id, id, date, hs_code, description_id, exporter_id, "
                "exporter_country, importer_id, importer_country, quantity, quantity_unit, "
                "net_weight_kg, value_usd, price_per_unit, "
                "value_usd / nullif(net_weight_kg, 0) AS price_per_kg "
                f"FROM shipments WHERE ({row_group_ranges(found)}) "
                f"AND rowid IN ({','.join(map(str, found))})"
            )
            rows = _rows(cursor)
            texts = _by_key(cursor, "descriptions", "description_id", "text", rows)
            names = _by_key(
                cursor, "parties", "party_id", "name", rows, ("exporter_id", "importer_id")
            )
        position = {row_id: place for place, row_id in enumerate(found)}
        rows.sort(key=lambda row: position[row.pop("row_id")])
        for row in rows:
            row["product_description"] = texts[row.pop("description_id")]
            row["exporter_name"] = names[row["exporter_id"]]
            row["importer_name"] = names[row["importer_id"]]
        return rows

    def count(self, filters: ShipmentFilters) -> int:
        rows = self._source(filters)
        [row] = self._query(
            f"SELECT coalesce({_SHIPMENTS}, 0) AS n FROM ({rows.sql}) s", rows.params
        )
        return int(row["n"])

    def statistics(self, filters: ShipmentFilters) -> dict[str, Any]:
        """Sums from the smallest roll-up, the distinct importers and exporters from theirs;
        where no roll-up holds the parties with the search (a product text's descriptions),
        the parties from a count of their ids among its matches (`shared`)."""
        importers = self._source(filters, needs=["importer_id"])
        exporters = self._source(filters, needs=["exporter_id"])
        if not (importers.rolled and exporters.rolled):
            return self._party_counts(filters)
        rows = self._source(filters)
        [row] = self._query(
            f"""
            SELECT {SUMS},
                   (SELECT count(DISTINCT s.importer_id) FROM ({importers.sql}) s) AS importers,
                   (SELECT count(DISTINCT s.exporter_id) FROM ({exporters.sql}) s) AS exporters
            FROM ({rows.sql}) s
            """,
            [*importers.params, *exporters.params, *rows.params],
        )
        return row

    def _party_counts(self, filters: ShipmentFilters) -> dict[str, Any]:
        parties = self._source(filters, needs=["importer_id", "exporter_id"])
        sums = self._source(filters)
        compute = partial(party_counts, self._query, parties, sums)
        name = party_counts_name(self.path, parties, sums)
        return computed_once(name, compute, wait=self.timeout or UNBOUNDED_WAIT)

    def _party_totals(self, parties: Source, side: str) -> PartyTotals:
        compute = partial(party_totals, self._query, parties, side)
        name = party_totals_name(self.path, parties, side)
        return computed_once(name, compute, wait=self.timeout or UNBOUNDED_WAIT)

    def monthly(self, filters: ShipmentFilters) -> list[dict[str, Any]]:
        rows = self._source(filters)
        return self._query(
            f"""
            SELECT strftime(s.month, '%Y-%m') AS month,
                   {_SHIPMENTS} AS shipments,
                   round(sum(s.value_usd), 2) AS value_usd,
                   round(coalesce(sum(s.net_weight_kg), 0), 3) AS net_weight_kg
            FROM ({rows.sql}) s
            GROUP BY 1 ORDER BY 1
            """,
            rows.params,
        )

    def top_hs_codes(self, filters: ShipmentFilters, *, limit: int) -> list[dict[str, Any]]:
        rows = self._source(filters, needs=["hs_code"])
        return self._query(
            f"""
            SELECT t.hs_code, h.description_en, h.description_vi, h.description_zh,
                   t.shipments, t.value_usd
            FROM (
                SELECT s.hs_code, {_SHIPMENTS} AS shipments, round(sum(s.value_usd), 2) AS value_usd
                FROM ({rows.sql}) s
                GROUP BY 1 ORDER BY shipments DESC, value_usd DESC LIMIT ?
            ) t LEFT JOIN hs_codes h ON h.code = t.hs_code
            ORDER BY t.shipments DESC, t.value_usd DESC
            """,
            [*rows.params, limit],
        )

    def top_importers(self, filters: ShipmentFilters, *, limit: int) -> list[dict[str, Any]]:
        return [
            {"party_id": row["party_id"], **_named_for(row, "importer")}
            for row in self._top_parties(filters, "importer", limit)
        ]

    def top_exporters(self, filters: ShipmentFilters, *, limit: int) -> list[dict[str, Any]]:
        top = self._top_parties(filters, "exporter", limit)
        return [_named_for(row, "exporter") for row in top]

    def _top_parties(self, filters: ShipmentFilters, side: str, limit: int) -> list[dict[str, Any]]:
        """The largest parties of a side by value: where no roll-up holds the parties with
        the search, from the pass its statistics read too."""
        party = RANKING_SIDES[side]
        rows = self._source(filters, needs=[party.removeprefix("s.")])
        if not rows.rolled and ranks_kept(offset=0, limit=limit):
            page = self._party_totals(rows, side).page("value_usd", offset=0, limit=limit)
            names = self._named("parties", "party_id", [row["party_id"] for row in page])
            return [row | names[row["party_id"]] for row in page if row["party_id"] in names]
        return self._query(
            f"""
            SELECT t.party_id, p.name, p.country, t.shipments, t.value_usd
            FROM (
                SELECT {party} AS party_id, {_SHIPMENTS} AS shipments,
                       round(sum(s.value_usd), 2) AS value_usd
                FROM ({rows.sql}) s
                GROUP BY 1 ORDER BY value_usd DESC, party_id LIMIT ?
            ) t JOIN parties p ON p.party_id = t.party_id
            ORDER BY t.value_usd DESC, t.party_id
            """,
            [*rows.params, limit],
        )

    def importer_totals(
        self,
        filters: ShipmentFilters,
        *,
        by: str = "importer",
        importer_ids: Sequence[int] = (),
        limit: int | None = None,
    ) -> list[dict[str, Any]]:
        """Shipments, value and last date of what `filters` match (of the importers
        `importer_ids` only, when given) per `by`: importer (then also its name, normalised
        name and country), hs_code, exporter_country or month; the largest value first."""
        also = []
        if importer_ids:
            also.append(f"s.importer_id IN ({','.join(str(int(i)) for i in importer_ids)})")
        needs = ["importer_id"] if importer_ids or by == "importer" else []
        if by in ("hs_code", "exporter_country"):
            needs.append(by)
        rows = self._source(filters, needs, also)
        totals = (
            f"SELECT {_IMPORTER_GROUPS[by]} AS key, {_SHIPMENTS} AS shipments, "
            "round(sum(s.value_usd), 2) AS value_usd, max(s.last_date) AS last_date "
            f"FROM ({rows.sql}) s GROUP BY 1"
        )
        if by == "importer":
            totals = (
                "SELECT t.*, p.name, p.search AS normalized_name, p.country "
                f"FROM ({totals}) t JOIN parties p ON p.party_id = t.key"
            )
        ending = "" if limit is None else f" LIMIT {int(limit)}"
        return self._query(f"{totals} ORDER BY value_usd DESC, key{ending}", rows.params)

    def party_roles(self) -> list[tuple[str, str, int, int]]:
        """Every party that trades: (name, country, shipments as exporter, as importer), kept
        by the build, else counted (a snapshot built before it kept them)."""
        roles = PARTY_ROLES
        if not _has_tables(str(self.path), (PARTY_ROLES,)):
            roles = f"({ROLES.format(count='count(*)', rows='shipments')})"
        with self._cursor() as cursor:
            cursor.execute(
                f"""
                SELECT p.name, coalesce(p.country, ''), r.exported, r.imported
                FROM {roles} r JOIN parties p USING (party_id)
                """
            )
            return [(str(a), str(b), int(c), int(d)) for a, b, c, d in cursor.fetchall()]

    def facts(self) -> dict[str, Any]:
        """What the whole index holds: first and last date, shipments, demo shipments."""
        [row] = self._query("SELECT * FROM facts", [])
        return row


def trade_index() -> TradeIndex:
    path = current_snapshot()
    if path is None:
        raise IndexMissing("the trade index has not been built")
    return DuckDBTradeIndex(path)
