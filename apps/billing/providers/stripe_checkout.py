"""Stripe Checkout: a one-time payment session per order, and verification of Stripe's
signed webhook events."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any, cast

import stripe
from pydantic import BaseModel, ConfigDict, Field

from apps.billing.providers.checkout import CheckoutProviderError, CheckoutSession

if TYPE_CHECKING:
    from apps.billing.models import Order

NAME = "stripe"
# Stripe Checkout's own interface languages for ours.
CHECKOUT_LOCALES = {"en": "en", "vi": "vi", "zh": "zh"}


class WebhookRejected(Exception):
    """The payload is not a genuine Stripe event for our endpoint secret."""


class MalformedEvent(WebhookRejected):
    """A correctly signed payload that is not an event of the shape Stripe sends."""


# Stripe's identifiers (evt_…, cs_…, pi_…) and our own references: printable ASCII, no spaces.
Reference = Annotated[str, Field(min_length=1, max_length=255, pattern=r"^[\x21-\x7e]+$")]
OptionalReference = Annotated[str, Field(max_length=255, pattern=r"^[\x21-\x7e]*$")]
MetadataText = Annotated[str, Field(max_length=500, pattern=r"^[^\x00-\x1f\x7f]*$")]


class _EventObject(BaseModel):
    """The parts of a checkout session or a charge that the services read."""

    model_config = ConfigDict(extra="allow")

    id: Reference
    metadata: dict[str, MetadataText] | None = None
    client_reference_id: OptionalReference | None = None
    payment_status: OptionalReference | None = None
    amount_total: int | None = Field(None, ge=0, le=10**12)
    payment_intent: OptionalReference | None = None
    refunded: bool | None = None


class _EventData(BaseModel):
    model_config = ConfigDict(extra="allow")

    object: _EventObject


class _Event(BaseModel):
    model_config = ConfigDict(extra="allow")

    id: Reference
    type: Reference
    data: _EventData


class StripeCheckout:
    name = NAME

    def __init__(self, secret_key: str) -> None:
        self.client = stripe.StripeClient(secret_key, max_network_retries=2)

    def create_session(
        self,
        *,
        order: Order,
        customer_email: str,
        success_url: str,
        cancel_url: str,
        language: str,
    ) -> CheckoutSession:
        params: dict[str, Any] = {
            "mode": "payment",
            "client_reference_id": str(order.pk),
            "metadata": {"order_id": str(order.pk)},
            "customer_email": customer_email,
            "locale": CHECKOUT_LOCALES.get(language, "auto"),
            "success_url": success_url,
            "cancel_url": cancel_url,
            "line_items": [
                {
                    "quantity": 1,
                    "price_data": {
                        "currency": order.currency.lower(),
                        "unit_amount": order.amount_cents,
                        "product_data": {"name": order.plan.text("en", "name") or str(order.plan)},
                    },
                }
            ],
        }
        try:
            session = self.client.v1.checkout.sessions.create(
                params,  # type: ignore[arg-type]
                {"idempotency_key": idempotency_key(order)},
            )
        except stripe.StripeError as exc:
            raise CheckoutProviderError(str(exc)) from exc
        if not session.url:
            raise CheckoutProviderError("Stripe returned a session without a URL")
        return CheckoutSession(url=session.url, reference=session.id)


def idempotency_key(order: Order) -> str:
    """One key per order, also unique across databases that share a Stripe account (a reset
    development database numbers its orders from 1 again)."""
    return f"order-{order.pk}-{order.created_at.timestamp():.6f}"


def verified_event(payload: bytes, signature: str, secret: str) -> dict[str, Any]:
    """The event Stripe signed, as plain data; raises WebhookRejected when it is not signed
    with our secret, MalformedEvent when a signed payload is not an event of Stripe's shape."""
    if not secret:
        raise WebhookRejected("no webhook secret is configured")
    try:
        stripe.WebhookSignature.verify_header(
            payload, signature, secret, stripe.Webhook.DEFAULT_TOLERANCE
        )
    except (ValueError, stripe.SignatureVerificationError) as exc:
        raise WebhookRejected(str(exc)) from exc
    try:
        data = json.loads(payload)
        _Event.model_validate(data)
    except ValueError as exc:  # also pydantic's ValidationError
        raise MalformedEvent(f"malformed event: {exc}") from exc
    return cast(dict[str, Any], data)
