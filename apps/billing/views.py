"""Billing's pages: the root, which opens the product named in the address; the payment
outcomes `/success` and `/cancel`, which lead back to the product bought; and the sandbox
payment provider's checkout page, which shows the order like a payment provider would and pays
or cancels it through the same fulfilment as Stripe's webhook."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from apps.accounts.models import User
from apps.billing import selectors, services
from apps.billing.models import Order
from apps.billing.products import home_after_payment, home_for_root
from apps.billing.providers.sandbox import NAME as SANDBOX
from apps.billing.texts import sandbox_texts
from apps.core.gate import signin_required
from apps.core.pages import accepted_search, render_island
from apps.core.redirects import with_search


@require_safe
def root(request: HttpRequest) -> HttpResponse:
    product_name = accepted_search(request)["product_name"]
    return HttpResponseRedirect(with_search(request, home_for_root(product_name)))


def _payment_outcome(request: HttpRequest, page: str) -> HttpResponse:
    search = accepted_search(request)
    product_name = search["product_name"]
    if not product_name:
        # product_name is a required string on /success and /cancel (spec §5).
        return render_island(request, family="status", page="server-error", status=400)
    order = selectors.returning_order(request.user, search["order"])
    data = {
        "product_name": product_name,
        "target": home_after_payment(product_name),
        "order": selectors.order_data(order) if order else None,
    }
    return render_island(request, family="payment", page=page, data=data)


@require_safe
@signin_required
def payment_success(request: HttpRequest) -> HttpResponse:
    return _payment_outcome(request, "success")


@require_safe
@signin_required
def payment_cancel(request: HttpRequest) -> HttpResponse:
    return _payment_outcome(request, "cancel")


def _sandbox_order(request: HttpRequest, reference: str) -> Order:
    """The signed-in user's pending-or-settled sandbox order; 404 for anyone else's, and
    for every order when the sandbox is off."""
    if not settings.PAYMENTS_SANDBOX or not isinstance(request.user, User):
        raise Http404
    order = (
        Order.objects.select_related("plan", "product")
        .filter(provider=SANDBOX, provider_reference=reference, user=request.user)
        .first()
    )
    if order is None:
        raise Http404
    return order


def _back_to_product(outcome: str, order: Order) -> HttpResponseRedirect:
    return HttpResponseRedirect(services.return_path(outcome, order))


@signin_required
@require_http_methods(["GET"])
def checkout_page(request: HttpRequest, reference: str) -> HttpResponse:
    order = _sandbox_order(request, reference)
    language = request.GET.get("lang", "en")
    context = {
        "order": order,
        "amount": f"{order.amount_cents / 100:,.2f}",
        "plan_name": order.plan.text(language, "name"),
        "plan_title": order.plan.text(language, "plan_title"),
        "texts": sandbox_texts(language),
        "language": language if language in ("vi", "zh") else "en",
    }
    return render(request, "billing/sandbox_checkout.html", context)


@signin_required
@require_POST
def pay(request: HttpRequest, reference: str) -> HttpResponse:
    order = _sandbox_order(request, reference)
    if order.status == Order.Status.PENDING:
        services.fulfil_order(
            order.pk,
            provider=SANDBOX,
            provider_reference=reference,
            amount_cents=order.amount_cents,
        )
        order.refresh_from_db(fields=["status"])
    return _back_to_product("success" if order.status == Order.Status.PAID else "cancel", order)


@signin_required
@require_POST
def cancel(request: HttpRequest, reference: str) -> HttpResponse:
    order = _sandbox_order(request, reference)
    services.close_unpaid_order(
        order.pk, provider=SANDBOX, provider_reference=reference, status=Order.Status.CANCELLED
    )
    return _back_to_product("cancel", order)
