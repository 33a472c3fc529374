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

Queries are behind `TradeIndex`; `clickhouse` implements the same methods on ClickHouse, which
`trade_index()` returns when TRADE_INDEX_URL names a server. Each call has a time limit
(TRADE_INDEX_QUERY_TIMEOUT, `bounded`)."""

from django.conf import settings

from apps.core.errors import QueryTimedOut
from apps.market.index import queries
from apps.market.index.build import build_snapshot
from apps.market.index.queries import DuckDBTradeIndex, IndexMissing, TradeIndex, complete
from apps.market.index.storage import (
    build_config,
    current_snapshot,
    index_directory,
    search_config,
)


def trade_index() -> TradeIndex:
    """The index searches read: ClickHouse when TRADE_INDEX_URL is set, else the current
    DuckDB snapshot."""
    if settings.TRADE_INDEX_URL:
        from apps.market.index.clickhouse import ClickHouseTradeIndex, connect

        return ClickHouseTradeIndex(connect(settings.TRADE_INDEX_URL))
    return queries.trade_index()


def load_server() -> None:
    """With TRADE_INDEX_URL set, load the shipments into ClickHouse (after an import)."""
    if settings.TRADE_INDEX_URL:
        from apps.market.index.clickhouse import connect, load_shipments

        load_shipments(connect(settings.TRADE_INDEX_URL))


__all__ = [
    "DuckDBTradeIndex",
    "IndexMissing",
    "QueryTimedOut",
    "TradeIndex",
    "build_config",
    "build_snapshot",
    "complete",
    "current_snapshot",
    "index_directory",
    "load_server",
    "search_config",
    "trade_index",
]
