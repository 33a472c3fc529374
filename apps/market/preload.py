"""What market insights adds to its page's preload: the data's metadata (countries, coverage,
page sizes), which the page's first screen shows, so it need not wait for a request of its own.
Keyed by API path, as the island's client cache keeps it."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from apps.market import selectors

META_DATA_PATH = "/fast-ai/v1/meta-data"


def market_pages(request: HttpRequest, page: str) -> dict[str, Any]:
    if page != "market-insights":
        return {}
    return {META_DATA_PATH: selectors.meta_data()}
