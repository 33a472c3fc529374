"""Bounded searches: an index query past its time limit ends in a clear 503 and leaves the
worker free for the next search; a user's searches at once and per minute are limited in the
cache, with 429 and `Retry-After`, and a search's slot comes back however the search ends."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
import uuid
import weakref
from datetime import date
from pathlib import Path
from typing import Any

import duckdb
import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client

from apps.accounts.models import User
from apps.billing.models import QueryLog
from apps.core import search_limits as limits
from apps.market import index
from apps.market.filters import ShipmentFilters
from apps.market.index import DuckDBTradeIndex, QueryTimedOut, queries
from apps.market.index.bounded import BoundedCursor
from apps.market.tests.factories import cashew_and_coffee_trade
from config.env import SHARED_TABLE_CACHE

pytestmark = pytest.mark.django_db

STATISTICS = "/fast-ai/v1/shipments/statistics"
CASHEW = {"product_details": "cashew", "start_date": "01-01-2024", "end_date": "31-12-2024"}


@pytest.fixture(autouse=True)
def trade_index(settings: Any, tmp_path: Path) -> None:
    settings.TRADE_INDEX_DIR = tmp_path / "trade-index"
    cashew_and_coffee_trade()
    index.build_snapshot()


def heavy_filters(words: int) -> ShipmentFilters:
    unknown = " ".join(f"zqxwv{number}kj" for number in range(words))
    return ShipmentFilters(
        start_date=date(2000, 1, 1),
        end_date=date(2030, 12, 31),
        product_details=unknown,
        importer_name=unknown,
        exporter_name=unknown,
    )


def snapshot(timeout: float) -> DuckDBTradeIndex:
    path = index.current_snapshot()
    assert path is not None
    return DuckDBTradeIndex(path, timeout=timeout)


# The time limit


def test_a_query_past_its_time_limit_is_stopped_and_the_next_one_runs() -> None:
    heavy = heavy_filters(200)
    snapshot(timeout=0).count(heavy)  # reading the words once fills the lexicon's caches
    # The words' descriptions and parties are looked up again: those lookups are the heavy
    # part (a search keeps what they found for its next calls).
    queries._resolved.cache_clear()
    started = time.perf_counter()
    assert snapshot(timeout=0).count(heavy) == 0  # no limit: it runs to its end
    unbounded = time.perf_counter() - started
    assert unbounded > 0.05, "the search is not heavy enough to show the limit"

    with pytest.raises(QueryTimedOut) as stopped:
        snapshot(timeout=unbounded / 10).count(heavy)
    # Interrupted while it ran (not run to its end), whatever the speed of the machine.
    assert isinstance(stopped.value.__cause__, duckdb.InterruptException)

    # The same process, and the same open snapshot, answer the next searches as ever.
    trade = snapshot(timeout=5)
    cashew = ShipmentFilters(
        start_date=date(2024, 1, 1), end_date=date(2024, 12, 31), product_details="cashew"
    )
    # Three cashew shipments of 2024: two described in English, one in Vietnamese.
    assert trade.count(cashew) == 3
    assert len(trade.page(cashew, offset=0, limit=10)) == 3


def test_no_statement_of_a_call_starts_after_its_deadline() -> None:
    """A call of several statements (a page) shares one deadline. DuckDB forgets an interrupt
    that comes between two statements; the cursor does not."""
    path = index.current_snapshot()
    cursor = BoundedCursor(duckdb.connect(str(path), read_only=True).cursor(), 0.5)
    cursor.execute("SELECT count(*) FROM shipments")
    assert cursor.fetchall() == [(5,)]
    waited = time.monotonic()
    while not cursor._expired and time.monotonic() - waited < 5:
        time.sleep(0.01)
    with pytest.raises(QueryTimedOut):
        cursor.execute("SELECT count(*) FROM shipments")
    cursor.close()


def test_a_search_past_its_time_limit_answers_503_then_the_next_search_works(
    settings: Any, member: User, member_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The demo rows are too few for any search to be slow: this one runs a query that is.
    def slow_statistics(trade: DuckDBTradeIndex, filters: ShipmentFilters) -> dict[str, Any]:
        trade._query("SELECT count(*) FROM range(2000000000) r WHERE hash(r.range) % 7 = 3", [])
        return {}

    monkeypatch.setattr(DuckDBTradeIndex, "statistics", slow_statistics)
    settings.TRADE_INDEX_QUERY_TIMEOUT = 0.2
    settings.SEARCH_CONCURRENCY = 1

    started = time.perf_counter()
    response = member_client.get(STATISTICS, CASHEW)
    assert time.perf_counter() - started < 5
    monkeypatch.undo()

    assert response.status_code == 503
    assert response.json() == {
        "data": {"error": QueryTimedOut.message, "fields": {}},
        "meta": {"message": QueryTimedOut.message, "code": "search_timeout"},
    }
    assert response["Retry-After"] == "30"

    # The worker and the user's only slot are free again.
    settings.TRADE_INDEX_QUERY_TIMEOUT = 5
    response = member_client.get(STATISTICS, CASHEW)
    assert response.status_code == 200, response.content
    assert response.json()["data"]["shipments"] == 3


# Searches per minute


def test_searches_past_the_minute_limit_are_refused_with_retry_after(
    settings: Any, member_client: Client, other_client: Client
) -> None:
    settings.SEARCH_RATE_PER_MINUTE = 3
    # The same search again and again: the daily quota counts it once, the limit each time.
    statuses = [member_client.get(STATISTICS, CASHEW).status_code for _ in range(4)]

    assert statuses == [200, 200, 200, 429]
    refused = member_client.get(STATISTICS, CASHEW)
    assert refused.json()["meta"] == {
        "message": limits.TooManySearches.message,
        "code": "too_many_searches",
    }
    assert refused.json()["data"]["error"] == limits.TooManySearches.message
    assert 1 <= int(refused["Retry-After"]) <= 60
    # Another user's searches are counted apart.
    assert other_client.get(STATISTICS, CASHEW).status_code == 200


def test_every_searching_call_counts_and_a_refused_one_costs_no_query(
    settings: Any, member: User, member_client: Client
) -> None:
    settings.SEARCH_RATE_PER_MINUTE = 4
    for path in ("", "/hs-codes", "/statistics", "/summary"):
        assert member_client.get(f"/fast-ai/v1/shipments{path}", CASHEW).status_code == 200
    queries = QueryLog.objects.filter(user=member).count()

    other_search = {**CASHEW, "product_details": "coffee"}
    assert member_client.get(STATISTICS, other_search).status_code == 429
    assert QueryLog.objects.filter(user=member).count() == queries


def test_the_minute_limit_starts_again_the_next_minute(settings: Any, member: User) -> None:
    settings.SEARCH_RATE_PER_MINUTE = 1
    minute = 1_000_000 * 60.0
    limits._count_call(member.pk, minute + 5)
    with pytest.raises(limits.TooManySearches) as refused:
        limits._count_call(member.pk, minute + 45)
    assert refused.value.retry_after == 15
    limits._count_call(member.pk, minute + 60)


# Searches at once


def test_a_search_while_the_users_others_run_is_refused(
    settings: Any, member: User, member_client: Client, other_client: Client
) -> None:
    settings.SEARCH_CONCURRENCY = 2
    with limits.search_allowance(member.pk), limits.search_allowance(member.pk):
        refused = member_client.get(STATISTICS, CASHEW)
        assert refused.status_code == 429
        assert refused.json()["meta"]["code"] == "searches_running"
        assert refused["Retry-After"] == "1"
        assert other_client.get(STATISTICS, CASHEW).status_code == 200
    assert member_client.get(STATISTICS, CASHEW).status_code == 200


def test_the_slot_comes_back_when_the_search_fails(settings: Any, member: User) -> None:
    settings.SEARCH_CONCURRENCY = 1
    with pytest.raises(RuntimeError), limits.search_allowance(member.pk):
        raise RuntimeError("the search failed")
    with (
        limits.search_allowance(member.pk),
        pytest.raises(limits.SearchesRunning),
        limits.search_allowance(member.pk),
    ):
        pass


def test_an_expired_slot_taken_again_stays_with_its_new_holder(settings: Any, member: User) -> None:
    settings.SEARCH_CONCURRENCY = 1
    first = limits._take_slot(member.pk)
    assert first is not None
    key = first.split("=")[0]
    cache.delete(key)  # it expired while its call still ran
    second = limits._take_slot(member.pk)
    limits._give_back(first)
    with pytest.raises(limits.SearchesRunning):
        limits._take_slot(member.pk)
    limits._give_back(second)
    assert limits._take_slot(member.pk) is not None


def test_no_limits_when_set_to_zero(settings: Any, member: User) -> None:
    settings.SEARCH_CONCURRENCY = 0
    settings.SEARCH_RATE_PER_MINUTE = 0
    with limits.search_allowance(member.pk), limits.search_allowance(member.pk):
        for _ in range(100):
            limits._count_call(member.pk, time.time())


def race_for_slots(user_id: int, takers: int) -> list[str | None]:
    """`takers` threads (each with its own cache connection) take a slot at the same moment."""
    start = threading.Barrier(takers)
    taken: list[str | None] = []

    def take() -> None:
        start.wait()
        with contextlib.suppress(limits.SearchesRunning):
            taken.append(limits._take_slot(user_id))
        connection.close()  # the thread's own, when the cache is a table

    threads = [threading.Thread(target=take) for _ in range(takers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return taken


def race_for_calls(user_id: int, callers: int) -> int:
    start = threading.Barrier(callers)
    passed: list[int] = []
    now = time.time()

    def call() -> None:
        start.wait()
        try:
            limits._count_call(user_id, now)
            passed.append(1)
        except limits.TooManySearches:
            pass
        connection.close()

    threads = [threading.Thread(target=call) for _ in range(callers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return len(passed)


def test_takers_at_the_same_moment_never_pass_the_limits(settings: Any, member: User) -> None:
    settings.SEARCH_CONCURRENCY = 2
    settings.SEARCH_RATE_PER_MINUTE = 5
    assert len(race_for_slots(member.pk, 12)) == 2
    assert race_for_calls(member.pk, 12) == 5


def _redis_reachable() -> bool:
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=0.5).close()
    except OSError:
        return False
    return True


@pytest.mark.skipif(not _redis_reachable(), reason="no Redis at 127.0.0.1:6379")
def test_the_limits_hold_in_redis(settings: Any) -> None:
    prefix = f"test-limits-{uuid.uuid4().hex}"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:6379/15",
            "KEY_PREFIX": prefix,
        }
    }
    settings.SEARCH_CONCURRENCY = 2
    settings.SEARCH_RATE_PER_MINUTE = 5
    user_id = 7
    try:
        slots = race_for_slots(user_id, 12)
        assert len(slots) == 2
        for slot in slots:
            limits._give_back(slot)
        assert len(race_for_slots(user_id, 3)) == 2
        assert race_for_calls(user_id, 12) == 5
    finally:
        cache.delete_many(
            [f"search-slot:{user_id}:{n}" for n in range(2)]
            + [f"search-rate:{user_id}:{int(time.time() // 60) + d}" for d in (-1, 0)]
        )


@pytest.mark.django_db(transaction=True)
def test_the_limits_hold_in_the_table_the_processes_share(settings: Any) -> None:
    settings.CACHES = {"default": {"BACKEND": SHARED_TABLE_CACHE, "LOCATION": "core_cache"}}
    settings.SEARCH_CONCURRENCY = 2
    settings.SEARCH_RATE_PER_MINUTE = 5
    slots = race_for_slots(7, 8)
    assert len(slots) == 2
    for slot in slots:
        limits._give_back(slot)
    assert len(race_for_slots(7, 3)) == 2
    assert race_for_calls(7, 8) == 5


def test_the_deadline_watch_keeps_no_finished_cursor_alive() -> None:
    """A cursor is freed by the call that used it: the watchdog's thread, which the
    interpreter stops abruptly at exit, never frees a DuckDB connection."""
    with duckdb.connect() as db:
        cursor = BoundedCursor(db.cursor(), 30)
        cursor.execute("SELECT 1")
        cursor.close()
        watched = weakref.ref(cursor)
        del cursor
        assert watched() is None
