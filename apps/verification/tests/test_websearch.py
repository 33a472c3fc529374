"""The internet search: the web search adapter (the Brave Search API) against recorded exchanges
(recordings/websearch/), and the search that joins it to the company registry (GLEIF,
recordings/gleif/): each source off is skipped, one failing is left out while another answers,
names that match only in part are left out, and answers are kept."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import requests
from django.test import Client

from apps.accounts.tests.http import FakeHttp, Replay, response
from apps.verification.providers import SourceError, SourceNotConfigured, websearch
from apps.verification.providers.registry import GleifRegistry
from apps.verification.providers.websearch import (
    RESULTS,
    BraveSearch,
    _holds_every_word,
    _on_domain,
    _one_per_domain,
    internet_search,
    web_search,
)

RECORDINGS = Path(__file__).parent / "recordings"
BRAVE = "https://api.search.brave.com/res/v1/web/search"
EXTEND = "/fast-ai/v1/lead-verification/companies/extend"


def replay(name: str) -> Replay:
    return Replay(json.loads((RECORDINGS / f"{name}.json").read_text(encoding="utf-8")))


@pytest.fixture(autouse=True)
def web_search_key(settings: Any) -> None:
    settings.VERIFICATION_WEBSEARCH_URL = BRAVE
    settings.VERIFICATION_WEBSEARCH_API_KEY = "recorded-key"
    settings.VERIFICATION_WEBSEARCH_TIMEOUT = 5.0


def test_the_sites_found_come_one_per_domain_with_the_key_sent() -> None:
    http = replay("websearch/found")

    sites = BraveSearch(http).find_companies(name="Dutch Nut Trading", website="")

    assert http.finished
    assert sites == [
        {
            "title": "Dutch Nut Trading B.V. | Cashew and macadamia importers",
            "domain": "dutchnut.example",
            "url": "https://www.dutchnut.example/",
        },
        {
            "title": "Dutch Nut Trading B.V., Rotterdam - company profile",
            "domain": "companyregister.example",
            "url": "https://www.companyregister.example/nl/dutch-nut-trading-bv",
        },
        {
            "title": "Nut trading in the Netherlands: the 2026 outlook",
            "domain": "news.example",
            "url": "https://news.example/markets/nut-trading-2026",
        },
    ]
    assert http.calls[0]["headers"]["X-Subscription-Token"] == "recorded-key"
    assert http.calls[0]["timeout"] == 5.0


def test_a_search_that_finds_nothing_has_no_sites() -> None:
    http = replay("websearch/not_found")

    assert BraveSearch(http).find_companies(name="Zzyzx Cashew Holdings", website="") == []
    assert http.finished


def test_a_refused_search_is_a_source_error() -> None:
    with pytest.raises(SourceError, match=r"web search source \(Brave Search\) answered 429"):
        BraveSearch(replay("websearch/rate_limited")).find_companies(
            name="Dutch Nut Trading", website=""
        )


def test_a_search_that_does_not_answer_in_time_is_a_source_error() -> None:
    http = FakeHttp({("GET", BRAVE): requests.ConnectTimeout("timed out")})

    with pytest.raises(SourceError, match="did not answer within 5 seconds"):
        BraveSearch(http).find_companies(name="Dutch Nut Trading", website="")


def test_the_web_search_is_off_without_a_key(settings: Any) -> None:
    assert isinstance(web_search(), BraveSearch)

    settings.VERIFICATION_WEBSEARCH_API_KEY = ""

    assert web_search() is None


# The internet search, with both sources


@pytest.fixture
def sources(monkeypatch: pytest.MonkeyPatch, settings: Any) -> dict[str, Replay | None]:
    """The registry and the web search on, each answering from the recording in the returned
    table; None there turns a source off."""
    settings.VERIFICATION_REGISTRY_URL = "https://api.gleif.org/api/v1"
    answers: dict[str, Replay | None] = {
        "registry": replay("gleif/search"),
        "web": replay("websearch/found"),
    }

    def registry() -> GleifRegistry | None:
        http = answers["registry"]
        return GleifRegistry(http) if http else None

    def web() -> BraveSearch | None:
        http = answers["web"]
        return BraveSearch(http) if http else None

    monkeypatch.setattr(websearch, "company_registry", registry)
    monkeypatch.setattr(websearch, "web_search", web)
    return answers


def test_both_sources_answer_in_the_rows_of_the_database_search(
    member_client: Client, sources: dict[str, Replay | None]
) -> None:
    response = member_client.get(EXTEND, {"name": "Dutch Nut Trading"})

    body = response.json()
    assert response.status_code == 200
    assert [(row["name"], row["source"]) for row in body["data"]] == [
        ("DUTCH NUT TRADING B.V.", "GLEIF"),
        ("DUTCH NUT TRADING HOLDING B.V.", "GLEIF"),
        ("Dutch Nut Trading B.V. | Cashew and macadamia importers", "Brave Search"),
        ("Dutch Nut Trading B.V., Rotterdam - company profile", "Brave Search"),
    ]  # 'HOLLAND NUT COMPANY B.V.' and the news page hold only some of the words
    registry_row, web_row = body["data"][0], body["data"][2]
    assert registry_row == {
        "id": None,
        "name": "DUTCH NUT TRADING B.V.",
        "domain": "",
        "website": "",
        "country": "NL",
        "city": "Rotterdam",
        "industries": [],
        "industry": "",
        "employees": None,
        "founded_year": None,
        "is_demo": False,
        "source": "GLEIF",
        "source_record_id": "724500D7N8T5R4D1NG57",
    }
    assert (web_row["domain"], web_row["website"], web_row["source_record_id"]) == (
        "dutchnut.example",
        "https://dutchnut.example",
        "https://www.dutchnut.example/",
    )
    assert body["meta"] == {"total": 4, "unavailable": []}


def test_a_website_alone_asks_only_the_web_and_keeps_that_sites_pages(
    sources: dict[str, Replay | None],
) -> None:
    sources["web"] = replay("websearch/by_website")

    found = internet_search(name="", website="https://www.dutchnut.example/")

    assert [company.domain for company in found.companies] == ["dutchnut.example"]
    assert sources["registry"].calls == []


def test_a_failing_source_is_left_out_while_the_other_answers(
    member_client: Client, sources: dict[str, Replay | None]
) -> None:
    sources["web"] = replay("websearch/rate_limited")

    response = member_client.get(EXTEND, {"name": "Dutch Nut Trading"})

    body = response.json()
    assert response.status_code == 200
    assert {row["source"] for row in body["data"]} == {"GLEIF"}
    assert body["meta"]["unavailable"] == ["The web search source (Brave Search) answered 429"]


def test_a_source_that_is_off_is_skipped(sources: dict[str, Replay | None]) -> None:
    sources["registry"] = None

    found = internet_search(name="Dutch Nut Trading", website="")

    assert {company.source for company in found.companies} == {"Brave Search"}
    assert found.unavailable == [websearch.REGISTRY_OFF]


def test_when_no_source_answers_the_search_is_unavailable_with_the_reasons(
    member_client: Client, sources: dict[str, Replay | None]
) -> None:
    sources["registry"] = None
    sources["web"] = replay("websearch/rate_limited")

    response = member_client.get(EXTEND, {"name": "Dutch Nut Trading"})

    assert response.status_code == 503
    assert response.json()["meta"] == {
        "message": "Internet search is not available: "
        f"{websearch.REGISTRY_OFF}; The web search source (Brave Search) answered 429",
        "code": "provider_unavailable",
    }


def test_with_every_source_off_the_search_says_which_are_off(
    sources: dict[str, Replay | None],
) -> None:
    sources["registry"] = sources["web"] = None

    with pytest.raises(SourceNotConfigured) as refused:
        internet_search(name="Dutch Nut Trading", website="")

    assert str(refused.value) == (
        f"Internet search is not available: {websearch.REGISTRY_OFF}; {websearch.WEB_SEARCH_OFF}"
    )


def test_each_answer_is_kept_so_the_same_search_asks_no_source_again(
    sources: dict[str, Replay | None],
) -> None:
    first = internet_search(name="Dutch Nut Trading", website="")
    again = internet_search(name="dutch  nut TRADING", website="")  # the same search, spelt out

    assert [company.name for company in again.companies] == [
        company.name for company in first.companies
    ]
    assert len(sources["web"].calls) == 1
    assert len(sources["registry"].calls) == 1


# The rules of the web search's answers, without recordings


def searched(body: Any) -> tuple[list[dict[str, Any]], FakeHttp]:
    http = FakeHttp({("GET", BRAVE): response(200, body)})
    return BraveSearch(http).find_companies(name="Dutch Nut", website="dutchnut.example"), http


def test_each_domain_is_kept_once_with_its_first_title_and_www_left_out() -> None:
    sites = _one_per_domain(
        [
            {"title": "Dutch Nut Trading", "url": "https://www.dutchnut.example/en"},
            {"title": "Dutch Nut: contact", "url": "https://dutchnut.example/contact"},
            {"url": "https://nuts.example/"},
            {"title": "No address"},
            {"title": "Empty address", "url": ""},
        ]
    )

    assert sites == [
        {
            "title": "Dutch Nut Trading",
            "domain": "dutchnut.example",
            "url": "https://www.dutchnut.example/en",
        },
        {"title": "nuts.example", "domain": "nuts.example", "url": "https://nuts.example/"},
    ]


def test_the_query_is_the_name_and_the_website_with_the_key_and_the_count() -> None:
    _, http = searched({"web": {"results": []}})

    [call] = http.calls
    assert call["params"] == {"q": "Dutch Nut dutchnut.example", "count": str(RESULTS)}
    assert call["headers"] == {
        "Accept": "application/json",
        "X-Subscription-Token": "recorded-key",
    }
    assert call["timeout"] == 5.0


@pytest.mark.parametrize("body", [{}, {"web": None}, {"web": {"results": None}}])
def test_an_answer_without_web_results_finds_no_site(body: Any) -> None:
    sites, _ = searched(body)

    assert sites == []


def test_results_that_are_not_objects_are_left_out() -> None:
    sites, _ = searched(
        {"web": {"results": ["text", 7, {"title": "A", "url": "https://a.example"}]}}
    )

    assert [site["domain"] for site in sites] == ["a.example"]


def test_an_answer_that_is_not_an_object_is_a_source_error() -> None:
    with pytest.raises(SourceError) as failure:
        searched([{"title": "A"}])

    assert str(failure.value) == (
        "The web search source (Brave Search) answered in an unexpected form"
    )


@pytest.mark.parametrize(
    ("text", "query", "holds"),
    [
        ("Dutch Nut Trading B.V.", "dutch nut", True),
        ("Dutch Nut Trading B.V.", "nut dutch", True),
        ("Dutch Nut Trading B.V.", "dutch nuts", False),
        ("Dutch Trading", "dutch nut", False),
        ("Anything at all", "", True),
    ],
)
def test_a_found_name_counts_when_it_holds_every_word_of_the_query(
    text: str, query: str, holds: bool
) -> None:
    assert _holds_every_word(text, query) is holds


@pytest.mark.parametrize(
    ("domain", "wanted", "on"),
    [
        ("dutchnut.example", "dutchnut.example", True),
        ("shop.dutchnut.example", "dutchnut.example", True),
        ("notdutchnut.example", "dutchnut.example", False),
        ("dutchnut.example.evil", "dutchnut.example", False),
    ],
)
def test_a_site_counts_when_it_is_the_domain_or_one_of_its_subdomains(
    domain: str, wanted: str, on: bool
) -> None:
    assert _on_domain(domain, wanted) is on
