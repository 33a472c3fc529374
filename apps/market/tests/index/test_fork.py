"""A process forked from one that has searched (a preloading server's workers, a test runner's
workers) searches its own snapshots, and ends."""

from __future__ import annotations

import os
import shutil
import time
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from apps.market import index
from apps.market.filters import ShipmentFilters
from apps.market.index import DuckDBTradeIndex
from apps.market.tests.factories import cashew_and_coffee_trade

pytestmark = pytest.mark.django_db

YEAR_2024 = ShipmentFilters(start_date=date(2024, 1, 1), end_date=date(2024, 12, 31))


def _exit_code(pid: int, seconds: float) -> int | None:
    """The child's exit code, or None (after killing it) if it has not ended in time."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        time.sleep(0.05)
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    return None


def test_a_forked_process_searches_its_own_snapshots(settings: Any, tmp_path: Path) -> None:
    settings.TRADE_INDEX_DIR = tmp_path / "trade-index"
    cashew_and_coffee_trade()
    built = index.build_snapshot()
    # As many snapshots as the process keeps open, and as many more, so the child's searches
    # replace every connection the parent had open.
    snapshots = [shutil.copy(built, tmp_path / f"copy-{n}.duckdb") for n in range(8)]
    for snapshot in snapshots[:4]:
        assert DuckDBTradeIndex(Path(snapshot)).count(YEAR_2024) == 4

    pid = os.fork()
    if pid == 0:  # pragma: no cover (the child)
        try:
            counts = [DuckDBTradeIndex(Path(s)).count(YEAR_2024) for s in snapshots[4:]]
            os._exit(0 if counts == [4, 4, 4, 4] else 1)
        finally:
            os._exit(2)
    assert _exit_code(pid, seconds=30) == 0
    assert DuckDBTradeIndex(Path(snapshots[0])).count(YEAR_2024) == 4
