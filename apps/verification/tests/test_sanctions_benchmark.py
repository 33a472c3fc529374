"""The name scorer on the labelled pairs (the committed copy of OpenSanctions' name_bench), at
the threshold screening uses: the figures bench/sanctions.py prints and the README reports."""

from __future__ import annotations

from pathlib import Path

import pytest

from apps.verification.sanctions.benchmark import (
    figures,
    organisation_pairs,
    pair_score,
    read_pairs,
)
from apps.verification.sanctions.matching import MATCH_THRESHOLD

PAIRS = read_pairs(Path(__file__).parent / "data" / "name_pairs.csv")


def test_company_and_organisation_pairs_reach_the_target() -> None:
    pairs = organisation_pairs(PAIRS)
    result = figures(((pair_score(pair), pair.is_match) for pair in pairs), MATCH_THRESHOLD)

    assert result.pairs == 266
    assert result.precision == pytest.approx(0.876, abs=0.005)
    assert result.recall == pytest.approx(0.906, abs=0.005)
    assert result.f1 >= 0.89


def test_all_pairs() -> None:
    result = figures(((pair_score(pair), pair.is_match) for pair in PAIRS), MATCH_THRESHOLD)

    assert result.pairs == 826
    assert result.precision == pytest.approx(0.871, abs=0.005)
    assert result.recall == pytest.approx(0.762, abs=0.005)
    assert result.f1 >= 0.81
