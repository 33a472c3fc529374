"""The trade-data analytics index: a columnar DuckDB snapshot of the shipments, beside the
Django database that stays the system of record.

A snapshot is built into a new file under `<VAR_DIR>/trade-index/` and then switched to by
rewriting the `CURRENT` pointer atomically, so readers never wait for a build and a build never
waits for readers (DuckDB lets a process write a file only while no other has it open; nobody
has a new file open). Readers open the current snapshot read-only.

Shipments reference distinct goods descriptions and trade parties, each with a search key
(lower case, accents stripped). The words of both description keys form a vocabulary with the
descriptions each word occurs in, so a product search matches a few thousand words, then
selects the shipments by description id: a lookup, not a scan of every description.

Queries are behind `TradeIndex`; a ClickHouse adapter would implement the same methods."""

# The SQL here is assembled from constant fragments and table names; every value a user gives
# travels as a query parameter.
# ruff: noqa: S608

from __future__ import annotations

import csv
import importlib.util
import logging
import os
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

import duckdb
from django.conf import settings
from django.db import connection

from apps.market.demo import SOURCE as DEMO_SOURCE
from apps.market.filters import ShipmentFilters
from apps.market.models import HSCode, Shipment, TradeParty
from apps.market.names import normalise_name

logger = logging.getLogger(__name__)

POINTER = "CURRENT"
# DuckDB never fetches anything at run time.
DUCKDB_CONFIG: dict[str, str | bool | int | float | list[str]] = {
    "autoinstall_known_extensions": False,
    "autoload_known_extensions": False,
}


def _remember_pandas_is_missing() -> None:
    """DuckDB's Python client tries to import pandas each time it binds a query parameter,
    and Python does not remember a failed import: every try searches the module path again,
    some 80 times per search request (about 13 ms). Where pandas is not installed, record
    that once; an import of it fails as before, only at once."""
    if "pandas" not in sys.modules and importlib.util.find_spec("pandas") is None:
        sys.modules["pandas"] = None  # type: ignore[assignment]


_remember_pandas_is_missing()


SEARCH_KEY = (
    "trim(regexp_replace(replace(lower(strip_accents({0})), 'đ', 'd'), "
    "'[[:punct:][:space:]]+', ' ', 'g'))"
)

# Lower case with accents kept; punctuation and spacing collapsed (products.description_words).
WORDS = "trim(regexp_replace(lower({0}), '[[:punct:][:space:]]+', ' ', 'g'))"

SHIPMENT_COLUMNS = {
    "id": "BIGINT",
    "date": "DATE",
    "hs_code": "VARCHAR",
    "product_description": "VARCHAR",
    "exporter_id": "BIGINT",
    "importer_id": "BIGINT",
    "exporter_country": "VARCHAR",
    "importer_country": "VARCHAR",
    "quantity": "DOUBLE",
    "quantity_unit": "VARCHAR",
    "net_weight_kg": "DOUBLE",
    "value_usd": "DOUBLE",
    "price_per_unit": "DOUBLE",
    "source": "VARCHAR",
}
PARTY_COLUMNS = {"party_id": "BIGINT", "name": "VARCHAR", "search": "VARCHAR", "country": "VARCHAR"}
HS_COLUMNS = {
    "code": "VARCHAR",
    "level": "INTEGER",
    "description_en": "VARCHAR",
    "description_vi": "VARCHAR",
    "description_zh": "VARCHAR",
}


def index_directory() -> Path:
    return Path(settings.TRADE_INDEX_DIR)


def _terms(text: str) -> list[str]:
    return normalise_name(text).split()


@dataclass
class _Where:
    clauses: list[str] = field(default_factory=list)
    params: list[Any] = field(default_factory=list)

    def add(self, clause: str, *params: Any) -> None:
        self.clauses.append(clause)
        self.params.extend(params)

    def sql(self) -> str:
        return " AND ".join(self.clauses) if self.clauses else "TRUE"


def _has_cjk(name: str) -> bool:
    return any("\u3400" <= char <= "\u9fff" for char in name)


@dataclass(frozen=True)
class _WordIndex:
    """Which rows of a text table hold a word: `words` (word, `key`) pairs and the distinct
    words in `vocabulary`, so text filters match the vocabulary, not every text."""

    words: str
    vocabulary: str
    key: str

    def holding(self, condition: str) -> str:
        """Ids of the rows holding a word of the vocabulary (as `v`) that meets `condition`."""
        return (
            f"SELECT w.{self.key} FROM {self.words} w "
            f"WHERE w.word IN (SELECT v.word FROM {self.vocabulary} v WHERE {condition})"
        )

    def containing_all(self, terms: Sequence[str]) -> tuple[str, list[Any]]:
        """Ids of the rows where every term lies inside some word. A term found in no word
        matches the words a typo or two away instead (one from 5 letters, two from 8)."""
        parts: list[str] = []
        params: list[Any] = []
        for term in terms:
            condition = "v.word LIKE ?"
            params.append(f"%{term}%")
            if len(term) >= _FUZZY_FROM:
                condition += (
                    f" OR (NOT EXISTS (SELECT 1 FROM {self.vocabulary} x WHERE x.word LIKE ?)"
                    " AND damerau_levenshtein(v.word, ?) <= ?)"
                )
                params += [f"%{term}%", term, 1 if len(term) < _TWO_TYPOS_FROM else 2]
            parts.append(self.holding(condition))
        return " INTERSECT ".join(parts), params


_FUZZY_FROM = 5
_TWO_TYPOS_FROM = 8
_DESCRIPTION_WORDS = _WordIndex("description_words", "vocabulary", "description_id")
_PARTY_WORDS = _WordIndex("party_words", "party_vocabulary", "party_id")


def _phrase_ids(name: str) -> tuple[str, list[str]]:
    """Descriptions holding a name of several words in a row, checked only on those that
    hold its first word."""
    key = "d.search" if name.isascii() else "d.words"
    return (
        "SELECT d.description_id FROM descriptions d WHERE d.description_id IN "
        "(SELECT w.description_id FROM description_words w WHERE w.word = ?) "
        f"AND (' ' || {key} || ' ') LIKE ?",
        [name.split()[0], f"% {name} %"],
    )


def _synonym_ids(names: Sequence[str]) -> tuple[str, list[str]]:
    """Descriptions naming a product: English names as whole words of the accent-free key,
    Vietnamese ones as whole words of the accented key ('chè' is not 'chế'), Chinese ones
    anywhere in a word (Chinese has no spaces). Both keys' words are in the vocabulary."""
    conditions: list[str] = []
    params: list[str] = []
    phrases = []
    for name in names:
        if _has_cjk(name):
            conditions.append("v.word LIKE ?")
            params.append(f"%{name}%")
        elif " " in name:
            phrases.append(_phrase_ids(name))
        else:
            conditions.append("v.word = ?")
            params.append(name)
    parts = [(_DESCRIPTION_WORDS.holding(" OR ".join(conditions)), params)] if conditions else []
    parts += phrases
    return " UNION ".join(sql for sql, _ in parts), [value for _, part in parts for value in part]


def _description_ids(filters: ShipmentFilters) -> tuple[str, list[Any]] | None:
    """The descriptions a product search matches: any of a known product's names, else every
    term of the text (a term has no spaces, so a match lies within a word)."""
    if filters.product_synonyms:
        return _synonym_ids(filters.product_synonyms)
    terms = _terms(filters.product_details)
    return _DESCRIPTION_WORDS.containing_all(terms) if terms else None


def _where(filters: ShipmentFilters) -> _Where:
    where = _Where()
    where.add("s.date BETWEEN ? AND ?", filters.start_date, filters.end_date)
    descriptions = _description_ids(filters)
    if descriptions is not None:
        sql, params = descriptions
        where.add(f"s.description_id IN ({sql})", *params)
    for column, name in (
        ("importer_id", filters.importer_name),
        ("exporter_id", filters.exporter_name),
    ):
        party_terms = _terms(name)
        if party_terms:
            sql, params = _PARTY_WORDS.containing_all(party_terms)
            where.add(f"s.{column} IN ({sql})", *params)
    if filters.importer_country:
        where.add("s.importer_country = ?", filters.importer_country)
    if filters.exporter_country:
        where.add("s.exporter_country = ?", filters.exporter_country)
    if filters.hs_codes:
        where.add(
            "(" + " OR ".join("starts_with(s.hs_code, ?)" for _ in filters.hs_codes) + ")",
            *filters.hs_codes,
        )
    return where


# Queries

_IMPORTER_GROUPS = {
    "importer": "s.importer_id",
    "hs_code": "s.hs_code",
    "exporter_country": "s.exporter_country",
    "month": "strftime(date_trunc('month', s.date), '%Y-%m')",
}


class TradeIndex(Protocol):
    def page(
        self, filters: ShipmentFilters, *, offset: int, limit: int
    ) -> list[dict[str, Any]]: ...
    def count(self, filters: ShipmentFilters) -> int: ...
    def statistics(self, filters: ShipmentFilters) -> dict[str, Any]: ...
    def monthly(self, filters: ShipmentFilters) -> list[dict[str, Any]]: ...
    def top_hs_codes(self, filters: ShipmentFilters, *, limit: int) -> list[dict[str, Any]]: ...
    def top_importers(self, filters: ShipmentFilters, *, limit: int) -> list[dict[str, Any]]: ...
    def facts(self) -> dict[str, Any]: ...
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


def _rows(cursor: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
    names = [column[0] for column in cursor.description or []]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def _by_key(
    cursor: duckdb.DuckDBPyConnection,
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


@lru_cache(maxsize=4)
def _open(path: str) -> duckdb.DuckDBPyConnection:
    return duckdb.connect(path, read_only=True, config=DUCKDB_CONFIG)


class DuckDBTradeIndex:
    """Answers searches from the current snapshot (read-only, one cursor per call)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @contextmanager
    def _cursor(self) -> Iterator[duckdb.DuckDBPyConnection]:
        cursor = _open(str(self.path)).cursor()
        try:
            yield cursor
        finally:
            cursor.close()

    def _query(self, sql: str, params: Sequence[Any]) -> list[dict[str, Any]]:
        with self._cursor() as cursor:
            cursor.execute(sql, list(params))
            return _rows(cursor)

    def page(self, filters: ShipmentFilters, *, offset: int, limit: int) -> list[dict[str, Any]]:
        """Three narrow steps are several times faster than one wide query: the page's row
        ids (sorting only the sort keys of the matches), then those rows, then their names by
        key (integer ids, written into the SQL so the key indexes serve them)."""
        where = _where(filters)
        with self._cursor() as cursor:
            cursor.execute(
                f"SELECT s.rowid FROM shipments s WHERE {where.sql()} "
                "ORDER BY s.date DESC, s.id DESC LIMIT ? OFFSET ?",
                [*where.params, limit, offset],
            )
            row_ids = [row_id for (row_id,) in cursor.fetchall()]
            if not row_ids:
                return []
            cursor.execute(
                "SELECT id, date, hs_code, description_id, exporter_id, exporter_country, "
                "importer_id, importer_country, quantity, quantity_unit, net_weight_kg, "
                "value_usd, price_per_unit FROM shipments WHERE rowid = ANY(?) "
                "ORDER BY date DESC, id DESC",
                [row_ids],
            )
            rows = _rows(cursor)
            texts = _by_key(cursor, "descriptions", "description_id", "text", rows)
            names = _by_key(
                cursor, "parties", "party_id", "name", rows, ("exporter_id", "importer_id")
            )
        for row in rows:
            row["product_description"] = texts[row.pop("description_id")]
            row["exporter_name"] = names[row.pop("exporter_id")]
            row["importer_name"] = names[row.pop("importer_id")]
        return rows

    def count(self, filters: ShipmentFilters) -> int:
        where = _where(filters)
        rows = self._query(
            f"SELECT count(*) AS n FROM shipments s WHERE {where.sql()}", where.params
        )
        return int(rows[0]["n"])

    def statistics(self, filters: ShipmentFilters) -> dict[str, Any]:
        where = _where(filters)
        [row] = self._query(
            f"""
            SELECT count(*) AS shipments,
                   round(coalesce(sum(s.value_usd), 0), 2) AS total_value_usd,
                   round(coalesce(sum(s.net_weight_kg), 0), 3) AS total_weight_kg,
                   count(DISTINCT s.importer_id) AS importers,
                   count(DISTINCT s.exporter_id) AS exporters,
                   sum(s.value_usd) FILTER (WHERE s.quantity > 0)
                     / nullif(sum(s.quantity) FILTER (WHERE s.quantity > 0), 0)
                     AS avg_price_per_unit
            FROM shipments s WHERE {where.sql()}
            """,
            where.params,
        )
        return row

    def monthly(self, filters: ShipmentFilters) -> list[dict[str, Any]]:
        where = _where(filters)
        return self._query(
            f"""
            SELECT strftime(date_trunc('month', s.date), '%Y-%m') AS month,
                   count(*) AS shipments,
                   round(sum(s.value_usd), 2) AS value_usd,
                   round(coalesce(sum(s.net_weight_kg), 0), 3) AS net_weight_kg
            FROM shipments s WHERE {where.sql()}
            GROUP BY 1 ORDER BY 1
            """,
            where.params,
        )

    def top_hs_codes(self, filters: ShipmentFilters, *, limit: int) -> list[dict[str, Any]]:
        where = _where(filters)
        return self._query(
            f"""
            SELECT t.hs_code, h.description_en, h.description_vi, h.description_zh,
                   t.shipments, t.value_usd
            FROM (
                SELECT s.hs_code, count(*) AS shipments, round(sum(s.value_usd), 2) AS value_usd
                FROM shipments s WHERE {where.sql()}
                GROUP BY 1 ORDER BY shipments DESC, value_usd DESC LIMIT ?
            ) t LEFT JOIN hs_codes h ON h.code = t.hs_code
            ORDER BY t.shipments DESC, t.value_usd DESC
            """,
            [*where.params, limit],
        )

    def top_importers(self, filters: ShipmentFilters, *, limit: int) -> list[dict[str, Any]]:
        where = _where(filters)
        return self._query(
            f"""
            SELECT p.name AS importer_name, p.country AS importer_country,
                   t.shipments, t.value_usd
            FROM (
                SELECT s.importer_id, count(*) AS shipments, round(sum(s.value_usd), 2) AS value_usd
                FROM shipments s WHERE {where.sql()}
                GROUP BY 1 ORDER BY value_usd DESC LIMIT ?
            ) t JOIN parties p ON p.party_id = t.importer_id
            ORDER BY t.value_usd DESC
            """,
            [*where.params, limit],
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
        where = _where(filters)
        if importer_ids:
            where.add(f"s.importer_id IN ({','.join(str(int(i)) for i in importer_ids)})")
        totals = (
            f"SELECT {_IMPORTER_GROUPS[by]} AS key, count(*) AS shipments, "
            "round(sum(s.value_usd), 2) AS value_usd, max(s.date) AS last_date "
            f"FROM shipments s WHERE {where.sql()} GROUP BY 1"
        )
        if by == "importer":
            totals = (
                "SELECT t.*, p.name, p.search AS normalized_name, p.country "
                f"FROM ({totals}) t JOIN parties p ON p.party_id = t.key"
            )
        ending = "" if limit is None else f" LIMIT {int(limit)}"
        return self._query(f"{totals} ORDER BY value_usd DESC, key{ending}", where.params)

    def facts(self) -> dict[str, Any]:
        """What the whole index holds: first and last date, shipments, demo shipments."""
        [row] = self._query("SELECT * FROM facts", [])
        return row


def current_snapshot(directory: Path | None = None) -> Path | None:
    directory = directory or index_directory()
    try:
        name = (directory / POINTER).read_text().strip()
    except FileNotFoundError:
        return None
    path = directory / name
    return path if name and path.exists() else None


def trade_index() -> TradeIndex:
    path = current_snapshot()
    if path is None:
        raise IndexMissing("the trade index has not been built")
    return DuckDBTradeIndex(path)


# Building


def _export(sql: str, target: Path) -> None:
    """Write the rows of `sql` on the Django database to a CSV file."""
    with connection.cursor() as cursor, target.open("w", newline="", encoding="utf-8") as out:
        if connection.vendor == "postgresql":
            with cursor.copy(f"COPY ({sql}) TO STDOUT (FORMAT csv)") as copy:
                for block in copy:
                    out.write(bytes(block).decode("utf-8"))
            return
        cursor.execute(sql)
        writer = csv.writer(out)
        while rows := cursor.fetchmany(20_000):
            writer.writerows(rows)


def _shipments_sql() -> str:
    table = Shipment._meta.db_table
    return (
        "SELECT id, date, hs_code_id, product_description, exporter_id, importer_id, "
        "exporter_country, importer_country, quantity, quantity_unit, net_weight_kg, "
        f"value_usd, unit_price_usd, source FROM {table}"
    )


def _parties_sql() -> str:
    return f"SELECT id, name, normalized_name, country FROM {TradeParty._meta.db_table}"


def _hs_sql() -> str:
    return (
        "SELECT code, level, description_en, description_vi, description_zh "
        f"FROM {HSCode._meta.db_table}"
    )


def _read_csv(path: Path, columns: dict[str, str]) -> str:
    spec = ", ".join(f"'{name}': '{kind}'" for name, kind in columns.items())
    return (
        f"read_csv('{path}', header = false, columns = {{{spec}}}, "
        "quote = '\"', escape = '\"', auto_detect = false)"
    )


def _load(db: duckdb.DuckDBPyConnection, workdir: Path) -> None:
    files = {name: workdir / f"{name}.csv" for name in ("shipments", "parties", "hs")}
    _export(_shipments_sql(), files["shipments"])
    _export(_parties_sql(), files["parties"])
    _export(_hs_sql(), files["hs"])
    db.execute(f"CREATE TABLE hs_codes AS SELECT * FROM {_read_csv(files['hs'], HS_COLUMNS)}")
    db.execute(
        f"CREATE TABLE parties AS SELECT * FROM {_read_csv(files['parties'], PARTY_COLUMNS)}"
    )
    db.execute(
        f"CREATE TEMP TABLE raw AS SELECT * FROM {_read_csv(files['shipments'], SHIPMENT_COLUMNS)}"
    )
    db.execute(
        f"""
        CREATE TABLE descriptions AS
        SELECT row_number() OVER (ORDER BY text)::INTEGER AS description_id, text,
               {SEARCH_KEY.format("text")} AS search,
               {WORDS.format("text")} AS words
        FROM (SELECT DISTINCT coalesce(product_description, '') AS text FROM raw)
        """
    )
    # Each word of either key once per description, and the distinct words: a text filter
    # matches the few thousand words, then looks their descriptions up.
    db.execute(
        """
        CREATE TABLE description_words AS
        SELECT DISTINCT word, description_id FROM (
            SELECT unnest(string_split(search, ' ')) AS word, description_id FROM descriptions
            UNION ALL
            SELECT unnest(string_split(words, ' ')) AS word, description_id FROM descriptions
        ) WHERE word <> ''
        ORDER BY word, description_id
        """
    )
    db.execute("CREATE TABLE vocabulary AS SELECT DISTINCT word FROM description_words ORDER BY 1")
    db.execute(
        """
        CREATE TABLE party_words AS
        SELECT DISTINCT unnest(string_split(search, ' ')) AS word, party_id FROM parties
        ORDER BY word, party_id
        """
    )
    db.execute(
        "CREATE TABLE party_vocabulary AS SELECT DISTINCT word FROM party_words "
        "WHERE word <> '' ORDER BY 1"
    )
    # Key indexes: a page looks its few descriptions and parties up by id.
    db.execute("CREATE UNIQUE INDEX descriptions_key ON descriptions (description_id)")
    db.execute("CREATE UNIQUE INDEX parties_key ON parties (party_id)")
    db.execute(
        """
        CREATE TABLE shipments AS
        SELECT r.id, r.date, r.hs_code, d.description_id, r.exporter_id, r.importer_id,
               r.exporter_country, r.importer_country, r.quantity,
               coalesce(r.quantity_unit, '') AS quantity_unit, r.net_weight_kg, r.value_usd,
               r.price_per_unit
        FROM raw r JOIN descriptions d ON d.text = coalesce(r.product_description, '')
        ORDER BY r.date, r.id
        """
    )
    db.execute(
        f"""
        CREATE TABLE facts AS
        SELECT min(date) AS first_date, max(date) AS last_date, count(*) AS shipments,
               count(*) FILTER (WHERE source = '{DEMO_SOURCE}') AS demo_shipments
        FROM raw
        """
    )
    db.execute("DROP TABLE raw")


def build_snapshot(directory: Path | None = None) -> Path:
    """Build a new snapshot from the Django database and make it the current one."""
    directory = directory or index_directory()
    directory.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    final = directory / f"shipments-{time.time_ns()}.duckdb"
    partial = final.with_suffix(".building")
    with tempfile.TemporaryDirectory(dir=directory) as workdir:
        db = duckdb.connect(str(partial), config=DUCKDB_CONFIG)
        try:
            db.execute(f"SET temp_directory = '{workdir}'")
            _load(db, Path(workdir))
            db.execute("CHECKPOINT")
        except BaseException:
            db.close()
            partial.unlink(missing_ok=True)
            raise
        db.close()
    os.replace(partial, final)
    _point_to(directory, final)
    _remove_old_snapshots(directory, keep={final})
    logger.info("Trade index %s built in %.1f s", final.name, time.perf_counter() - started)
    return final


def _point_to(directory: Path, snapshot: Path) -> None:
    pointer = directory / f"{POINTER}.{os.getpid()}.tmp"
    pointer.write_text(snapshot.name)
    os.replace(pointer, directory / POINTER)


def _remove_old_snapshots(directory: Path, keep: set[Path]) -> None:
    """Older snapshots go once a newer one is current; a reader that still has one open keeps
    reading it (the file lives until it is closed)."""
    for old in directory.glob("shipments-*.duckdb"):
        if old not in keep:
            old.unlink(missing_ok=True)
