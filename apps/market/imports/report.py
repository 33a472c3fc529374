"""What an import tells its caller: the report (counts, bad rows by line and reason), the
error of a file that cannot be read at all, and progress while the rows load."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from apps.core.importfiles import MAX_BAD_ROWS
from apps.core.importfiles import ImportReport as FileImportReport

__all__ = [
    "MAX_BAD_ROWS",
    "ImportFormatError",
    "ImportReport",
    "Meter",
    "Progress",
    "RecordTooLong",
    "RecordsEndMixed",
]

Progress = Callable[[int, float | None], None]
"""Called now and then with the rows done so far and the share of the work done (0..1), and
once at the end with all the rows read and 1.0."""


class ImportFormatError(ValueError):
    """The file cannot be read as a shipments file at all (e.g. a wrong header)."""


class RecordTooLong(ImportFormatError):
    """A record (lines joined by quoted line ends) too long for DuckDB's reader."""


class RecordsEndMixed(ImportFormatError):
    """DuckDB's reader refuses a file whose records end in more than one way (LF and CRLF)."""


@dataclass
class ImportReport(FileImportReport):
    """The file import's report, with the analytics index built after it."""

    index_snapshot: Path | None = None  # the analytics index built over the new rows
    index_seconds: float = 0.0

    @property
    def rows_per_second(self) -> float:
        return self.rows_read / self.seconds if self.seconds else 0.0


class Meter:
    """Progress during the load, at most once a second."""

    def __init__(self, expected: int, progress: Progress | None) -> None:
        self.expected = max(expected, 1)
        self.progress = progress
        self.done = 0
        self.next = time.monotonic() + 1.0

    def add(self, rows: int) -> None:
        self.done += rows
        if self.progress is not None and time.monotonic() >= self.next:
            done = min(self.done, self.expected)
            self.progress(done, min(done / self.expected, 0.99))
            self.next = time.monotonic() + 1.0
