"""The API's documentation page works under the CSP: Swagger UI comes from this site."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

ASSET = re.compile(r'(?:src|href)="([^"]+)"')


@pytest.fixture
def static_client(settings: Any) -> Client:
    # WhiteNoise serves the app's static files straight from their sources (no collectstatic).
    settings.WHITENOISE_USE_FINDERS = True
    return Client()


def test_the_docs_page_loads_its_assets_from_this_site(static_client: Client) -> None:
    page = static_client.get("/api/docs")
    assert page.status_code == 200
    assets = ASSET.findall(page.content.decode())
    scripts = [asset for asset in assets if asset.endswith(".js")]
    assert any("swagger-ui-bundle" in script for script in scripts)
    for asset in assets:
        assert asset.startswith("/"), asset
        assert not asset.startswith("//"), asset
        served = static_client.get(asset)
        assert served.status_code == 200, asset
        assert b"".join(served.streaming_content if served.streaming else [served.content])


def test_the_csp_lets_the_docs_page_run(static_client: Client) -> None:
    page = static_client.get("/api/docs")
    policy = page["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert "'self'" in directives["script-src"].split()
    assert "'self'" in directives["style-src"].split()
    assert "<script>" not in page.content.decode()  # no inline script to allow
