"""Building a snapshot from the Django database into a new file, then switching to it."""

# The SQL here is assembled from constant fragments and table names; every value a user gives
# travels as a query parameter.
# ruff: noqa: S608

from __future__ import annotations

import csv
import importlib.util
import logging
import os
import tempfile
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb
from django.conf import settings
from django.db import connection

from apps.core.progress import logged_step
from apps.market.fileformat import DEMO_SOURCE
from apps.market.index.ordered import build_ordered
from apps.market.index.rollups import build_party_prices, build_party_roles, build_rollups
from apps.market.index.storage import (
    HS_COLUMNS,
    PARTY_COLUMNS,
    POINTER,
    SEARCH_KEY,
    SHIPMENT_COLUMNS,
    WORDS,
    build_config,
    index_directory,
    quoted,
)
from apps.market.lexicon.search import analyse
from apps.market.models import HSCode, Shipment, TradeParty

logger = logging.getLogger(__name__)


def _step(name: str) -> AbstractContextManager[None]:
    return logged_step(logger, "Trade index build", name)


def _export(sql: str, target: Path) -> None:
    """Write the rows of `sql` on the Django database to a CSV file."""
    if connection.vendor == "postgresql":
        # The database's UTF-8 bytes go to the file as they come, never decoded.
        copy_out = f"COPY ({sql}) TO STDOUT (FORMAT csv)"
        with connection.cursor() as cursor, target.open("wb") as out, cursor.copy(copy_out) as copy:
            for block in copy:
                out.write(block)
        return
    with connection.cursor() as cursor, target.open("w", newline="", encoding="utf-8") as text:
        cursor.execute(sql)
        writer = csv.writer(text, lineterminator="\n")
        while rows := cursor.fetchmany(20_000):
            writer.writerows(rows)


# The snapshot's shipment columns that the Django table names otherwise.
_FIELD_OF_COLUMN = {"hs_code": "hs_code_id", "price_per_unit": "unit_price_usd"}
# The Django table's columns behind `SHIPMENT_COLUMNS`, in their order.
_SHIPMENT_FIELDS = tuple(_FIELD_OF_COLUMN.get(name, name) for name in SHIPMENT_COLUMNS)


def _shipments_sql() -> str:
    return f"SELECT {', '.join(_SHIPMENT_FIELDS)} FROM {Shipment._meta.db_table}"


@dataclass(frozen=True)
class _PostgresShipments:
    """The shipments read by DuckDB's PostgreSQL extension (`extension`, a file) straight from
    the Django database (`dsn`, `schema`): binary COPY on a connection per build thread, no
    CSV file in between. It reads committed rows only."""

    extension: Path
    dsn: str
    schema: str

    def attach(self, db: duckdb.DuckDBPyConnection) -> str:
        """Load the extension into `db`, attach the Django database there, and return the
        shipments as a relation of `SHIPMENT_COLUMNS`."""
        db.execute(f"LOAD {quoted(str(self.extension))}")
        db.execute(f"ATTACH {quoted(self.dsn)} AS django (TYPE postgres, READ_ONLY)")
        columns = ", ".join(
            f'CAST(s."{_FIELD_OF_COLUMN.get(name, name)}" AS {kind}) AS {name}'
            for name, kind in SHIPMENT_COLUMNS.items()
        )
        table = f'django."{self.schema}"."{Shipment._meta.db_table}"'
        return f"(SELECT {columns} FROM {table} s)"


def _postgres_shipments() -> _PostgresShipments | None:
    """How DuckDB reads the shipments from PostgreSQL, when it can: on PostgreSQL, with the
    extension installed for this DuckDB version, and outside a transaction (whose rows other
    connections cannot see yet); none otherwise, and the shipments go through a CSV file."""
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        return None
    package = importlib.util.find_spec("duckdb_extension_postgres_scanner")
    folders = package.submodule_search_locations if package else None
    if not folders:
        return None
    extension = Path(folders[0], "extensions", f"v{duckdb.__version__}", _EXTENSION_FILE)
    if not extension.exists():
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_schema()")
        [schema] = cursor.fetchone()
    return _PostgresShipments(extension, _libpq_dsn(connection.settings_dict), schema)


_EXTENSION_FILE = "postgres_scanner.duckdb_extension"


def _libpq_dsn(database: dict[str, Any]) -> str:
    """A libpq connection string for a Django database's settings."""
    options = database.get("OPTIONS") or {}
    keys = {
        "host": database.get("HOST"),
        "port": database.get("PORT"),
        "dbname": database.get("NAME"),
        "user": database.get("USER"),
        "password": database.get("PASSWORD"),
        "sslmode": options.get("sslmode"),
    }
    quoted = (
        (key, str(value).replace("\\", "\\\\").replace("'", "\\'"))
        for key, value in keys.items()
        if value
    )
    return " ".join(f"{key}='{value}'" for key, value in quoted)


def _parties_sql() -> str:
    return f"SELECT id, name, normalized_name, country FROM {TradeParty._meta.db_table}"


def _hs_sql() -> str:
    # A description left blank is stored as ''; PostgreSQL's CSV quotes it, which DuckDB reads
    # as NULL and ClickHouse as '', so both engines are given NULL.
    return (
        "SELECT code, level, description_en, NULLIF(description_vi, '') AS description_vi, "
        f"NULLIF(description_zh, '') AS description_zh FROM {HSCode._meta.db_table}"
    )


def _read_csv(path: Path, columns: dict[str, str]) -> str:
    spec = ", ".join(f"'{name}': '{kind}'" for name, kind in columns.items())
    return (
        f"read_csv('{path}', header = false, columns = {{{spec}}}, "
        "quote = '\"', escape = '\"', auto_detect = false)"
    )


def _export_all(workdir: Path, *, shipments: bool) -> dict[str, Path]:
    """The parties and HS codes, and the shipments when `shipments`, as CSV files."""
    files = {name: workdir / f"{name}.csv" for name in ("shipments", "parties", "hs")}
    if shipments:
        with _step("shipments exported"):
            _export(_shipments_sql(), files["shipments"])
    _export(_parties_sql(), files["parties"])
    _export(_hs_sql(), files["hs"])
    return files


def _load(
    db: duckdb.DuckDBPyConnection,
    files: dict[str, Path],
    workdir: Path,
    postgres: _PostgresShipments | None,
) -> None:
    db.execute(f"CREATE TABLE hs_codes AS SELECT * FROM {_read_csv(files['hs'], HS_COLUMNS)}")
    db.execute(
        f"CREATE TABLE parties AS SELECT * FROM {_read_csv(files['parties'], PARTY_COLUMNS)}"
    )
    shipments = postgres.attach(db) if postgres else _read_csv(files["shipments"], SHIPMENT_COLUMNS)
    # The shipments are read once, into a compressed file per month; each month is then
    # sorted on its own, within the memory limit. One sort of every row spilled most of them
    # to disk (142 s of a 251 s build at 50,000,000 shipments).
    with _step("shipments split by month"):
        months = _split_by_month(db, shipments, workdir / "months")
    raw = f"read_parquet('{workdir / 'months'}/*/*.parquet')" if months else shipments
    with _step("distinct texts read"):
        _read_texts(db, raw)
    with _step("descriptions and their words"):
        _describe(db, workdir)
    with _step("shipments sorted by month"):
        _sort_shipments(db, raw, months)
    with _step("roll-ups"):
        build_rollups(db)
    with _step("prices by party"):
        build_party_prices(db)
        build_party_roles(db)
    with _step("shipments in the order of each measure"):
        build_ordered(db)
    _facts(db)


def _split_by_month(db: duckdb.DuckDBPyConnection, shipments: str, target: Path) -> list[Path]:
    """Write the rows of `shipments` to a Parquet file (or a few) per month under `target`;
    return the months' folders, in order."""
    db.execute("SET preserve_insertion_order = false")  # any order within a month will do
    # Snappy: of 5,000,000 rows written in 4.1 s (260 MB), against 4.8 s with zstd (147 MB).
    db.execute(
        f"""
        COPY (SELECT *, year(date) * 100 + month(date) AS month FROM {shipments})
        TO '{target}' (FORMAT parquet, PARTITION_BY (month), COMPRESSION snappy)
        """
    )
    db.execute("RESET preserve_insertion_order")
    return sorted(target.glob("month=*"), key=lambda folder: int(folder.name.split("=")[1]))


def _read_texts(db: duckdb.DuckDBPyConnection, raw: str) -> None:
    db.execute(
        f"""
        CREATE TEMP TABLE texts AS
        SELECT coalesce(product_description, '') AS text, source, count(*) AS shipments,
               min(date) AS first_date, max(date) AS last_date
        FROM {raw} GROUP BY ALL
        """
    )


def _describe(db: duckdb.DuckDBPyConnection, workdir: Path) -> None:
    db.execute(
        f"""
        CREATE TABLE descriptions AS
        SELECT row_number() OVER (ORDER BY text)::INTEGER AS description_id, text,
               {SEARCH_KEY.format("text")} AS search,
               {WORDS.format("text")} AS words
        FROM (SELECT DISTINCT text FROM texts)
        """
    )
    _analysed_words(db, workdir / "analysed.csv")
    # Each word of either key once per description, with the words the text analysis adds
    # (stems, Chinese words), and the distinct words: a text filter matches the few thousand
    # words, then looks their descriptions up.
    db.execute(
        """
        CREATE TABLE description_words AS
        SELECT DISTINCT word, description_id FROM (
            SELECT unnest(string_split(search, ' ')) AS word, description_id FROM descriptions
            UNION ALL
            SELECT unnest(string_split(words, ' ')) AS word, description_id FROM descriptions
            UNION ALL
            SELECT word, description_id FROM analysed
        ) WHERE word <> ''
        ORDER BY word, description_id
        """
    )
    db.execute("DROP TABLE analysed")
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


def _sort_shipments(db: duckdb.DuckDBPyConnection, raw: str, months: list[Path]) -> None:
    """Month by month, each month by HS code: a period reads only its months' row groups, and
    an HS code or a product text (`conditions.matching_clause`) only those of its codes."""
    joined = """
        SELECT r.id, r.date, r.hs_code, d.description_id, r.exporter_id, r.importer_id,
               r.exporter_country, r.importer_country, r.quantity,
               coalesce(r.quantity_unit, '') AS quantity_unit, r.net_weight_kg, r.value_usd,
               r.price_per_unit
        FROM {raw} r JOIN descriptions d ON d.text = coalesce(r.product_description, '')
    """
    db.execute(f"CREATE TABLE shipments AS {joined.format(raw=raw)} LIMIT 0")
    for month in months:
        month_rows = joined.format(raw=f"read_parquet('{month}/*.parquet')")
        db.execute(f"INSERT INTO shipments {month_rows} ORDER BY r.hs_code, r.date, r.id")


def _facts(db: duckdb.DuckDBPyConnection) -> None:
    db.execute(
        f"""
        CREATE TABLE facts AS
        SELECT min(first_date) AS first_date, max(last_date) AS last_date,
               coalesce(sum(shipments), 0)::BIGINT AS shipments,
               coalesce(sum(shipments) FILTER (WHERE source = '{DEMO_SOURCE}'), 0)::BIGINT
                 AS demo_shipments,
               list(DISTINCT source ORDER BY source) FILTER (WHERE source IS NOT NULL)
                 AS sources,
               ?::TIMESTAMP AS built_at
        FROM texts
        """,
        [datetime.now(UTC).replace(tzinfo=None)],
    )
    db.execute("DROP TABLE texts")


def _analysed_words(db: duckdb.DuckDBPyConnection, target: Path) -> None:
    """The words the text analysis adds to each description (`lexicon.search.analyse`):
    English stems ('bananas' -> 'banana') and the words of Chinese runs ('越南香蕉' ->
    '越南', '香蕉'), computed here once so a search compares words, not patterns."""
    with target.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        cursor = db.execute("SELECT description_id, text FROM descriptions")
        while rows := cursor.fetchmany(20_000):
            for description_id, text in rows:
                writer.writerows((word, description_id) for word in analyse(text))
    db.execute(
        "CREATE TEMP TABLE analysed AS SELECT * FROM "
        + _read_csv(target, {"word": "VARCHAR", "description_id": "INTEGER"})
    )


def build_snapshot(directory: Path | None = None) -> Path:
    """Build a new snapshot from the Django database and make it the current one."""
    directory = directory or index_directory()
    directory.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    final = directory / f"shipments-{time.time_ns()}.duckdb"
    partial = final.with_suffix(".building")
    with tempfile.TemporaryDirectory(dir=directory) as workdir:
        postgres = _postgres_shipments()
        files = _export_all(Path(workdir), shipments=postgres is None)
        try:
            at_low_priority(lambda: _write_snapshot(partial, files, Path(workdir), postgres))
        except BaseException:
            partial.unlink(missing_ok=True)
            raise
    os.replace(partial, final)
    _point_to(directory, final)
    _remove_old_snapshots(directory, keep={final})
    logger.info("Trade index %s built in %.1f s", final.name, time.perf_counter() - started)
    return final


def _write_snapshot(
    target: Path, files: dict[str, Path], workdir: Path, postgres: _PostgresShipments | None
) -> None:
    db = duckdb.connect(str(target), config=build_config())
    try:
        db.execute(f"SET temp_directory = '{workdir}'")
        _load(db, files, workdir, postgres)
        with _step("written to disk"):
            db.execute("CHECKPOINT")
    finally:
        db.close()


def at_low_priority(work: Callable[[], None]) -> None:
    """Run `work` in a thread of its own at a lower CPU priority (TRADE_INDEX_BUILD_NICE
    more than the process's). The threads DuckDB starts for a connection opened there inherit
    it, so a build takes the cores the web processes leave idle and gives them back when a
    search needs them. The Django database is read before, on the calling thread, whose
    connection (and transaction) it is."""
    failure: list[BaseException] = []

    def run() -> None:
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), _lower_priority())
            work()
        except BaseException as error:  # handed to the caller
            failure.append(error)

    worker = threading.Thread(target=run, name="trade-index-build")
    worker.start()
    worker.join()
    if failure:
        raise failure[0]


def _lower_priority() -> int:
    current = os.getpriority(os.PRIO_PROCESS, 0)
    return min(current + settings.TRADE_INDEX_BUILD_NICE, 19)


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
