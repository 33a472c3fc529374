"""What the benchmarks share: a database and index directory of their own, timing and
percentiles, and the demo shipments load."""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def configure(database_url: str, index_dir: Path) -> None:
    """Point Django at the benchmark's database (created when missing on PostgreSQL) and its
    trade index directory; call before django.setup()."""
    os.environ["DATABASE_URL"] = database_url
    os.environ["TRADE_INDEX_DIR"] = str(index_dir)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # One user runs the whole mix, hundreds of searches a minute: the search limits still
    # count them (their cost is in the figures) but never refuse one.
    os.environ.setdefault("SEARCH_RATE_PER_MINUTE", "1000000000")
    if database_url.startswith("postgres"):
        import psycopg

        server, _, name = database_url.rpartition("/")
        with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
            exists = admin.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", [name]
            ).fetchone()
            if not exists:
                admin.execute(f'CREATE DATABASE "{name}"')


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[max(int(len(ordered) * share + 0.5) - 1, 0)]


def timed(act: Callable[[], Any], requests: int) -> list[float]:
    act()  # warm
    samples = []
    for _ in range(requests):
        started = time.perf_counter()
        act()
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def load_shipments(shipments: int, fresh: bool, keep_file: Path | None = None) -> None:
    """Migrate, then load `shipments` demo shipments through the generator and the import,
    which builds the trade index (emptied first when `fresh`; kept when enough are there, and
    the index built only when missing). With `keep_file`, the generated file is written there
    and kept, and a file already there is imported as it is: repeated loads of a large size
    skip the generation."""
    from django.core.management import call_command
    from django.db import connection

    from apps.market import demo
    from apps.market.imports import import_shipments
    from apps.market.models import Shipment

    call_command("migrate", verbosity=0)
    if fresh:
        with connection.cursor() as cursor:
            # PostgreSQL: TRUNCATE also gives the space back, so each run loads the same table.
            empty = "TRUNCATE" if connection.vendor == "postgresql" else "DELETE FROM"
            cursor.execute(f"{empty} {Shipment._meta.db_table}")
    present = Shipment.objects.count()
    if present >= shipments:
        print(f"{present:,} shipments already loaded")
        call_command("build_trade_index", "--if-missing")
        return
    with tempfile.TemporaryDirectory() as workdir:
        path = keep_file or Path(workdir) / "shipments.csv.gz"
        if not path.exists():
            started = time.perf_counter()
            demo.write_csv(path, shipments)
            print(f"generated {shipments:,} rows in {time.perf_counter() - started:.1f} s")
        report = import_shipments(path)
    print(
        f"import: {report.added:,} added in {report.seconds:.1f} s = "
        f"{report.rows_per_second:,.0f} rows/s ({connection.vendor})"
    )
    print(f"index build: {report.index_seconds:.1f} s")
