"""Page routes of spec §2 that belong to no single feature: the root redirect, payment
outcomes, the unavailable sidebar entries, the profile, and the 404 and 500 views."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.views.decorators.http import require_safe

from apps.core.errors import NotFound, ServerError
from apps.core.gate import signin_required
from apps.core.pages import accepted_search, render_island, signed_in_page
from apps.core.products import home_after_payment, home_for_root
from apps.core.responses import application_error_response, is_api_request


def _with_query(request: HttpRequest, path: str) -> str:
    query = request.GET.urlencode()
    return f"{path}?{query}" if query else path


@require_safe
def root(request: HttpRequest) -> HttpResponse:
    product_name = accepted_search(request)["product_name"]
    return HttpResponseRedirect(_with_query(request, home_for_root(product_name)))


@require_safe
def find_global_buyers(request: HttpRequest) -> HttpResponse:
    return HttpResponseRedirect(_with_query(request, "/find-global-company"))


@require_safe
def find_global(request: HttpRequest) -> HttpResponse:
    return HttpResponseRedirect(_with_query(request, "/find-global-lead"))


def _payment_outcome(request: HttpRequest, page: str) -> HttpResponse:
    product_name = accepted_search(request)["product_name"]
    if not product_name:
        # product_name is a required string on /success and /cancel (spec §5).
        return render_island(request, family="status", page="server-error", status=400)
    data = {"product_name": product_name, "target": home_after_payment(product_name)}
    return render_island(request, family="payment", page=page, data=data)


@require_safe
@signin_required
def payment_success(request: HttpRequest) -> HttpResponse:
    return _payment_outcome(request, "success")


@require_safe
@signin_required
def payment_cancel(request: HttpRequest) -> HttpResponse:
    return _payment_outcome(request, "cancel")


unavailable = signed_in_page(family="status", page="unavailable")
profile = signed_in_page(family="profile", page="profile")


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if is_api_request(request):
        return application_error_response(NotFound())
    return render_island(request, family="status", page="not-found", status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    if is_api_request(request):
        return application_error_response(ServerError())
    return render_island(request, family="status", page="server-error", status=500, with_user=False)
