"""Demo buyers for the demo importers: see `apps.leads.demo`."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand

from apps.leads import demo, selectors
from apps.leads.imports import import_companies, import_leads


class Command(BaseCommand):
    help = (
        "Create fictitious buyer companies (on .example domains, marked as demo data) for the "
        "importers of the demo shipments, and their people (safe to run again)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        importers = selectors.importers()
        if not importers:
            self.stdout.write("No trade index yet: run seed_demo --shipments N first")
            return
        # Only the importers without a demo company yet: a warm start generates nothing.
        loaded = selectors.demo_company_record_ids()
        importers = [row for row in importers if demo.company_record_id(row) not in loaded]
        if not importers:
            self.stdout.write(f"Demo buyers: all {len(loaded):,} companies already there")
            return
        products = self._products()
        with tempfile.TemporaryDirectory() as workdir:
            company_file, lead_file = demo.write_files(Path(workdir), importers, products)
            companies = import_companies(company_file)
            leads = import_leads(lead_file)
        self.stdout.write(
            f"Demo buyers: {companies.added:,} companies and {leads.added:,} people added, "
            f"{len(loaded) + companies.skipped_existing:,} companies already there"
        )

    def _products(self) -> dict[int, list[str]]:
        bought: dict[int, list[str]] = {}
        for product in demo.PRODUCTS:
            for party in selectors.importers_buying(product):
                bought.setdefault(party, []).append(product)
        return bought
