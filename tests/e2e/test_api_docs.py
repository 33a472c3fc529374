"""The API's documentation page renders in a browser under the product's CSP."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, expect


def test_the_api_docs_render(live_server: Any, browser: Browser) -> None:
    page = browser.new_context().new_page()
    refused: list[str] = []
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    outside: list[str] = []
    page.on(
        "request",
        lambda request: (
            None if request.url.startswith(live_server.url) else outside.append(request.url)
        ),
    )
    page.goto(f"{live_server.url}/api/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Tradewise API")
    expect(page.locator(".opblock").first).to_be_visible()
    assert refused == []
    assert outside == []
