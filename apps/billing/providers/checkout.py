"""The payment provider behind checkout: Stripe when a key is configured, the sandbox when
explicitly allowed (never by default, so a deployment cannot take unpaid orders), else none."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from django.conf import settings

if TYPE_CHECKING:
    from apps.billing.models import Order


class CheckoutProviderError(Exception):
    """The provider could not open a checkout session."""


@dataclass(frozen=True)
class CheckoutSession:
    url: str
    reference: str


class CheckoutProvider(Protocol):
    name: str

    def create_session(
        self,
        *,
        order: Order,
        customer_email: str,
        success_url: str,
        cancel_url: str,
        language: str,
    ) -> CheckoutSession: ...


def checkout_provider() -> CheckoutProvider | None:
    if settings.STRIPE_SECRET_KEY:
        from apps.billing.providers.stripe_checkout import StripeCheckout

        return StripeCheckout(settings.STRIPE_SECRET_KEY)
    if settings.PAYMENTS_SANDBOX:
        from apps.billing.providers.sandbox import SandboxCheckout

        return SandboxCheckout()
    return None
