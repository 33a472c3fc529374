"""Rendering a page: the Django template that mounts a page family's island bundle, with the
page's data preloaded as JSON (`{{ preload|json_script:"preload" }}`).

Beyond the page's own data, a signed-in page carries API answers the island would otherwise
fetch first (under `data.api`, keyed by API path). Core knows none of them: each app registers
a hook with `page_preloads.register` in its AppConfig.ready(), and every signed-in page calls
the hooks with the request and the page's name.

Keep the preload's shape in sync with assets/shell/preload.ts."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypedDict

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language_from_request
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_safe
from webpack_loader.utils import get_loader

from apps.core.gate import signin_required
from apps.core.languages import normalize

# Search parameters the root and the authenticated area accept (spec §2). Each is a string and
# falls back to an empty string when invalid.
ACCEPTED_SEARCH_PARAMETERS = (
    "redirect",
    "product_name",
    "order",
    "pricing",
    "my-leads",
    "my-verification",
)


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


# A hook gets the request of a signed-in visitor and the page's name, and answers with API
# answers keyed by API path.
PreloadHook = Callable[[HttpRequest, str], Mapping[str, Any]]


class PreloadRegistry:
    def __init__(self) -> None:
        self._hooks: dict[str, PreloadHook] = {}

    def register(self, hook: PreloadHook) -> PreloadHook:
        # Keyed by name, so registering the same hook again replaces it instead of doubling it.
        self._hooks[f"{hook.__module__}.{hook.__qualname__}"] = hook
        return hook

    def answers(self, request: HttpRequest, page: str) -> dict[str, Any]:
        collected: dict[str, Any] = {}
        for hook in self._hooks.values():
            collected.update(hook(request, page))
        return collected


page_preloads = PreloadRegistry()


def site_settings() -> dict[str, Any]:
    return {
        "ga_measurement_id": settings.GA_MEASUREMENT_ID,
        "google_sign_in": bool(settings.OIDC_GOOGLE_IDP_HINT),
        "authenticate_url": "/oidc/authenticate/",
        "logout_url": "/oidc/logout/",
    }


def html_language(request: HttpRequest) -> str:
    """The page's `lang`: the interface language the visitor chose (Django's language cookie,
    which the frontend keeps), else what the browser asks for."""
    language = normalize(get_language_from_request(request)) or "en"
    return "zh-Hans" if language == "zh-hans" else language


def messages_chunk_url(html_lang: str) -> str | None:
    """The frontend's text catalogue for the page's language: webpack's chunk
    `messages-<en|vi|zh>.<hash>.js`. The page loads it with its bundles, so the island, which
    needs it before it renders, finds it there instead of fetching it after it starts."""
    loader = get_loader("DEFAULT")
    prefix = f"messages-{html_lang.split('-')[0].lower()}."
    assets: dict[str, Any] = loader.get_assets().get("assets", {})
    return next(
        (
            loader.get_chunk_url(asset)
            for name, asset in assets.items()
            if name.startswith(prefix) and name.endswith(".js")
        ),
        None,
    )


@ensure_csrf_cookie
def _render(request: HttpRequest, family: str, preload: Preload, status: int) -> HttpResponse:
    html_lang = html_language(request)
    context = {
        "preload": preload,
        "bundle": family,
        "html_lang": html_lang,
        "messages_url": messages_chunk_url(html_lang),
    }
    return render(request, f"{family}.html", context, status=status)


def render_island(
    request: HttpRequest,
    *,
    family: str,
    page: str,
    data: dict[str, Any] | None = None,
    status: int = 200,
    with_user: bool = True,
) -> HttpResponse:
    """Render `templates/<family>.html`, which mounts the `<family>` bundle. Without
    `with_user` the page reads nothing about the visitor (the error screen must render even
    when that is what failed)."""
    data = dict(data or {})
    user = request.user if with_user and request.user.is_authenticated else None
    preload_user: PreloadUser | None = None
    if user is not None:
        preload_user = {"id": user.pk, "email": user.email, "name": user.get_full_name()}
        data["api"] = page_preloads.answers(request, page)
    preload: Preload = {
        "page": page,
        "path": request.path,
        "search": accepted_search(request),
        "user": preload_user,
        "site": site_settings(),
        "data": data,
    }
    return _render(request, family, preload, status)


def signed_in_page(*, family: str, page: str) -> Callable[..., HttpResponse]:
    """A page of the authenticated group whose island needs only the route's own arguments
    (such as `company_id`) as its data."""

    @require_safe
    @signin_required
    def view(request: HttpRequest, **route_arguments: Any) -> HttpResponse:
        return render_island(request, family=family, page=page, data=route_arguments)

    view.__name__ = page.replace("-", "_")
    return view
