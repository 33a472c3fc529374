"""How much searching one user may do: at most SEARCH_CONCURRENCY search calls at once and
SEARCH_RATE_PER_MINUTE of them a minute. A call over either limit is refused with 429 and
`Retry-After` before it costs anything (no query counted, no index touched).

The counts live in Django's cache, which production points at Redis (CACHE_URL), so they hold
across processes and machines. Both use the cache's atomic operations: a running call holds
one of the user's numbered slots, taken with `add` (only one taker can create a key); the
minute's calls are counted with `incr`. A slot is given back when the call ends, however it
ends, and expires on its own should its process die first.

Every call counts, an identical search repeated too: the daily query quota counts a search
once a day, so without this a user could run one heavy search again and again."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.core.cache import cache

from apps.core.errors import ApplicationError

WINDOW = 60
# A slot outlives any call that holds it (a call runs a few index queries, each bounded).
SLOT_SECONDS_PER_QUERY_LIMIT = 12
MIN_SLOT_SECONDS = 60


class TooManySearches(ApplicationError):
    status = 429
    code = "too_many_searches"
    message = "Too many searches in a minute. Please wait a moment and try again."


class SearchesRunning(ApplicationError):
    status = 429
    code = "searches_running"
    message = "Your other searches are still running. Please wait for them and try again."
    retry_after = 1


def _slot_seconds() -> int:
    limit = max(settings.TRADE_INDEX_QUERY_TIMEOUT, settings.COMPANY_SEARCH_TIMEOUT)
    return max(MIN_SLOT_SECONDS, int(limit * SLOT_SECONDS_PER_QUERY_LIMIT))


def _count_call(user_id: int, now: float) -> None:
    """Count a call in the current minute; refuse it past the minute's limit."""
    limit = settings.SEARCH_RATE_PER_MINUTE
    if limit <= 0:
        return
    minute = int(now // WINDOW)
    key = f"search-rate:{user_id}:{minute}"
    try:
        calls = cache.incr(key)
    except ValueError:  # the minute's first call (or its key just expired)
        calls = 1 if cache.add(key, 1, timeout=WINDOW + 5) else cache.incr(key)
    if calls > limit:
        raise TooManySearches(retry_after=(minute + 1) * WINDOW - int(now))


def _take_slot(user_id: int) -> str | None:
    """The key of the slot taken, None without a limit; refused when all are taken."""
    limit = settings.SEARCH_CONCURRENCY
    if limit <= 0:
        return None
    token = uuid.uuid4().hex
    for number in range(limit):
        key = f"search-slot:{user_id}:{number}"
        if cache.add(key, token, timeout=_slot_seconds()):
            return f"{key}={token}"
    raise SearchesRunning()


def _give_back(slot: str | None) -> None:
    if slot is None:
        return
    key, token = slot.split("=")
    # A slot that outlived its expiry may have gone to another call: that one keeps it.
    if cache.get(key) == token:
        cache.delete(key)


@contextmanager
def search_allowance(user_id: int) -> Iterator[None]:
    """Run a search call within the user's limits, or refuse it with 429."""
    _count_call(user_id, time.time())
    slot = _take_slot(user_id)
    try:
        yield
    finally:
        _give_back(slot)
