"""Seeds the product's demo data: demo@example.com on a paid plan with bought credits,
free@example.com on the free plans (their passwords live at the identity provider, seeded by
`bootstrap_identity --demo-users`), and generated demo shipments, marked as demo data, loaded
through the import path, with the trade index built over them."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from apps.accounts.services import user_with_email
from apps.billing.services import set_up_paid_demo
from apps.core.progress import ProgressBar
from apps.market import demo, index
from apps.market.imports import import_shipments
from apps.market.models import Shipment

PAID_DEMO_EMAIL = "demo@example.com"
FREE_DEMO_EMAIL = "free@example.com"


class Command(BaseCommand):
    help = "Create the demo accounts and the demo shipments (safe to run again)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--shipments",
            type=int,
            default=0,
            help="How many demo shipments there should be (a deterministic data set).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        set_up_paid_demo(user_with_email(PAID_DEMO_EMAIL))
        user_with_email(FREE_DEMO_EMAIL)
        self.stdout.write(
            f"Demo accounts ready: {PAID_DEMO_EMAIL} (paid), {FREE_DEMO_EMAIL} (free)"
        )
        wanted = options["shipments"]
        if wanted:
            self._seed_shipments(wanted)

    def _seed_shipments(self, wanted: int) -> None:
        present = Shipment.objects.filter(source=demo.SOURCE).count()
        if present < wanted:
            started = time.perf_counter()
            with tempfile.TemporaryDirectory() as workdir:
                path = Path(workdir) / "demo-shipments.csv.gz"
                demo.write_csv(path, wanted)
                bar = ProgressBar(self.stderr._out) if sys.stderr.isatty() else None
                report = import_shipments(path, progress=bar)
                if bar is not None:
                    bar.close()
            self.stdout.write(
                f"Demo shipments: {report.added:,} added, {report.skipped_existing:,} already "
                f"there ({time.perf_counter() - started:.1f} s)"
            )
            if report.index_snapshot is not None:
                self.stdout.write(f"Trade index {report.index_snapshot.name} built")
        current = index.current_snapshot()
        if current is None or not index.complete(current):
            snapshot = index.build_snapshot()
            self.stdout.write(f"Trade index {snapshot.name} built")
