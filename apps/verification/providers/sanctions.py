"""Sanctions screening as the verification's sanctions check sees it: a name (with its aliases
and country) screened against the loaded lists, answering the best names graded match, review
or near, the thresholds used and the lists screened. The screening itself (list import,
normalisation, scoring) lives in `apps.verification.sanctions`; `ListScreener` calls its
`screen`. Past one machine, a yente
server answers behind the same interface (`apps.verification.providers.yente`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from django.conf import settings

from apps.verification.providers import SourceError
from apps.verification.sanctions.screening import (
    SanctionsMatch,
    ScreenedList,
    ScreeningStatus,
    screen,
)

NO_LIST_LOADED = "No sanctions list loaded"
# The grades of a match: a listed party (the verification says do not trade), a possible match
# for a person to decide, and a near name shown as evidence only.
GRADE_MATCH = "match"
GRADE_REVIEW = "review"
GRADE_NEAR = "near"


@dataclass(frozen=True)
class SanctionMatch:
    name: str
    score: float
    list_name: str
    programme: str
    list_date: str | None
    matched_name: str = ""
    grade: str = GRADE_NEAR


@dataclass(frozen=True)
class ScreenedListSummary:
    """A list the name was screened against: its publication date when known (ISO), its
    entries and when this installation loaded it (ISO)."""

    name: str
    published_on: str | None
    entry_count: int
    loaded_at: str


@dataclass(frozen=True)
class ScreeningResult:
    """`matches` holds every graded name (matches, then reviews, then near names); `hits` and
    `reviews` pick the matches and the reviews out of it. `review_threshold` is None when the
    source has no review band; `lists` is empty when the source does not say which lists it
    screened."""

    threshold: float
    matches: tuple[SanctionMatch, ...] = field(default_factory=tuple)
    review_threshold: float | None = None
    lists: tuple[ScreenedListSummary, ...] = field(default_factory=tuple)

    @property
    def hits(self) -> tuple[SanctionMatch, ...]:
        """The strong matches: a weak score, or one resting on a single word, is never one."""
        return tuple(match for match in self.matches if match.grade == GRADE_MATCH)

    @property
    def reviews(self) -> tuple[SanctionMatch, ...]:
        """The possible matches a person should look at."""
        return tuple(match for match in self.matches if match.grade == GRADE_REVIEW)


class SanctionsScreener(Protocol):
    def screen(
        self, name: str, aliases: Sequence[str] = (), country: str | None = None
    ) -> ScreeningResult:
        """Raises SourceError (NO_LIST_LOADED) when no list is loaded."""
        ...


def _fraction(score: float) -> float:
    """The screening scores from 0 to 100; the verification speaks of 0 to 1."""
    return round(score / 100, 3)


def _match(found: SanctionsMatch) -> SanctionMatch:
    return SanctionMatch(
        name=found.name,
        score=_fraction(found.score),
        list_name=found.list_name,
        programme=", ".join(found.programmes),
        list_date=found.list_published_on.isoformat() if found.list_published_on else None,
        matched_name=found.matched_name,
        grade=found.grade.value,
    )


def _summary(screened: ScreenedList) -> ScreenedListSummary:
    published = screened.published_on.isoformat() if screened.published_on else None
    return ScreenedListSummary(
        screened.name, published, screened.entry_count, screened.loaded_at.isoformat()
    )


class ListScreener:
    """The lists loaded into this installation (`manage.py import_sanctions`)."""

    def screen(
        self, name: str, aliases: Sequence[str] = (), country: str | None = None
    ) -> ScreeningResult:
        screening = screen(name, aliases=tuple(aliases), country=country)
        if screening.status == ScreeningStatus.NO_LIST_LOADED:
            raise SourceError(NO_LIST_LOADED)
        # The reviews and near names travel with the matches; `hits` and `reviews` tell them
        # apart.
        graded = [*screening.matches, *screening.reviews, *screening.nearest]
        return ScreeningResult(
            threshold=_fraction(screening.threshold),
            matches=tuple(map(_match, graded)),
            review_threshold=_fraction(screening.review_threshold),
            lists=tuple(map(_summary, screening.lists)),
        )


def sanctions_screener() -> SanctionsScreener:
    """The yente server when VERIFICATION_YENTE_URL is set, else the lists loaded here."""
    if settings.VERIFICATION_YENTE_URL:
        # Imported here: the yente adapter builds on this module's result types.
        from apps.verification.providers.yente import YenteScreener

        return YenteScreener()
    return ListScreener()
