"""The name scorer on the labelled pairs (the committed copy of OpenSanctions' name_bench), at
the thresholds screening uses: the figures bench/sanctions.py prints and the README reports;
and how the screening set's figures are counted."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from apps.verification.sanctions.benchmark import (
    LabelledName,
    organisation_pairs,
    outcome,
    pair_figures,
    read_labelled_names,
    read_pairs,
    screening_figures,
)
from apps.verification.sanctions.matching import Grade
from apps.verification.sanctions.screening import SanctionsMatch, Screening, ScreeningStatus

DATA = Path(__file__).parent / "data"
PAIRS = read_pairs(DATA / "name_pairs.csv")


def test_company_and_organisation_pairs_reach_the_target() -> None:
    matched, flagged = pair_figures(organisation_pairs(PAIRS))

    assert matched.cases == 266
    assert matched.precision == pytest.approx(0.974, abs=0.005)
    assert matched.recall == pytest.approx(0.661, abs=0.005)
    assert flagged.precision == pytest.approx(0.866, abs=0.005)
    assert flagged.recall == pytest.approx(0.942, abs=0.005)
    assert flagged.f1 >= 0.89


def test_all_pairs() -> None:
    matched, flagged = pair_figures(PAIRS)

    assert matched.cases == 826
    assert matched.precision == pytest.approx(0.907, abs=0.005)
    assert matched.recall == pytest.approx(0.668, abs=0.005)
    assert flagged.f1 == pytest.approx(0.832, abs=0.005)


def test_the_screening_set_is_labelled_in_full() -> None:
    names = read_labelled_names(DATA / "screening_names.csv")

    listed = [name for name in names if name.listed]
    assert len(listed) >= 100
    assert len(names) - len(listed) >= 150
    assert all(name.entries for name in listed)
    assert not any(name.entries for name in names if not name.listed)
    assert all(name.note for name in names)


def found(name: str, grade: Grade) -> SanctionsMatch:
    return SanctionsMatch(
        90.0, grade, 1, "1", "UN Consolidated", date(2026, 1, 15), name, name, "entity", [], [],
        None, None,
    )  # fmt: skip


def screened(*matches: SanctionsMatch) -> Screening:
    def graded(grade: Grade) -> list[SanctionsMatch]:
        return [match for match in matches if match.grade == grade]

    return Screening(
        ScreeningStatus.POSSIBLE_MATCH, 84.0, 80.0, ["name"], graded(Grade.MATCH),
        graded(Grade.REVIEW), [], [],
    )  # fmt: skip


def test_a_listed_name_counts_on_its_own_entry_and_a_clean_one_on_any() -> None:
    listed = LabelledName("Rosneft Trading SA", True, frozenset({"ROSNEFT TRADING S.A."}), "")
    clean = LabelledName("Olam International", False, frozenset(), "")
    other_entry = screened(found("ROSNEFT TRADE LIMITED", Grade.MATCH))
    reviewed = screened(found("ROSNEFT TRADING S.A.", Grade.REVIEW))

    outcomes = [
        (listed, outcome(listed, other_entry)),
        (listed, outcome(listed, reviewed)),
        (clean, outcome(clean, screened(found("INT LTD EOOD", Grade.REVIEW)))),
        (clean, outcome(clean, screened())),
    ]
    figures = screening_figures(outcomes)

    assert (figures.listed, figures.clean) == (2, 2)
    assert (figures.found_as_match, figures.found_as_review) == (0, 1)
    assert (figures.clean_matched, figures.clean_reviewed) == (0, 1)
    assert figures.precision == 0.0  # the only match is on another entry
    assert figures.recall_match_or_review == 0.5
