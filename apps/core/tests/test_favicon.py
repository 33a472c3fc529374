"""The product's icon: linked from every page, and at /favicon.ico, which browsers ask for on
pages that link none (the admin, an API answer opened in a tab)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from PIL import Image
from webpack_loader import config as webpack_config
from webpack_loader.utils import get_loader

pytestmark = pytest.mark.django_db

TEAL = (15, 118, 110)  # --primary, #0f766e


@pytest.fixture(autouse=True)
def fake_bundles(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Pages render without a frontend build."""
    fake = "webpack_loader.loaders.FakeWebpackLoader"
    monkeypatch.setitem(webpack_config.load_config("DEFAULT"), "LOADER_CLASS", fake)
    get_loader.cache_clear()
    yield
    get_loader.cache_clear()


def _icon(body: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(body))
    assert image.format == "ICO"
    return image


def test_favicon_ico_is_the_teal_icon_in_the_sizes_browsers_use(client: Client) -> None:
    response = client.get("/favicon.ico")

    assert response.status_code == 200
    assert response["Content-Type"] == "image/vnd.microsoft.icon"
    assert "max-age=86400" in response["Cache-Control"]
    icon = _icon(response.content)
    assert {(16, 16), (32, 32), (48, 48)} <= icon.info["sizes"]
    rgba = icon.convert("RGBA")
    assert rgba.getpixel((4, rgba.height // 2))[:3] == TEAL  # the background
    assert rgba.getpixel((rgba.width // 2, rgba.height // 3))[:3] == (255, 255, 255)  # the T


def test_a_signed_in_member_gets_it_too(member_client: Client) -> None:
    response = member_client.get("/favicon.ico")
    assert response.status_code == 200
    _icon(response.content)


def test_it_is_only_read(client: Client) -> None:
    assert client.head("/favicon.ico").status_code == 200
    assert client.post("/favicon.ico").status_code == 405


@pytest.mark.parametrize("page", ["/market-insights", "/find-global-lead", "/profile"])
def test_every_page_links_the_icon_files_it_ships(member_client: Client, page: str) -> None:
    response = member_client.get(page)

    assert response.status_code == 200
    icons = re.findall(r'<link rel="icon" href="/static/([^"]+)"', response.content.decode())
    assert icons == ["images/favicon.ico", "images/favicon.svg"]
    for icon in icons:
        assert finders.find(icon), icon
