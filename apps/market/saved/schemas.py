"""Requests and answers of the saved-searches API."""

from __future__ import annotations

from datetime import datetime

from ninja import Schema

from apps.core.validation import SingleLine
from apps.market.schemas import SearchQuery


class SavedSearchIn(Schema):
    filters: SearchQuery
    name: SingleLine = ""
    alerts: bool = True


class SavedSearchPatch(Schema):
    name: SingleLine | None = None
    alerts: bool | None = None


class SavedSearchOut(Schema):
    id: int
    name: str
    filters: SearchQuery
    summary: str
    alerts: bool
    created_at: datetime
    last_checked_at: datetime | None
    last_alerted_at: datetime | None
    market_path: str
