"""Run before each start of the task worker: see `apps.leads.tasks`."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from apps.leads.tasks import sweep_phone_lookups


class Command(BaseCommand):
    help = (
        "Fail the phone tries a dead worker or a lost task left unfinished (each is tried again "
        "or ends with its credits refunded), and queue the worker's periodic sweep."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        failed = sweep_phone_lookups.call()
        self.stdout.write(f"Phone lookups swept: {failed} stalled tries failed")
