"""The AI box warming up while the web server starts."""

from __future__ import annotations

import threading

import pytest

from apps.market.ask import warm


def test_what_follows_the_warm_up_runs_once_it_has_loaded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    steps: list[str] = []
    done = threading.Event()
    monkeypatch.setattr(warm, "warm_up", lambda: steps.append("warm up"))

    def then() -> None:
        steps.append("then")
        done.set()

    warm.warm_up_in_background(then=then)

    assert done.wait(timeout=60)
    assert steps == ["warm up", "then"]
