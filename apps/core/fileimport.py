"""What every file-import command shares: its arguments (a path or '-' for stdin, --dry-run,
--show-bad, --no-progress), the progress bar, the bad rows by line, and the summary."""

from __future__ import annotations

import sys
import zlib
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.management.base import BaseCommand, CommandError, CommandParser

from apps.core.importfiles import ImportReport
from apps.core.progress import ProgressBar

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
