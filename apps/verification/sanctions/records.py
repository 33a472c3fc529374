"""What every list reader yields: one party as read from the file, or a bad row; and what it
raises for a file that is not its list at all."""

from __future__ import annotations

import gzip
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import IO

# The first bytes looked at to tell what a file holds instead of a list.
HEAD_BYTES = 1024
BLANK = b"\xef\xbb\xbf \t\r\n"  # a UTF-8 byte order mark and white space


class SanctionsFileError(ValueError):
    """A file that is not a list's format (by its name or its content), a companion file
    without its list, or a list that must not replace the copy loaded now."""


@dataclass
class ParsedParty:
    source_id: str
    name: str
    kind: str
    programmes: list[str] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)
    countries: list[str] = field(default_factory=list)
    listed_on: date | None = None
    remarks: str = ""
    line: int = 0  # where it is in its file (an UN entry: its number)


@dataclass(frozen=True)
class BadRow:
    line: int
    reason: str
    file: str = ""  # a companion file's name, when the row is in one


def open_binary(path: Path) -> IO[bytes]:
    """The file's bytes, gunzipped when its name ends in .gz."""
    if path.suffix == ".gz":
        return gzip.GzipFile(path, "rb")  # type: ignore[return-value]
    return path.open("rb")


def unique(values: list[str]) -> list[str]:
    """The non-empty values, stripped, in their first order, without repeats."""
    return list(dict.fromkeys(value.strip() for value in values if value and value.strip()))


def foreign_content(path: Path) -> str | None:
    """What the file holds instead of a list, when its first bytes tell: nothing, an HTML page
    or a JSON document. A failed download saves exactly these (an error page, an API's error
    answer), and read as a list they would yield no entries and wipe it."""
    with open_binary(path) as stream:
        head = stream.read(HEAD_BYTES).lstrip(BLANK).lower()
    if not head:
        return "empty"
    if head.startswith(b"<!doctype html") or b"<html" in head:
        return "an HTML page"
    if head.startswith((b"{", b"[")):
        return "a JSON document"
    return None
