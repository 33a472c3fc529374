from __future__ import annotations

import os
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from apps.identity import services

DEMO_USERS = (
    ("demo@example.com", "Demo Exporter"),
    ("free@example.com", "Free Exporter"),
)
DEFAULT_DEMO_PASSWORD = "demo-password"


class Command(BaseCommand):
    help = (
        "Create or update the product's OIDC client and service client from the environment; "
        "with --demo-users, also the verified demo users."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--migrate",
            action="store_true",
            help="Migrate the provider's database first (in this process: one start-up).",
        )
        parser.add_argument(
            "--demo-users",
            action="store_true",
            help="Create demo@example.com and free@example.com (password from DEMO_PASSWORD).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["migrate"]:
            call_command("migrate", interactive=False, verbosity=0)
        for spec in (services.product_client_spec(), services.service_client_spec()):
            _, created = services.ensure_client(spec)
            self._report("client", spec.client_id, created)
        if options["demo_users"]:
            password = os.environ.get("DEMO_PASSWORD", DEFAULT_DEMO_PASSWORD)
            for email, name in DEMO_USERS:
                _, created = services.ensure_demo_user(email, name, password)
                self._report("user", email, created)

    def _report(self, kind: str, name: str, created: bool) -> None:
        verb = "created" if created else "updated" if kind == "client" else "kept"
        self.stdout.write(self.style.SUCCESS(f"{kind} {name}: {verb}"))
