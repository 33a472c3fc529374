"""Rendering a page: the Django template that mounts a page family's island bundle, with the
page's data preloaded as JSON (`{{ preload|json_script:"preload" }}`).

Keep the preload's shape in sync with assets/shell/preload.ts."""

from __future__ import annotations

from typing import Any, TypedDict

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie

from apps.accounts.selectors import page_preload

# Search parameters the root and the authenticated area accept (spec §2). Each is a string and
# falls back to an empty string when invalid.
ACCEPTED_SEARCH_PARAMETERS = ("redirect", "product_name", "pricing", "my-leads", "my-verification")


class PreloadUser(TypedDict):
    id: int
    email: str
    name: str


class Preload(TypedDict):
    page: str
    path: str
    search: dict[str, str]
    user: PreloadUser | None
    site: dict[str, Any]
    data: dict[str, Any]


def accepted_search(request: HttpRequest) -> dict[str, str]:
    """The accepted search parameters, each a string; a repeated key or a value with control
    characters is invalid and becomes ''."""
    search: dict[str, str] = {}
    for name in ACCEPTED_SEARCH_PARAMETERS:
        values = request.GET.getlist(name)
        value = values[0] if len(values) == 1 else ""
        search[name] = value if value.isprintable() else ""
    return search


def _preload_user(request: HttpRequest) -> PreloadUser | None:
    user = request.user
    if not user.is_authenticated:
        return None
    return {"id": user.pk, "email": user.email, "name": user.get_full_name()}


def site_settings() -> dict[str, Any]:
    return {
        "ga_measurement_id": settings.GA_MEASUREMENT_ID,
        "google_sign_in": bool(settings.OIDC_GOOGLE_IDP_HINT),
        "authenticate_url": "/oidc/authenticate/",
        "logout_url": "/oidc/logout/",
    }


@ensure_csrf_cookie
def _render(request: HttpRequest, family: str, preload: Preload, status: int) -> HttpResponse:
    context = {"preload": preload, "bundle": family}
    return render(request, f"{family}.html", context, status=status)


def render_island(
    request: HttpRequest,
    *,
    family: str,
    page: str,
    data: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    """Render `templates/<family>.html`, which mounts the `<family>` bundle."""
    data = dict(data or {})
    if request.user.is_authenticated:
        data["api"] = page_preload(request.user)
    preload: Preload = {
        "page": page,
        "path": request.path,
        "search": accepted_search(request),
        "user": _preload_user(request),
        "site": site_settings(),
        "data": data,
    }
    return _render(request, family, preload, status)
