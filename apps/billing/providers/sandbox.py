"""A stand-in payment provider for development and demos: its checkout page is served by this
site (apps/billing/views.py) and pays or cancels through the same fulfilment as Stripe's
webhook. Only used when PAYMENTS_SANDBOX is on."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from django.conf import settings
from django.urls import reverse

from apps.billing.providers.checkout import CheckoutSession

if TYPE_CHECKING:
    from apps.billing.models import Order

NAME = "sandbox"


class SandboxCheckout:
    name = NAME

    def create_session(
        self,
        *,
        order: Order,
        customer_email: str,
        success_url: str,
        cancel_url: str,
        language: str,
    ) -> CheckoutSession:
        reference = f"sbx_{secrets.token_urlsafe(24)}"
        path = reverse("billing:sandbox-checkout", args=[reference])
        return CheckoutSession(
            url=f"{settings.SITE_URL}{path}?{urlencode({'lang': language})}", reference=reference
        )
