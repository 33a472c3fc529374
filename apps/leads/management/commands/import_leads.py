"""Load leads from a CSV or CSV.gz file: see `apps.leads.imports.import_leads`."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from apps.core.importfiles import add_file_import_arguments, run_file_import
from apps.leads.imports import ImportFormatError, import_leads


class Command(BaseCommand):
    help = (
        "Load leads from a CSV or CSV.gz file (columns: see the README, 'Buyers and "
        "contacts'). Bad rows are reported and left out; the good rows load in one "
        "transaction; records already loaded are skipped."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        add_file_import_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        run_file_import(self, import_leads, options, format_errors=(ImportFormatError,))
