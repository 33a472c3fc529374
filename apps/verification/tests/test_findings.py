"""A check's result as a run stores and reads it: typed findings with their defaults, and the
four checks' states and results set through the run, never by a built field name."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from apps.accounts.models import User
from apps.leads.tests.conftest import make_company
from apps.verification import findings
from apps.verification.models import CHECKS, CheckState, Verification

pytestmark = pytest.mark.django_db


def a_run() -> Verification:
    user = User.objects.create_user("reader@example.com")
    return Verification.objects.create(user=user, company=make_company(name="Nordkern Foods"))


def test_a_result_stored_before_a_field_existed_reads_with_its_default() -> None:
    run = a_run()
    old_match = {
        "name": "NORDKERN TRADING",
        "matched_name": "Nordkern Foods",
        "score": 0.91,
        "list": "OFAC SDN",
        "programme": "CUBA",
        "list_date": "2026-01-15",
        "above_threshold": True,
    }
    run.mark("sanctions", CheckState.SUCCESS, {"match": True, "hits": 1, "matches": [old_match]})

    screening = findings.sanctions(run)

    assert screening.reviews == 0
    assert screening.lists == []
    assert screening.matches[0].grade is None
    assert screening.matches[0].score == 0.91


def test_a_stored_result_keeps_every_field_of_its_findings_and_no_other() -> None:
    kept = findings.stored("website", {"domain": "nordkern.example", "scratch": 1})

    assert kept["domain"] == "nordkern.example"
    assert kept["domain_state"] is None
    assert "scratch" not in kept
    assert set(kept) == set(findings.WebsiteFindings.model_fields)


def test_a_result_of_the_wrong_shape_is_refused_before_it_is_stored() -> None:
    with pytest.raises(ValidationError, match="shipments"):
        findings.stored("trade_data", {"shipments": "many"})


def test_a_failed_check_reads_as_its_reason_with_empty_findings() -> None:
    run = a_run()
    run.mark("trade_data", CheckState.ERROR, {"error": "The source did not answer"})

    trade = findings.trade(run)

    assert trade.error == "The source did not answer"
    assert trade.import_history == []
    assert trade.last_transaction is None


def test_a_run_sets_the_states_of_its_four_checks_only() -> None:
    run = a_run()
    run.mark("website", CheckState.IN_PROGRESS)

    assert run.state("website") == "in_progress"
    assert run.result("website") == {}
    with pytest.raises(ValueError, match="Unknown check"):
        run.mark("credit_score", CheckState.SUCCESS, {})
    with pytest.raises(ValueError, match="is not a valid CheckState"):
        run.mark("website", "done")


def test_the_findings_are_those_of_the_four_checks() -> None:
    assert tuple(findings.FINDINGS) == CHECKS


@pytest.mark.parametrize(
    ("check", "kept"),
    [
        ("company_profile", {"company": None, "registry": None, "place": None}),
        ("trade_data", {"shipments": 0, "import_value_usd": 0, "last_transaction": None}),
        ("sanctions", {"screened_name": "", "match": False, "hits": 0, "lists": []}),
    ],
)
def test_every_check_keeps_its_fields_with_their_defaults_and_drops_others(
    check: str, kept: dict[str, object]
) -> None:
    stored = findings.stored(check, {"found_data": True, "scratch": 1})

    assert set(stored) == set(findings.FINDINGS[check].model_fields)
    assert stored["found_data"] is True
    assert {field: stored[field] for field in kept} == kept


def test_the_evidence_of_a_run_holds_each_checks_findings_and_state() -> None:
    run = a_run()
    run.mark("company_profile", CheckState.SUCCESS, {"company": {"name": "Nordkern Foods"}})
    run.mark("trade_data", CheckState.SUCCESS, {"shipments": 12, "found_data": True})
    run.mark("sanctions", CheckState.ERROR, {"error": "No sanctions list loaded"})
    run.mark("website", CheckState.IN_PROGRESS)

    evidence = findings.all_of(run)

    assert evidence.company.company is not None
    assert evidence.company.company.name == "Nordkern Foods"
    assert (evidence.trade.shipments, evidence.sanctions.error) == (12, "No sanctions list loaded")
    assert [evidence.of(check) for check in CHECKS] == [
        evidence.company,
        evidence.trade,
        evidence.sanctions,
        evidence.website,
    ]
    assert [evidence.state(check) for check in CHECKS] == [
        "success",
        "success",
        "error",
        "in_progress",
    ]
    assert [evidence.succeeded(check) for check in CHECKS] == [True, True, False, False]
