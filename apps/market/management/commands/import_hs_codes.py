"""Load an HS edition, Vietnam's national nomenclature or an HS translation table."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from apps.market.hs import import_hs_file, load_default_nomenclature
from apps.market.lexicon import reset_lexicon


class Command(BaseCommand):
    help = (
        "Load HS codes or their descriptions from a CSV or CSV.gz file: an edition "
        "(section,hscode,description,parent,level), Vietnam's nomenclature "
        "(seq,level,hs_code,description_vi,description_en) or a table with a code column and "
        "description_en / description_vi / description_zh. Without a path, reload the "
        "embedded HS 2022 default."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", nargs="?", help="CSV or CSV.gz file.")
        parser.add_argument(
            "--edition", default="", help="Edition label for an edition file, e.g. HS2017."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if not options["path"]:
            count = load_default_nomenclature()
            reset_lexicon()
            self.stdout.write(f"Loaded the embedded HS 2022 nomenclature: {count:,} codes.")
            return
        try:
            report = import_hs_file(options["path"], edition=options["edition"])
        except FileNotFoundError as error:
            raise CommandError(f"No such file: {options['path']}") from error
        except (ValueError, UnicodeDecodeError) as error:
            raise CommandError(str(error)) from error
        for line, reason in report.bad_rows[:50]:
            self.stderr.write(f"line {line}: {reason}")
        if len(report.bad_rows) > 50:
            self.stderr.write(f"... and {len(report.bad_rows) - 50:,} more")
        # The product lexicon reads the imported names; processes started later rebuild it.
        reset_lexicon()
        self.stdout.write(
            f"{report.format}: {report.created:,} codes created, {report.updated:,} updated, "
            f"{len(report.unknown_codes):,} not in the nomenclature, "
            f"{len(report.bad_rows):,} bad rows."
        )
