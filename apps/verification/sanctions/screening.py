"""Screening a name and its aliases against every loaded sanctions list.

Each process keeps the entries' match keys in memory and reloads them when a list is loaded
again (the lists' latest `loaded_at` changes). Candidates are found with rapidfuzz's C ratio on
the keys with sorted words and on the keys without spaces (`matching.similarity` cannot reach a
score s unless one of them reaches 2s - 100), then scored by `matching.similarity`. A score
at or above the threshold is a possible match; the nearest names below it are shown as
evidence and never called matches. With no list loaded the answer is 'no list loaded', never
'clear'."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from functools import lru_cache

from django.db.models import Count, Max
from rapidfuzz import fuzz, process

from apps.market.countries import country_name
from apps.verification.models import SanctionedParty, SanctionsList
from apps.verification.sanctions.matching import MATCH_THRESHOLD, similarity
from apps.verification.sanctions.names import match_key

# Names scoring at least this (and below the threshold) are shown as the nearest names.
NEAREST_FLOOR = 70.0
NEAREST_SHOWN = 5
CANDIDATES = 300


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
    status: ScreeningStatus
    threshold: float
    names: list[str]
    matches: list[SanctionsMatch]
    nearest: list[SanctionsMatch]
    lists: list[ScreenedList]


@dataclass(frozen=True)
class IndexedName:
    party: SanctionedParty
    name: str


@dataclass(frozen=True)
class Index:
    keys: list[str]
    sorted_keys: list[str]
    joined_keys: list[str]
    names: list[IndexedName]
    lists: list[ScreenedList]


def screen(
    name: str,
    *,
    aliases: Iterable[str] = (),
    country: str | None = None,
    threshold: float = MATCH_THRESHOLD,
) -> Screening:
    """Screen `name` and its `aliases` (`country`: ISO 3166-1 alpha-2, to say whether a match's
    country agrees)."""
    names = list(dict.fromkeys(n.strip() for n in [name, *aliases] if n and n.strip()))
    index = current_index()
    if not index.lists:
        return Screening(ScreeningStatus.NO_LIST_LOADED, threshold, names, [], [], [])
    best: dict[int, SanctionsMatch] = {}
    for screened in names:
        for found in scored(index, match_key(screened), min(threshold, NEAREST_FLOOR), country):
            held = best.get(found.party_id)
            if held is None or found.score > held.score:
                best[found.party_id] = found
    ranked = sorted(best.values(), key=lambda match: (-match.score, match.name))
    matches = [match for match in ranked if match.score >= threshold]
    nearest = [match for match in ranked if match.score < threshold][:NEAREST_SHOWN]
    status = ScreeningStatus.POSSIBLE_MATCH if matches else ScreeningStatus.CLEAR
    return Screening(status, threshold, names, matches, nearest, index.lists)


def scored(index: Index, key: str, floor: float, country: str | None) -> list[SanctionsMatch]:
    if not key:
        return []
    positions = {
        position
        for query, choices in (
            (sorted_words(key), index.sorted_keys),
            (key.replace(" ", ""), index.joined_keys),
        )
        for _choice, _score, position in process.extract(
            query, choices, scorer=fuzz.ratio, score_cutoff=2 * floor - 100, limit=CANDIDATES
        )
    }
    results = []
    for position in positions:
        score = similarity(key, index.keys[position])
        if score >= floor:
            results.append(as_match(index.names[position], round(score, 1), country))
    return results


def as_match(indexed: IndexedName, score: float, country: str | None) -> SanctionsMatch:
    party = indexed.party
    return SanctionsMatch(
        score=score,
        party_id=party.pk,
        source_id=party.source_id,
        list_name=party.sanctions_list.name,
        list_published_on=party.sanctions_list.published_on,
        name=party.name,
        matched_name=indexed.name,
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


def current_index() -> Index:
    """The in-memory index of the loaded lists, rebuilt when a list was (re)loaded."""
    state = SanctionsList.objects.aggregate(latest=Max("loaded_at"), lists=Count("id"))
    return build_index(state["latest"], state["lists"])


@lru_cache(maxsize=1)
def build_index(latest: datetime | None, list_count: int) -> Index:
    lists = [
        ScreenedList(
            item.name, item.published_on, item.published_note, item.entry_count, item.loaded_at
        )
        for item in SanctionsList.objects.order_by("name")
    ]
    keys: list[str] = []
    names: list[IndexedName] = []
    parties = SanctionedParty.objects.select_related("sanctions_list").order_by("id")
    for party in parties.iterator(chunk_size=2_000):
        for position, key in enumerate(party.match_keys):
            keys.append(key)
            names.append(IndexedName(party, party.name if position == 0 else alias_for(party, key)))
    sorted_keys = [sorted_words(key) for key in keys]
    return Index(keys, sorted_keys, [key.replace(" ", "") for key in keys], names, lists)


def sorted_words(key: str) -> str:
    return " ".join(sorted(key.split()))


def alias_for(party: SanctionedParty, key: str) -> str:
    """The alias whose match key is `key`."""
    organisation = party.kind != SanctionedParty.Kind.INDIVIDUAL
    return next(
        (alias for alias in party.aliases if match_key(alias, organisation=organisation) == key),
        party.name,
    )
