"""Load a shipments CSV (or CSV.gz) file: see `apps.market.imports.import_shipments`."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from apps.core.importfiles import add_file_import_arguments, run_file_import
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
        add_file_import_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        report = run_file_import(
            self, import_shipments, options, format_errors=(ImportFormatError,)
        )
        if report.index_snapshot is not None:
            self.stdout.write(
                f"Trade index {report.index_snapshot.name} built in {report.index_seconds:.1f} s"
            )
