"""Middleware both servers share."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers


class NoStoreForSignedInMiddleware:
    """Answers to a signed-in user (by session, or by a bearer token on the API) carry
    `Cache-Control: no-store`, so neither the browser nor a shared cache keeps a copy of
    someone's data. Anonymous answers keep their own caching."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        user = getattr(request, "user", None)
        signed_in = user is not None and user.is_authenticated
        if signed_in or "HTTP_AUTHORIZATION" in request.META:
            add_never_cache_headers(response)
        return response
