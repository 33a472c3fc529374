"""Paging of every list endpoint: the page number and the page size as query parameters, with
the spec's messages, bounded before any query is built.

A page is a whole number from 1 to MAX_PAGE written in ASCII digits: `page=²` (a superscript
digit, which str.isdigit accepts) and `page=1000000000000000000` (past a 64-bit offset) are
refused with a 422 instead of reaching the database."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator, WithJsonSchema

from apps.core.errors import Problem

PAGE_SIZES = (10, 25, 50, 100)
# With 100 rows a page, a million rows deep: no list is paged further, and the offset stays far
# inside every database's integer range.
MAX_PAGE = 10_000
MAX_ORDER_PAGE_SIZE = 100

BAD_PAGE = Problem("Page must be 1 or more", "page_invalid")
PAGE_TOO_FAR = Problem(f"Page must be {MAX_PAGE} or less", "page_too_far")
BAD_PAGE_SIZE = Problem("Page size must be 10, 25, 50 or 100", "page_size_invalid")
BAD_ORDER_PAGE_SIZE = Problem(
    f"Page size must be from 1 to {MAX_ORDER_PAGE_SIZE}", "order_page_size_invalid"
)

# Longer than any bound above; a longer text is refused before int() reads it.
_MAX_DIGITS = 6


def whole_number(value: Any) -> int | None:
    """A non-negative whole number written in ASCII digits (or given as an int), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not text or len(text) > _MAX_DIGITS or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def _is_ascii_number(value: Any) -> bool:
    text = value.strip() if isinstance(value, str) else ""
    return bool(text) and text.isascii() and text.isdigit()


def _page(value: Any) -> int:
    number = whole_number(value)
    if number is None and _is_ascii_number(value):
        raise ValueError(PAGE_TOO_FAR)  # more digits than any page has
    if number is None or number < 1:
        raise ValueError(BAD_PAGE)
    if number > MAX_PAGE:
        raise ValueError(PAGE_TOO_FAR)
    return number


def _page_size(value: Any) -> int:
    number = whole_number(value)
    if number not in PAGE_SIZES:
        raise ValueError(BAD_PAGE_SIZE)
    return number


def _order_page_size(value: Any) -> int:
    number = whole_number(value)
    if number is None or not 1 <= number <= MAX_ORDER_PAGE_SIZE:
        raise ValueError(BAD_ORDER_PAGE_SIZE)
    return number


Page = Annotated[
    int,
    BeforeValidator(_page),
    WithJsonSchema({"type": "integer", "minimum": 1, "maximum": MAX_PAGE}),
]
"""The page number of a list (1 to MAX_PAGE)."""

PageSize = Annotated[
    int,
    BeforeValidator(_page_size),
    WithJsonSchema({"type": "integer", "enum": list(PAGE_SIZES)}),
]
"""The rows of a page of a search: one of the page-size options of spec §9."""

OrderPageSize = Annotated[
    int,
    BeforeValidator(_order_page_size),
    WithJsonSchema({"type": "integer", "minimum": 1, "maximum": MAX_ORDER_PAGE_SIZE}),
]
"""The rows of a page of the order list (any size up to 100)."""
