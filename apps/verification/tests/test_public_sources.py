"""Every source of the checks and of the internet search reaches only public addresses: a
company's domain, or a source's address, that resolves or redirects to an internal one is
refused with the reason, and the internal server sees no request."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import whoisit
from whoisit.errors import QueryError

from apps.core.tests.network import LocalServer, local_server, resolve, route
from apps.verification.providers import SourceError
from apps.verification.providers.maps import GooglePlaces
from apps.verification.providers.registry import GleifRegistry
from apps.verification.providers.websearch import BraveSearch
from apps.verification.providers.website import HttpProbe, RdapRegistry

PUBLIC = "93.184.215.14"
PRIVATE = "resolves to a private address"


@pytest.fixture
def target() -> Iterator[LocalServer]:
    """An internal service (an admin API on another port of the same machine)."""
    with local_server() as server:
        yield server


@pytest.fixture
def hostile(monkeypatch: pytest.MonkeyPatch, target: LocalServer) -> Iterator[LocalServer]:
    """A public site, hostile.example, that redirects every request to the internal service."""
    with local_server(redirect_to=f"{target.url}/admin/users") as server:
        resolve(monkeypatch, hostile_example=PUBLIC)
        route(monkeypatch, {PUBLIC: server.port})
        yield server


def test_the_website_of_a_domain_resolving_to_loopback_is_not_fetched(
    monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    settings.VERIFICATION_WEBSITE_TIMEOUT = 2.0
    resolve(monkeypatch, intranet_example="127.0.0.1")

    with pytest.raises(SourceError) as refused:
        HttpProbe().fetch("intranet.example")

    assert str(refused.value) == f"The website is unreachable: intranet.example {PRIVATE}"


def test_a_website_redirecting_to_an_internal_address_is_not_followed(
    settings: Any, hostile: LocalServer, target: LocalServer
) -> None:
    settings.VERIFICATION_WEBSITE_TIMEOUT = 2.0

    with pytest.raises(
        SourceError, match=re.escape(f"The website is unreachable: 127.0.0.1 {PRIVATE}")
    ):
        HttpProbe().fetch("hostile.example")

    assert hostile.seen == ["hostile.example"]
    assert target.seen == []


def test_an_rdap_server_redirecting_to_an_internal_address_is_not_followed(
    monkeypatch: pytest.MonkeyPatch, hostile: LocalServer, target: LocalServer
) -> None:
    def domain(name: str, session: Any) -> dict[str, Any]:
        """whoisit's query, as it asks the session and wraps its errors."""
        try:
            return dict(session.request("GET", f"http://hostile.example/domain/{name}").json())
        except Exception as exc:
            raise QueryError(f"Failed to make a GET request: {exc}") from exc

    monkeypatch.setattr(whoisit, "is_bootstrapped", lambda: True)
    monkeypatch.setattr(whoisit, "domain", domain)

    with pytest.raises(
        SourceError,
        match=re.escape(f"The domain registry (RDAP) is unreachable: 127.0.0.1 {PRIVATE}"),
    ):
        RdapRegistry().registration("dutchnut.example")

    assert target.seen == []


def test_a_company_registry_at_an_internal_address_is_not_asked(
    settings: Any, target: LocalServer
) -> None:
    settings.VERIFICATION_REGISTRY_URL = target.url

    with pytest.raises(
        SourceError, match=re.escape(f"registry (GLEIF) is unreachable: 127.0.0.1 {PRIVATE}")
    ):
        GleifRegistry().find_company(name="Dutch Nut Trading B.V.", country="NL")

    assert target.seen == []


def test_a_web_search_redirecting_to_an_internal_address_is_not_followed(
    settings: Any, hostile: LocalServer, target: LocalServer
) -> None:
    settings.VERIFICATION_WEBSEARCH_URL = "http://hostile.example/res/v1/web/search"
    settings.VERIFICATION_WEBSEARCH_API_KEY = "key"

    with pytest.raises(
        SourceError, match=re.escape(f"(Brave Search) is unreachable: 127.0.0.1 {PRIVATE}")
    ):
        BraveSearch().find_companies(name="Dutch Nut Trading", website="")

    assert hostile.seen == ["hostile.example"]
    assert target.seen == []


def test_a_maps_source_at_an_internal_address_is_not_asked(
    settings: Any, target: LocalServer
) -> None:
    settings.VERIFICATION_MAPS_URL = f"{target.url}/v1/places:searchText"
    settings.VERIFICATION_MAPS_API_KEY = "key"

    with pytest.raises(
        SourceError, match=re.escape(f"The maps source is unreachable: 127.0.0.1 {PRIVATE}")
    ):
        GooglePlaces().find_place(name="Dutch Nut Trading", country="NL", city="Rotterdam")

    assert target.seen == []
