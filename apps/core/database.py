"""Statements with a time limit, on the databases that have one."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import OperationalError, connection, transaction

from apps.core.errors import QueryTimedOut

QUERY_CANCELED = "57014"  # PostgreSQL's SQLSTATE of a statement stopped by statement_timeout


@contextmanager
def statement_time_limit(seconds: float) -> Iterator[None]:
    """On PostgreSQL, the statements inside run in one transaction, each stopped after
    `seconds` (`statement_timeout`, for this transaction only) with QueryTimedOut. Elsewhere,
    or with 0 seconds, no limit."""
    if connection.vendor != "postgresql" or seconds <= 0:
        yield
        return
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT set_config('statement_timeout', %s, true)", [str(int(seconds * 1000))]
                )
            yield
    except OperationalError as problem:
        if getattr(problem.__cause__, "sqlstate", None) == QUERY_CANCELED:
            raise QueryTimedOut() from problem
        raise
