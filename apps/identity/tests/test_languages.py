from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.test import RequestFactory

from apps.identity.languages import choose_language, normalize, switch_url
from apps.identity.tests import factories

requests = RequestFactory()


@pytest.mark.parametrize(
    ("tag", "expected"),
    [("vi-VN", "vi"), ("zh", "zh-hans"), ("zh_CN", "zh-hans"), ("EN-gb", "en"), ("fr", None)],
)
def test_tags_map_to_supported_languages(tag: str, expected: str | None) -> None:
    assert normalize(tag) == expected


def _next_with(ui_locales: str) -> str:
    return "/o/authorize/?" + urlencode({"client_id": "workspace", "ui_locales": ui_locales})


def test_ui_locales_in_next_wins_over_everything_else() -> None:
    request = requests.get(
        "/login/", {"next": _next_with("fr zh-CN"), "lang": "vi"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    request.COOKIES[settings.LANGUAGE_COOKIE_NAME] = "vi"
    assert choose_language(request) == ("zh-hans", True)


def test_ui_locales_on_the_authorize_request_itself_counts() -> None:
    assert choose_language(requests.get("/o/authorize/", {"ui_locales": "vi"})) == ("vi", True)


def test_lang_comes_next_then_the_cookie_then_accept_language() -> None:
    assert choose_language(requests.get("/login/", {"lang": "vi"})) == ("vi", True)
    remembered = requests.get("/login/", HTTP_ACCEPT_LANGUAGE="vi")
    remembered.COOKIES[settings.LANGUAGE_COOKIE_NAME] = "zh-hans"
    assert choose_language(remembered) == ("zh-hans", False)
    assert choose_language(requests.get("/", HTTP_ACCEPT_LANGUAGE="fr, vi;q=0.5")) == (
        "vi",
        False,
    )


def test_english_is_the_default() -> None:
    assert choose_language(requests.get("/", HTTP_ACCEPT_LANGUAGE="fr")) == ("en", False)


def test_switching_rewrites_the_carried_ui_locales() -> None:
    url = switch_url(requests.get("/login/", {"next": _next_with("vi")}), "en")
    query = factories.query_of(url)
    assert url.startswith("/login/?")
    assert query["lang"] == "en"
    assert factories.query_of(query["next"]) == {"client_id": "workspace", "ui_locales": "en"}


def test_switching_leaves_a_next_without_ui_locales_alone() -> None:
    url = switch_url(requests.get("/login/", {"next": "/o/authorize/?x=1"}), "vi")
    assert factories.query_of(url)["next"] == "/o/authorize/?x=1"


def test_switching_on_the_authorization_request_itself_rewrites_ui_locales() -> None:
    url = switch_url(requests.get("/o/authorize/", {"ui_locales": "vi", "client_id": "x"}), "en")
    assert factories.query_of(url) == {"ui_locales": "en", "client_id": "x", "lang": "en"}
