"""Sanctions screening as the verification's sanctions check sees it: a name (with its aliases
and country) screened against the loaded lists, answering the best matches and the threshold
used. The screening itself (list import, normalisation, scoring) lives in
`apps.verification.sanctions`; `ListScreener` calls its `screen`. Past one machine, a yente
server answers behind the same interface (`apps.verification.providers.yente`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from django.conf import settings

from apps.verification.providers import SourceError
from apps.verification.sanctions.screening import SanctionsMatch, ScreeningStatus, screen

NO_LIST_LOADED = "No sanctions list loaded"


@dataclass(frozen=True)
class SanctionMatch:
    name: str
    score: float
    list_name: str
    programme: str
    list_date: str | None
    matched_name: str = ""


@dataclass(frozen=True)
class ScreeningResult:
    threshold: float
    matches: tuple[SanctionMatch, ...] = field(default_factory=tuple)

    @property
    def hits(self) -> tuple[SanctionMatch, ...]:
        """Matches at or above the threshold: a weak score is never called a match."""
        return tuple(match for match in self.matches if match.score >= self.threshold)


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
    )


class ListScreener:
    """The lists loaded into this installation (`manage.py import_sanctions`)."""

    def screen(
        self, name: str, aliases: Sequence[str] = (), country: str | None = None
    ) -> ScreeningResult:
        screening = screen(name, aliases=tuple(aliases), country=country)
        if screening.status == ScreeningStatus.NO_LIST_LOADED:
            raise SourceError(NO_LIST_LOADED)
        # The near misses below the threshold travel as evidence; `hits` keeps them apart.
        return ScreeningResult(
            threshold=_fraction(screening.threshold),
            matches=tuple(_match(found) for found in [*screening.matches, *screening.nearest]),
        )


def sanctions_screener() -> SanctionsScreener:
    """The yente server when VERIFICATION_YENTE_URL is set, else the lists loaded here."""
    if settings.VERIFICATION_YENTE_URL:
        # Imported here: the yente adapter builds on this module's result types.
        from apps.verification.providers.yente import YenteScreener

        return YenteScreener()
    return ListScreener()
