"""How pages and files travel: compressed, and fingerprinted files cached for good."""

from __future__ import annotations

import json
import re

import pytest
from django.conf import settings
from django.test import Client

pytestmark = pytest.mark.django_db


def test_pages_and_api_answers_are_compressed(member_client: Client) -> None:
    for path in ("/market-insights", "/fast-ai/v1/users"):
        response = member_client.get(path, HTTP_ACCEPT_ENCODING="gzip")
        assert response.status_code == 200
        assert response["Content-Encoding"] == "gzip"


@pytest.mark.parametrize(
    ("url", "immutable"),
    [
        ("/static/bundles/market.9b513b02.js", True),
        ("/static/bundles/market.9b513b02.ab11661d8d4f.css", True),
        ("/static/bundles/012a5fb5d3265a24f96c.woff", True),
        ("/static/images/favicon.0ca3dbb47fd2.svg", True),
        ("/static/images/favicon.svg", False),
        ("/static/bundles/market.js", False),
    ],
)
def test_only_fingerprinted_files_are_cached_for_good(url: str, immutable: bool) -> None:
    pattern = re.compile(settings.WHITENOISE_IMMUTABLE_FILE_TEST)
    assert bool(pattern.search(url)) is immutable


def test_the_built_bundles_are_served_as_immutable(client: Client) -> None:
    stats_file = settings.WEBPACK_LOADER["DEFAULT"]["STATS_FILE"]
    chunks = json.loads(stats_file.read_text())["chunks"]
    bundle = next(name for name in chunks["market"] if name.endswith(".js"))
    response = client.get(f"/static/bundles/{bundle}")
    assert response.status_code == 200
    assert "immutable" in response["Cache-Control"]


@pytest.mark.parametrize(
    ("language_cookie", "chunk"),
    [("en", "messages-en."), ("vi", "messages-vi."), ("zh-hans", "messages-zh.")],
)
def test_a_page_loads_the_texts_of_its_language_only(
    member_client: Client, client: Client, language_cookie: str, chunk: str
) -> None:
    member_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language_cookie
    html = member_client.get("/market-insights").content.decode()
    scripts = re.findall(r'<script src="(/static/bundles/messages-[^"]+)" defer>', html)
    assert len(scripts) == 1
    assert scripts[0].startswith(f"/static/bundles/{chunk}")
    assert client.get(scripts[0]).status_code == 200
