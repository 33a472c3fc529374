"""Where the rows go. PostgreSQL: rows COPYed from DuckDB through a pipe, a large load into a
table not larger than the file without the table's indexes (dropped inside the transaction
and built again after); other databases: batches fetched from DuckDB and
bulk-created. Both skip the keys the table holds already."""

# The SQL here is assembled from constant fragments, column names and table names; the
# only outside text in it is a path of the import's own, quoted. Values travel as parameters.
# ruff: noqa: S608

from __future__ import annotations

import fcntl
import os
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from datetime import date
from decimal import Decimal
from typing import Any

import duckdb
from django.db import connection
from psycopg import sql

from apps.market.imports.report import Meter
from apps.market.imports.rules import COPY_COLUMNS
from apps.market.imports.scan import Scan
from apps.market.index.storage import quoted
from apps.market.models import Shipment


class SqlTarget:
    """SQLite and other databases: rows fetched from DuckDB in batches and bulk-created,
    skipping keys that exist already."""

    batch_size = 5_000
    skips_existing = False

    def __init__(self, scan: Scan, meter: Meter) -> None:
        self.scan = scan
        self.meter = meter

    def load(self, query: str) -> tuple[int, int]:
        """Load the rows of a DuckDB query: how many it had, how many were added."""
        sent = added = 0
        result = self.scan.duck.execute(query)
        while batch := result.fetchmany(self.batch_size):
            sent += len(batch)
            added += self.write(batch)
            self.meter.add(len(batch))
        return sent, added

    def write(self, rows: list[tuple[Any, ...]]) -> int:
        sources = {row[13] for row in rows}
        ids = [row[14] for row in rows]
        existing: set[tuple[str, str]] = set()
        for start in range(0, len(ids), 900):
            existing.update(
                Shipment.objects.filter(
                    source__in=sources, source_record_id__in=ids[start : start + 900]
                ).values_list("source", "source_record_id")
            )
        objects = [_shipment(row) for row in rows if (row[13], row[14]) not in existing]
        Shipment.objects.bulk_create(objects, batch_size=1000)
        return len(objects)

    def finish(self) -> None:
        pass


def _shipment(row: tuple[Any, ...]) -> Shipment:
    values = dict(zip(COPY_COLUMNS, row, strict=True))
    values["date"] = date.fromisoformat(values["date"])
    for name in ("quantity", "net_weight_kg", "value_usd", "unit_price_usd"):
        if values[name] is not None:
            values[name] = Decimal(values[name])
    return Shipment(**values)


_STAGING = "market_shipment_staging"
_STAGING_COLUMNS = (
    "date date, hs_code_id varchar(6), product_description text, exporter_country varchar(2), "
    "importer_country varchar(2), quantity numeric(18,3), quantity_unit varchar(20), "
    "net_weight_kg numeric(18,3), value_usd numeric(18,2), unit_price_usd numeric(30,6), "
    "port_of_loading varchar(120), port_of_discharge varchar(120), transport_mode varchar(12), "
    "source varchar(60), source_record_id varchar(120), exporter_id bigint, importer_id bigint"
)
REBUILD_INDEXES_FROM = 200_000  # rows from which a load into a table not larger may rebuild indexes


class PostgresTarget:
    """PostgreSQL: rows COPYed from DuckDB through a pipe. A large load into a table not
    larger than the file locks the table against other writers, leaves out the keys it holds
    and goes straight into it; when most of the file is new, without the table's primary and
    unique keys and plain indexes (dropped inside the transaction, which locks out readers too
    until the commit, and built again by `finish`). Any other load, and the rows loaded after
    `finish`, go through a staging table and INSERT ... ON CONFLICT."""

    def __init__(self, scan: Scan, meter: Meter, *, rows: int, sources: list[str], dry_run: bool):
        self.scan = scan
        self.meter = meter
        self.table = Shipment._meta.db_table
        self.rebuild: list[str] = []
        self.direct = self.skips_existing = False
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit = off")
            cursor.execute("SET LOCAL maintenance_work_mem = '512MB'")
            if not dry_run and _loads_in_bulk(cursor, self.table, rows):
                cursor.execute(f"LOCK TABLE {self.table} IN SHARE ROW EXCLUSIVE MODE")
                known = _fetch_existing_keys(scan, cursor, self.table, sources)
                self.direct, self.skips_existing = True, known > 0
                if known <= rows // 2:
                    self.rebuild = _drop_indexes(cursor, self.table)

    def load(self, query: str) -> tuple[int, int]:
        """Load the rows of a DuckDB query: how many it had, how many were added."""
        columns = ", ".join(COPY_COLUMNS)
        if self.direct:
            copy = f"COPY {self.table} ({columns}) FROM STDIN (FORMAT csv)"
            sent = _stream_to_postgres(self.scan, query, copy, self.meter)
            return sent, sent
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TABLE IF EXISTS {_STAGING}")
            cursor.execute(f"CREATE TEMPORARY TABLE {_STAGING} ({_STAGING_COLUMNS}) ON COMMIT DROP")
            copy = f"COPY {_STAGING} FROM STDIN (FORMAT csv)"
            sent = _stream_to_postgres(self.scan, query, copy, self.meter)
            cursor.execute(
                f"INSERT INTO {self.table} ({columns}) SELECT {columns} FROM {_STAGING} "
                "ON CONFLICT (source, source_record_id) DO NOTHING"
            )
            added = int(cursor.rowcount)
            cursor.execute(f"DROP TABLE {_STAGING}")
        return sent, added

    def finish(self) -> None:
        """Build the dropped indexes again; later loads go through the staging table."""
        with connection.cursor() as cursor:
            for statement in self.rebuild:
                cursor.execute(statement)
        self.rebuild = []
        self.direct = False


def _loads_in_bulk(cursor: Any, table: str, rows: int) -> bool:
    """Whether the load is large and the table not larger (by the planner's estimate, or by
    counting up to what matters when the table was never analysed)."""
    if rows < REBUILD_INDEXES_FROM:
        return False
    cursor.execute("SELECT reltuples::bigint FROM pg_class WHERE oid = %s::regclass", [table])
    estimate = cursor.fetchone()[0]
    if estimate < 0:
        cursor.execute(f"SELECT count(*) FROM (SELECT 1 FROM {table} LIMIT %s) AS head", [rows + 1])
        estimate = cursor.fetchone()[0]
    return bool(estimate <= rows)


def _drop_indexes(cursor: Any, table: str) -> list[str]:
    """Drop the table's primary key, unique constraints and indexes; return the statements
    that build them again, the keys first. Rows come in the order of their new ids, yet
    adding each to the primary key's index costs the COPY more than building it after."""
    rebuild = []
    cursor.execute(
        "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
        "WHERE conrelid = %s::regclass AND contype IN ('p', 'u') ORDER BY contype, conname",
        [table],
    )
    for name, definition in cursor.fetchall():
        cursor.execute(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
        rebuild.append(f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}')
    cursor.execute(
        "SELECT c.relname, pg_get_indexdef(i.indexrelid) FROM pg_index i "
        "JOIN pg_class c ON c.oid = i.indexrelid "
        "WHERE i.indrelid = %s::regclass "
        "AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)",
        [table],
    )
    for name, definition in cursor.fetchall():
        cursor.execute(f'DROP INDEX "{name}"')
        rebuild.append(definition)
    return rebuild


def _fetch_existing_keys(scan: Scan, cursor: Any, table: str, sources: list[str]) -> int:
    """Copy the keys the table holds for the file's sources into DuckDB's `existing`; return
    how many there are."""
    cursor.execute(f"SELECT EXISTS (SELECT 1 FROM {table} WHERE source = ANY(%s))", [sources])
    if not cursor.fetchone()[0]:
        return 0
    path = scan.workdir / "existing.csv"
    statement = sql.SQL(
        "COPY (SELECT source, source_record_id FROM {} WHERE source = ANY({})) "
        "TO STDOUT (FORMAT csv)"
    ).format(sql.Identifier(table), sql.Literal(sources))
    with open(path, "wb") as out, cursor.cursor.copy(statement) as copy:
        for data in copy:
            out.write(data)
    scan.duck.execute(
        f"CREATE OR REPLACE TABLE existing AS SELECT * FROM read_csv({quoted(str(path))}, "
        "columns = {'source': 'VARCHAR', 'record_id': 'VARCHAR'}, header = false, "
        "auto_detect = false, delim = ',', quote = '\"', escape = '\"')"
    )
    found = scan.duck.execute("SELECT count(*) FROM existing").fetchone()
    return int(found[0]) if found else 0


_PIPE_SIZE = 1 << 20


def _stream_to_postgres(scan: Scan, query: str, copy_statement: str, meter: Meter) -> int:
    """DuckDB writes the rows of `query` as CSV into a pipe, on its own threads; this thread
    moves the bytes to PostgreSQL's COPY. Returns the rows written."""
    pipe = scan.workdir / "rows.pipe"
    pipe.unlink(missing_ok=True)
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
    keeper = os.open(pipe, os.O_WRONLY)  # no end of file before DuckDB is done
    os.set_blocking(reader, True)
    with suppress(OSError):  # a larger pipe: fewer switches between writer and reader
        fcntl.fcntl(reader, fcntl.F_SETPIPE_SZ, _PIPE_SIZE)
    worker = scan.duck.cursor()
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="shipment-csv") as pool:
        job = pool.submit(_write_csv, worker, query, str(pipe))
        job.add_done_callback(lambda _: os.close(keeper))
        try:
            with connection.cursor() as cursor, cursor.cursor.copy(copy_statement) as copy:
                while chunk := os.read(reader, 1 << 20):
                    copy.write(chunk)
                    meter.add(chunk.count(b"\n"))
                return job.result()
        except BaseException:
            worker.interrupt()
            while os.read(reader, 1 << 20):
                pass
            raise
        finally:
            os.close(reader)
            worker.close()


def _write_csv(duck: duckdb.DuckDBPyConnection, query: str, path: str) -> int:
    """Run the query into a CSV file (the pipe), in whatever order the rows come."""
    duck.execute("SET preserve_insertion_order = false")
    try:
        found = duck.execute(f"COPY ({query}) TO {quoted(path)} (FORMAT csv, HEADER false)")
        [(written,)] = found.fetchall()  # COPY answers one row: the rows it wrote
        return int(written)
    finally:
        duck.execute("RESET preserve_insertion_order")
