"""The rule that tells a request made by a page of another origin: the browser's
Sec-Fetch-Site first, then Origin and Referer from a browser that does not send it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import RequestFactory

from apps.core.origin import is_from_another_origin

OWN = "http://testserver"


@pytest.fixture(autouse=True)
def trusted_origins(settings: Any) -> None:
    settings.CSRF_TRUSTED_ORIGINS = ["https://app.tradewise.example"]


def from_(**headers: str) -> bool:
    return is_from_another_origin(RequestFactory().get("/fast-ai/v1/x", headers=headers))


@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},  # another origin of the same site (a subdomain)
        {"Sec-Fetch-Site": "Cross-Site", "Referer": f"{OWN}/leads"},  # the browser's word wins
        {"Origin": "https://evil.example"},
        {"Origin": "null"},  # a sandboxed frame or a file
        {"Referer": "https://evil.example/page"},
        {"Referer": "http://testserver:8080/page"},  # another port is another origin
        {"Referer": "https://testserver/page"},  # and another scheme
        {"Referer": "not a url"},
        {"Origin": "https://["},  # no origin can be read from it: not ours
        {"Referer": "http://[::1/page"},
        {"Origin": OWN, "Referer": "https://evil.example/"},
    ],
)
def test_requests_from_another_origin(headers: dict[str, str]) -> None:
    assert from_(**headers)


@pytest.mark.parametrize(
    "headers",
    [
        {},  # an API client (a bearer token, a script): no browser said anything
        {"Sec-Fetch-Site": "same-origin"},
        {"Sec-Fetch-Site": "none"},  # typed in the address bar, a bookmark, a mail's link
        {"Sec-Fetch-Site": "same-origin", "Referer": "https://evil.example/"},
        {"Origin": OWN},
        {"Referer": f"{OWN}/find-global-company?page=2"},
        {"Referer": "https://app.tradewise.example/leads"},  # a trusted origin (the TLS proxy)
        {"Origin": "HTTP://TESTSERVER"},
    ],
)
def test_requests_from_this_site_or_no_page(headers: dict[str, str]) -> None:
    assert not from_(**headers)
