"""The verdict of a run, computed from the evidence its checks stored: the fixed order of the
statuses, the reasons with their sources and dates, and the same words in three languages."""

# ruff: noqa: RUF001

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
import time_machine

from apps.verification import findings, verdict
from apps.verification.models import CHECKS, Verification
from apps.verification.tests.conftest import (
    FRESH_LIST,
    TODAY,
    clean_results,
    finished_run,
    listed,
)

pytestmark = pytest.mark.django_db


def judged(verification: Verification, language: str = "en") -> dict[str, Any]:
    evidence = findings.all_of(verification)
    return verdict.verdict(evidence, language, demo=verification.company.is_demo)


def codes(verification: Verification) -> list[str]:
    return [reason["code"] for reason in judged(verification)["reasons"]]


def test_a_run_that_confirmed_everything_is_verified_and_names_its_lists() -> None:
    result = judged(finished_run(clean_results()))

    assert result["status"] == "verified"
    clear = next(r for r in result["reasons"] if r["code"] == "screened_clear")
    assert clear["source"] == "OFAC SDN"
    assert clear["source_date"] == FRESH_LIST["published_on"]
    assert f"OFAC SDN ({FRESH_LIST['published_on']}, 14,965 entries)" in clear["text"]
    place = next(r for r in result["reasons"] if r["code"] == "place_found")
    assert (place["source"], place["source_date"]) == ("google_places", "2026-11-21")


def test_a_listed_match_is_do_not_trade_whatever_else_was_confirmed() -> None:
    results = clean_results()
    results["sanctions"]["matches"] = [listed("AEROCARIBBEAN AIRLINES", "match", 1.0)]

    result = judged(finished_run(results))

    assert result["status"] == "do_not_trade"
    first = result["reasons"][0]
    assert (first["check"], first["code"], first["level"]) == (
        "sanctions",
        "listed_match",
        "do_not_trade",
    )
    assert first["source"] == "OFAC SDN"
    assert "AEROCARIBBEAN AIRLINES" in first["text"]
    assert "screened_clear" not in codes(finished_run(results))


def test_a_listed_match_outranks_every_other_finding() -> None:
    results = clean_results()
    results["sanctions"]["matches"] = [listed("BANCO NACIONAL DE CUBA", "match", 0.97)]
    results["website"]["domain_state"] = "expired"
    verification = finished_run(results, {"trade_data": "timed out"}, demo=True)

    assert judged(verification)["status"] == "do_not_trade"


def test_a_possible_match_needs_review_and_is_never_called_clear() -> None:
    results = clean_results()
    results["sanctions"]["matches"] = [listed("GALAXY TRADING LLC", "review", 0.78)]

    verification = finished_run(results)

    assert judged(verification)["status"] == "needs_review"
    assert "possible_match" in codes(verification)
    assert "screened_clear" not in codes(verification)


def test_near_names_below_review_do_not_change_a_clear_result() -> None:
    results = clean_results()
    results["sanctions"]["matches"] = [listed("DUTCH TRADING CO", "near", 0.7)]

    assert judged(finished_run(results))["status"] == "verified"


@pytest.mark.parametrize("check", CHECKS)
def test_a_check_that_could_not_run_needs_review(check: str) -> None:
    verification = finished_run(clean_results(), {check: "The source did not answer"})

    result = judged(verification)

    assert result["status"] == "needs_review"
    failed = next(r for r in result["reasons"] if r["code"] == "check_failed")
    assert failed["check"] == check
    assert "The source did not answer" in failed["text"]


@pytest.mark.parametrize(
    ("published", "code"),
    [((TODAY - timedelta(days=400)).isoformat(), "list_outdated"), (None, "list_undated")],
)
def test_a_clear_screening_on_an_old_or_undated_list_needs_review(
    published: str | None, code: str
) -> None:
    results = clean_results()
    results["sanctions"]["lists"] = [{**FRESH_LIST, "published_on": published}]

    verification = finished_run(results)

    assert judged(verification)["status"] == "needs_review"
    assert {code, "screened_clear"} <= set(codes(verification))


def test_the_list_age_limit_is_a_setting(settings: Any) -> None:
    results = clean_results()
    results["sanctions"]["lists"] = [
        {**FRESH_LIST, "published_on": (TODAY - timedelta(days=20)).isoformat()}
    ]
    settings.SANCTIONS_MAX_AGE_DAYS = 10

    assert judged(finished_run(results))["status"] == "needs_review"


def test_only_the_stored_record_is_partly_verified() -> None:
    results = clean_results()
    results["company_profile"]["place"] = {"status": "source not configured"}

    verification = finished_run(results)

    assert judged(verification)["status"] == "partly_verified"
    assert "record_only" in codes(verification)


def test_a_registry_record_confirms_the_company_with_its_source_and_date() -> None:
    results = clean_results()
    results["company_profile"]["place"] = {"status": "not found"}
    results["company_profile"]["registry"] = {
        "status": "found",
        "legal_name": "DUTCH NUT TRADING B.V.",
        "lei": "724500ABCDEF12345678",
        "entity_status": "ACTIVE",
        "registration_status": "ISSUED",
        "source": "GLEIF",
        "fetched_at": "2026-11-20T10:00:00+00:00",
    }

    result = judged(finished_run(results))

    assert result["status"] == "verified"
    found = next(r for r in result["reasons"] if r["code"] == "registry_found")
    assert (found["source"], found["source_date"]) == ("GLEIF", "2026-11-20")
    assert "724500ABCDEF12345678" in found["text"]


def test_a_lapsed_registration_needs_review() -> None:
    results = clean_results()
    results["company_profile"]["registry"] = {
        "status": "found",
        "legal_name": "DUTCH NUT TRADING B.V.",
        "lei": "724500ABCDEF12345678",
        "entity_status": "ACTIVE",
        "registration_status": "LAPSED",
        "source": "GLEIF",
    }

    verification = finished_run(results)

    assert judged(verification)["status"] == "needs_review"
    assert "registry_inactive" in codes(verification)


def test_no_domain_given_says_so_and_claims_nothing_about_the_world() -> None:
    results = clean_results()
    results["website"] = {"domain": "", "domain_state": "not_given", "found_data": False}

    result = judged(finished_run(results))

    assert result["status"] == "partly_verified"
    reason = next(r for r in result["reasons"] if r["check"] == "website")
    assert reason["code"] == "no_domain_given"
    assert "not registered" not in reason["text"]


@pytest.mark.parametrize(
    ("state", "code", "status"),
    [
        ("expired", "domain_expired", "needs_review"),
        ("new", "domain_new", "needs_review"),
        ("none", "domain_unregistered", "needs_review"),
        (None, "domain_unknown", "partly_verified"),
    ],
)
def test_domain_findings(state: str | None, code: str, status: str) -> None:
    results = clean_results()
    results["website"]["domain_state"] = state
    results["website"]["domain_age_days"] = 40 if state == "new" else None

    verification = finished_run(results)

    assert judged(verification)["status"] == status
    assert code in codes(verification)


def test_a_demo_company_is_never_verified() -> None:
    verification = finished_run(clean_results(), demo=True)

    assert judged(verification)["status"] == "needs_review"
    assert "demo_company" in codes(verification)


def test_no_trade_records_is_partly_verified() -> None:
    results = clean_results()
    results["trade_data"] = {"shipments": 0, "last_transaction": None, "found_data": False}

    assert judged(finished_run(results))["status"] == "partly_verified"


def test_runs_stored_before_grades_read_above_threshold_as_a_match() -> None:
    results = clean_results()
    old = listed("AEROCARIBBEAN AIRLINES", "match", 0.95)
    del old["grade"]
    results["sanctions"]["matches"] = [old]

    assert judged(finished_run(results))["status"] == "do_not_trade"


@pytest.mark.parametrize("language", ["en", "vi", "zh-hans"])
def test_every_reason_reads_in_every_language(language: str) -> None:
    results = clean_results()
    results["sanctions"]["matches"] = [
        listed("AEROCARIBBEAN AIRLINES", "match", 1.0),
        listed("GALAXY TRADING LLC", "review", 0.8),
    ]
    results["sanctions"]["lists"] = [{**FRESH_LIST, "published_on": None}]
    verification = finished_run(results, {"trade_data": "timed out"}, demo=True)

    texts = [reason["text"] for reason in judged(verification, language)["reasons"]]

    assert len(texts) == len(set(texts)) >= 5
    assert all(text and "{" not in text for text in texts)


def test_a_screening_that_names_no_list_cannot_vouch_for_a_clear_result() -> None:
    results = clean_results()
    results["sanctions"]["lists"] = []

    verification = finished_run(results)

    assert judged(verification)["status"] == "needs_review"
    assert "lists_unnamed" in codes(verification)
    assert "screened_clear" not in codes(verification)


def reasons_of(
    verification: Verification, check: str, language: str = "en"
) -> list[dict[str, Any]]:
    reasons = judged(verification, language)["reasons"]
    return [reason for reason in reasons if reason["check"] == check]


def only_reason(verification: Verification, check: str, language: str = "en") -> dict[str, Any]:
    [reason] = reasons_of(verification, check, language)
    return reason


# The order of the levels


@pytest.mark.parametrize(
    ("levels", "status"),
    [
        ((), "needs_review"),  # no evidence vouches for nothing
        ((verdict.Level.VERIFIED,), "verified"),
        ((verdict.Level.VERIFIED, verdict.Level.PARTLY_VERIFIED), "partly_verified"),
        ((verdict.Level.DO_NOT_TRADE, verdict.Level.NEEDS_REVIEW), "do_not_trade"),
    ],
)
def test_the_status_is_the_gravest_level_among_the_reasons(
    levels: tuple[verdict.Level, ...], status: str
) -> None:
    found = [verdict.Reason("website", "domain_age", level) for level in levels]

    assert verdict.status(found) == status


def test_a_reason_reads_with_its_check_source_date_and_text() -> None:
    reason = verdict.Reason(
        "website",
        "domain_age",
        verdict.Level.VERIFIED,
        "RDAP",
        "2026-11-20",
        {"domain": "a.example", "age": "3 years"},
    )

    assert reason.as_dict("en") == {
        "check": "website",
        "code": "domain_age",
        "level": "verified",
        "source": "RDAP",
        "source_date": "2026-11-20",
        "text": "a.example has been registered for 3 years.",
    }


def test_reasons_of_one_level_keep_the_order_of_the_checks() -> None:
    verification = finished_run(clean_results(), {"company_profile": "timed out"}, demo=True)

    assert codes(verification) == [
        "demo_company",
        "check_failed",
        "trade_records",
        "screened_clear",
        "domain_age",
    ]


# Company profile


def registry(**fields: Any) -> dict[str, Any]:
    return {
        "status": "found",
        "legal_name": "DUTCH NUT TRADING B.V.",
        "lei": "724500ABCDEF12345678",
        "entity_status": "ACTIVE",
        "registration_status": "ISSUED",
        "source": "GLEIF",
        "fetched_at": "2026-11-20T10:00:00+00:00",
        **fields,
    }


@pytest.mark.parametrize(
    "state", ["INACTIVE", "LAPSED", "RETIRED", "ANNULLED", "DUPLICATE", "MERGED", "TRANSFERRED"]
)
def test_every_inactive_registry_state_needs_review_and_is_named(state: str) -> None:
    results = clean_results()
    results["company_profile"]["registry"] = registry(entity_status=state)

    reason = reasons_of(finished_run(results), "company_profile")[0]

    assert reason == {
        "check": "company_profile",
        "code": "registry_inactive",
        "level": "needs_review",
        "source": "GLEIF",
        "source_date": "2026-11-20",
        "text": f"The company registry lists DUTCH NUT TRADING B.V. (LEI 724500ABCDEF12345678) "
        f"as {state}: confirm the company still operates.",
    }


def test_registry_states_are_read_in_any_case_and_all_named() -> None:
    results = clean_results()
    results["company_profile"]["registry"] = registry(
        entity_status="inactive", registration_status="Lapsed"
    )

    reason = reasons_of(finished_run(results), "company_profile")[0]

    assert reason["code"] == "registry_inactive"
    assert "as INACTIVE, LAPSED:" in reason["text"]


@pytest.mark.parametrize("registry_status", ["not found", "error", "source not configured"])
def test_a_registry_without_the_company_and_no_place_leave_our_record_only(
    registry_status: str,
) -> None:
    results = clean_results()
    results["company_profile"]["registry"] = {"status": registry_status, "error": "down"}
    results["company_profile"]["place"] = {"status": "not found"}

    assert only_reason(finished_run(results), "company_profile") == {
        "check": "company_profile",
        "code": "record_only",
        "level": "partly_verified",
        "source": "Tradewise",
        "source_date": None,
        "text": "Only our stored record: no registry or map source confirmed the company.",
    }


def test_a_registry_record_and_a_place_both_confirm_the_company() -> None:
    results = clean_results()
    results["company_profile"]["registry"] = registry()

    found = reasons_of(finished_run(results), "company_profile")

    assert [reason["code"] for reason in found] == ["registry_found", "place_found"]


def test_answers_without_a_source_or_date_are_named_by_their_kind() -> None:
    results = clean_results()
    results["company_profile"]["registry"] = registry(source=None, fetched_at=None)
    results["company_profile"]["place"] = {
        "status": "found",
        "place_name": "Dutch Nut Trading",
        "address": "",
    }

    found = reasons_of(finished_run(results), "company_profile")

    assert [(r["source"], r["source_date"]) for r in found] == [("registry", None), ("maps", None)]
    assert found[1]["text"] == "A business place was found on the map: Dutch Nut Trading."


# Trade data


def trade_run(**trade: Any) -> Verification:
    results = clean_results()
    results["trade_data"].update(trade)
    return finished_run(results)


LAST_IMPORT = {
    "date": "2026-09-01",
    "hs_code": "080131",
    "product": "Cashew nuts in shell",
    "exporter_country": "ID",
    "importer_country": "NL",
    "order_value_usd": 41000,
}


@pytest.mark.parametrize(
    ("summary", "text"),
    [
        ({}, "30 shipments on record; imports HS 080132 from Vietnam, last shipment 3 months ago."),
        (
            {"top_products": [], "partner_countries": []},
            "30 shipments on record; imports HS 080131 from Indonesia, last shipment 3 months ago.",
        ),
    ],
)
def test_trade_records_name_the_top_product_and_partner_or_else_the_last_shipments(
    summary: dict[str, Any], text: str
) -> None:
    with time_machine.travel(date(2026, 12, 2), tick=False):
        reason = only_reason(trade_run(last_transaction=LAST_IMPORT, **summary), "trade_data")

    assert (reason["code"], reason["level"]) == ("trade_records", "verified")
    assert (reason["source"], reason["source_date"]) == ("trade data", "2026-09-01")
    assert reason["text"] == text


LAST_EXPORT = {**LAST_IMPORT, "exporter_country": "NL", "importer_country": "DE"}


@pytest.mark.parametrize(
    ("language", "text"),
    [
        (
            "en",
            "Exports on record, no imports: ships HS 080131 to Germany, "
            "last shipment 3 months ago.",
        ),
        ("zh", "有出口记录，无进口记录：向德国出口HS 080131，最近一次发货在3个月前。"),
    ],
)
def test_an_exporter_without_imports_is_told_by_its_last_export_not_as_a_buyer_of_its_own_goods(
    language: str, text: str
) -> None:
    run = trade_run(
        shipments=0, import_history=[], export_history=[LAST_EXPORT], last_transaction=LAST_EXPORT
    )
    with time_machine.travel(date(2026, 12, 2), tick=False):
        reason = only_reason(run, "trade_data", language)

    assert (reason["code"], reason["level"], reason["source_date"]) == (
        "export_records",
        "verified",
        "2026-09-01",
    )
    assert reason["text"] == text


def test_no_trade_records_says_there_is_no_proof_of_trade() -> None:
    reason = only_reason(trade_run(shipments=0, last_transaction=None), "trade_data")

    assert reason == {
        "check": "trade_data",
        "code": "no_trade_records",
        "level": "partly_verified",
        "source": "trade data",
        "source_date": None,
        "text": "No shipments on record in the trade data: no proof that this company trades.",
    }


# Sanctions


def sanctions_run(matches: list[dict[str, Any]], lists: list[dict[str, Any]]) -> Verification:
    results = clean_results()
    results["sanctions"].update(matches=matches, lists=lists)
    return finished_run(results)


@pytest.mark.parametrize(
    ("grade", "code"), [("match", "listed_match"), ("review", "possible_match")]
)
def test_at_most_three_matches_of_a_grade_are_named(grade: str, code: str) -> None:
    matches = [listed(f"PARTY {number}", grade, 0.9) for number in range(5)]

    found = reasons_of(sanctions_run(matches, [FRESH_LIST]), "sanctions")

    assert [reason["code"] for reason in found] == [code] * 3
    named = " | ".join(reason["text"] for reason in found)
    assert [f"PARTY {number} on" in named for number in range(5)] == [True] * 3 + [False] * 2


def test_matches_and_possible_matches_are_named_side_by_side() -> None:
    matches = [
        listed("GALAXY TRADING LLC", "review", 0.81),
        listed("BANCO NACIONAL", "match", 0.97),
    ]

    found = reasons_of(sanctions_run(matches, [FRESH_LIST]), "sanctions")

    assert [reason["code"] for reason in found] == ["listed_match", "possible_match"]
    assert found[0]["text"] == (
        "Matches BANCO NACIONAL on OFAC SDN (score 0.97, CUBA): "
        "do not trade before a compliance review."
    )
    assert found[0]["source_date"] == FRESH_LIST["published_on"]


def test_a_stored_match_under_the_threshold_without_a_grade_is_a_near_name() -> None:
    old = listed("DUTCH TRADING CO", "near", 0.7)
    del old["grade"]

    found = reasons_of(sanctions_run([old], [FRESH_LIST]), "sanctions")

    assert [reason["code"] for reason in found] == ["screened_clear"]


@pytest.mark.parametrize(("age", "outdated"), [(30, False), (31, True)])
def test_a_list_older_than_the_age_limit_cannot_vouch_alone(
    settings: Any, age: int, outdated: bool
) -> None:
    settings.SANCTIONS_MAX_AGE_DAYS = 30
    published = (date(2026, 12, 2) - timedelta(days=age)).isoformat()
    screened = {**FRESH_LIST, "published_on": published}

    with time_machine.travel(date(2026, 12, 2), tick=False):
        found = reasons_of(sanctions_run([], [screened]), "sanctions")

    expected = ["list_outdated", "screened_clear"] if outdated else ["screened_clear"]
    assert [reason["code"] for reason in found] == expected
    if outdated:
        assert found[0]["text"] == (
            f"OFAC SDN is dated {published}, older than 30 days: recent listings may be missing."
        )


def test_a_clear_screening_names_every_list_and_the_oldest_date() -> None:
    older = {
        **FRESH_LIST,
        "name": "UN Consolidated",
        "published_on": (TODAY - timedelta(days=9)).isoformat(),
        "entry_count": 1002,
    }
    undated = {**FRESH_LIST, "name": "OFAC Consolidated", "published_on": None, "entry_count": 443}

    found = reasons_of(sanctions_run([], [FRESH_LIST, older, undated]), "sanctions")

    assert [reason["code"] for reason in found] == ["list_undated", "screened_clear"]
    clear = found[1]
    assert clear["source"] == "OFAC SDN, UN Consolidated, OFAC Consolidated"
    assert clear["source_date"] == older["published_on"]
    assert clear["text"] == (
        f"No sanctions match on OFAC SDN ({FRESH_LIST['published_on']}, 14,965 entries); "
        f"UN Consolidated ({older['published_on']}, 1,002 entries); "
        "OFAC Consolidated (undated, 443 entries)."
    )


def test_a_match_on_an_old_list_is_named_and_never_called_clear() -> None:
    old = {**FRESH_LIST, "published_on": (TODAY - timedelta(days=400)).isoformat()}

    found = reasons_of(sanctions_run([listed("BANCO NACIONAL", "match", 0.97)], [old]), "sanctions")

    assert [reason["code"] for reason in found] == ["listed_match", "list_outdated"]


def test_a_match_on_an_unnamed_list_is_named_with_the_missing_lists() -> None:
    found = reasons_of(sanctions_run([listed("BANCO NACIONAL", "match", 0.97)], []), "sanctions")

    assert [reason["code"] for reason in found] == ["listed_match", "lists_unnamed"]


# Website


def website_run(**site: Any) -> Verification:
    results = clean_results()
    results["website"].update(site)
    return finished_run(results)


CHECKED_AT = "2026-11-28T09:30:00+00:00"


@pytest.mark.parametrize(
    ("state", "age", "code", "level", "text"),
    [
        ("expired", 4000, "domain_expired", "needs_review",
         "The registration of dutchnut.example has expired: the company may no longer be active."),
        ("none", None, "domain_unregistered", "needs_review",
         "dutchnut.example is not a registered domain: confirm the company's website another way."),
        ("new", 40, "domain_new", "needs_review",
         "dutchnut.example was registered 1 month ago: new domains are used in fraud, "
         "confirm it is the company's."),
        ("stable", 800, "domain_age", "verified",
         "dutchnut.example has been registered for 2 years."),
    ],
)  # fmt: skip
def test_each_domain_finding_names_rdap_and_the_day_it_was_checked(
    state: str, age: int | None, code: str, level: str, text: str
) -> None:
    verification = website_run(domain_state=state, domain_age_days=age, checked_at=CHECKED_AT)

    assert only_reason(verification, "website") == {
        "check": "website",
        "code": code,
        "level": level,
        "source": "RDAP",
        "source_date": "2026-11-28",
        "text": text,
    }


@pytest.mark.parametrize("state", ["new", "stable"])
def test_a_domain_age_that_was_not_read_is_unknown_with_the_registrys_reason(state: str) -> None:
    verification = website_run(
        domain_state=state,
        domain_age_days=None,
        registration={"error": "The domain registry (RDAP) is unreachable"},
    )

    reason = only_reason(verification, "website")

    assert (reason["code"], reason["level"]) == ("domain_unknown", "partly_verified")
    assert reason["text"] == (
        "The registration of dutchnut.example could not be read "
        "(The domain registry (RDAP) is unreachable)."
    )


def test_a_site_that_did_not_answer_is_named_beside_the_domains_age() -> None:
    verification = website_run(website={"error": "The website is unreachable"})

    found = reasons_of(verification, "website")

    assert [(reason["code"], reason["level"]) for reason in found] == [
        ("site_unreachable", "partly_verified"),
        ("domain_age", "verified"),
    ]
    assert (found[0]["source"], found[0]["text"]) == (
        "website",
        "The website of dutchnut.example did not answer.",
    )
