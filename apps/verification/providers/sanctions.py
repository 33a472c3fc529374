"""Sanctions screening as the verification's sanctions check sees it: a name (with its aliases
and country) screened against the loaded lists, answering the best matches and the threshold
used. The screening itself (list import, normalisation, scoring) lives in
`apps.verification.sanctions`; this adapter only calls its public `screen`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Protocol

from apps.verification.providers import SourceError

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


def _value(item: Any, *names: str) -> Any:
    for name in names:
        value = item.get(name) if isinstance(item, dict) else getattr(item, name, None)
        if value is not None:
            return value
    return None


def _match(item: Any) -> SanctionMatch:
    list_date = _value(item, "list_date", "published_at")
    return SanctionMatch(
        name=str(_value(item, "name", "entry_name") or ""),
        score=float(_value(item, "score") or 0.0),
        list_name=str(_value(item, "list_name", "list", "source") or ""),
        programme=str(_value(item, "programme", "program") or ""),
        list_date=str(list_date) if list_date else None,
        matched_name=str(_value(item, "matched_name", "matched_alias") or ""),
    )


class ListScreener:
    """The lists loaded into this installation (`manage.py import_sanctions`)."""

    def screen(
        self, name: str, aliases: Sequence[str] = (), country: str | None = None
    ) -> ScreeningResult:
        try:
            screening = import_module("apps.verification.sanctions")
        except ImportError as exc:
            raise SourceError(NO_LIST_LOADED) from exc
        raw = screening.screen(name, aliases=tuple(aliases), country=country)
        if _value(raw, "no_list_loaded") or _value(raw, "lists_loaded") is False:
            raise SourceError(NO_LIST_LOADED)
        return ScreeningResult(
            threshold=float(_value(raw, "threshold") or 0.0),
            matches=tuple(_match(item) for item in _value(raw, "matches") or ()),
        )


def sanctions_screener() -> SanctionsScreener:
    return ListScreener()
