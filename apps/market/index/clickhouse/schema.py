"""The ClickHouse tables of the trade index and its roll-ups.

Shipments are ordered by (hs_code, date, id): most searches name HS codes (or a product whose
words choose them) and always a period, so the primary key skips the rest. A text search
selects description ids from the vocabulary; skip indexes let it and the party filters pass
over the granules without them.

The roll-ups are materialized views: each insert into `shipments` adds its monthly totals per
HS subheading and country pair, and per importer and exporter, to SummingMergeTree tables
(merged in the background; a query sums them again)."""

from __future__ import annotations

# The SQL here is assembled from constant fragments and table names.
# ruff: noqa: S608

# The column types of the CSV files the loader reads (as `build` exports them).
RAW_SHIPMENT_COLUMNS = {
    "id": "Int64",
    "date": "Date",
    "hs_code": "String",
    "product_description": "String",
    "exporter_id": "Int64",
    "importer_id": "Int64",
    "exporter_country": "String",
    "importer_country": "String",
    "quantity": "Nullable(Float64)",
    "quantity_unit": "String",
    "net_weight_kg": "Nullable(Float64)",
    "value_usd": "Nullable(Float64)",
    "price_per_unit": "Nullable(Float64)",
    "source": "String",
}

_SUMS = "shipments UInt64, value_usd Float64, net_weight_kg Float64"

# Each table: its columns, and its engine with the order of its rows.
TABLES = {
    "shipments": (
        """id Int64, date Date, hs_code LowCardinality(String), description_id UInt32,
        exporter_id Int64, importer_id Int64,
        exporter_country LowCardinality(String), importer_country LowCardinality(String),
        quantity Nullable(Float64), quantity_unit LowCardinality(String),
        net_weight_kg Nullable(Float64), value_usd Nullable(Float64),
        price_per_unit Nullable(Float64),
        INDEX description_key description_id TYPE bloom_filter GRANULARITY 4,
        INDEX importer_key importer_id TYPE bloom_filter GRANULARITY 4,
        INDEX exporter_key exporter_id TYPE bloom_filter GRANULARITY 4""",
        "MergeTree ORDER BY (hs_code, date, id)",
    ),
    "descriptions": (
        "description_id UInt32, text String, search String, words String",
        "MergeTree ORDER BY description_id",
    ),
    "description_words": (
        "word String, description_id UInt32",
        "MergeTree ORDER BY (word, description_id)",
    ),
    "vocabulary": ("word String", "MergeTree ORDER BY word"),
    "parties": (
        "party_id Int64, name String, search String, country String",
        "MergeTree ORDER BY party_id",
    ),
    "party_words": ("word String, party_id Int64", "MergeTree ORDER BY (word, party_id)"),
    "party_vocabulary": ("word String", "MergeTree ORDER BY word"),
    "hs_codes": (
        """code String, level Int32, description_en Nullable(String),
        description_vi Nullable(String), description_zh Nullable(String)""",
        "MergeTree ORDER BY code",
    ),
    "facts": (
        """first_date Nullable(Date), last_date Nullable(Date), shipments UInt64,
        demo_shipments UInt64, sources Array(String), built_at DateTime""",
        "MergeTree ORDER BY tuple()",
    ),
    "monthly_by_hs": (
        "month Date, hs_code LowCardinality(String), exporter_country LowCardinality(String), "
        f"importer_country LowCardinality(String), {_SUMS}",
        "SummingMergeTree ORDER BY (hs_code, month, exporter_country, importer_country)",
    ),
    "monthly_by_importer": (
        f"month Date, importer_id Int64, hs_code LowCardinality(String), {_SUMS}",
        "SummingMergeTree ORDER BY (importer_id, month, hs_code)",
    ),
    "monthly_by_exporter": (
        f"month Date, exporter_id Int64, hs_code LowCardinality(String), {_SUMS}",
        "SummingMergeTree ORDER BY (exporter_id, month, hs_code)",
    ),
}

# Each roll-up table and the grouping of its materialized view over `shipments`.
ROLLUPS = {
    "monthly_by_hs": "hs_code, exporter_country, importer_country",
    "monthly_by_importer": "importer_id, hs_code",
    "monthly_by_exporter": "exporter_id, hs_code",
}

# Staging tables of a load: the exported rows and the words the text analysis adds.
STAGING = {
    "raw_shipments": (
        ", ".join(f"{name} {kind}" for name, kind in RAW_SHIPMENT_COLUMNS.items()),
        "MergeTree ORDER BY tuple()",
    ),
    "analysed": ("word String, description_id UInt32", "MergeTree ORDER BY tuple()"),
}


def create_tables(database: str, tables: dict[str, tuple[str, str]]) -> list[str]:
    return [
        f"CREATE TABLE {database}.{name} ({columns}) ENGINE = {engine}"
        for name, (columns, engine) in tables.items()
    ]


def create_views(database: str) -> list[str]:
    """The materialized views that keep the roll-ups as shipments arrive."""
    return [
        f"""
        CREATE MATERIALIZED VIEW IF NOT EXISTS {database}.{table}_view TO {database}.{table} AS
        SELECT toStartOfMonth(date) AS month, {keys}, count() AS shipments,
               sum(coalesce(value_usd, 0)) AS value_usd,
               sum(coalesce(net_weight_kg, 0)) AS net_weight_kg
        FROM {database}.shipments GROUP BY month, {keys}
        """
        for table, keys in ROLLUPS.items()
    ]


def drop_views(database: str) -> list[str]:
    return [f"DROP VIEW IF EXISTS {database}.{table}_view" for table in ROLLUPS]
