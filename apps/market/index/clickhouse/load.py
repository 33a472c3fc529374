"""Loading the shipments from the Django database into ClickHouse.

The rows travel as CSV (the same export as a DuckDB snapshot's). The description keys come
from the same DuckDB expressions and text analysis as a snapshot's, so both backends search
the same words; ClickHouse then joins the shipments to their descriptions and splits the words.
Everything loads into a database of its own (`<database>_next`); its tables then replace the
live ones one by one (EXCHANGE TABLES), so searches never see half a load."""

# The SQL here is assembled from constant fragments and table names.
# ruff: noqa: S608

from __future__ import annotations

import logging
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import duckdb

from apps.market.fileformat import DEMO_SOURCE
from apps.market.index.build import (
    _analysed_words,
    _export,
    _hs_sql,
    _parties_sql,
    _read_csv,
    _shipments_sql,
)
from apps.market.index.clickhouse.connection import Connection
from apps.market.index.clickhouse.schema import (
    RAW_SHIPMENT_COLUMNS,
    STAGING,
    TABLES,
    create_tables,
    create_views,
    drop_views,
)
from apps.market.index.storage import (
    HS_COLUMNS,
    PARTY_COLUMNS,
    SEARCH_KEY,
    WORDS,
    build_config,
    index_directory,
)

logger = logging.getLogger(__name__)


def _descriptions(shipments: Path, workdir: Path) -> tuple[Path, Path]:
    """The distinct descriptions with their keys, and the words the analysis adds, as CSV."""
    described = workdir / "descriptions.csv"
    db = duckdb.connect(config=build_config())
    try:
        db.execute(
            f"""
            CREATE TABLE descriptions AS
            SELECT row_number() OVER (ORDER BY text)::INTEGER AS description_id, text,
                   {SEARCH_KEY.format("text")} AS search, {WORDS.format("text")} AS words
            FROM (
                SELECT DISTINCT coalesce(product_description, '') AS text
                FROM {_read_csv(shipments, dict.fromkeys(RAW_SHIPMENT_COLUMNS, "VARCHAR"))}
            )
            """
        )
        db.execute(f"COPY descriptions TO '{described}' (FORMAT csv, HEADER false)")
        _analysed_words(db, workdir / "analysed.csv")
    finally:
        db.close()
    return described, workdir / "analysed.csv"


def _fill(connection: Connection, db: str, workdir: Path) -> None:
    files = {name: workdir / f"{name}.csv" for name in ("shipments", "parties", "hs")}
    _export(_shipments_sql(), files["shipments"])
    _export(_parties_sql(), files["parties"])
    _export(_hs_sql(), files["hs"])
    described, analysed = _descriptions(files["shipments"], workdir)
    connection.insert_csv(f"{db}.hs_codes", list(HS_COLUMNS), files["hs"])
    connection.insert_csv(f"{db}.parties", list(PARTY_COLUMNS), files["parties"])
    connection.insert_csv(
        f"{db}.descriptions", ["description_id", "text", "search", "words"], described
    )
    connection.insert_csv(f"{db}.analysed", ["word", "description_id"], analysed)
    connection.insert_csv(f"{db}.raw_shipments", list(RAW_SHIPMENT_COLUMNS), files["shipments"])
    # The roll-ups' views see this insert.
    connection.command(
        f"""
        INSERT INTO {db}.shipments
        SELECT r.id, r.date, r.hs_code, d.description_id, r.exporter_id, r.importer_id,
               r.exporter_country, r.importer_country, r.quantity, r.quantity_unit,
               r.net_weight_kg, r.value_usd, r.price_per_unit
        FROM {db}.raw_shipments r
        INNER JOIN {db}.descriptions d ON d.text = r.product_description
        """
    )
    connection.command(
        f"""
        INSERT INTO {db}.description_words
        SELECT DISTINCT word, description_id FROM (
            SELECT arrayJoin(splitByChar(' ', search)) AS word, description_id
            FROM {db}.descriptions
            UNION ALL
            SELECT arrayJoin(splitByChar(' ', words)) AS word, description_id
            FROM {db}.descriptions
            UNION ALL
            SELECT word, description_id FROM {db}.analysed
        ) WHERE word <> ''
        """
    )
    connection.command(
        f"INSERT INTO {db}.vocabulary SELECT DISTINCT word FROM {db}.description_words"
    )
    connection.command(
        f"""
        INSERT INTO {db}.party_words
        SELECT DISTINCT arrayJoin(splitByChar(' ', search)) AS word, party_id FROM {db}.parties
        """
    )
    connection.command(
        f"INSERT INTO {db}.party_vocabulary "
        f"SELECT DISTINCT word FROM {db}.party_words WHERE word <> ''"
    )
    built_at = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")
    connection.command(
        f"""
        INSERT INTO {db}.facts
        SELECT minOrNull(date), maxOrNull(date), count(), countIf(source = '{DEMO_SOURCE}'),
               arraySort(groupUniqArrayIf(source, source <> '')), '{built_at}'
        FROM {db}.raw_shipments
        """
    )


def load_shipments(connection: Connection) -> None:
    """Load every shipment into a new set of tables and switch the database to them."""
    live = connection.database
    db = f"{live}_next"
    started = time.perf_counter()
    connection.command(f"DROP DATABASE IF EXISTS {db}")
    connection.command(f"CREATE DATABASE {db}")
    for statement in create_tables(db, TABLES) + create_tables(db, STAGING) + create_views(db):
        connection.command(statement)
    directory = index_directory()
    directory.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=directory) as workdir:
        _fill(connection, db, Path(workdir))
    for statement in drop_views(db):
        connection.command(statement)
    connection.command(f"CREATE DATABASE IF NOT EXISTS {live}")
    for name in TABLES:
        connection.command(f"CREATE TABLE IF NOT EXISTS {live}.{name} AS {db}.{name}")
        connection.command(f"EXCHANGE TABLES {db}.{name} AND {live}.{name}")
    for statement in create_views(live):
        connection.command(statement)
    connection.command(f"DROP DATABASE {db}")
    logger.info("ClickHouse trade index loaded in %.1f s", time.perf_counter() - started)
