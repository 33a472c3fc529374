"""The trade parties of an import: each distinct (name, country) of the file is keyed once
(spellings that differ only in accents, case, punctuation or spacing meet in one key), the
known parties are found, the new ones created, and their ids handed to DuckDB for the load."""

# The SQL here is assembled from constant fragments and table names.
# ruff: noqa: S608

from __future__ import annotations

import csv
import io
from typing import Any

from django.db import connection

from apps.market.imports.rules import COPY_COLUMNS, Row
from apps.market.imports.scan import Scan
from apps.market.models import TradeParty


def _resolve_parties(wanted: dict[tuple[str, str], str], cache: dict[tuple[str, str], int]) -> None:
    """Fill `cache` with the ids of the parties in `wanted` (key -> display name), creating the
    missing ones: read, bulk-create what is missing (ignoring conflicts), read again."""
    missing = [key for key in wanted if key not in cache]
    if not missing:
        return
    if connection.vendor == "postgresql":
        _resolve_parties_by_copy(missing, wanted, cache)
        return

    def read(keys: list[tuple[str, str]]) -> None:
        for start in range(0, len(keys), 900):
            part = keys[start : start + 900]
            names = {name for name, _ in part}
            countries = {country for _, country in part}
            rows = TradeParty.objects.filter(normalized_name__in=names, country__in=countries)
            for pk, name, country in rows.values_list("id", "normalized_name", "country"):
                cache[(name, country)] = pk

    read(missing)
    new = [key for key in missing if key not in cache]
    if new:
        TradeParty.objects.bulk_create(
            [TradeParty(name=wanted[key], normalized_name=key[0], country=key[1]) for key in new],
            batch_size=500,
            ignore_conflicts=True,
        )
        read(new)


def _resolve_parties_by_copy(
    missing: list[tuple[str, str]],
    wanted: dict[tuple[str, str], str],
    cache: dict[tuple[str, str], int],
) -> None:
    """PostgreSQL: the same in three statements, whatever the number of parties: COPY the keys
    into a temporary table, insert the missing parties, read the ids back."""
    table = TradeParty._meta.db_table
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(
        (wanted[key], key[0], key[1]) for key in missing
    )
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TEMPORARY TABLE IF NOT EXISTS market_party_keys "
            "(name varchar(300), normalized_name varchar(300), country varchar(2)) "
            "ON COMMIT DROP"
        )
        cursor.execute("TRUNCATE market_party_keys")
        raw: Any = cursor.cursor
        with raw.copy("COPY market_party_keys FROM STDIN WITH (FORMAT csv)") as copy:
            copy.write(buffer.getvalue())
        cursor.execute(
            f"INSERT INTO {table} (name, normalized_name, country, created_at) "
            "SELECT DISTINCT ON (normalized_name, country) name, normalized_name, country, now() "
            "FROM market_party_keys ON CONFLICT (normalized_name, country) DO NOTHING"
        )
        cursor.execute(
            f"SELECT p.id, p.normalized_name, p.country FROM {table} p "
            "JOIN market_party_keys k USING (normalized_name, country)"
        )
        for pk, name, country in cursor.fetchall():
            cache[(name, country)] = pk


def parties_table(
    scan: Scan, pairs: dict[tuple[str, str], tuple[tuple[str, str], str] | None]
) -> None:
    """Resolve the parties of the good pairs (creating the new ones) into DuckDB's `parties`,
    by the pairs as the file spells them (and their hash)."""
    wanted = {found[0]: found[1] for found in pairs.values() if found is not None}
    ids: dict[tuple[str, str], int] = {}
    _resolve_parties(wanted, ids)
    scan.table(
        "parties",
        {"name": "VARCHAR", "country": "VARCHAR", "clean_country": "VARCHAR", "id": "BIGINT"},
        [(*pair, found[0][1], ids[found[0]]) for pair, found in pairs.items() if found is not None],
    )
    scan.duck.execute("ALTER TABLE parties ADD COLUMN hash UBIGINT")
    scan.duck.execute("UPDATE parties SET hash = hash(name, country)")
    scan.table("file_pairs", {"name": "VARCHAR", "country": "VARCHAR"}, list(pairs))
    found = scan.duck.execute(
        "SELECT count(DISTINCT hash(name, country)) = count(*) FROM file_pairs"
    ).fetchone()
    scan.pair_hashes_unique = bool(found and found[0])


def special_rows_table(scan: Scan, rows: list[Row], names: dict[tuple[str, str], str]) -> None:
    """Resolve the parties of the good unusual rows into DuckDB's `special_rows`."""
    wanted = {key: names[key] for _, exporter, importer in rows for key in (exporter, importer)}
    ids: dict[tuple[str, str], int] = {}
    _resolve_parties(wanted, ids)
    scan.table(
        "special_rows",
        {
            name: "BIGINT" if name in ("exporter_id", "importer_id") else "VARCHAR"
            for name in COPY_COLUMNS
        },
        [(*values, ids[exporter], ids[importer]) for values, exporter, importer in rows],
        nullable=("quantity", "net_weight_kg", "unit_price_usd"),
    )
