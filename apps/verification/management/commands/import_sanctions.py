"""Load sanctions lists: see `apps.verification.sanctions.imports`."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from apps.core.fileimport import UNREADABLE_FILE_ERRORS
from apps.core.progress import ProgressBar
from apps.verification.models import SanctionsList
from apps.verification.sanctions.imports import (
    ListFiles,
    ListReport,
    SanctionsFileError,
    group_files,
    import_list,
)

# A list file that cannot be read or parsed (SyntaxError: the XML parser's) ends the command.
_LIST_ERRORS: tuple[type[Exception], ...] = (
    SanctionsFileError,
    SyntaxError,
    *UNREADABLE_FILE_ERRORS,
)


class Command(BaseCommand):
    help = (
        "Load the OFAC SDN (sdn.csv), OFAC Consolidated (cons_prim.csv with cons_alt.csv and "
        "cons_add.csv) and UN Consolidated (XML) lists, plain or .gz. Each list given replaces "
        "its previous copy in one transaction."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", type=Path)
        parser.add_argument(
            "--published",
            type=date.fromisoformat,
            help="The OFAC files' publication date (YYYY-MM-DD), which the files do not carry.",
        )
        parser.add_argument(
            "--if-empty", action="store_true", help="Load nothing when any list is loaded."
        )
        parser.add_argument("--show-bad", type=int, default=20, help="Bad rows listed per list.")
        parser.add_argument("--no-progress", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["if_empty"] and SanctionsList.objects.exists():
            self.stdout.write("Sanctions lists already loaded: nothing to do")
            return
        missing = [str(path) for path in options["files"] if not path.is_file()]
        if missing:
            raise CommandError(f"No such file: {', '.join(missing)}")
        try:
            reports = [self.load(files, options) for files in group_files(options["files"])]
        except _LIST_ERRORS as error:
            raise CommandError(str(error)) from error
        for report in reports:
            for bad in [*report.bad_rows, *report.notes][: options["show_bad"]]:
                self.stderr.write(f"{bad.file or report.source_file} line {bad.line}: {bad.reason}")
            date_text = report.published_on.isoformat() if report.published_on else "unknown"
            self.stdout.write(
                f"{report.list_name}: {report.loaded:,} entries from {report.source_file}, "
                f"published {date_text} ({report.published_note}), "
                f"{len(report.bad_rows):,} bad rows, in {report.seconds:.1f} s"
            )

    def load(self, files: ListFiles, options: dict[str, Any]) -> ListReport:
        bar = None if options["no_progress"] else ProgressBar(self.stderr._out)
        try:
            return import_list(files, published=options["published"], progress=bar)
        finally:
            if bar is not None:
                bar.close()
