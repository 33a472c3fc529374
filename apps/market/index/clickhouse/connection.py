"""One small connection interface for the ClickHouse SQL: `clickhouse-connect` against a
server (TRADE_INDEX_URL) in production, chDB (the ClickHouse engine in process) in tests and
benchmarks. Both take the same SQL with ClickHouse query parameters (`{name:Type}`), formatted
by clickhouse-connect's own binding, and return rows as dicts of Python values. A statement
past its time limit (the server setting `max_execution_time`) ends in QueryTimedOut."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from datetime import date, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import unquote, urlparse

from clickhouse_connect.driver.binding import format_bind_value, format_query_value

from apps.core.errors import QueryTimedOut
from apps.market.index.queries import IndexMissing

Params = dict[str, Any]
# Every query: a LEFT JOIN without a match gives NULL (as in SQL), not the type's default.
QUERY_SETTINGS = {"join_use_nulls": 1}
# ClickHouse's error codes for a statement stopped by `max_execution_time`, and for a table
# that is not there (nothing loaded yet).
TIMEOUT_EXCEEDED = 159
UNKNOWN_TABLE = 60
_CHUNK = 1 << 20
# CSV fields keep their spaces: a description is joined to its shipments by its exact text.
INSERT_SETTINGS = {"input_format_csv_trim_whitespaces": 0}


class Connection(Protocol):
    database: str

    def query(
        self, sql: str, params: Params | None = None, *, timeout: float = 0
    ) -> list[dict[str, Any]]: ...
    def command(self, sql: str) -> None: ...
    def insert_csv(self, table: str, columns: list[str], path: Path) -> None: ...


def _timeout_settings(timeout: float) -> dict[str, Any]:
    if timeout <= 0:
        return dict(QUERY_SETTINGS)
    return {**QUERY_SETTINGS, "max_execution_time": timeout, "timeout_overflow_mode": "throw"}


def _failed(error: Exception) -> Exception | None:
    """The product's error for a failed statement, when it has one."""
    code, text = getattr(error, "code", None), str(error)
    if code == TIMEOUT_EXCEEDED or "(TIMEOUT_EXCEEDED)" in text:
        return QueryTimedOut()
    if code == UNKNOWN_TABLE or "(UNKNOWN_TABLE)" in text:
        return IndexMissing("the trade index has not been loaded into ClickHouse")
    return None


class ServerConnection:
    """A ClickHouse server over HTTP (clickhouse://user:password@host:8123/database)."""

    def __init__(self, url: str) -> None:
        import clickhouse_connect

        parts = urlparse(url)
        self.database = parts.path.strip("/") or "default"
        self._client = clickhouse_connect.get_client(
            host=parts.hostname or "localhost",
            port=parts.port or 8123,
            username=unquote(parts.username or "default"),
            password=unquote(parts.password or ""),
            secure=parts.scheme in ("clickhouses", "https"),
            autogenerate_session_id=False,
        )
        # A first load finds no database yet.
        self._client.command(f"CREATE DATABASE IF NOT EXISTS {self.database}")
        self._client.database = self.database

    def query(
        self, sql: str, params: Params | None = None, *, timeout: float = 0
    ) -> list[dict[str, Any]]:
        try:
            result = self._client.query(sql, parameters=params, settings=_timeout_settings(timeout))
        except Exception as error:
            if (failure := _failed(error)) is not None:
                raise failure from error
            raise
        return list(result.named_results())

    def command(self, sql: str) -> None:
        self._client.command(sql)

    def insert_csv(self, table: str, columns: list[str], path: Path) -> None:
        with path.open("rb") as data:
            self._client.raw_insert(
                table, columns, insert_block=data, fmt="CSV", settings=INSERT_SETTINGS
            )


def _inner(kind: str, wrapper: str) -> str | None:
    prefix = f"{wrapper}("
    return kind[len(prefix) : -1] if kind.startswith(prefix) else None


def _value(kind: str, value: Any) -> Any:
    """A JSON value of ClickHouse type `kind` as clickhouse-connect returns it."""
    for wrapper in ("Nullable", "LowCardinality"):
        inner = _inner(kind, wrapper)
        if inner is not None:
            return None if value is None else _value(inner, value)
    inner = _inner(kind, "Array")
    if inner is not None:
        return [_value(inner, item) for item in value]
    if value is None:  # NaN and infinities come as null
        return float("nan") if kind.startswith("Float") else None
    if kind.startswith("Date32") or kind == "Date":
        return date.fromisoformat(value)
    if kind.startswith("DateTime"):
        return datetime.fromisoformat(value)
    if kind.startswith(("Int", "UInt")):
        return int(value)
    if kind.startswith("Float"):
        return float(value)
    return value


class EmbeddedConnection:
    """chDB: the ClickHouse engine in this process, on a directory (in memory without one).
    A session runs one statement at a time."""

    def __init__(self, path: Path | None = None, database: str = "trade") -> None:
        from chdb import session

        self._session = session.Session(str(path)) if path else session.Session()
        self._lock = threading.Lock()
        self.database = database
        self._session.query(f"CREATE DATABASE IF NOT EXISTS {database}")
        self._session.query(f"USE {database}")

    def query(
        self, sql: str, params: Params | None = None, *, timeout: float = 0
    ) -> list[dict[str, Any]]:
        settings = {**_timeout_settings(timeout), "output_format_json_quote_64bit_integers": 0}
        ending = ", ".join(f"{name} = {format_query_value(v)}" for name, v in settings.items())
        bound = {name: format_bind_value(v) for name, v in (params or {}).items()}
        with self._lock:
            try:
                result = self._session.query(
                    f"{sql} SETTINGS {ending}", "JSONCompact", params=bound
                )
            except Exception as error:
                if (failure := _failed(error)) is None:
                    raise
                # chDB hands what a stopped statement had written to the next statement's
                # result: a statement of nothing takes it.
                self._session.query("SELECT 1", "JSONCompact")
                raise failure from error
        answer = json.loads(result.bytes() or b"{}")
        kinds = [(column["name"], column["type"]) for column in answer.get("meta", [])]
        return [
            {name: _value(kind, value) for (name, kind), value in zip(kinds, row, strict=True)}
            for row in answer.get("data", [])
        ]

    def command(self, sql: str) -> None:
        with self._lock:
            self._session.query(sql)

    def insert_csv(self, table: str, columns: list[str], path: Path) -> None:
        statement = (
            f"INSERT INTO {table} ({', '.join(columns)}) "
            "SETTINGS input_format_csv_trim_whitespaces = 0"
        )
        with self._lock, self._session.send_insert(statement, "CSV") as out:
            for block in _blocks(path):
                out.append(block)
            out.finish()


def _blocks(path: Path) -> Iterator[bytes]:
    with path.open("rb") as data:
        while block := data.read(_CHUNK):
            yield block


@lru_cache(maxsize=4)
def connect(url: str) -> Connection:
    """clickhouse://… a server; chdb:///path (chdb:// for memory) the engine in process. One
    connection per URL and process (clickhouse-connect pools its HTTP connections)."""
    parts = urlparse(url)
    if parts.scheme == "chdb":
        path = Path(unquote(parts.path)) if parts.path not in ("", "/") else None
        return EmbeddedConnection(path, parts.fragment or "trade")
    return ServerConnection(url)
