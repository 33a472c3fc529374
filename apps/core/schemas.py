"""Schemas every API shares: the response envelope (DESIGN.md §4) and paging parameters."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from ninja import Schema
from pydantic import Field

T = TypeVar("T")


class Envelope(Schema, Generic[T]):
    data: T
    meta: dict[str, Any] = Field(default_factory=dict)


class PageMeta(Schema):
    page: int
    page_size: int
    total: int


class PagedEnvelope(Schema, Generic[T]):
    data: list[T]
    meta: PageMeta
