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

Queries are behind `TradeIndex`; a ClickHouse adapter would implement the same methods. Each
call has a time limit (TRADE_INDEX_QUERY_TIMEOUT, `bounded`)."""

from apps.market.index.bounded import QueryTimedOut
from apps.market.index.build import build_snapshot
from apps.market.index.queries import DuckDBTradeIndex, IndexMissing, TradeIndex, trade_index
from apps.market.index.storage import (
    build_config,
    current_snapshot,
    index_directory,
    search_config,
)

__all__ = [
    "DuckDBTradeIndex",
    "IndexMissing",
    "QueryTimedOut",
    "TradeIndex",
    "build_config",
    "build_snapshot",
    "current_snapshot",
    "index_directory",
    "search_config",
    "trade_index",
]
