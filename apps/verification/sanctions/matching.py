"""How alike two match keys are (see `names.match_key`), and how much their agreement says.

The letters' score (0 to 100) starts from the better of the token-sort ratio (word order
ignored) and, when the names have different word counts, the ratio of the keys without spaces
('SiemensAG', 'Good Will'), on the keys as written or with transliteration variants folded
('Kontsern' and 'Concern'). It is raised halfway towards the token-set ratio, so that a name
contained in a longer one ('Faberlic' in 'Faberlic Europe') scores high without counting as
identical.

Words are not worth the same. 'International', 'Trading', 'Foods', 'Dubai' or 'Korea' appear in
the names of thousands of unrelated companies; 'Sberbank' or 'Ryonbong' name one. Each word has
a weight from 0.2 (generic) to 1 (distinctive): generic when it is in the committed list of the
words ordinary company names share (`data/generic_words.txt`: activities, goods, places, small
words, in the languages of trade), a country name or nationality, or a single letter; else by
how many of the loaded entries carry it (`Vocabulary`). Each word of the shorter name (of both,
when equally long) without a counterpart in the other costs up to 10 points, in proportion to
its weight: a different distinctive word is a different company, however short.

The words in common then set the best grade the score may earn (`agreement_ceiling`):
- two distinctive words or more: any grade;
- the same words, however generic ('Korea Mining Development Trading Corporation'): any grade,
  but at most a review when a single distinctive word is spelt differently ('Galax', 'Galaxy');
- one distinctive word, with words left over ('Nordstrand' in 'Nordstrand Seafood'): at most a
  review;
- generic words only: at most a review when one name is the other with a few generic words
  added ('Korea National Insurance', 'Korea National'); else near, the score scaled down by the
  share of the names' weight that agrees ('Olam International' and 'INT Ltd', 'Bank of Armenia'
  and 'Bank of America').
Within that, a score at or above the match threshold is a match, one in the review band below
it a review, one under it near (evidence only). The weights, the band and the thresholds were
chosen on the labelled pairs (`bench/sanctions.py`)."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import cache
from pathlib import Path

from rapidfuzz import fuzz

from apps.market.countries import COUNTRY_ALIASES, ISO_COUNTRIES, country_name
from apps.verification.sanctions.names import tokens

GENERIC_WORDS_FILE = Path(__file__).parent / "data" / "generic_words.txt"

SUBSET_WEIGHT = 0.5
# A word has a counterpart when it is this alike to a word of the other name, or to up to
# JOINED_WORDS of its words written together ('Dandong' and 'Dan Dong'); for words of four
# letters or more, containment counts too ('Tech' in 'Technology').
COUNTERPART_RATIO = 67.0
COUNTERPART_PARTIAL = 90.0
JOINED_WORDS = 3
MISSING_WORD_PENALTY = 10.0

GENERIC_WEIGHT = 0.2
# A word weighing at least this counts as distinctive.
DISTINCTIVE_WEIGHT = 0.5
# A word carried by at most this share of the loaded entries is fully distinctive, by this
# share or more as generic as a listed generic word, and weighs in between on a log scale.
RARE_SHARE = 0.002
COMMON_SHARE = 0.02
# Frequencies among fewer entries than this say little (a test list of two entries): they are
# taken as shares of this many.
FEWEST_ENTRIES = 1_000
# Longest generic phrase looked for, in words ('xuat nhap khau', 'ho chi minh city').
MAX_PHRASE_WORDS = 4
# Letters that transliterations (of Russian above all) write differently, in the order they are
# folded: 'kh' before 'k', 'ks' before 'k'.
SPELLING_VARIANTS = (
    ("kh", "h"), ("ks", "x"), ("ts", "c"), ("ph", "f"), ("ck", "c"), ("k", "c"), ("w", "v"),
    ("y", "i"), ("j", "i"),
)  # fmt: skip
DOUBLED = re.compile(r"(.)\1+")

# Scores at or above the match threshold are matches (see the grade rules above), those in the
# review band below it reviews. On the labelled company and organisation pairs
# (bench/sanctions.py), 84 keeps the matches' precision at 0.97; the band's floor, 80, is where
# F1 of the pairs flagged (match or review) is highest: lower floors add no found pair there.
MATCH_THRESHOLD = 84.0
REVIEW_THRESHOLD = 80.0


class Grade(StrEnum):
    MATCH = "match"
    REVIEW = "review"
    NEAR = "near"


@dataclass(frozen=True)
class Thresholds:
    match: float = MATCH_THRESHOLD
    review: float = REVIEW_THRESHOLD

    def grade(self, score: float, ceiling: Grade) -> Grade:
        if score >= self.match and ceiling == Grade.MATCH:
            return Grade.MATCH
        if score >= min(self.review, self.match) and ceiling != Grade.NEAR:
            return Grade.REVIEW
        return Grade.NEAR


DEFAULT_THRESHOLDS = Thresholds()


@dataclass(frozen=True)
class Vocabulary:
    """How many of the loaded entries carry each word in one of their names."""

    entry_counts: dict[str, int]
    entries: int

    @classmethod
    def of(cls, entries: Iterable[Iterable[str]]) -> Vocabulary:
        """From each entry's match keys."""
        counts: Counter[str] = Counter()
        total = 0
        for keys in entries:
            counts.update({word for key in keys for word in key.split()})
            total += 1
        return cls(dict(counts), total)

    def weight(self, word: str) -> float:
        share = self.entry_counts.get(word, 0) / max(self.entries, FEWEST_ENTRIES)
        if share <= RARE_SHARE:
            return 1.0
        if share >= COMMON_SHARE:
            return GENERIC_WEIGHT
        position = math.log(share / RARE_SHARE) / math.log(COMMON_SHARE / RARE_SHARE)
        return 1.0 - position * (1.0 - GENERIC_WEIGHT)


NO_VOCABULARY = Vocabulary({}, 0)


@dataclass(frozen=True)
class WeighedKey:
    """A match key with the weight of each of its words, and the key and words with their
    transliteration variants folded (`folded`)."""

    key: str
    words: tuple[str, ...]
    weights: tuple[float, ...]
    distinctive: tuple[bool, ...]
    folded_key: str
    folded_words: tuple[str, ...]


@dataclass(frozen=True)
class Comparison:
    score: float
    grade: Grade


def weighed(key: str, vocabulary: Vocabulary = NO_VOCABULARY) -> WeighedKey:
    words = tuple(key.split())
    generic = generic_positions(words)
    weights = tuple(
        GENERIC_WEIGHT if position in generic or len(word) == 1 else vocabulary.weight(word)
        for position, word in enumerate(words)
    )
    distinctive = tuple(weight >= DISTINCTIVE_WEIGHT for weight in weights)
    folded_words = tuple(map(folded, words))
    return WeighedKey(key, words, weights, distinctive, " ".join(folded_words), folded_words)


def folded(word: str) -> str:
    """The word with the letters that transliterations of one name differ by made the same
    ('Kontsern' and 'Concern', 'Ladozhskiy' and 'Ladozhski', 'Torgovyi' and 'Torgovy') and
    doubled letters single."""
    for spelling, common in SPELLING_VARIANTS:
        word = word.replace(spelling, common)
    return DOUBLED.sub(r"\1", word)


@cache
def generic_phrases() -> frozenset[tuple[str, ...]]:
    """The committed generic words and phrases, with every country's names and nationality
    adjectives, as word tuples normalised as names are."""
    lines = GENERIC_WORDS_FILE.read_text(encoding="utf-8").splitlines()
    texts = [line for line in lines if line.strip() and not line.startswith("#")]
    texts += [
        country_name(code, language) for code in ISO_COUNTRIES for language in ("en", "vi", "zh")
    ]
    texts += [alias for aliases in COUNTRY_ALIASES.values() for alias in aliases]
    return frozenset(phrase for phrase in map(tuple, map(tokens, texts)) if phrase)


def generic_positions(words: Sequence[str]) -> set[int]:
    """Positions of the words that are part of a generic phrase, longest phrase first."""
    phrases = generic_phrases()
    positions: set[int] = set()
    start = 0
    while start < len(words):
        for length in range(min(MAX_PHRASE_WORDS, len(words) - start), 0, -1):
            if tuple(words[start : start + length]) in phrases:
                positions.update(range(start, start + length))
                start += length
                break
        else:
            start += 1
    return positions


def similarity(key: str, other: str) -> float:
    """The score of two match keys, words weighed by the committed generic words alone."""
    return compare(weighed(key), weighed(other)).score


def compare(
    name: WeighedKey,
    entry: WeighedKey,
    thresholds: Thresholds = DEFAULT_THRESHOLDS,
    floor: float = 0.0,
) -> Comparison:
    """The score and grade of `name` against a listed `entry`. Below `floor` the words are not
    weighed (they can only lower the score): the score is then that of the letters alone."""
    letters = round(letters_score(name, entry), 1) if name.words and entry.words else 0.0
    if letters < floor or not letters:
        return Comparison(letters, Grade.NEAR)
    agreed, entry_agreed = counterparts(name, entry)
    score = max(0.0, letters - penalty(name, agreed, entry, entry_agreed))
    ceiling = agreement_ceiling(name, agreed, entry, entry_agreed)
    if ceiling == Grade.NEAR:
        score *= min(agreed_share(name, agreed), agreed_share(entry, entry_agreed))
    # Kept to a tenth, as shown, so that a score shown as the threshold is graded as reaching it.
    score = round(score, 1)
    return Comparison(score, thresholds.grade(score, ceiling))


def letters_score(name: WeighedKey, entry: WeighedKey) -> float:
    """The score of the letters, as written or with transliteration variants folded."""
    written = string_score(name.key, entry.key)
    if name.folded_key == name.key and entry.folded_key == entry.key:
        return written
    return max(written, string_score(name.folded_key, entry.folded_key))


def string_score(key: str, other: str) -> float:
    best = fuzz.token_sort_ratio(key, other)
    if key.count(" ") != other.count(" "):
        best = max(best, fuzz.ratio(key.replace(" ", ""), other.replace(" ", "")))
    contained = fuzz.token_set_ratio(key, other)
    return best + SUBSET_WEIGHT * max(0.0, contained - best)


def penalty(
    name: WeighedKey, agreed: list[Agreement], entry: WeighedKey, entry_agreed: list[Agreement]
) -> float:
    """Points for the words of the shorter name (of each, when equally long) with no
    counterpart in the other, each as much as it weighs."""
    missing = unagreed_weight(name, agreed)
    entry_missing = unagreed_weight(entry, entry_agreed)
    if len(name.words) < len(entry.words):
        return MISSING_WORD_PENALTY * missing
    if len(name.words) > len(entry.words):
        return MISSING_WORD_PENALTY * entry_missing
    return MISSING_WORD_PENALTY * max(missing, entry_missing)


def unagreed_weight(key: WeighedKey, agreed: list[Agreement]) -> float:
    return sum(
        weight for weight, agreement in zip(key.weights, agreed, strict=True) if not agreement
    )


def agreed_share(key: WeighedKey, agreed: list[Agreement]) -> float:
    return 1.0 - unagreed_weight(key, agreed) / sum(key.weights)


def agreement_ceiling(
    name: WeighedKey, agreed: list[Agreement], entry: WeighedKey, entry_agreed: list[Agreement]
) -> Grade:
    """The best grade the words in common allow, whatever the score."""
    in_common = min(distinctive_agreed(name, agreed), distinctive_agreed(entry, entry_agreed))
    if in_common >= 2:
        return Grade.MATCH
    if all(agreed) and all(entry_agreed):
        same = spelt_alike(name, agreed) and spelt_alike(entry, entry_agreed)
        return Grade.MATCH if same else Grade.REVIEW
    if in_common == 1 or extends(name, agreed, entry, entry_agreed):
        return Grade.REVIEW
    return Grade.NEAR


def extends(
    name: WeighedKey, agreed: list[Agreement], entry: WeighedKey, entry_agreed: list[Agreement]
) -> bool:
    """Whether one name is the other with a few generic words added ('Korea National Insurance'
    and 'Korea National'): a listed name of generic words only, written longer or shorter.
    Words left over on both sides ('Bank of Armenia', 'Bank of America'), a distinctive word
    left over ('Olam International') or words in common making less than half of the longer
    name ('Nordic International Trading', 'International') make another company."""
    if all(agreed):
        longer, longer_agreed = entry, entry_agreed
    elif all(entry_agreed):
        longer, longer_agreed = name, agreed
    else:
        return False
    in_common = sum(1 for agreement in longer_agreed if agreement)
    return not left_distinctive(longer, longer_agreed) and 2 * in_common >= len(longer.words)


def left_distinctive(key: WeighedKey, agreed: list[Agreement]) -> bool:
    """Whether a distinctive word of `key` has no counterpart in the other name."""
    return any(
        distinctive and not agreement
        for distinctive, agreement in zip(key.distinctive, agreed, strict=True)
    )


def distinctive_agreed(key: WeighedKey, agreed: list[Agreement]) -> int:
    return sum(
        1 for distinctive, agreement in zip(key.distinctive, agreed, strict=True)
        if distinctive and agreement
    )  # fmt: skip


def spelt_alike(key: WeighedKey, agreed: list[Agreement]) -> bool:
    """Whether every distinctive word meets the other name letter for letter."""
    return all(
        agreement == Agreement.EXACT
        for distinctive, agreement in zip(key.distinctive, agreed, strict=True)
        if distinctive
    )


class Agreement(IntEnum):
    """How a word meets the other name: not at all, alike, or letter for letter."""

    NONE = 0
    ALIKE = 1
    EXACT = 2


def counterparts(name: WeighedKey, entry: WeighedKey) -> tuple[list[Agreement], list[Agreement]]:
    """How each word of both names meets the other name. A word meeting several words of the
    other written together ('dandong' and 'dan dong') makes them all meet it."""
    mine = [Agreement.NONE] * len(name.words)
    theirs = [Agreement.NONE] * len(entry.words)
    for position in range(len(name.words)):
        mine[position] = best_counterpart(name, position, entry, theirs)
    for position in range(len(entry.words)):
        theirs[position] = max(theirs[position], best_counterpart(entry, position, name, mine))
    return mine, theirs


def best_counterpart(
    key: WeighedKey, position: int, other: WeighedKey, marks: list[Agreement]
) -> Agreement:
    """How the word at `position` of `key` meets `other`, marking in `marks` the words of
    `other` it meets."""
    generic = not key.distinctive[position]
    found = Agreement.NONE
    for start in range(len(other.words)):
        for end in range(start + 1, min(start + JOINED_WORDS, len(other.words)) + 1):
            agreement = agreement_of(
                (key.words[position], key.folded_words[position]),
                ("".join(other.words[start:end]), "".join(other.folded_words[start:end])),
                single=end == start + 1,
                generic=generic and not any(other.distinctive[start:end]),
            )
            if agreement:
                for marked in range(start, end):
                    marks[marked] = max(marks[marked], agreement)
                found = max(found, agreement)
    return found


def agreement_of(
    spelt: tuple[str, str], other_spelt: tuple[str, str], *, single: bool, generic: bool
) -> Agreement:
    """Exact, alike (a transliteration variant, a typo, one word inside the other), or not at
    all, of two words each given as written and folded. Words written together must be nearly
    the same ('Santander' is not 'Santander Chile'), and two generic words that merely look
    alike are different words ('Armenia', 'America')."""
    (word, folded_word), (other, folded_other) = spelt, other_spelt
    if word == other:
        return Agreement.EXACT
    if folded_word == folded_other:
        return Agreement.ALIKE
    least = COUNTERPART_RATIO if single else COUNTERPART_PARTIAL
    alike = not generic and fuzz.ratio(word, other) >= least
    contained = (
        single
        and min(len(word), len(other)) >= 4
        and fuzz.partial_ratio(word, other) >= COUNTERPART_PARTIAL
    )
    return Agreement.ALIKE if alike or contained else Agreement.NONE
