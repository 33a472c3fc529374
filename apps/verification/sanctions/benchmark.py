"""Measuring the name scorer on labelled pairs (OpenSanctions' name_bench `cases.csv`:
case_group, schema, name1, name2, is_match, quality, category, notes).

Each pair is scored as screening scores a name against a list entry (`names.match_key` on
both, persons without legal-form stripping, then `matching.similarity`)."""

from __future__ import annotations

import csv
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from apps.verification.sanctions.matching import similarity
from apps.verification.sanctions.names import match_key

ORGANISATION_SCHEMAS = frozenset({"Company", "Organization", "LegalEntity"})


@dataclass(frozen=True)
class LabelledPair:
    schema: str
    name1: str
    name2: str
    is_match: bool


@dataclass(frozen=True)
class Figures:
    pairs: int
    precision: float
    recall: float
    f1: float


def read_pairs(path: Path) -> list[LabelledPair]:
    with path.open(encoding="utf-8", newline="") as stream:
        return [
            LabelledPair(row["schema"], row["name1"], row["name2"], row["is_match"] == "true")
            for row in csv.DictReader(stream)
        ]


def pair_score(pair: LabelledPair) -> float:
    organisation = pair.schema != "Person"
    return similarity(
        match_key(pair.name1, organisation=organisation),
        match_key(pair.name2, organisation=organisation),
    )


def figures(scored: Iterable[tuple[float, bool]], threshold: float) -> Figures:
    """Precision, recall and F1 of calling a pair a match when its score reaches `threshold`."""
    pairs = list(scored)
    true_pos = sum(1 for score, label in pairs if score >= threshold and label)
    false_pos = sum(1 for score, label in pairs if score >= threshold and not label)
    false_neg = sum(1 for score, label in pairs if score < threshold and label)
    precision = true_pos / (true_pos + false_pos) if true_pos + false_pos else 0.0
    recall = true_pos / (true_pos + false_neg) if true_pos + false_neg else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return Figures(len(pairs), precision, recall, f1)


def organisation_pairs(pairs: Iterable[LabelledPair]) -> list[LabelledPair]:
    return [pair for pair in pairs if pair.schema in ORGANISATION_SCHEMAS]
