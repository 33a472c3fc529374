"""Builds the trade-data analytics index from the shipments and switches searches to it: a new
DuckDB snapshot, or with TRADE_INDEX_URL set (or --clickhouse URL), a new load of ClickHouse."""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from apps.market import index


class Command(BaseCommand):
    help = "Build the trade-data analytics index (a DuckDB snapshot, or a load of ClickHouse)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--if-missing",
            action="store_true",
            help="Only when no index exists yet, or the snapshot lacks tables a build makes now.",
        )
        parser.add_argument(
            "--clickhouse",
            metavar="URL",
            default=settings.TRADE_INDEX_URL,
            help="Load into this ClickHouse (clickhouse://user:password@host:8123/database, "
            "or chdb:///path); by default TRADE_INDEX_URL. Empty: a DuckDB snapshot.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["clickhouse"]:
            self._load_clickhouse(options["clickhouse"], if_missing=options["if_missing"])
            return
        current = index.current_snapshot()
        if options["if_missing"] and current is not None and index.complete(current):
            self.stdout.write("The trade index is already built.")
            return
        started = time.perf_counter()
        snapshot = index.build_snapshot()
        self.stdout.write(
            f"Trade index {snapshot.name} built in {time.perf_counter() - started:.1f} s"
        )

    def _load_clickhouse(self, url: str, *, if_missing: bool) -> None:
        from apps.market.index.clickhouse import ClickHouseTradeIndex, connect, load_shipments

        connection = connect(url)
        if if_missing:
            try:
                facts = ClickHouseTradeIndex(connection, timeout=0).facts()
            except index.IndexMissing:
                pass
            else:
                self.stdout.write(f"ClickHouse already holds {facts['shipments']:,} shipments.")
                return
        started = time.perf_counter()
        load_shipments(connection)
        self.stdout.write(
            f"Trade index loaded into ClickHouse ({connection.database}) "
            f"in {time.perf_counter() - started:.1f} s"
        )
