"""Load a shipments CSV (or CSV.gz) file: see `apps.market.imports.import_shipments`."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from apps.core.progress import ProgressBar
from apps.market.imports import ImportFormatError, import_shipments


class Command(BaseCommand):
    help = (
        "Load shipments from a CSV or CSV.gz file (header: date, hs_code, product_description, "
        "exporter_name, exporter_country, importer_name, importer_country, quantity, "
        "quantity_unit, net_weight_kg, value_usd, port_of_loading, port_of_discharge, "
        "transport_mode, source, source_record_id). Bad rows are reported and left out; the "
        "good rows load in one transaction; rows already loaded are skipped."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="CSV file, optionally gzip-compressed; '-' for stdin.")
        parser.add_argument(
            "--dry-run", action="store_true", help="Validate and report, load nothing."
        )
        parser.add_argument(
            "--show-bad", type=int, default=50, help="How many bad rows to list (default 50)."
        )
        parser.add_argument("--no-progress", action="store_true", help="No progress bar.")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["path"]
        source: Any = sys.stdin.buffer if path == "-" else path
        bar = None if options["no_progress"] else ProgressBar(self.stderr._out)
        try:
            report = import_shipments(source, progress=bar, dry_run=options["dry_run"])
        except FileNotFoundError as error:
            raise CommandError(f"No such file: {path}") from error
        except (ImportFormatError, UnicodeDecodeError, OSError, EOFError) as error:
            raise CommandError(str(error)) from error
        finally:
            if bar is not None:
                bar.close()
        for line, reason in report.bad_rows[: options["show_bad"]]:
            self.stderr.write(f"line {line}: {reason}")
        if report.bad_row_count > options["show_bad"]:
            self.stderr.write(f"... and {report.bad_row_count - options['show_bad']:,} more")
        verb = "would add" if options["dry_run"] else "added"
        self.stdout.write(
            f"{report.rows_read:,} rows read: {verb} {report.added:,}, "
            f"skipped {report.skipped_existing:,} already loaded, "
            f"{report.bad_row_count:,} bad, in {report.seconds:.1f} s "
            f"({report.rows_per_second:,.0f} rows/s)"
        )
        if report.index_snapshot is not None:
            self.stdout.write(
                f"Trade index {report.index_snapshot.name} built in {report.index_seconds:.1f} s"
            )
