"""How alike two match keys are (see `names.match_key`), on a 0 to 100 scale.

The score is the better of the token-sort ratio (word order ignored) and the ratio of the keys
without spaces ('SiemensAG', 'Good Will'), raised halfway towards the token-set ratio, so that a
name contained in a longer one ('Faberlic' in 'Faberlic Europe') scores high without counting as
an exact match. The weights and the threshold were chosen with `bench/sanctions.py`."""

from __future__ import annotations

from rapidfuzz import fuzz

SUBSET_WEIGHT = 0.5
# Scores at or above this are reported as possible matches (bench/sanctions.py: F1 on the
# labelled company and organisation pairs peaks here).
MATCH_THRESHOLD = 85.0


def similarity(key: str, other: str, score_cutoff: float = 0.0) -> float:
    if not key or not other:
        return 0.0
    ordered = fuzz.token_sort_ratio(key, other)
    joined = fuzz.ratio(key.replace(" ", ""), other.replace(" ", ""))
    best = max(ordered, joined)
    contained = fuzz.token_set_ratio(key, other)
    score = best + SUBSET_WEIGHT * max(0.0, contained - best)
    return score if score >= score_cutoff else 0.0
