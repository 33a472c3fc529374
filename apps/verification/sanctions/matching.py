"""How alike two match keys are (see `names.match_key`), on a 0 to 100 scale.

The score starts from the better of the token-sort ratio (word order ignored) and, when the
names have different word counts, the ratio of the keys without spaces ('SiemensAG', 'Good
Will'). It is raised halfway towards the token-set ratio, so that a name contained in a longer
one ('Faberlic' in 'Faberlic Europe') scores high without counting as identical. Then each word
of the shorter name with no counterpart in the other ('Đông Á' against 'Đông Tâm') costs
points: a different word is a different company, however short. The weights and the threshold
were chosen with `bench/sanctions.py`."""

from __future__ import annotations

from rapidfuzz import fuzz

SUBSET_WEIGHT = 0.5
# A word has a counterpart when it is this alike to a word of the other name (or, for words of
# four letters or more, contained in one).
COUNTERPART_RATIO = 67.0
COUNTERPART_PARTIAL = 90.0
MISSING_WORD_PENALTY = 10.0
# Scores at or above this are reported as possible matches: bench/sanctions.py measures F1 on
# the labelled company and organisation pairs at its best here (83 and 84 tie; 84 is the more
# precise).
MATCH_THRESHOLD = 84.0


def similarity(key: str, other: str) -> float:
    if not key or not other:
        return 0.0
    words, other_words = key.split(), other.split()
    best = fuzz.token_sort_ratio(key, other)
    if len(words) != len(other_words):
        best = max(best, fuzz.ratio(key.replace(" ", ""), other.replace(" ", "")))
    contained = fuzz.token_set_ratio(key, other)
    score = best + SUBSET_WEIGHT * max(0.0, contained - best)
    return max(0.0, score - MISSING_WORD_PENALTY * missing_words(words, other_words))


def missing_words(words: list[str], other_words: list[str]) -> int:
    """Words of the shorter name (of each, when equally long) with no counterpart in the other."""
    if len(words) > len(other_words):
        return missing_words(other_words, words)
    missing = sum(1 for word in words if not has_counterpart(word, other_words))
    if len(words) == len(other_words):
        missing = max(missing, sum(1 for word in other_words if not has_counterpart(word, words)))
    return missing


def has_counterpart(word: str, others: list[str]) -> bool:
    return any(
        fuzz.ratio(word, other) >= COUNTERPART_RATIO
        or (
            min(len(word), len(other)) >= 4
            and fuzz.partial_ratio(word, other) >= COUNTERPART_PARTIAL
        )
        for other in others
    )
