"""Validation rules of spec §5 shared by the product and the identity provider."""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated

from pydantic import AfterValidator, Field, WithJsonSchema

from apps.core.errors import Problem

EMAIL_PATTERN = re.compile(r"^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$")
# RFC 5321 §4.5.3.1: a local part holds at most 64 octets, and a path at most 256 octets with
# its angle brackets, which leaves 254 for the address itself.
EMAIL_MAX_LENGTH = 254
EMAIL_LOCAL_PART_MAX_LENGTH = 64
EMAIL_REQUIRED = Problem("Please enter an email", "email_required")
EMAIL_INVALID = Problem(
    "Please enter a valid email address (e.g: name@example.com).", "email_invalid"
)


def is_valid_email(value: str) -> bool:
    """The spec's email pattern within RFC 5321's lengths (the pattern allows only ASCII, so
    characters and octets count the same)."""
    if len(value) > EMAIL_MAX_LENGTH or not EMAIL_PATTERN.fullmatch(value):
        return False
    local_part = value.rpartition("@")[0]
    return len(local_part) <= EMAIL_LOCAL_PART_MAX_LENGTH


def email_problem(value: str) -> str | None:
    """The message for an unacceptable email address, or None when it is acceptable."""
    if not value.strip():
        return EMAIL_REQUIRED
    if not is_valid_email(value.strip()):
        return EMAIL_INVALID
    return None


# Single-line text: a name, an email address, a phone number, a job title, a search. A line
# break there is never meant (the forms' inputs cannot hold one), and a text that goes on into
# a mail's subject or headers must not carry one; tabs and other control characters neither.
SINGLE_LINE = Problem("Use a single line, without line breaks or tabs", "single_line")
# Unicode's control characters (Cc) and its line and paragraph separators (Zl, Zp).
_LINE_BREAKING = frozenset({"Cc", "Zl", "Zp"})
SINGLE_LINE_PATTERN = "^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]*$"


def is_single_line(text: str) -> bool:
    return not any(unicodedata.category(char) in _LINE_BREAKING for char in text)


def _single_line(value: str) -> str:
    if not is_single_line(value):
        raise ValueError(SINGLE_LINE)
    return value


SingleLine = Annotated[
    str,
    AfterValidator(_single_line),
    Field(json_schema_extra={"pattern": SINGLE_LINE_PATTERN}),
]
"""A text of one line: a 422 naming the field refuses line breaks and control characters."""


# Search text (spec §5 style). Generous for real searches: a product description or a company
# name, also a long Vietnamese one ("Công ty TNHH Một Thành Viên Xuất Nhập Khẩu ..."), has well
# under 20 words; each word of a search becomes one more condition of the query, so the bound
# keeps every query small.
SEARCH_TEXT_MAX_CHARS = 200
SEARCH_TEXT_MAX_WORDS = 20
SEARCH_TEXT_TOO_LONG = Problem(f"Use at most {SEARCH_TEXT_MAX_CHARS} characters", "text_too_long")
SEARCH_TEXT_TOO_MANY_WORDS = Problem(
    f"Use at most {SEARCH_TEXT_MAX_WORDS} words", "text_too_many_words"
)

# Anything but a letter or a digit separates words. This finds at least as many words as any
# matching of names in the product does (which also splits at punctuation and spaces).
_WORD_BREAK = re.compile(r"[\W_]+")


def search_words(text: str) -> list[str]:
    return [word for word in _WORD_BREAK.split(unicodedata.normalize("NFC", text)) if word]


def search_text_problem(text: str) -> str | None:
    """The message for a search text over the limits, or None when it is acceptable."""
    stripped = text.strip()
    if not is_single_line(text):
        return SINGLE_LINE
    if len(stripped) > SEARCH_TEXT_MAX_CHARS:
        return SEARCH_TEXT_TOO_LONG
    if len(search_words(stripped)) > SEARCH_TEXT_MAX_WORDS:
        return SEARCH_TEXT_TOO_MANY_WORDS
    return None


def _search_text(value: str) -> str:
    problem = search_text_problem(value)
    if problem:
        raise ValueError(problem)
    return value


SEARCH_TEXT_SCHEMA = {
    "type": "string",
    "maxLength": SEARCH_TEXT_MAX_CHARS,
    "pattern": SINGLE_LINE_PATTERN,
}

SearchText = Annotated[str, AfterValidator(_search_text), WithJsonSchema(SEARCH_TEXT_SCHEMA)]
"""A search text of a query string, within the limits above."""
