"""The company registry (GLEIF's LEI API) against recorded exchanges (recordings/gleif/), and
the company-profile check that shows its record: a record counts only when its legal name
matches the company's, a failing registry is reported without failing the check when the place
was found, and the stored record alone is no data."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any
from unittest.mock import ANY

import pytest
import requests

from apps.accounts.tests.http import FakeHttp, Replay, response
from apps.leads.models import Company
from apps.leads.tests.conftest import make_company
from apps.verification import checks
from apps.verification.models import RegistryCache
from apps.verification.providers import SourceError
from apps.verification.providers.registry import (
    GleifRegistry,
    _best_match,
    _legal_name_keys,
    company_registry,
    record_fields,
)

RECORDINGS = Path(__file__).parent / "recordings" / "gleif"
GLEIF = "https://api.gleif.org/api/v1"
DUTCH_NUT = "724500D7N8T5R4D1NG57"
PLACE = {"place_name": "Dutch Nut Trading", "address": "Waalhaven Zuidzijde 1, Rotterdam"}


def replay(*names: str) -> Replay:
    exchanges: list[dict[str, Any]] = []
    for name in names:
        exchanges += json.loads((RECORDINGS / f"{name}.json").read_text(encoding="utf-8"))
    return Replay(exchanges)


@pytest.fixture(autouse=True)
def registry_on(settings: Any) -> None:
    settings.VERIFICATION_REGISTRY_URL = GLEIF
    settings.VERIFICATION_REGISTRY_TIMEOUT = 5.0


def test_a_company_is_found_by_its_legal_name_with_its_direct_parent() -> None:
    http = replay("found")

    record = GleifRegistry(http).find_company(name="Dutch Nut Trading B.V.", country="NL")

    assert http.finished
    assert record == {
        "legal_name": "DUTCH NUT TRADING B.V.",
        "lei": DUTCH_NUT,
        "jurisdiction": "NL",
        "city": "Rotterdam",
        "country": "NL",
        "entity_status": "ACTIVE",
        "registration_status": "ISSUED",
        "initial_registration_date": "2014-02-10",
        "next_renewal_date": "2027-02-10",
        "direct_parent": {"name": "DUTCH NUT TRADING HOLDING B.V.", "lei": "724500H0LD1NGDNT0033"},
    }
    assert http.calls[0]["headers"] == {"Accept": "application/vnd.api+json"}
    assert http.calls[0]["timeout"] == 5.0


def test_a_name_that_matches_only_in_part_is_not_found() -> None:
    http = replay("partial_match")

    record = GleifRegistry(http).find_company(name="Dutch Nut Trading B.V.", country="NL")

    assert record is None
    assert http.finished  # the full-text search was asked too, and its records refused


def test_another_spelling_is_found_by_full_text_and_an_active_record_comes_first() -> None:
    http = replay("other_spelling")

    record = GleifRegistry(http).find_company(name="Dong Tam Trading Co., Ltd.", country="VN")

    assert http.finished  # no parent asked: GLEIF reports an exception instead of a parent
    assert record is not None
    assert record["legal_name"] == "CÔNG TY TNHH THƯƠNG MẠI ĐỒNG TÂM"
    assert (record["lei"], record["entity_status"]) == ("254900DNGT4M0000VN12", "ACTIVE")
    assert record["direct_parent"] is None


def test_a_company_the_registry_does_not_hold_is_not_found() -> None:
    http = replay("not_found")

    assert GleifRegistry(http).find_company(name="Zzyzx Cashew Holdings Ltd", country="GB") is None
    assert http.finished


def test_a_registry_that_answers_an_error_is_a_source_error() -> None:
    with pytest.raises(SourceError, match=r"company registry \(GLEIF\) answered 503"):
        GleifRegistry(replay("unavailable")).find_company(
            name="Dutch Nut Trading B.V.", country="NL"
        )


def test_a_registry_that_does_not_answer_in_time_is_a_source_error() -> None:
    http = FakeHttp({("GET", f"{GLEIF}/lei-records"): requests.ReadTimeout("read timed out")})

    with pytest.raises(SourceError, match="did not answer within 5 seconds"):
        GleifRegistry(http).find_company(name="Dutch Nut Trading B.V.", country="NL")


def test_the_registry_is_off_without_an_address(settings: Any) -> None:
    assert isinstance(company_registry(), GleifRegistry)

    settings.VERIFICATION_REGISTRY_URL = ""

    assert company_registry() is None


# The company-profile check


class FoundPlace:
    name = "test_maps"

    def find_place(self, *, name: str, country: str, city: str) -> dict[str, Any] | None:
        return PLACE


@pytest.fixture
def buyer(db: None) -> Company:
    return make_company(name="Dutch Nut Trading B.V.", country="NL", city="Rotterdam")


@pytest.fixture
def maps_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(checks, "maps_provider", lambda: None)


def use_registry(monkeypatch: pytest.MonkeyPatch, http: Any) -> None:
    monkeypatch.setattr(checks, "company_registry", lambda: GleifRegistry(http))


def test_the_profile_shows_the_registry_record_and_counts_as_data(
    buyer: Company, maps_off: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_registry(monkeypatch, replay("found"))

    outcome = checks.company_profile(buyer, "")

    registry = outcome.result["registry"]
    assert outcome.found_data is True
    assert registry["status"] == "found"
    assert (registry["lei"], registry["source"]) == (DUTCH_NUT, "GLEIF")
    assert registry["direct_parent"]["name"] == "DUTCH NUT TRADING HOLDING B.V."
    assert registry["fetched_at"] == RegistryCache.objects.get().fetched_at.isoformat()
    assert outcome.result["company"]["name"] == "Dutch Nut Trading B.V."


def test_the_stored_record_alone_is_no_data(buyer: Company, maps_off: None, settings: Any) -> None:
    settings.VERIFICATION_REGISTRY_URL = ""

    outcome = checks.company_profile(buyer, "")

    assert outcome.found_data is False
    assert outcome.result["registry"] == {"status": "source not configured"}
    assert outcome.result["place"] == {"status": "source not configured"}
    assert outcome.result["company"]["name"] == "Dutch Nut Trading B.V."


def test_a_company_the_registry_does_not_hold_is_no_data(
    buyer: Company, maps_off: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_registry(monkeypatch, replay("partial_match"))

    outcome = checks.company_profile(buyer, "")

    assert outcome.result["registry"] == {"status": "not found"}
    assert outcome.found_data is False


def test_a_failing_registry_is_reported_and_the_place_still_makes_the_check(
    buyer: Company, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checks, "maps_provider", FoundPlace)
    use_registry(monkeypatch, replay("unavailable"))

    outcome = checks.company_profile(buyer, "")

    assert outcome.found_data is True
    assert outcome.result["place"] == {
        "status": "found",
        **PLACE,
        "source": "test_maps",
        "fetched_at": ANY,
    }
    assert outcome.result["registry"] == {
        "status": "error",
        "error": "The company registry (GLEIF) answered 503",
    }
    assert not RegistryCache.objects.exists()  # a failure is not kept


def test_a_failing_registry_with_nothing_found_fails_the_check(
    buyer: Company, maps_off: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_registry(monkeypatch, replay("unavailable"))

    with pytest.raises(SourceError, match=r"company registry \(GLEIF\) answered 503"):
        checks.company_profile(buyer, "")


def test_the_registry_answer_is_kept_and_not_asked_again_until_it_is_old(
    buyer: Company, maps_off: None, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    http = replay("found")
    use_registry(monkeypatch, http)

    first = checks.company_profile(buyer, "")
    again = checks.company_profile(buyer, "")  # a further request would find no recording

    assert again.result == first.result
    assert len(http.calls) == 2  # the search and the parent, once

    RegistryCache.objects.update(
        fetched_at=RegistryCache.objects.get().fetched_at
        - timedelta(days=settings.VERIFICATION_CACHE_DAYS)
    )
    use_registry(monkeypatch, replay("found"))
    assert checks.company_profile(buyer, "").result["registry"]["status"] == "found"


# The records read without recordings

LEI_RECORDS = f"{GLEIF}/lei-records"


def lei_record(
    lei: str,
    name: str,
    status: str = "ACTIVE",
    registration: str = "ISSUED",
    **entity: Any,
) -> dict[str, Any]:
    return {
        "id": lei,
        "attributes": {
            "lei": lei,
            "entity": {"legalName": {"name": name}, "status": status, **entity},
            "registration": {"status": registration},
        },
    }


def test_an_lei_records_fields_are_read_with_its_dates_as_days() -> None:
    record = {
        "id": "724500D7N8T5R4D1NG57",
        "attributes": {
            "entity": {
                "legalName": {"name": "DUTCH NUT TRADING B.V."},
                "jurisdiction": "NL",
                "legalAddress": {"city": "Rotterdam", "country": "NL"},
                "status": "ACTIVE",
            },
            "registration": {
                "status": "ISSUED",
                "initialRegistrationDate": "2014-02-10T09:00:00Z",
                "nextRenewalDate": "2027-02-10T09:00:00Z",
            },
        },
    }

    assert record_fields(record) == {
        "legal_name": "DUTCH NUT TRADING B.V.",
        "lei": "724500D7N8T5R4D1NG57",  # the id when the attributes carry none
        "jurisdiction": "NL",
        "city": "Rotterdam",
        "country": "NL",
        "entity_status": "ACTIVE",
        "registration_status": "ISSUED",
        "initial_registration_date": "2014-02-10",
        "next_renewal_date": "2027-02-10",
    }


def test_a_record_without_attributes_has_empty_fields_and_no_dates() -> None:
    assert record_fields({}) == {
        "legal_name": "",
        "lei": "",
        "jurisdiction": "",
        "city": "",
        "country": "",
        "entity_status": "",
        "registration_status": "",
        "initial_registration_date": None,
        "next_renewal_date": None,
    }


def test_other_legal_names_count_but_previous_and_trading_names_do_not() -> None:
    record = lei_record(
        "1",
        "Công ty TNHH Đông Tâm",
        otherNames=[
            {"name": "Dong Tam Trading Company Limited", "type": "ALTERNATIVE_LANGUAGE_LEGAL_NAME"},
            {"name": "Old Name Co", "type": "PREVIOUS_LEGAL_NAME"},
            {"name": "Dong Tam Brand", "type": "TRADING_OR_OPERATING_NAME"},
        ],
        transliteratedOtherNames=[
            {"name": "CONG TY TNHH DONG TAM", "type": "AUTO_ASCII_TRANSLITERATED_LEGAL_NAME"}
        ],
    )

    assert _legal_name_keys(record) == {"dong tam", "dong tam trading"}


def chosen_id(records: list[dict[str, Any]], name: str) -> str:
    chosen = _best_match(records, name)
    assert chosen is not None
    return str(chosen["id"])


def test_among_records_of_the_name_the_active_one_with_an_issued_lei_is_chosen() -> None:
    records = [
        lei_record("LAPSED", "Nordkern Foods GmbH", registration="LAPSED"),
        lei_record("INACTIVE", "NORDKERN FOODS GMBH", status="INACTIVE"),
        lei_record("OTHER", "Nordkern Foods Holding GmbH"),
        lei_record("ACTIVE", "Nordkern Foods G.m.b.H."),
    ]

    assert chosen_id(records, "Nordkern Foods GmbH") == "ACTIVE"
    assert _best_match(records[2:3], "Nordkern Foods GmbH") is None


def test_a_record_in_lesser_standing_is_still_chosen_when_it_alone_has_the_name() -> None:
    records = [lei_record("INACTIVE", "Nordkern Foods GmbH", status="INACTIVE")]

    assert chosen_id(records, "Nordkern Foods") == "INACTIVE"


def test_a_record_without_a_parent_link_has_no_direct_parent(settings: Any) -> None:
    http = FakeHttp(
        {("GET", LEI_RECORDS): response(200, {"data": [lei_record("L1", "Nordkern Foods GmbH")]})}
    )

    settings.VERIFICATION_REGISTRY_URL = f"{GLEIF}/"

    found = GleifRegistry(http).find_company(name="Nordkern Foods GmbH", country="")

    assert found is not None
    assert found["direct_parent"] is None
    assert http.calls[0]["params"] == {
        "filter[entity.legalName]": "Nordkern Foods GmbH",
        "page[size]": "20",
    }
    assert http.calls[0]["url"] == LEI_RECORDS  # the closing slash of the address left out


def test_a_parent_link_answering_in_another_shape_gives_no_direct_parent() -> None:
    parent = f"{GLEIF}/lei-records/P1"
    record = {
        **lei_record("L1", "Nordkern Foods GmbH"),
        "relationships": {"direct-parent": {"links": {"lei-record": parent}}},
    }
    http = FakeHttp(
        {
            ("GET", LEI_RECORDS): response(200, {"data": [record]}),
            ("GET", parent): response(200, {"data": []}),
        }
    )

    found = GleifRegistry(http).find_company(name="Nordkern Foods GmbH", country="DE")

    assert found is not None
    assert found["direct_parent"] is None


@pytest.mark.parametrize("body", [{"errors": []}, {"data": {"id": "L1"}}, ["L1"]])
def test_a_records_answer_without_a_list_of_records_is_a_source_error(body: Any) -> None:
    http = FakeHttp({("GET", LEI_RECORDS): response(200, body)})

    with pytest.raises(SourceError) as failure:
        GleifRegistry(http).search_companies(name="Nordkern")

    assert str(failure.value) == "The company registry (GLEIF) answered in an unexpected form"


def test_a_search_answered_404_finds_no_record() -> None:
    http = FakeHttp({("GET", LEI_RECORDS): response(404, "")})

    assert GleifRegistry(http).search_companies(name="Nordkern") == []
    assert http.calls[0]["params"] == {"filter[fulltext]": "Nordkern", "page[size]": "20"}
