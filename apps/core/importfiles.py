"""What every file import shares: its report, lines read with a bound on their length and
checked as UTF-8 one by one (so a bad line is a bad row with its line number, and the import
goes on), the CSV records made of those lines, the dates an import accepts, and the command
around it (a path or '-' for stdin, --dry-run, --show-bad, --no-progress, the progress bar, the
bad rows by line and the summary)."""

from __future__ import annotations

import csv
import sys
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date
from typing import IO, Any, TypeVar

from django.core.management.base import BaseCommand, CommandError, CommandParser

from apps.core.progress import ProgressBar

MAX_LINE_BYTES = 1 << 20  # a longer line is a bad row, read no further than this
MAX_BAD_ROWS = 100_000  # kept in the report; the count goes on past it
FIRST_PLAUSIBLE_DAY = date(1950, 1, 1)

# A quoted field may hold line ends; it is bounded as a line is (the reader's own default,
# 128 KiB, would end the import with an error instead of a bad row).
csv.field_size_limit(max(csv.field_size_limit(), MAX_LINE_BYTES))

_UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")


@dataclass
class ImportReport:
    """Counts of an import and its bad rows, by line number and reason."""

    rows_read: int = 0
    added: int = 0
    skipped_existing: int = 0
    bad_row_count: int = 0
    bad_rows: list[tuple[int, str]] = field(default_factory=list)
    seconds: float = 0.0

    def add_bad_row(self, line: int, reason: str) -> None:
        self.bad_row_count += 1
        if len(self.bad_rows) < MAX_BAD_ROWS:
            self.bad_rows.append((line, reason))


class BadLine(ValueError):
    """A line that cannot be read: too long, or not UTF-8 text."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


def line_problem(data: bytes, number: int) -> str | None:
    """Why a line's bytes (its end included) are not a line of UTF-8 text, or None."""
    if number == 1 and data.startswith(_UTF16_MARKS):
        return "the file is UTF-16 text; save it as UTF-8"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        return (
            f"not UTF-8 text (byte 0x{data[error.start]:02x} at position {error.start + 1} "
            "of the line); save the file as UTF-8"
        )
    return None


def too_long(limit: int = MAX_LINE_BYTES) -> str:
    return f"the line is longer than {limit:,} bytes"


class BoundedLines:
    """The lines of a binary stream as text (line ends kept, a UTF-8 byte order mark
    dropped), never reading more than `limit` bytes of one line into memory. A line that is
    longer, or not UTF-8, raises `BadLine`; the next call goes on with the line after it.
    `line` is the number of the last line read."""

    def __init__(
        self,
        raw: IO[bytes],
        limit: int = MAX_LINE_BYTES,
        fallback: tuple[str, Callable[[int], None]] | None = None,
    ) -> None:
        self.raw = raw
        self.limit = limit
        self.fallback = fallback  # an encoding for lines not UTF-8, told of each such line
        self.line = 0
        self.last = b""  # the last line's bytes

    def __iter__(self) -> BoundedLines:
        return self

    def read(self) -> bytes:
        """The next line's bytes; raises BadLine when it is too long (and skips the rest of
        it), StopIteration at the end of the stream."""
        data = self.raw.readline(self.limit + 1)
        if not data:
            raise StopIteration
        self.line += 1
        if len(data) > self.limit and not data.endswith(b"\n"):
            while (rest := self.raw.readline(1 << 16)) and not rest.endswith(b"\n"):
                pass
            raise BadLine(self.line, too_long(self.limit))
        self.last = data
        return data

    def skip_quoted(self) -> None:
        """After a quoted field too long for the CSV reader, which stopped inside it on the
        last line: skip to the line where the field's closing quote is (by the parity of the
        quotes, which a doubled quote keeps), the end of its record."""
        inside = self.last.count(b'"') % 2 == 0
        while inside:
            try:
                inside = self.read().count(b'"') % 2 == 0
            except BadLine:
                continue
            except StopIteration:
                return

    def __next__(self) -> str:
        data = self.read()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            problem = line_problem(data, self.line) or ""
            if self.fallback and not (self.line == 1 and data.startswith(_UTF16_MARKS)):
                encoding, told = self.fallback
                told(self.line)
                return data.decode(encoding, errors="replace")
            raise BadLine(self.line, problem) from None
        return text.removeprefix("\ufeff") if self.line == 1 else text


def csv_records(
    raw: IO[bytes],
    limit: int = MAX_LINE_BYTES,
    fallback: tuple[str, Callable[[int], None]] | None = None,
) -> Iterator[tuple[int, list[str] | BadLine]]:
    """(line where it ends, fields) of each record of a CSV stream, empty lines left out; a
    line that cannot be read, or a record the CSV reader refuses, is yielded as a `BadLine`
    in place of its fields (the number is the line where the trouble is met) and reading goes
    on after it. With a `fallback` (an encoding, and a function told of the line's number), a
    line that is not UTF-8 is read in that encoding instead."""
    lines = BoundedLines(raw, limit, fallback)
    reader = csv.reader(lines)
    while True:
        try:
            fields = next(reader)
        except StopIteration:
            return
        except BadLine as bad:
            yield bad.line, bad
            continue
        except csv.Error as error:
            reason = str(error)
            if "field limit" in reason:
                reason = f"a field is longer than {limit:,} characters"
                lines.skip_quoted()
            yield lines.line, BadLine(lines.line, reason)
            continue
        if fields:
            yield lines.line, fields


def implausible_date(day: date) -> str | None:
    """Why a date is out of the range an import accepts (1950-01-01 to the end of next
    year), or None."""
    last = date(date.today().year + 1, 12, 31)
    if FIRST_PLAUSIBLE_DAY <= day <= last:
        return None
    return f"is outside {FIRST_PLAUSIBLE_DAY.isoformat()} to {last.isoformat()}"


# What reading a file that cannot be read raises: bytes that are not its text encoding, a missing
# or unreadable file, a gzip file cut short (EOFError), with a bad checksum (OSError) or a
# damaged stream (zlib.error). An import command reports them as its error, never a traceback.
UNREADABLE_FILE_ERRORS: tuple[type[Exception], ...] = (
    UnicodeDecodeError,
    OSError,
    EOFError,
    zlib.error,
)


def add_file_import_arguments(parser: CommandParser) -> None:
    parser.add_argument("path", help="CSV file, optionally gzip-compressed; '-' for stdin.")
    parser.add_argument("--dry-run", action="store_true", help="Validate and report, load nothing.")
    parser.add_argument(
        "--show-bad", type=int, default=50, help="How many bad rows to list (default 50)."
    )
    parser.add_argument("--no-progress", action="store_true", help="No progress bar.")


Report = TypeVar("Report", bound=ImportReport)


def run_file_import(
    command: BaseCommand,
    load: Callable[..., Report],
    options: dict[str, Any],
    *,
    format_errors: tuple[type[Exception], ...],
) -> Report:
    """Run `load(source, progress=..., dry_run=...)` on the command's file and report it; a
    file that cannot be read ends the command with its reason, never a traceback."""
    path = options["path"]
    source: Any = sys.stdin.buffer if path == "-" else path
    bar = None if options["no_progress"] else ProgressBar(command.stderr._out)
    unreadable = (*UNREADABLE_FILE_ERRORS, *format_errors)
    try:
        report = load(source, progress=bar, dry_run=options["dry_run"])
    except FileNotFoundError as error:
        raise CommandError(f"No such file: {path}") from error
    except unreadable as error:
        raise CommandError(str(error)) from error
    finally:
        if bar is not None:
            bar.close()
    for line, reason in report.bad_rows[: options["show_bad"]]:
        command.stderr.write(f"line {line}: {reason}")
    if report.bad_row_count > options["show_bad"]:
        command.stderr.write(f"... and {report.bad_row_count - options['show_bad']:,} more")
    verb = "would add" if options["dry_run"] else "added"
    speed = f" ({report.rows_read / report.seconds:,.0f} rows/s)" if report.seconds else ""
    command.stdout.write(
        f"{report.rows_read:,} rows read: {verb} {report.added:,}, "
        f"skipped {report.skipped_existing:,} already loaded, "
        f"{report.bad_row_count:,} bad, in {report.seconds:.1f} s{speed}"
    )
    return report
