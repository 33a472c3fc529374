from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory

from apps.core.middleware import NoStoreForSignedInMiddleware


def _answer(request: HttpRequest) -> HttpResponse:
    response = HttpResponse("data")
    response["Cache-Control"] = "max-age=600"
    return response


def _cache_control(request: HttpRequest) -> str:
    return NoStoreForSignedInMiddleware(_answer)(request)["Cache-Control"]


def test_a_signed_in_answer_is_not_stored() -> None:
    request = RequestFactory().get("/profile")
    request.user = SimpleNamespace(is_authenticated=True)  # type: ignore[assignment]
    directives = {part.strip() for part in _cache_control(request).split(",")}
    assert {"no-store", "private"} <= directives
    assert "max-age=0" in directives


def test_a_bearer_token_answer_is_not_stored() -> None:
    request = RequestFactory().get("/fast-ai/v1/users", HTTP_AUTHORIZATION="Bearer t")
    request.user = AnonymousUser()
    assert "no-store" in _cache_control(request)


@pytest.mark.parametrize("with_user", [True, False])
def test_an_anonymous_answer_keeps_its_caching(with_user: bool) -> None:
    request = RequestFactory().get("/signin")
    if with_user:
        request.user = AnonymousUser()
    assert _cache_control(request) == "max-age=600"
