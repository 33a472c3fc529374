"""The authenticated group of spec §2: visitors who are not signed in go to
`/signin?path=<section>&<their search parameters>`."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect

View = Callable[..., HttpResponse]

# The `path` values of the sign-in redirect (spec §2): the page to land on after sign-in.
SECTIONS = ("market-insights", "find-global-lead", "find-global-company")


def section_for(path: str) -> str:
    """The `path` value of the sign-in redirect for a page path (spec §2)."""
    if path.startswith("/find-global-lead"):
        return "find-global-lead"
    if path.startswith(("/find-global-company", "/find-global-buyers")):
        return "find-global-company"
    if path.startswith("/market-insights"):
        return "market-insights"
    return "find-global-company"


def signin_url(request: HttpRequest) -> str:
    query: list[tuple[str, str]] = [("path", section_for(request.path))]
    query += [
        (key, value) for key, values in request.GET.lists() if key != "path" for value in values
    ]
    if "redirect" not in request.GET:
        # Beyond the section, bring the visitor back to the very page they asked for.
        query.append(("redirect", request.get_full_path()))
    return f"/signin?{urlencode(query)}"


def signin_required(view: View) -> View:
    @wraps(view)
    def gated(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return HttpResponseRedirect(signin_url(request))
        return view(request, *args, **kwargs)

    return gated
