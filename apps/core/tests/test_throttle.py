from __future__ import annotations

from typing import Any

import pytest
from django.test import RequestFactory

from apps.core.throttle import Limit, client_address, retry_after


@pytest.mark.parametrize(
    ("trusted", "forwarded", "expected"),
    [
        (False, "203.0.113.9", "10.0.0.1"),  # no proxy: the header is the client's word
        (True, "198.51.100.7, 203.0.113.9", "203.0.113.9"),  # the entry the proxy appended
        (True, "", "10.0.0.1"),
        (True, "not-an-address", "10.0.0.1"),
        (True, "2001:db8::1", "2001:db8::1"),
    ],
)
def test_the_client_address(settings: Any, trusted: bool, forwarded: str, expected: str) -> None:
    settings.TRUST_X_FORWARDED_FOR = trusted
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == expected


def test_a_request_without_an_address() -> None:
    request = RequestFactory().get("/", REMOTE_ADDR="")
    assert client_address(request) == "unknown"


def test_retry_after_counts_each_limit_on_its_own() -> None:
    request = RequestFactory().post("/")
    tight, loose = Limit("test.tight", "k", "2/h"), Limit("test.loose", "k", "5/h")
    assert retry_after(request, [tight, loose]) is None
    assert retry_after(request, [tight, loose]) is None
    wait = retry_after(request, [tight, loose])
    assert wait is not None
    assert 0 < wait <= 3600
    assert retry_after(request, [loose]) is None  # the fourth under the loose limit
    assert retry_after(request, [Limit("test.tight", "other", "2/h")]) is None
