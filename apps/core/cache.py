"""The cache the web processes and the task worker share when no Redis is set (CACHE_URL unset):
a table of the product's database. The throttles, the search limits and the bearer cache count
on it, so `make run`'s several processes keep one count and forget a revoked token together.

Django's database cache increments by reading and writing back, so two processes counting at
once could both write the same number. Here the read locks the row (PostgreSQL) or the
transaction holds the write lock from its start (SQLite in IMMEDIATE mode, config/env.py), so
every increment is counted."""

from __future__ import annotations

import base64
import pickle
from typing import Any

from django.core.cache.backends.db import DatabaseCache
from django.db import connections, router, transaction
from django.utils.timezone import now as tz_now


class SharedDatabaseCache(DatabaseCache):
    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        key = self.make_and_validate_key(key, version=version)
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        quote_name = connection.ops.quote_name
        table = quote_name(self.cache_model_class._meta.db_table)
        key_column = quote_name("cache_key")
        # Naive, as Django's own has_key compares it: the backend adapts it to the column.
        now = tz_now().replace(microsecond=0, tzinfo=None)
        lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
        with transaction.atomic(using=db), connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {quote_name('value')} FROM {table} "  # noqa: S608 (names quoted)
                f"WHERE {key_column} = %s AND {quote_name('expires')} > %s{lock}",
                [key, connection.ops.adapt_datetimefield_value(now)],
            )
            row = cursor.fetchone()
            if row is None:
                raise ValueError(f"Key '{key}' not found")
            # The product's own rows, written by this cache as Django's database cache writes them.
            stored = base64.b64decode(connection.ops.process_clob(row[0]).encode())
            value = pickle.loads(stored)  # noqa: S301
            value += delta
            encoded = base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1")
            cursor.execute(
                f"UPDATE {table} SET {quote_name('value')} = %s "  # noqa: S608 (names quoted)
                f"WHERE {key_column} = %s",
                [encoded, key],
            )
        return int(value)
