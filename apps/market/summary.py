"""A search told in words, for the names of saved searches, alert emails and the header of
downloaded files: 'product=cashew, importer country=US, 01-01-2024 to 31-12-2024'."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from apps.market.filters import SEARCH_FIELDS

PARTS = (
    ("product_details", "product"),
    ("importer_name", "importer"),
    ("exporter_name", "exporter"),
    ("importer_country", "importer country"),
    ("exporter_country", "exporter country"),
)


def describe_search(query: Mapping[str, Any], *, dates: bool = True) -> str:
    """The search's filters (as the API's parameters) in one line."""
    parts = [f"{label}={query[key]}" for key, label in PARTS if str(query.get(key) or "").strip()]
    codes = [str(code) for code in query.get("hs_code") or []]
    if codes:
        parts.append(f"HS={'+'.join(codes)}")
    if dates and query.get("start_date") and query.get("end_date"):
        parts.append(f"{query['start_date']} to {query['end_date']}")
    return ", ".join(parts)


# The address lists the search in the form's order, whatever order the stored filters kept
# (PostgreSQL's jsonb reorders keys).


def market_path(query: Mapping[str, Any]) -> str:
    """The market insights address that opens the search."""
    texts = [key for key in SEARCH_FIELDS if key != "hs_code"]
    pairs = [(key, query[key]) for key in texts if query.get(key)]
    pairs += [("hs_code", code) for code in query.get("hs_code") or []]
    return f"/market-insights?{urlencode(pairs)}"
