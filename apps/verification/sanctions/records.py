"""What every list reader yields: one party as read from the file, or a bad row."""

from __future__ import annotations

import gzip
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import IO


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
