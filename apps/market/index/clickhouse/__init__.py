"""The trade index on ClickHouse, for data or traffic past one machine: the same
`TradeIndex` methods and results as the DuckDB snapshot, on a ClickHouse server
(TRADE_INDEX_URL, through clickhouse-connect) or on chDB, the same engine in process, which
the tests and the benchmark use.

`schema` holds the tables and the roll-ups (materialized views), `load` loads the shipments
from the Django database, `conditions` turns search filters into ClickHouse SQL, `queries`
and `analysis` answer the `TradeIndex` methods, `connection` runs the SQL on either."""

from apps.market.index.clickhouse.connection import (
    Connection,
    EmbeddedConnection,
    ServerConnection,
    connect,
)
from apps.market.index.clickhouse.load import load_shipments
from apps.market.index.clickhouse.queries import ClickHouseTradeIndex

__all__ = [
    "ClickHouseTradeIndex",
    "Connection",
    "EmbeddedConnection",
    "ServerConnection",
    "connect",
    "load_shipments",
]
