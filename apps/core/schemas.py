"""The shapes every API shares (DESIGN.md §4): the success envelope `{"data": ..., "meta": {...}}`,
the list envelope with its paging figures, and the one error shape."""

from __future__ import annotations

from typing import Annotated, Any, Generic, TypeVar

from ninja import Schema
from pydantic import Field

T = TypeVar("T")

MAX_RECORD_ID = 2**63 - 1
RecordId = Annotated[int, Field(ge=1, le=MAX_RECORD_ID)]
"""A database id in a path or a query: a number past the largest one (a 64-bit integer) is
refused by validation, before it reaches the database."""


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


class Message(Schema):
    message: str


class ErrorData(Schema):
    error: str
    fields: dict[str, list[str]]


class ErrorMeta(Schema):
    message: str
    code: str
    field_codes: dict[str, str] = Field(
        default_factory=dict,
        description="The stable code of each invalid field's first message, to translate.",
    )


class ErrorOut(Schema):
    """Every failed call: the text in `data.error` and `meta.message`, the stable `meta.code`
    that the client translates, and one list of texts per invalid field with the code of its
    first text in `meta.field_codes`."""

    data: ErrorData
    meta: ErrorMeta
