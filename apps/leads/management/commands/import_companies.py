"""Load companies from a CSV or CSV.gz file: see `apps.leads.imports.import_companies`."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from apps.leads.imports import import_companies
from apps.leads.management.loading import add_import_arguments, run_import


class Command(BaseCommand):
    help = (
        "Load companies from a CSV or CSV.gz file (columns: see the README, 'Buyers and "
        "contacts'). Bad rows are reported and left out; the good rows load in one "
        "transaction; records already loaded are skipped."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        add_import_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        run_import(self, import_companies, options)
