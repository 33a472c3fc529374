"""Page routes of spec §2 that belong to no single feature: the old section addresses, the
unavailable sidebar entries, and the 404 and 500 views."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.views.decorators.http import require_safe

from apps.core.errors import NotFound, ServerError
from apps.core.pages import render_island, signed_in_page
from apps.core.redirects import with_search
from apps.core.responses import application_error_response, is_api_request


@require_safe
def find_global_buyers(request: HttpRequest) -> HttpResponse:
    return HttpResponseRedirect(with_search(request, "/find-global-company"))


@require_safe
def find_global(request: HttpRequest) -> HttpResponse:
    return HttpResponseRedirect(with_search(request, "/find-global-lead"))


unavailable = signed_in_page(family="status", page="unavailable")


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if is_api_request(request):
        return application_error_response(NotFound())
    return render_island(request, family="status", page="not-found", status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    if is_api_request(request):
        return application_error_response(ServerError())
    return render_island(request, family="status", page="server-error", status=500, with_user=False)
