"""The billing API: catalogue, the user's profile and billing overview, checkout, Stripe's
webhook and orders (under /oms-backend/v1/)."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from ninja import Query, Router, Status

from apps.accounts.api import router as users_router
from apps.accounts.auth import session_or_bearer, signed_in_user
from apps.billing import selectors, services
from apps.billing.providers.stripe_checkout import (
    MalformedEvent,
    WebhookRejected,
    verified_event,
)
from apps.billing.schemas import (
    BillingOut,
    CheckoutIn,
    CheckoutOut,
    OrderOut,
    OrdersQuery,
    OrderUpdateIn,
    PlanOut,
    PlansQuery,
    ProductOut,
    Profile,
    PurchaseIn,
)
from apps.core.responses import envelope, error_response
from apps.core.schemas import Envelope, PagedEnvelope, RecordId

logger = logging.getLogger(__name__)

router = Router(tags=["billing"])
orders_router = Router(tags=["orders"], auth=session_or_bearer)


@router.get("products", response=Envelope[list[ProductOut]], auth=None)
def products(request: HttpRequest) -> dict[str, Any]:
    return envelope(selectors.products())


@router.get("plans", response=Envelope[list[PlanOut]], auth=None)
def plans(request: HttpRequest, filters: Query[PlansQuery]) -> dict[str, Any]:
    return envelope([selectors.plan_data(plan) for plan in selectors.catalogue(filters.product_id)])


# django-ninja serves a path from one router only: the profile joins accounts' users router,
# where sign-up (`POST users`) is.
@users_router.get("users", response=Envelope[Profile], auth=session_or_bearer)
def profile(request: HttpRequest) -> dict[str, Any]:
    return envelope(selectors.profile(signed_in_user(request)))


@router.get("users/billing", response=Envelope[BillingOut], auth=session_or_bearer)
def billing(request: HttpRequest) -> dict[str, Any]:
    return envelope(selectors.billing_overview(signed_in_user(request)))


@router.post(
    "payments/checkout/sessions", response={201: Envelope[CheckoutOut]}, auth=session_or_bearer
)
def checkout(request: HttpRequest, payload: CheckoutIn) -> Status[dict[str, Any]]:
    order, url = services.start_checkout(
        signed_in_user(request),
        product_name=payload.product,
        plan_key=payload.plan,
        language=payload.language,
    )
    return Status(201, envelope({"url": url, "order_id": order.pk, "provider": order.provider}))


@router.post("payments/webhooks/stripe", auth=None, include_in_schema=False)
def stripe_webhook(request: HttpRequest) -> JsonResponse:
    signature = request.headers.get("Stripe-Signature", "")
    try:
        event = verified_event(request.body, signature, settings.STRIPE_WEBHOOK_SECRET)
    except MalformedEvent as exc:
        logger.warning("Stripe webhook rejected: %s", exc)
        return error_response(status=400, message="Malformed event", code="malformed_event")
    except WebhookRejected as exc:
        logger.warning("Stripe webhook rejected: %s", exc)
        return error_response(status=400, message="Invalid signature", code="invalid_signature")
    outcome = services.handle_stripe_event(event)
    logger.info("Stripe event %s (%s): %s", event.get("id"), event.get("type"), outcome)
    return JsonResponse({"received": True, "outcome": outcome.value})


@orders_router.post("orders", response={201: Envelope[OrderOut]})
def create_order(request: HttpRequest, payload: PurchaseIn) -> Status[dict[str, Any]]:
    order = services.create_order(
        signed_in_user(request), product_name=payload.product, plan_key=payload.plan
    )
    return Status(201, envelope(selectors.order_data(order)))


@orders_router.get("orders", response=PagedEnvelope[OrderOut])
def list_orders(request: HttpRequest, filters: Query[OrdersQuery]) -> dict[str, Any]:
    orders, total = selectors.orders_page(
        signed_in_user(request),
        page=filters.page,
        page_size=filters.page_size,
        status=filters.status,
    )
    return envelope(
        [selectors.order_data(order) for order in orders],
        page=filters.page,
        page_size=filters.page_size,
        total=total,
    )


@orders_router.get("orders/{order_id}", response=Envelope[OrderOut])
def read_order(request: HttpRequest, order_id: RecordId) -> dict[str, Any]:
    return envelope(selectors.order_data(selectors.order_for(signed_in_user(request), order_id)))


@orders_router.put("orders/{order_id}", response=Envelope[OrderOut])
def update_order(
    request: HttpRequest, order_id: RecordId, payload: OrderUpdateIn
) -> dict[str, Any]:
    services.cancel_order(signed_in_user(request), order_id)
    return envelope(selectors.order_data(selectors.order_for(signed_in_user(request), order_id)))
