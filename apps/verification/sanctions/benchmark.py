"""Measuring the name scorer and the screening on labelled names.

Pairs (OpenSanctions' name_bench `cases.csv`: case_group, schema, name1, name2, is_match,
quality, category, notes) are compared as screening compares a name with a list entry
(`names.match_key` on both, persons without legal-form stripping, then `matching.compare`,
words weighed by the committed generic words alone: no list is loaded). A pair is called a
match when graded match, and flagged when graded match or review.

The screening set (`screening_names.csv`: name, expected `listed` or `clean`, the entry a
listed name should hit, alternatives separated by ' | ', note) is screened against the loaded
lists: a listed name is found when graded match (or review) on its entry; a clean name graded
match is a false positive."""

from __future__ import annotations

import csv
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from apps.verification.sanctions.matching import (
    DEFAULT_THRESHOLDS,
    Comparison,
    Grade,
    Thresholds,
    compare,
    weighed,
)
from apps.verification.sanctions.names import match_key
from apps.verification.sanctions.screening import Screening

ORGANISATION_SCHEMAS = frozenset({"Company", "Organization", "LegalEntity"})
ENTRY_SEPARATOR = " | "


@dataclass(frozen=True)
class LabelledPair:
    schema: str
    name1: str
    name2: str
    is_match: bool


@dataclass(frozen=True)
class Figures:
    cases: int
    precision: float
    recall: float
    f1: float


def read_pairs(path: Path) -> list[LabelledPair]:
    with path.open(encoding="utf-8", newline="") as stream:
        return [
            LabelledPair(row["schema"], row["name1"], row["name2"], row["is_match"] == "true")
            for row in csv.DictReader(stream)
        ]


def pair_comparison(pair: LabelledPair, thresholds: Thresholds = DEFAULT_THRESHOLDS) -> Comparison:
    organisation = pair.schema != "Person"
    return compare(
        weighed(match_key(pair.name1, organisation=organisation)),
        weighed(match_key(pair.name2, organisation=organisation)),
        thresholds,
    )


def figures(outcomes: Iterable[tuple[bool, bool]]) -> Figures:
    """Precision, recall and F1 of (called, is a match) outcomes."""
    cases = list(outcomes)
    true_pos = sum(1 for called, label in cases if called and label)
    false_pos = sum(1 for called, label in cases if called and not label)
    false_neg = sum(1 for called, label in cases if not called and label)
    precision = true_pos / (true_pos + false_pos) if true_pos + false_pos else 0.0
    recall = true_pos / (true_pos + false_neg) if true_pos + false_neg else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return Figures(len(cases), precision, recall, f1)


def pair_figures(
    pairs: Iterable[LabelledPair], thresholds: Thresholds = DEFAULT_THRESHOLDS
) -> tuple[Figures, Figures]:
    """The figures of calling a pair a match when graded match, and when graded match or
    review."""
    graded = [(pair_comparison(pair, thresholds).grade, pair.is_match) for pair in pairs]
    return (
        figures((grade == Grade.MATCH, label) for grade, label in graded),
        figures((grade != Grade.NEAR, label) for grade, label in graded),
    )


def organisation_pairs(pairs: Iterable[LabelledPair]) -> list[LabelledPair]:
    return [pair for pair in pairs if pair.schema in ORGANISATION_SCHEMAS]


@dataclass(frozen=True)
class LabelledName:
    name: str
    listed: bool
    entries: frozenset[str]
    note: str


@dataclass(frozen=True)
class Outcome:
    """For a listed name, its grade on its entry (None when not found there); for a clean name,
    the best grade it was given (None when clear). `matched`: graded match on any entry."""

    found: Grade | None
    matched: bool


@dataclass(frozen=True)
class ScreeningFigures:
    listed: int
    clean: int
    found_as_match: int
    found_as_review: int
    matched: int
    clean_matched: int
    clean_reviewed: int

    @property
    def precision(self) -> float:
        """Of the names graded match on some entry, the share that are listed and matched on
        their own entry."""
        return self.found_as_match / self.matched if self.matched else 0.0

    @property
    def recall_match(self) -> float:
        return self.found_as_match / self.listed if self.listed else 0.0

    @property
    def recall_match_or_review(self) -> float:
        found = self.found_as_match + self.found_as_review
        return found / self.listed if self.listed else 0.0


def read_labelled_names(path: Path) -> list[LabelledName]:
    with path.open(encoding="utf-8", newline="") as stream:
        return [
            LabelledName(
                row["name"],
                row["expected"] == "listed",
                frozenset(filter(None, row["entry"].split(ENTRY_SEPARATOR))),
                row["note"],
            )
            for row in csv.DictReader(stream)
        ]


def outcome(labelled: LabelledName, screening: Screening) -> Outcome:
    for grade, found in ((Grade.MATCH, screening.matches), (Grade.REVIEW, screening.reviews)):
        if any(not labelled.listed or match.name in labelled.entries for match in found):
            return Outcome(grade, bool(screening.matches))
    return Outcome(None, bool(screening.matches))


def screening_figures(outcomes: Iterable[tuple[LabelledName, Outcome]]) -> ScreeningFigures:
    graded = list(outcomes)

    def count(listed: bool, grade: Grade) -> int:
        return sum(1 for name, found in graded if name.listed == listed and found.found == grade)

    return ScreeningFigures(
        listed=sum(1 for name, _found in graded if name.listed),
        clean=sum(1 for name, _found in graded if not name.listed),
        found_as_match=count(True, Grade.MATCH),
        found_as_review=count(True, Grade.REVIEW),
        matched=sum(1 for _name, found in graded if found.matched),
        clean_matched=count(False, Grade.MATCH),
        clean_reviewed=count(False, Grade.REVIEW),
    )
