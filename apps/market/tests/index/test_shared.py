"""The work one search's panels share: one computation per search among concurrent callers,
one pass a side over a product text's matches for its rankings, and a count of its parties
for its statistics."""

from __future__ import annotations

import threading
from datetime import date
from pathlib import Path

import pytest
from django.core.cache import cache

from apps.market.filters import ShipmentFilters
from apps.market.index import DuckDBTradeIndex, shared
from apps.market.index.shared import cache_name, computed_once
from apps.market.tests.factories import demo_snapshot, recorded_statements, same_figures

THREE_YEARS = (date(2023, 1, 1), date(2025, 12, 31))
# Far longer than any of these computations: a waiting caller never gives up in a test.
PATIENT = 120.0


def test_names_tell_kind_snapshot_and_key_apart() -> None:
    name = cache_name("page-counts", Path("a.duckdb"), "date")

    assert name == cache_name("page-counts", Path("/elsewhere/a.duckdb"), "date")
    assert (
        len(
            {
                name,
                cache_name("party-totals", Path("a.duckdb"), "date"),
                cache_name("page-counts", Path("b.duckdb"), "date"),
                cache_name("page-counts", Path("a.duckdb"), "value"),
            }
        )
        == 4
    )


def test_a_value_is_computed_once_then_read_from_the_cache() -> None:
    calls: list[int] = []

    def compute() -> str:
        calls.append(1)
        return "figures"

    assert computed_once("search", compute, wait=PATIENT) == "figures"
    assert computed_once("search", compute, wait=PATIENT) == "figures"
    assert len(calls) == 1


def _computing(
    name: str, answer: str, *, fails: bool = False
) -> tuple[threading.Thread, threading.Event, list[object]]:
    """A caller computing `name` in a thread of its own, holding its claim until released."""
    claimed, release, outcome = threading.Event(), threading.Event(), []

    def compute() -> str:
        claimed.set()
        release.wait(PATIENT)
        if fails:
            raise RuntimeError("interrupted")
        return answer

    def run() -> None:
        try:
            outcome.append(computed_once(name, compute, wait=PATIENT))
        except RuntimeError as error:
            outcome.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    assert claimed.wait(PATIENT)
    return thread, release, outcome


def _waiting(name: str, computed: list[str]) -> tuple[threading.Thread, list[str]]:
    got: list[str] = []

    def compute() -> str:
        computed.append("again")
        return "its own"

    thread = threading.Thread(target=lambda: got.append(computed_once(name, compute, wait=PATIENT)))
    thread.start()
    return thread, got


def test_a_caller_waits_for_the_one_computing_the_same_value() -> None:
    first, release, outcome = _computing("search", "figures")
    computed: list[str] = []
    second, got = _waiting("search", computed)

    release.set()
    first.join(PATIENT)
    second.join(PATIENT)

    assert outcome == ["figures"]
    assert got == ["figures"]
    assert computed == []


def test_a_caller_computes_the_value_itself_when_the_other_fails() -> None:
    first, release, outcome = _computing("search", "figures", fails=True)
    computed: list[str] = []
    second, got = _waiting("search", computed)

    release.set()
    first.join(PATIENT)
    second.join(PATIENT)

    assert isinstance(outcome[0], RuntimeError)
    assert got == ["its own"]
    assert computed == ["again"]
    assert cache.get("search") == "its own"


def test_a_caller_waits_no_longer_than_it_was_told() -> None:
    cache.add("search:computing", "another process", timeout=60)
    now = iter(range(100))
    slept: list[float] = []

    found = computed_once(
        "search", lambda: "its own", wait=5, clock=lambda: next(now), sleep=slept.append
    )

    assert found == "its own"
    assert len(slept) == 4  # the clock read 1 to 4 before the deadline, 5


@pytest.fixture
def snapshot(tmp_path: Path) -> Path:
    """A snapshot of 3,000 demo shipments (2023 to 2025)."""
    return demo_snapshot(tmp_path, 3_000)


# Mangoes share 080450 with guavas and mangosteens: no roll-up holds their buyers.
TEXT = ShipmentFilters(*THREE_YEARS, product_details="dried mango")
_PASS = "WITH totals AS MATERIALIZED"
_COUNT = "count(DISTINCT s.importer_id)"


@pytest.mark.django_db
def test_a_text_rankings_read_its_matches_once_a_side_and_its_statistics_count_them(
    snapshot: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    index = DuckDBTradeIndex(snapshot, timeout=0)
    statements = recorded_statements(monkeypatch)

    statistics = index.statistics(TEXT)
    pages = {
        (side, by, offset): index.rankings(TEXT, side=side, by=by, offset=offset, limit=10)
        for side in ("importer", "exporter")
        for by in ("value", "weight", "shipments")
        for offset in (0, 10)
    }
    tops = index.top_importers(TEXT, limit=5), index.top_exporters(TEXT, limit=5)
    index.statistics(TEXT)

    assert statistics["shipments"] > 0
    assert sum(_COUNT in sql for sql in statements) == 1
    assert sum(_PASS in sql for sql in statements) == 2
    for (side, _, offset), (rows, total) in pages.items():
        assert total == statistics[f"{side}s"]
        assert rows or offset
    assert [row["value_usd"] for row in tops[0]] == [
        row["value_usd"] for row in pages["importer", "value", 0][0][:5]
    ]
    assert all(tops)


@pytest.mark.django_db
def test_rankings_from_the_pass_equal_those_ranked_by_their_own_query(
    snapshot: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the ranked parties the pass keeps, a page is ranked by a query of its own."""
    index = DuckDBTradeIndex(snapshot, timeout=0)
    partial_months = ShipmentFilters(date(2024, 3, 15), date(2024, 9, 10), product_details="coffee")
    searches = (TEXT, partial_months)
    pages = [
        (search, side, by, offset)
        for search in searches
        for side in ("importer", "exporter")
        for by in ("value", "weight", "shipments")
        for offset in (0, 4)
    ]
    from_the_pass = [
        index.rankings(search, side=side, by=by, offset=offset, limit=5)
        for search, side, by, offset in pages
    ]
    monkeypatch.setattr(shared, "RANKED", 0)

    own = [
        index.rankings(search, side=side, by=by, offset=offset, limit=5)
        for search, side, by, offset in pages
    ]

    assert same_figures(from_the_pass, own)
    assert all(rows for rows, _ in own[::2])
