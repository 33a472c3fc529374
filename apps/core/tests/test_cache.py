"""The shared cache table (apps.core.cache), the default when no Redis is set: what one process
counts or forgets, every other sees, and increments made at the same moment are all counted."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection

from apps.core.cache import SharedDatabaseCache
from config.env import SHARED_TABLE_CACHE, product_cache

pytestmark = pytest.mark.django_db(transaction=True)


def _process_cache() -> SharedDatabaseCache:
    """The cache as one more web process builds it from the settings."""
    return SharedDatabaseCache("core_cache", {"OPTIONS": {"MAX_ENTRIES": 50_000}})


def _at_once(work: Callable[[], None], threads: int) -> None:
    """Run `work` on `threads` threads, each with its own database connection, released at
    the same moment."""
    start = threading.Barrier(threads)

    def run() -> None:
        start.wait()
        try:
            work()
        finally:
            connection.close()

    running = [threading.Thread(target=run) for _ in range(threads)]
    for thread in running:
        thread.start()
    for thread in running:
        thread.join()


def test_increments_at_the_same_moment_are_all_counted() -> None:
    _process_cache().add("window", 0, timeout=60)

    def count_ten() -> None:
        mine = _process_cache()
        for _ in range(10):
            mine.incr("window")

    _at_once(count_ten, 6)
    assert _process_cache().get("window") == 60


def test_what_one_process_counts_or_forgets_the_others_see() -> None:
    first, second = _process_cache(), _process_cache()
    first.set("bearer", {"sub": "someone"}, timeout=60)
    assert second.get("bearer") == {"sub": "someone"}
    second.delete("bearer")
    assert first.get("bearer") is None
    assert first.add("signups", 1, timeout=60)
    assert not second.add("signups", 1, timeout=60)
    assert second.incr("signups", 2) == 3
    assert first.decr("signups") == 2


def test_an_expired_count_is_not_incremented_and_starts_afresh() -> None:
    cache = _process_cache()
    cache.set("window", 5, timeout=-1)
    with pytest.raises(ValueError, match="not found"):
        cache.incr("window")
    assert cache.add("window", 1, timeout=60)
    assert cache.incr("window") == 2


def test_the_product_uses_the_table_unless_a_cache_url_is_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("CACHE_URL", raising=False)
    assert product_cache()["BACKEND"] == SHARED_TABLE_CACHE
    monkeypatch.setenv("CACHE_URL", "rediscache://127.0.0.1:6379/1")
    assert product_cache()["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
