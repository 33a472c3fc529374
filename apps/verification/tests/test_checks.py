"""The four checks with their sources replaced at the adapters: what each answers, when it
fails, what it keeps in its cache, and the domain rules they share."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.utils import timezone

from apps.core.errors import ProviderUnavailable
from apps.leads.models import Company
from apps.leads.tests.conftest import make_company
from apps.verification import checks
from apps.verification.models import DomainCache, PlaceCache, RegistryCache
from apps.verification.providers import SourceError
from apps.verification.providers.sanctions import (
    SanctionMatch,
    ScreenedListSummary,
    ScreeningResult,
)
from apps.verification.tests.conftest import Answer, Sources

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("text", "domain"),
    [
        ("https://www.Example.com/about", "example.com"),
        ("example.com", "example.com"),
        ("http://shop.example.com:8080/cart?item=1", "shop.example.com"),
        ("  WWW.EXAMPLE.COM.  ", "example.com"),
        ("example.com?ref=ad", "example.com"),
        ("ftp://files.example.org/pub", "files.example.org"),
        ("", ""),
    ],
)
def test_a_domain_is_cleaned_of_scheme_www_path_port_and_case(text: str, domain: str) -> None:
    assert checks.clean_domain(text) == domain


TODAY = date(2026, 12, 2)


@pytest.mark.parametrize(
    ("registration", "state"),
    [
        (None, "none"),
        ({}, "none"),
        ({"registered_at": None, "registrar": "Registrar BV"}, "none"),
        ({"registered_at": "2015-03-01T00:00:00+00:00", "expires_at": "2026-12-01"}, "expired"),
        ({"registered_at": "2015-03-01", "expires_at": "2026-12-02T00:00:00+00:00"}, "stable"),
        ({"registered_at": "2025-12-03", "expires_at": None}, "new"),  # 364 days ago
        ({"registered_at": "2025-12-02", "expires_at": None}, "stable"),  # a year ago
    ],
)
def test_a_domain_is_unregistered_expired_new_for_a_year_then_stable(
    registration: dict[str, Any] | None, state: str
) -> None:
    assert checks.domain_state(registration, TODAY) == state


# Company profile


class FakeCompanyRegistry:
    name = "test_registry"

    def __init__(self, answer: Answer) -> None:
        self.answer = answer

    def find_company(self, *, name: str, country: str) -> dict[str, Any] | None:
        record: dict[str, Any] | None = self.answer()
        return record


RECORD = {
    "legal_name": "NORDKERN FOODS GMBH",
    "lei": "529900NORDKERN000001",
    "entity_status": "ACTIVE",
}


@pytest.fixture
def registry_answer(monkeypatch: pytest.MonkeyPatch, sources: Sources) -> Answer:
    answer = Answer(RECORD)
    monkeypatch.setattr(checks, "company_registry", lambda: FakeCompanyRegistry(answer))
    return answer


@pytest.fixture
def nordkern(db: None) -> Company:
    return make_company(name="Nordkern Foods GmbH", country="DE", domain="nordkern.example")


def test_a_registry_record_makes_the_profile_though_the_maps_source_failed(
    nordkern: Company, sources: Sources, registry_answer: Answer
) -> None:
    sources.place.error = "The maps source is unreachable"

    outcome = checks.company_profile(nordkern, "")

    assert outcome.found_data is True
    assert outcome.result["place"] == {"status": "error", "error": "The maps source is unreachable"}
    assert outcome.result["registry"]["lei"] == "529900NORDKERN000001"
    assert outcome.result["registry"]["source"] == "test_registry"


@pytest.mark.parametrize(
    ("registry_error", "place_error", "message"),
    [
        ("The registry is down", "", "The registry is down"),
        ("The registry is down", "The maps source is unreachable",
         "The registry is down; The maps source is unreachable"),
    ],
)  # fmt: skip
def test_a_profile_with_a_failed_source_and_no_record_found_fails_with_the_reasons(
    nordkern: Company,
    sources: Sources,
    registry_answer: Answer,
    registry_error: str,
    place_error: str,
    message: str,
) -> None:
    registry_answer.error = registry_error
    sources.place.value = None  # the maps source holds no such place
    sources.place.error = place_error

    with pytest.raises(SourceError) as failure:
        checks.company_profile(nordkern, "")

    assert str(failure.value) == message


def test_a_profile_no_source_confirms_is_no_data_but_no_failure(
    nordkern: Company, sources: Sources
) -> None:
    sources.maps_configured = False

    outcome = checks.company_profile(nordkern, "")

    assert outcome.found_data is False
    assert (outcome.result["registry"], outcome.result["place"]) == (
        {"status": "source not configured"},
        {"status": "source not configured"},
    )
    assert outcome.result["company"]["name"] == "Nordkern Foods GmbH"


@pytest.mark.parametrize(("age_days", "asked"), [(6, 0), (7, 1)])
def test_a_registry_record_is_kept_for_the_cache_days(
    nordkern: Company, sources: Sources, registry_answer: Answer, age_days: int, asked: int
) -> None:
    RegistryCache.objects.create(
        company=nordkern,
        provider="test_registry",
        record={**RECORD, "lei": "CACHED"},
        fetched_at=timezone.now() - timedelta(days=age_days, seconds=1),
    )

    outcome = checks.company_profile(nordkern, "")

    assert registry_answer.calls == asked
    assert outcome.result["registry"]["lei"] == ("CACHED" if not asked else RECORD["lei"])


def test_a_registry_without_the_company_is_remembered_as_not_found(
    nordkern: Company, sources: Sources, registry_answer: Answer
) -> None:
    registry_answer.value = None

    first = checks.company_profile(nordkern, "")
    again = checks.company_profile(nordkern, "")

    assert first.result["registry"] == again.result["registry"] == {"status": "not found"}
    assert registry_answer.calls == 1


# Trade data


def test_a_company_without_shipments_has_no_trade_data(trade: None) -> None:
    company = make_company(name="Nobody Imports BV", country="NL")

    outcome = checks.trade_data(company, "")

    assert outcome.found_data is False
    assert (outcome.result["shipments"], outcome.result["last_transaction"]) == (0, None)
    assert outcome.result["average_import_order_value_usd"] is None


# Sanctions


def graded(name: str, grade: str, score: float, day: str | None = None) -> SanctionMatch:
    return SanctionMatch(name, score, "OFAC SDN", "SDGT", day, matched_name=name, grade=grade)


def test_the_graded_names_are_shown_first_then_the_nearest_up_to_five(
    nordkern: Company, sources: Sources
) -> None:
    sources.screening.value = ScreeningResult(
        threshold=0.84,
        review_threshold=0.8,
        matches=(
            graded("NORDKERN GMBH", "match", 0.95, "2025-01-10"),
            graded("NORDKERN FOODS", "match", 0.93, "2025-06-01"),
            graded("NORDKERN HANDEL", "review", 0.82),
            *(graded(f"NEAR {number}", "near", 0.7 + number / 100) for number in range(4)),
        ),
    )

    result = checks.sanctions(nordkern, "").result

    assert [match["name"] for match in result["matches"]] == [
        "NORDKERN GMBH",
        "NORDKERN FOODS",
        "NORDKERN HANDEL",
        "NEAR 3",
        "NEAR 2",
    ]
    assert [match["above_threshold"] for match in result["matches"]] == [True, True] + [False] * 3
    assert (result["match"], result["hits"], result["reviews"]) == (True, 2, 1)
    assert result["last_sanction"] == "2025-06-01"
    assert result["screened_name"] == "Nordkern Foods GmbH"


# Website


def test_a_domain_the_registry_does_not_hold_is_unregistered(
    nordkern: Company, sources: Sources
) -> None:
    sources.registration.value = None  # RDAP: no such domain

    first = checks.website(nordkern, "")
    cached = checks.website(nordkern, "")

    assert first.result["domain_state"] == cached.result["domain_state"] == "none"
    assert first.result["domain_age_days"] is None
    assert sources.registration.calls == 1


def test_a_partial_answer_is_shown_but_not_kept(nordkern: Company, sources: Sources) -> None:
    sources.website.error = "The website is unreachable"

    outcome = checks.website(nordkern, "")
    checks.website(nordkern, "")

    assert outcome.found_data is True
    assert outcome.result["website"] == {"error": "The website is unreachable"}
    assert outcome.result["domain_state"] == "stable"
    assert not DomainCache.objects.exists()
    assert sources.registration.calls == 2


def test_a_complete_answer_is_kept_and_read_again(nordkern: Company, sources: Sources) -> None:
    first = checks.website(nordkern, "https://www.nordkern.example/")
    again = checks.website(nordkern, "nordkern.example")

    assert again.result == first.result
    assert (sources.website.calls, sources.registration.calls) == (1, 1)
    assert DomainCache.objects.get().domain == "nordkern.example"


def test_a_registration_that_could_not_be_read_has_no_state_or_age(
    nordkern: Company, sources: Sources
) -> None:
    sources.registration.error = "The domain registry (RDAP) is unreachable"

    result = checks.website(nordkern, "").result

    assert result["registration"] == {"error": "The domain registry (RDAP) is unreachable"}
    assert (result["domain_state"], result["domain_age_days"]) == (None, None)
    assert result["website"]["status_code"] == 200


def test_no_domain_given_or_on_record_checks_nothing(sources: Sources) -> None:
    company = make_company(name="Paper Only Ltd", domain="")

    outcome = checks.website(company, "")

    assert outcome == checks.Outcome({"domain": "", "domain_state": "not_given"}, False)
    assert (sources.website.calls, sources.registration.calls) == (0, 0)


# The time limit


def test_a_source_that_answers_in_time_gives_its_answer(settings: Any) -> None:
    settings.VERIFICATION_CHECK_TIMEOUT = 60.0

    assert checks.within_time_limit(lambda: {"answer": 42}) == {"answer": 42}


def test_a_source_slower_than_the_limit_fails_naming_the_limit(settings: Any) -> None:
    settings.VERIFICATION_CHECK_TIMEOUT = 0.05
    slow = Answer("never seen")
    slow.slow = True

    try:
        with pytest.raises(SourceError) as failure:
            checks.within_time_limit(slow)
    finally:
        slow.released.set()

    assert str(failure.value) == "The source did not answer within 0.05 seconds"


def test_a_source_error_inside_the_limit_passes_through_as_it_is(settings: Any) -> None:
    settings.VERIFICATION_CHECK_TIMEOUT = 60.0
    failing = Answer()
    failing.error = "The maps source answered 500"

    with pytest.raises(SourceError) as failure:
        checks.within_time_limit(failing)

    assert str(failure.value) == "The maps source answered 500"


# Company profile: the place


def test_a_place_found_is_shown_with_its_source_and_when_it_was_fetched(
    nordkern: Company, sources: Sources
) -> None:
    outcome = checks.company_profile(nordkern, "")

    place = outcome.result["place"]
    assert outcome.found_data is True
    assert (place["status"], place["address"], place["source"]) == (
        "found",
        "Waalhaven 1, Rotterdam",
        "test_maps",
    )
    assert place["fetched_at"] == PlaceCache.objects.get(company=nordkern).fetched_at.isoformat()
    assert outcome.result["registry"] == {"status": "source not configured"}


def test_a_place_the_maps_source_does_not_hold_is_remembered_as_not_found(
    nordkern: Company, sources: Sources
) -> None:
    sources.place.value = None

    first = checks.company_profile(nordkern, "")
    again = checks.company_profile(nordkern, "")

    assert first.result["place"] == again.result["place"] == {"status": "not found"}
    assert first.found_data is False
    assert sources.place.calls == 1


@pytest.mark.parametrize(("age_days", "asked"), [(6, 0), (7, 1)])
def test_a_place_is_kept_for_the_cache_days(
    nordkern: Company, sources: Sources, settings: Any, age_days: int, asked: int
) -> None:
    settings.VERIFICATION_CACHE_DAYS = 7
    PlaceCache.objects.create(
        company=nordkern,
        provider="test_maps",
        place={"address": "Cached street 1"},
        fetched_at=timezone.now() - timedelta(days=age_days, seconds=1),
    )

    outcome = checks.company_profile(nordkern, "")

    assert sources.place.calls == asked
    assert outcome.result["place"]["address"] == (
        "Cached street 1" if not asked else "Waalhaven 1, Rotterdam"
    )


def test_a_failed_place_is_not_kept_and_is_asked_again(
    nordkern: Company, sources: Sources, registry_answer: Answer
) -> None:
    sources.place.error = "The maps source answered 503"

    checks.company_profile(nordkern, "")
    checks.company_profile(nordkern, "")

    assert sources.place.calls == 2
    assert not PlaceCache.objects.exists()


def test_the_stored_record_is_shown_as_the_company_has_it(
    nordkern: Company, sources: Sources
) -> None:
    record = checks.company_profile(nordkern, "").result["company"]

    assert record == {
        "name": "Nordkern Foods GmbH",
        "domain": "nordkern.example",
        "country": "DE",
        "city": nordkern.city,
        "industries": [],
        "employees": nordkern.employees,
        "founded_year": nordkern.founded_year,
        "revenue_range": nordkern.revenue_range,
        "business_type": nordkern.business_type,
        "source": nordkern.source,
        "is_demo": False,
    }


# Trade data


def test_a_trade_index_being_built_fails_the_check_with_its_message(
    monkeypatch: pytest.MonkeyPatch, nordkern: Company, sources: Sources
) -> None:
    def building(filters: Any, page: int, page_size: int) -> Any:
        raise ProviderUnavailable("The trade data is being prepared, try again in a minute")

    monkeypatch.setattr(checks, "search_shipments", building)

    with pytest.raises(SourceError) as failure:
        checks.trade_data(nordkern, "")

    assert str(failure.value) == "The trade data is being prepared, try again in a minute"


def test_a_companys_shipments_give_its_history_average_and_last_transaction(
    buyer: Company, sources: Sources
) -> None:
    outcome = checks.trade_data(buyer, "")

    result = outcome.result
    assert outcome.found_data is True
    assert result["shipments"] > 0
    assert result["average_import_order_value_usd"] == round(
        result["import_value_usd"] / result["shipments"], 2
    )
    assert result["last_transaction"] == max(
        result["import_history"] + result["export_history"], key=lambda row: row["date"]
    )
    assert len(result["import_history"]) <= checks.HISTORY_ROWS
    assert set(result["import_history"][0]) == {
        "date",
        "hs_code",
        "product",
        "exporter_country",
        "importer_country",
        "order_value_usd",
    }


# Sanctions


def test_a_clear_screening_has_no_match_no_last_sanction_and_names_the_lists(
    nordkern: Company, sources: Sources
) -> None:
    sources.screening.value = ScreeningResult(
        threshold=0.84,
        review_threshold=0.8,
        lists=(ScreenedListSummary("OFAC SDN", "2026-11-28", 14965, "2026-11-28T06:00:00"),),
    )

    outcome = checks.sanctions(nordkern, "")

    assert outcome.found_data is True
    assert outcome.result == {
        "screened_name": "Nordkern Foods GmbH",
        "threshold": 0.84,
        "review_threshold": 0.8,
        "match": False,
        "hits": 0,
        "reviews": 0,
        "matches": [],
        "lists": [
            {
                "name": "OFAC SDN",
                "published_on": "2026-11-28",
                "entry_count": 14965,
                "loaded_at": "2026-11-28T06:00:00",
            }
        ],
        "last_sanction": None,
    }


def test_a_matchs_score_is_shown_to_three_decimals(nordkern: Company, sources: Sources) -> None:
    sources.screening.value = ScreeningResult(
        threshold=0.84, matches=(graded("NORDKERN", "near", 0.712345),)
    )

    [match] = checks.sanctions(nordkern, "").result["matches"]

    assert match["score"] == 0.712


# Website


def test_a_website_and_registration_that_both_fail_fail_the_check_with_both_reasons(
    nordkern: Company, sources: Sources
) -> None:
    sources.website.error = "The website is unreachable"
    sources.registration.error = "The domain registry (RDAP) is unreachable"

    with pytest.raises(SourceError) as failure:
        checks.website(nordkern, "")

    assert str(failure.value) == (
        "The domain registry (RDAP) is unreachable; The website is unreachable"
    )
    assert not DomainCache.objects.exists()


def test_the_domain_given_comes_before_the_companys_own(
    nordkern: Company, sources: Sources
) -> None:
    outcome = checks.website(nordkern, "HTTPS://WWW.Other.example/contact")

    assert outcome.result["domain"] == "other.example"
    assert DomainCache.objects.get().domain == "other.example"


def test_a_domains_age_is_counted_in_days_to_today(nordkern: Company, sources: Sources) -> None:
    with time_machine.travel(datetime(2026, 3, 11, 12, 0, tzinfo=UTC), tick=False):
        result = checks.website(nordkern, "").result

    assert result["domain_age_days"] == 4028  # from 2015-03-01
    assert result["domain_state"] == "stable"
    assert result["checked_at"] == "2026-03-11T12:00:00+00:00"


def test_a_kept_domain_answer_is_asked_again_once_older_than_the_cache_days(
    nordkern: Company, sources: Sources, settings: Any
) -> None:
    settings.VERIFICATION_CACHE_DAYS = 7
    DomainCache.objects.create(
        domain="nordkern.example",
        website={"url": "https://nordkern.example/", "status_code": 500, "tls": True},
        registration={"registered_at": "2015-03-01"},
        fetched_at=timezone.now() - timedelta(days=7, seconds=1),
    )

    result = checks.website(nordkern, "").result

    assert (sources.website.calls, sources.registration.calls) == (1, 1)
    assert result["website"]["status_code"] == 200
