"""Index calls with a time limit. DuckDB has no statement timeout: a watchdog thread interrupts
the statement of a call whose time has passed (DuckDB stops it at its next check, within
milliseconds), and the call ends in QueryTimedOut, the API's 503. DuckDB forgets an interrupt
that comes while a statement is still being planned, so the watchdog repeats it every
REPEAT_INTERRUPT seconds until the statement has stopped. Each call has a cursor (a
connection) of its own, so an interrupt never reaches another search, and the process serves
the next search as before."""

from __future__ import annotations

import heapq
import itertools
import logging
import os
import threading
import time
import weakref
from collections.abc import Sequence
from typing import Any

import duckdb

from apps.core.errors import QueryTimedOut

logger = logging.getLogger(__name__)

REPEAT_INTERRUPT = 0.02


class BoundedCursor:
    """A cursor whose statements share one deadline: the statement running when it passes is
    interrupted, and one started after it is refused. No limit when `seconds` is 0."""

    def __init__(self, cursor: duckdb.DuckDBPyConnection, seconds: float) -> None:
        self._cursor = cursor
        self._lock = threading.Lock()
        self._expired = False
        self.finished = False
        if seconds > 0:
            _watchdog.watch(self, time.monotonic() + seconds)

    def expire(self) -> None:
        with self._lock:
            self._expired = True
            if not self.finished:
                self._cursor.interrupt()

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        if self._expired:
            raise QueryTimedOut()
        try:
            self._cursor.execute(sql, list(params))
        except duckdb.InterruptException as exc:
            raise QueryTimedOut() from exc

    def fetchall(self) -> list[Any]:
        try:
            return self._cursor.fetchall()
        except duckdb.InterruptException as exc:
            raise QueryTimedOut() from exc

    @property
    def description(self) -> Any:
        return self._cursor.description

    def close(self) -> None:
        with self._lock:
            self.finished = True
        self._cursor.close()


class _Watchdog:
    """One thread per process, started on first use, that expires the cursors whose deadline
    has passed. Watching a cursor costs a heap push: no thread per call. The heap holds weak
    references: a cursor (and its DuckDB connection) is freed by the call that used it, never
    by this daemon thread, which the interpreter stops abruptly at exit (freeing a connection
    then aborts the process)."""

    def __init__(self) -> None:
        self._reset()
        # A forked worker starts with no watchdog thread and must not inherit a held lock.
        os.register_at_fork(after_in_child=self._reset)

    def _reset(self) -> None:
        self._condition = threading.Condition()
        self._deadlines: list[tuple[float, int, weakref.ref[BoundedCursor]]] = []
        self._numbers = itertools.count()
        self._thread: threading.Thread | None = None

    def watch(self, cursor: BoundedCursor, deadline: float) -> None:
        with self._condition:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._run, name="trade-index-deadlines", daemon=True
                )
                self._thread.start()
            heapq.heappush(self._deadlines, (deadline, next(self._numbers), weakref.ref(cursor)))
            if self._deadlines[0][2]() is cursor:
                self._condition.notify()

    def _due(self) -> list[BoundedCursor]:
        """The unfinished cursors past their deadline (finished ones leave the heap too);
        waits until the next deadline while there are none."""
        with self._condition:
            while True:
                now = time.monotonic()
                due = []
                while self._deadlines and (
                    self._deadlines[0][0] <= now or _done(self._deadlines[0][2])
                ):
                    _, _, watched = heapq.heappop(self._deadlines)
                    if not _done(watched):
                        due += [cursor for cursor in (watched(),) if cursor is not None]
                if due:
                    return due
                wait = self._deadlines[0][0] - now if self._deadlines else None
                self._condition.wait(wait)

    def _run(self) -> None:
        while True:
            self._expire(self._due())

    def _expire(self, due: list[BoundedCursor]) -> None:
        """Interrupt the statements of `due`; their cursors are let go on return, before the
        next wait."""
        for cursor in due:
            try:
                cursor.expire()
            except duckdb.Error:  # its connection failed otherwise: nothing to stop
                logger.exception("Could not interrupt a trade index query")
                continue
            if not cursor.finished:
                self.watch(cursor, time.monotonic() + REPEAT_INTERRUPT)


def _done(watched: weakref.ref[BoundedCursor]) -> bool:
    """Whether the call of a watched cursor is over (its cursor freed or finished)."""
    return getattr(watched(), "finished", True)


_watchdog = _Watchdog()
