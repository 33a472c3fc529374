"""Builds a new snapshot of the trade-data analytics index from the shipments and switches
searches to it."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from apps.market import index


class Command(BaseCommand):
    help = "Build the trade-data analytics index (a DuckDB snapshot of the shipments)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--if-missing", action="store_true", help="Only when no snapshot exists yet."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["if_missing"] and index.current_snapshot() is not None:
            self.stdout.write("The trade index is already built.")
            return
        started = time.perf_counter()
        snapshot = index.build_snapshot()
        self.stdout.write(
            f"Trade index {snapshot.name} built in {time.perf_counter() - started:.1f} s"
        )
