"""What the two import commands share: arguments, progress bar and the report."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from apps.core.progress import ProgressBar
from apps.leads.imports import ImportFormatError, ImportReport


def add_import_arguments(parser: CommandParser) -> None:
    parser.add_argument("path", help="CSV file, optionally gzip-compressed; '-' for stdin.")
    parser.add_argument("--dry-run", action="store_true", help="Validate and report, load nothing.")
    parser.add_argument(
        "--show-bad", type=int, default=50, help="How many bad rows to list (default 50)."
    )
    parser.add_argument("--no-progress", action="store_true", help="No progress bar.")


def run_import(
    command: BaseCommand, load: Callable[..., ImportReport], options: dict[str, Any]
) -> ImportReport:
    path = options["path"]
    source: Any = sys.stdin.buffer if path == "-" else path
    bar = None if options["no_progress"] else ProgressBar(command.stderr._out)
    try:
        report = load(source, progress=bar, dry_run=options["dry_run"])
    except FileNotFoundError as error:
        raise CommandError(f"No such file: {path}") from error
    except (ImportFormatError, UnicodeDecodeError, OSError, EOFError) as error:
        raise CommandError(str(error)) from error
    finally:
        if bar is not None:
            bar.close()
    for line, reason in report.bad_rows[: options["show_bad"]]:
        command.stderr.write(f"line {line}: {reason}")
    if report.bad_row_count > options["show_bad"]:
        command.stderr.write(f"... and {report.bad_row_count - options['show_bad']:,} more")
    verb = "would add" if options["dry_run"] else "added"
    command.stdout.write(
        f"{report.rows_read:,} rows read: {verb} {report.added:,}, "
        f"skipped {report.skipped_existing:,} already loaded, "
        f"{report.bad_row_count:,} bad, in {report.seconds:.1f} s"
    )
    return report
