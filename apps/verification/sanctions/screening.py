"""Screening a name and its aliases against every loaded sanctions list.

Each process keeps the entries' match keys, weighed by how many entries carry each word, in an
in-memory index, and rebuilds it when a list is loaded again (the lists' latest `loaded_at`
changes). The web server builds it while it starts (`warm_up`), so that the first screening
is as fast as the others. Candidates are found with rapidfuzz's C ratio on the keys with sorted
words and on the keys without spaces (the letters of `matching.compare` cannot score s unless
one of them reaches 2s - 100; its transliteration variants differ from them by a few letters
only, well within that margin), then compared and graded by `matching.compare`: matches (a
listed party), reviews (a possible match for a person to decide) and the nearest names below
them, shown as evidence and never called matches. With no list loaded the answer is 'no list
loaded', never 'clear'."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from functools import lru_cache
from typing import Any

from django.db import DatabaseError, connection
from django.db.models import Count, Max
from rapidfuzz import fuzz, process

from apps.market.countries import country_name
from apps.verification.models import SanctionedParty, SanctionsList
from apps.verification.sanctions.matching import (
    MATCH_THRESHOLD,
    REVIEW_THRESHOLD,
    Grade,
    Thresholds,
    Vocabulary,
    WeighedKey,
    compare,
    weighed,
)
from apps.verification.sanctions.names import match_key

logger = logging.getLogger(__name__)

# Names scoring at least this (and graded below a review) are shown as the nearest names.
NEAREST_FLOOR = 70.0
NEAREST_SHOWN = 5
CANDIDATES = 300
GRADE_ORDER = {Grade.MATCH: 2, Grade.REVIEW: 1, Grade.NEAR: 0}
WARM_UP_NAME = "Công ty TNHH Thương mại Warm-up Co., Ltd"


class ScreeningStatus(StrEnum):
    NO_LIST_LOADED = "no_list_loaded"
    CLEAR = "clear"
    POSSIBLE_MATCH = "possible_match"


@dataclass(frozen=True)
class ScreenedList:
    name: str
    published_on: date | None
    published_note: str
    entry_count: int
    loaded_at: datetime


@dataclass(frozen=True)
class SanctionsMatch:
    score: float
    grade: Grade
    party_id: int
    source_id: str
    list_name: str
    list_published_on: date | None
    name: str
    matched_name: str
    kind: str
    programmes: list[str]
    countries: list[str]
    listed_on: date | None
    same_country: bool | None


@dataclass(frozen=True)
class Screening:
    """`status` is a possible match when there is a match or a review."""

    status: ScreeningStatus
    threshold: float
    review_threshold: float
    names: list[str]
    matches: list[SanctionsMatch]
    reviews: list[SanctionsMatch]
    nearest: list[SanctionsMatch]
    lists: list[ScreenedList]


@dataclass(frozen=True)
class ListedParty:
    """What a screening reports of an entry, kept with the index instead of the model so that
    the index loads in one plain query."""

    pk: int
    source_id: str
    list_name: str
    list_published_on: date | None
    name: str
    kind: str
    aliases: list[str]
    programmes: list[str]
    countries: list[str]
    listed_on: date | None


@dataclass(frozen=True)
class IndexedName:
    party: ListedParty
    key: str
    is_alias: bool


@dataclass(frozen=True)
class Index:
    keys: list[WeighedKey]
    sorted_keys: list[str]
    joined_keys: list[str]
    names: list[IndexedName]
    lists: list[ScreenedList]
    vocabulary: Vocabulary


def screen(
    name: str,
    *,
    aliases: Iterable[str] = (),
    country: str | None = None,
    threshold: float = MATCH_THRESHOLD,
    review_threshold: float = REVIEW_THRESHOLD,
) -> Screening:
    """Screen `name` and its `aliases` (`country`: ISO 3166-1 alpha-2, to say whether a match's
    country agrees). A review threshold above the threshold is lowered to it."""
    names = list(dict.fromkeys(n.strip() for n in [name, *aliases] if n and n.strip()))
    thresholds = Thresholds(threshold, min(review_threshold, threshold))
    index = current_index()
    if not index.lists:
        return graded_screening(ScreeningStatus.NO_LIST_LOADED, thresholds, names, [], [])
    best: dict[int, SanctionsMatch] = {}
    for screened in names:
        key = weighed(match_key(screened), index.vocabulary)
        for found in scored(index, key, thresholds, country):
            held = best.get(found.party_id)
            if held is None or rank(found) > rank(held):
                best[found.party_id] = found
    ranked = sorted(best.values(), key=lambda match: (-match.score, match.name))
    status = (
        ScreeningStatus.POSSIBLE_MATCH
        if any(match.grade != Grade.NEAR for match in ranked)
        else ScreeningStatus.CLEAR
    )
    return graded_screening(status, thresholds, names, ranked, index.lists)


def graded_screening(
    status: ScreeningStatus,
    thresholds: Thresholds,
    names: list[str],
    ranked: list[SanctionsMatch],
    lists: list[ScreenedList],
) -> Screening:
    def graded(grade: Grade) -> list[SanctionsMatch]:
        return [match for match in ranked if match.grade == grade]

    return Screening(
        status=status,
        threshold=thresholds.match,
        review_threshold=thresholds.review,
        names=names,
        matches=graded(Grade.MATCH),
        reviews=graded(Grade.REVIEW),
        nearest=[m for m in graded(Grade.NEAR) if m.score >= NEAREST_FLOOR][:NEAREST_SHOWN],
        lists=lists,
    )


def rank(match: SanctionsMatch) -> tuple[int, float]:
    """A party found through several names keeps its best grade, then its best score."""
    return GRADE_ORDER[match.grade], match.score


def scored(
    index: Index, key: WeighedKey, thresholds: Thresholds, country: str | None
) -> list[SanctionsMatch]:
    if not key.words:
        return []
    floor = min(thresholds.review, NEAREST_FLOOR)
    positions = {
        position
        for query, choices in (
            (sorted_words(key.key), index.sorted_keys),
            (key.key.replace(" ", ""), index.joined_keys),
        )
        for _choice, _score, position in process.extract(
            query, choices, scorer=fuzz.ratio, score_cutoff=2 * floor - 100, limit=CANDIDATES
        )
    }
    results = []
    for position in positions:
        comparison = compare(key, index.keys[position], thresholds, floor)
        if comparison.score >= floor:
            results.append(
                as_match(index.names[position], comparison.score, comparison.grade, country)
            )
    return results


def as_match(
    indexed: IndexedName, score: float, grade: Grade, country: str | None
) -> SanctionsMatch:
    party = indexed.party
    return SanctionsMatch(
        score=score,
        grade=grade,
        party_id=party.pk,
        source_id=party.source_id,
        list_name=party.list_name,
        list_published_on=party.list_published_on,
        name=party.name,
        matched_name=alias_for(party, indexed.key) if indexed.is_alias else party.name,
        kind=party.kind,
        programmes=party.programmes,
        countries=party.countries,
        listed_on=party.listed_on,
        same_country=country_agrees(country, party.countries),
    )


def country_agrees(country: str | None, countries: list[str]) -> bool | None:
    if not country or not countries:
        return None
    wanted = {compact(country_name(country)), compact(country)}
    return any(compact(listed) in wanted for listed in countries)


def compact(text: str) -> str:
    return match_key(text, organisation=False).replace(" ", "")


# Index builds are serialised so that requests arriving while it builds wait for that build
# instead of starting their own.
_building = threading.Lock()


def current_index() -> Index:
    """The in-memory index of the loaded lists, rebuilt when a list was (re)loaded."""
    state = SanctionsList.objects.aggregate(latest=Max("loaded_at"), lists=Count("id"))
    with _building:
        return build_index(state["latest"], state["lists"])


def warm_up() -> None:
    """Build the index, and load what a screening reads (the legal forms, the generic words),
    before the first screening needs them. The web server calls this while it loads the
    application (config/wsgi.py), before it takes requests: the first screening then finds
    everything built, with no thread to race it and no file to keep in step with the lists.
    Without a database or its tables yet, the first screening builds it."""
    try:
        screen(WARM_UP_NAME)
    except DatabaseError:
        logger.warning("The sanctions index is left to the first screening", exc_info=True)
    finally:
        # The server's requests run on other threads, with their own connections.
        if not connection.in_atomic_block:
            connection.close()


@lru_cache(maxsize=1)
def build_index(latest: datetime | None, list_count: int) -> Index:
    stored = {item.pk: item for item in SanctionsList.objects.order_by("name")}
    parties: list[ListedParty] = []
    entry_keys: list[list[str]] = []
    for row in SanctionedParty.objects.order_by("id").values_list(*PARTY_FIELDS):
        parties.append(listed_party(row, stored))
        entry_keys.append(row[-1])
    vocabulary = Vocabulary.of(entry_keys)
    keys: list[WeighedKey] = []
    names: list[IndexedName] = []
    for party, party_keys in zip(parties, entry_keys, strict=True):
        for position, key in enumerate(party_keys):
            keys.append(weighed(key, vocabulary))
            names.append(IndexedName(party, key, is_alias=position > 0))
    return Index(
        keys=keys,
        sorted_keys=[sorted_words(key.key) for key in keys],
        joined_keys=[key.key.replace(" ", "") for key in keys],
        names=names,
        lists=[screened_list(item) for item in stored.values()],
        vocabulary=vocabulary,
    )


PARTY_FIELDS = (
    "pk", "sanctions_list_id", "source_id", "name", "kind", "aliases", "programmes",
    "countries", "listed_on", "match_keys",
)  # fmt: skip


def listed_party(row: tuple[Any, ...], stored: dict[int, SanctionsList]) -> ListedParty:
    pk, list_id, source_id, name, kind, aliases, programmes, countries, listed_on, _keys = row
    sanctions_list = stored[list_id]
    return ListedParty(
        pk, source_id, sanctions_list.name, sanctions_list.published_on, name, kind, aliases,
        programmes, countries, listed_on,
    )  # fmt: skip


def screened_list(item: SanctionsList) -> ScreenedList:
    return ScreenedList(
        item.name, item.published_on, item.published_note, item.entry_count, item.loaded_at
    )


def sorted_words(key: str) -> str:
    return " ".join(sorted(key.split()))


def alias_for(party: ListedParty, key: str) -> str:
    """The alias whose match key is `key` (worked out for the names reported only)."""
    organisation = party.kind != SanctionedParty.Kind.INDIVIDUAL
    return next(
        (alias for alias in party.aliases if match_key(alias, organisation=organisation) == key),
        party.name,
    )
