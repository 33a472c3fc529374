"""The verdict of a run, computed from the evidence its checks stored: the fixed order of the
statuses, the reasons with their sources and dates, and the same words in three languages."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from apps.accounts.models import User
from apps.leads.tests.conftest import make_company
from apps.verification import findings, verdict
from apps.verification.models import CHECKS, CheckState, Verification

pytestmark = pytest.mark.django_db

TODAY = timezone.now().date()
FRESH_LIST = {
    "name": "OFAC SDN",
    "published_on": (TODAY - timedelta(days=3)).isoformat(),
    "entry_count": 14965,
    "loaded_at": timezone.now().isoformat(),
}


def listed(name: str, grade: str, score: float) -> dict[str, Any]:
    return {
        "name": name,
        "matched_name": name,
        "score": score,
        "list": "OFAC SDN",
        "programme": "CUBA",
        "list_date": FRESH_LIST["published_on"],
        "grade": grade,
        "above_threshold": grade == "match",
    }


def clean_results() -> dict[str, dict[str, Any]]:
    """What a run that confirmed everything stores."""
    return {
        "company_profile": {
            "company": {"name": "Dutch Nut Trading B.V."},
            "place": {
                "status": "found",
                "address": "Waalhaven 1, Rotterdam",
                "source": "google_places",
                "fetched_at": "2026-11-21T08:00:00+00:00",
            },
            "registry": {"status": "source not configured"},
            "found_data": True,
        },
        "trade_data": {
            "shipments": 30,
            "last_transaction": {
                "date": "2026-09-01",
                "hs_code": "080132",
                "product": "Cashew kernels",
                "exporter_country": "VN",
                "importer_country": "NL",
                "order_value_usd": 41000,
            },
            "top_products": [{"hs_code": "080132", "shipments": 30, "value_usd": 1230000}],
            "partner_countries": [{"country": "VN", "shipments": 30, "value_usd": 1230000}],
            "found_data": True,
        },
        "sanctions": {"matches": [], "lists": [FRESH_LIST], "found_data": True},
        "website": {
            "domain": "dutchnut.example",
            "website": {"url": "https://dutchnut.example/", "status_code": 200, "tls": True},
            "registration": {"registered_at": "2015-03-01"},
            "domain_state": "stable",
            "domain_age_days": 4000,
            "checked_at": timezone.now().isoformat(),
            "found_data": True,
        },
    }


def finished_run(
    results: dict[str, dict[str, Any]],
    errors: dict[str, str] | None = None,
    *,
    demo: bool = False,
) -> Verification:
    user = User.objects.create_user(f"user{User.objects.count()}@example.com")
    company = make_company(name="Dutch Nut Trading B.V.", is_demo=demo)
    fields: dict[str, Any] = {}
    for check in CHECKS:
        failed = (errors or {}).get(check)
        fields[f"{check}_state"] = CheckState.ERROR if failed else CheckState.SUCCESS
        fields[f"{check}_result"] = {"error": failed} if failed else results[check]
    return Verification.objects.create(
        user=user, company=company, run=1, charged=True, started_at=timezone.now(), **fields
    )


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
