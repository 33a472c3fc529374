"""Seeds the product's demo accounts: demo@example.com on a paid plan with bought credits and
free@example.com on the free plans (their passwords live at the identity provider, seeded by
`bootstrap_identity --demo-users`)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from apps.accounts.services import user_with_email
from apps.billing.services import set_up_paid_demo

PAID_DEMO_EMAIL = "demo@example.com"
FREE_DEMO_EMAIL = "free@example.com"


class Command(BaseCommand):
    help = "Create the demo accounts and their plans and credits (safe to run again)."

    def handle(self, *args: Any, **options: Any) -> None:
        set_up_paid_demo(user_with_email(PAID_DEMO_EMAIL))
        user_with_email(FREE_DEMO_EMAIL)
        self.stdout.write(
            f"Demo accounts ready: {PAID_DEMO_EMAIL} (paid), {FREE_DEMO_EMAIL} (free)"
        )
