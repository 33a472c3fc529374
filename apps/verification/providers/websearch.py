"""Internet search for companies that are not in the database. No web search source is
configured on this installation, so the search answers that it is unavailable."""

from __future__ import annotations

from typing import Any, Protocol

from apps.verification.providers import SourceNotConfigured

NOT_CONFIGURED = "Internet search is not available: no web search source is configured"


class WebSearch(Protocol):
    def find_companies(self, *, name: str, website: str) -> list[dict[str, Any]]: ...


def web_search() -> WebSearch:
    raise SourceNotConfigured(NOT_CONFIGURED)
