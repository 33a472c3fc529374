"""The website probe and the domain's registration (RDAP through whoisit), with the session and
whoisit replaced: HTTPS first, plain HTTP when it fails, TLS told from the address answered,
the registration's dates and registrar, and every failure in the user's words."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, cast

import pytest
import requests
import whoisit
from whoisit import errors as rdap_errors

from apps.accounts.tests.http import response
from apps.core.outbound import NotPublicAddress
from apps.verification.providers import SourceError
from apps.verification.providers import website as provider
from apps.verification.providers.website import (
    RDAP_UNREACHABLE,
    WEBSITE_UNREACHABLE,
    HttpProbe,
    RdapRegistry,
)


class FakeSession:
    """Answers each GET by its address: a response, or an error raised."""

    def __init__(self, answers: dict[str, requests.Response | Exception]) -> None:
        self.answers = answers
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def get(self, url: str, **kwargs: Any) -> requests.Response:
        self.calls.append((url, kwargs))
        answer = self.answers[url]
        if isinstance(answer, Exception):
            raise answer
        return answer


def probe(answers: dict[str, requests.Response | Exception]) -> tuple[dict[str, Any], FakeSession]:
    session = FakeSession(answers)
    return HttpProbe()._fetch(cast(requests.Session, session), "dutchnut.example"), session


HTTPS, HTTP = "https://dutchnut.example", "http://dutchnut.example"


def test_a_site_answering_https_is_reported_with_its_final_address_and_tls(
    settings: Any,
) -> None:
    settings.VERIFICATION_WEBSITE_TIMEOUT = 3.5

    found, session = probe({HTTPS: response(200, "", url="https://dutchnut.example/en/")})

    assert found == {"url": "https://dutchnut.example/en/", "status_code": 200, "tls": True}
    assert session.calls == [(HTTPS, {"timeout": 3.5, "allow_redirects": True})]


def test_an_error_status_over_https_is_an_answer_not_a_failure() -> None:
    found, session = probe({HTTPS: response(503, "", url="https://dutchnut.example/")})

    assert found == {"url": "https://dutchnut.example/", "status_code": 503, "tls": True}
    assert len(session.calls) == 1


def test_a_refused_certificate_falls_back_to_plain_http_without_tls() -> None:
    found, session = probe(
        {
            HTTPS: requests.exceptions.SSLError("certificate verify failed"),
            HTTP: response(200, "", url="http://dutchnut.example/"),
        }
    )

    assert found == {"url": "http://dutchnut.example/", "status_code": 200, "tls": False}
    assert [url for url, _ in session.calls] == [HTTPS, HTTP]


def test_plain_http_redirecting_to_https_counts_as_tls() -> None:
    found, _ = probe(
        {
            HTTPS: requests.ConnectionError("connection refused"),
            HTTP: response(200, "", url="https://www.dutchnut.example/"),
        }
    )

    assert found["tls"] is True


def test_a_site_answering_neither_https_nor_http_is_unreachable() -> None:
    with pytest.raises(SourceError) as failure:
        probe({HTTPS: requests.Timeout(), HTTP: requests.ConnectionError("refused")})

    assert str(failure.value) == WEBSITE_UNREACHABLE == "The website is unreachable"


def test_a_plain_http_redirect_to_an_internal_address_is_refused_with_the_reason() -> None:
    with pytest.raises(SourceError) as failure:
        probe(
            {
                HTTPS: requests.ConnectionError("refused"),
                HTTP: NotPublicAddress("10.0.0.1"),
            }
        )

    assert str(failure.value) == (
        "The website is unreachable: 10.0.0.1 resolves to a private address"
    )


def test_an_https_address_refused_as_internal_is_not_tried_over_plain_http() -> None:
    session = FakeSession({HTTPS: NotPublicAddress("dutchnut.example")})

    with pytest.raises(SourceError) as failure:
        HttpProbe()._fetch(cast(requests.Session, session), "dutchnut.example")

    assert str(failure.value) == (
        "The website is unreachable: dutchnut.example resolves to a private address"
    )
    assert [url for url, _ in session.calls] == [HTTPS]


# The registration


@pytest.fixture
def rdap(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """whoisit, bootstrapped, answering `answer["value"]` or raising `answer["error"]`."""
    answer: dict[str, Any] = {"value": {}, "error": None, "asked": []}

    def domain(name: str, session: Any) -> dict[str, Any]:
        answer["asked"].append(name)
        if answer["error"]:
            raise answer["error"]
        return dict(answer["value"])

    monkeypatch.setattr(whoisit, "is_bootstrapped", lambda: True)
    monkeypatch.setattr(whoisit, "domain", domain)
    return answer


def test_a_registration_gives_its_dates_as_iso_and_the_first_registrars_name(
    rdap: dict[str, Any],
) -> None:
    rdap["value"] = {
        "registration_date": datetime(2015, 3, 1, tzinfo=UTC),
        "expiration_date": datetime(2030, 3, 1, 12, 30, tzinfo=UTC),
        "entities": {"registrar": [{"name": "Registrar BV"}, {"name": "Reseller"}]},
    }

    found = RdapRegistry().registration("dutchnut.example")

    assert found == {
        "registered_at": "2015-03-01T00:00:00+00:00",
        "expires_at": "2030-03-01T12:30:00+00:00",
        "registrar": "Registrar BV",
    }
    assert rdap["asked"] == ["dutchnut.example"]


def test_a_registration_without_dates_or_registrar_has_none_and_an_empty_name(
    rdap: dict[str, Any],
) -> None:
    rdap["value"] = {"registration_date": None, "entities": {}}

    assert RdapRegistry().registration("dutchnut.example") == {
        "registered_at": None,
        "expires_at": None,
        "registrar": "",
    }


def test_a_domain_the_registry_does_not_hold_is_none(rdap: dict[str, Any]) -> None:
    rdap["error"] = rdap_errors.ResourceDoesNotExist("not found")

    assert RdapRegistry().registration("nowhere.example") is None


@pytest.mark.parametrize(
    "error",
    [
        rdap_errors.QueryError("Failed to make a GET request"),
        rdap_errors.UnsupportedError("No RDAP endpoint for .example"),
        requests.ConnectionError("refused"),
    ],
)
def test_a_registry_that_cannot_answer_is_unreachable(
    rdap: dict[str, Any], error: Exception
) -> None:
    rdap["error"] = error

    with pytest.raises(SourceError) as failure:
        RdapRegistry().registration("dutchnut.example")

    assert str(failure.value) == RDAP_UNREACHABLE == "The domain registry (RDAP) is unreachable"


def test_whoisit_is_bootstrapped_once_before_the_first_question(
    monkeypatch: pytest.MonkeyPatch, rdap: dict[str, Any]
) -> None:
    bootstrapped: list[bool] = []
    monkeypatch.setattr(whoisit, "is_bootstrapped", lambda: bool(bootstrapped))
    monkeypatch.setattr(whoisit, "bootstrap", lambda: bootstrapped.append(True))

    RdapRegistry().registration("dutchnut.example")
    RdapRegistry().registration("dutchnut.example")

    assert bootstrapped == [True]


def test_the_rdap_session_uses_the_installations_time_limit_over_whoisits(
    monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    settings.VERIFICATION_RDAP_TIMEOUT = 2.5
    sent: dict[str, Any] = {}

    def request(self: Any, *args: Any, **kwargs: Any) -> requests.Response:
        sent.update(kwargs)
        return response(200, {})

    monkeypatch.setattr(provider.PublicSession, "request", request)

    provider._session().request("GET", "https://rdap.example/domain/x", timeout=(5, 30))

    assert sent["timeout"] == 2.5
