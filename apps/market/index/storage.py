"""The snapshot files: where they live, which one is current, and the tables and text keys
every snapshot holds."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from django.conf import settings

POINTER = "CURRENT"
DuckDBConfig = dict[str, str | bool | int | float | list[str]]
# DuckDB never fetches anything at run time.
DUCKDB_CONFIG: DuckDBConfig = {
    "autoinstall_known_extensions": False,
    "autoload_known_extensions": False,
}


def search_config() -> DuckDBConfig:
    """A web process's connection: its share of the node's memory and cores (settings
    `TRADE_INDEX_MEMORY_LIMIT`, `TRADE_INDEX_THREADS`)."""
    return {
        **DUCKDB_CONFIG,
        "memory_limit": settings.TRADE_INDEX_MEMORY_LIMIT,
        "threads": settings.TRADE_INDEX_THREADS,
    }


def build_config() -> DuckDBConfig:
    """An import or a snapshot build: its threads and a memory limit past which DuckDB spills
    to disk (a build runs them at a lower priority: `build.at_low_priority`)."""
    return {
        **DUCKDB_CONFIG,
        "memory_limit": settings.TRADE_INDEX_BUILD_MEMORY_LIMIT,
        "threads": settings.TRADE_INDEX_BUILD_THREADS,
    }


def _remember_pandas_is_missing() -> None:
    """DuckDB's Python client tries to import pandas each time it binds a query parameter,
    and Python does not remember a failed import: every try searches the module path again,
    some 80 times per search request (about 13 ms). Where pandas is not installed, record
    that once; an import of it fails as before, only at once."""
    if "pandas" not in sys.modules and importlib.util.find_spec("pandas") is None:
        sys.modules["pandas"] = None  # type: ignore[assignment]


_remember_pandas_is_missing()


def quoted(text: str) -> str:
    """`text` as an SQL string literal (a path, a connection string)."""
    return "'" + text.replace("'", "''") + "'"


SEARCH_KEY = (
    "trim(regexp_replace(replace(lower(strip_accents({0})), 'đ', 'd'), "
    "'[[:punct:][:space:]]+', ' ', 'g'))"
)

# Lower case with accents kept; punctuation and spacing collapsed.
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


def current_snapshot(directory: Path | None = None) -> Path | None:
    directory = directory or index_directory()
    try:
        name = (directory / POINTER).read_text().strip()
    except FileNotFoundError:
        return None
    path = directory / name
    return path if name and path.exists() else None
