from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory
from django.utils import translation

from apps.identity.middleware import LanguageMiddleware

requests = RequestFactory()


def _echo_language(request: HttpRequest) -> HttpResponse:
    return HttpResponse(f"{translation.get_language()}|{request.LANGUAGE_CODE}")


def test_the_request_is_served_in_the_chosen_language() -> None:
    response = LanguageMiddleware(_echo_language)(requests.get("/", {"lang": "vi"}))
    assert response.content == b"vi|vi"
    assert response["Content-Language"] == "vi"
    assert "Accept-Language" in response["Vary"]


def test_an_explicit_choice_is_remembered_in_the_cookie() -> None:
    response = LanguageMiddleware(_echo_language)(requests.get("/", {"lang": "zh-hans"}))
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "zh-hans"
    assert cookie["samesite"] == "Lax"


def test_a_guessed_language_sets_no_cookie() -> None:
    request = requests.get("/", HTTP_ACCEPT_LANGUAGE="vi")
    response = LanguageMiddleware(_echo_language)(request)
    assert response.content == b"vi|vi"
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
