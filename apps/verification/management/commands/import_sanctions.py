"""Load sanctions lists, from files or downloaded: see `apps.verification.sanctions.imports`
and `apps.verification.providers.sanctions_files`."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from apps.core.progress import ProgressBar
from apps.verification.models import SanctionsList
from apps.verification.providers import SourceError
from apps.verification.providers.sanctions_files import SanctionsFilesSource
from apps.verification.sanctions.imports import (
    ListFiles,
    ListReport,
    SanctionsFileError,
    dated,
    group_files,
    import_lists,
)

KEPT = "No list was changed: the previous copies were kept."


class Command(BaseCommand):
    help = (
        "Load the OFAC SDN (sdn.csv, with alt.csv and add.csv), OFAC Consolidated (cons_prim.csv "
        "with cons_alt.csv and cons_add.csv) and UN Consolidated (XML) lists, plain or .gz, or "
        "download them all with --fetch. The lists given replace their previous copies together "
        "in one transaction; a file that is not its list's format, has no entries or under half "
        "the entries loaded now is refused, and then no list changes."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="*", type=Path)
        parser.add_argument(
            "--fetch",
            action="store_true",
            help="Download every list from OFAC and the UN (SANCTIONS_OFAC_URL, SANCTIONS_UN_URL).",
        )
        parser.add_argument(
            "--published",
            type=date.fromisoformat,
            help="The OFAC files' publication date (YYYY-MM-DD), which the files do not carry.",
        )
        parser.add_argument(
            "--allow-shrink",
            action="store_true",
            help="Load a list with under half the entries of the copy loaded now.",
        )
        parser.add_argument(
            "--if-empty", action="store_true", help="Load nothing when any list is loaded."
        )
        parser.add_argument("--show-bad", type=int, default=20, help="Bad rows listed per list.")
        parser.add_argument("--no-progress", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["fetch"] == bool(options["files"]):
            raise CommandError("Give the list files, or --fetch to download them (not both).")
        if options["if_empty"] and SanctionsList.objects.exists():
            self.stdout.write("Sanctions lists already loaded: nothing to do")
            return
        if options["fetch"]:
            with TemporaryDirectory(prefix="sanctions-") as folder:
                reports = self.load(self.fetched(Path(folder)), options)
        else:
            reports = self.load(self.given(options), options)
        for report in reports:
            self.print_report(report, options["show_bad"])

    def given(self, options: dict[str, Any]) -> list[ListFiles]:
        missing = [str(path) for path in options["files"] if not path.is_file()]
        if missing:
            raise CommandError(f"No such file: {', '.join(missing)}")
        try:
            return group_files(options["files"])
        except SanctionsFileError as error:
            raise CommandError(str(error)) from error

    def fetched(self, folder: Path) -> list[ListFiles]:
        self.stderr.write("Downloading the OFAC and UN lists ...")
        try:
            return SanctionsFilesSource().fetch(folder)
        except SourceError as error:
            raise CommandError(f"Download failed: {error}\n{KEPT}") from error

    def load(self, lists: list[ListFiles], options: dict[str, Any]) -> list[ListReport]:
        bar = None if options["no_progress"] else ProgressBar(self.stderr._out)
        try:
            return import_lists(
                dated(lists, options["published"]),
                allow_shrink=options["allow_shrink"],
                progress=bar,
            )
        except SanctionsFileError as error:
            raise CommandError(f"{error}\n{KEPT}") from error
        finally:
            if bar is not None:
                bar.close()

    def print_report(self, report: ListReport, show_bad: int) -> None:
        for bad in [*report.bad_rows, *report.notes][:show_bad]:
            self.stderr.write(f"{bad.file or report.source_file} line {bad.line}: {bad.reason}")
        date_text = report.published_on.isoformat() if report.published_on else "unknown"
        self.stdout.write(
            f"{report.list_name}: {report.loaded:,} entries from {report.source_file} "
            f"(replacing {report.replaced:,}), published {date_text} ({report.published_note}), "
            f"{len(report.bad_rows):,} bad rows, in {report.seconds:.1f} s"
        )
