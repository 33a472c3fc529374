"""The verification reads: a result, its sections and a run's progress, read from the run's
stored findings."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import date
from typing import Any

import pytest
from django.utils import timezone

from apps.accounts.models import User
from apps.core.errors import NotFound
from apps.leads.models import Company
from apps.leads.tests.conftest import make_company
from apps.verification import findings, selectors, services
from apps.verification.findings import SanctionsFindings, TradeFindings
from apps.verification.models import CHECKS, Verification
from apps.verification.tests.conftest import Sources, clean_results, finished_run

pytestmark = pytest.mark.django_db


def run_all(user: User, company: Company) -> Verification:
    for check in CHECKS:
        verification = services.run_check(user=user, company_id=company.pk, check=check, domain="")
    return verification


def counting(parse: Callable[..., Any], check: str, parsed: Counter[str]) -> Callable[..., Any]:
    def counted(*args: Any, **kwargs: Any) -> Any:
        parsed[check] += 1
        return parse(*args, **kwargs)

    return counted


def count_parses(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How many times each check's stored findings are parsed, from now on."""
    parses: Counter[str] = Counter()
    for check, model in findings.FINDINGS.items():
        monkeypatch.setattr(model, "model_validate", counting(model.model_validate, check, parses))
    return parses


READS: dict[str, Callable[[User, Company], dict[str, Any]]] = {
    "result": lambda user, company: selectors.results(user, company.pk, "en"),
    "progress": lambda user, company: selectors.progress(
        selectors.verification_for(user, company.pk)
    ),
}


@pytest.mark.parametrize("read", READS)
def test_a_read_parses_each_checks_findings_once(
    member: User, buyer: Company, sources: Sources, monkeypatch: pytest.MonkeyPatch, read: str
) -> None:
    sources.screening.error = "No sanctions list loaded"  # a failed check is read once too
    run_all(member, buyer)
    parses = count_parses(monkeypatch)

    answer = READS[read](member, buyer)

    assert answer["status"] == "needs_review"
    assert dict(parses) == dict.fromkeys(CHECKS, 1)


# Recommendations


@pytest.mark.parametrize(
    ("today", "last_left_out", "first_counted"),
    [
        (date(2026, 11, 30), "2025-11", "2025-12"),
        (date(2026, 12, 1), "2025-12", "2026-01"),
        (date(2026, 1, 15), "2025-01", "2025-02"),
    ],
)
def test_recent_shipments_are_those_of_the_last_twelve_months_this_one_included(
    today: date, last_left_out: str, first_counted: str
) -> None:
    rows = [
        {"month": last_left_out, "shipments": 100, "value_usd": 0.0},
        {"month": first_counted, "shipments": 3, "value_usd": 0.0},
        {"month": f"{today:%Y-%m}", "shipments": 4, "value_usd": 0.0},
    ]

    shipments = selectors._recent_shipments(TradeFindings(monthly=rows), today)

    assert shipments == 7


@pytest.mark.parametrize(("year", "age"), [(None, None), (2026, 0), (2025, 1), (2001, 25)])
def test_a_company_age_is_counted_in_calendar_years(year: int | None, age: int | None) -> None:
    assert selectors._years_since(year, date(2026, 1, 1)) == age


def test_a_listed_match_outweighs_possible_matches_in_the_sanctions_level() -> None:
    screening = SanctionsFindings(match=True, hits=1, reviews=3)

    assert selectors._sanction_level(screening) == "yes"


# A user's verifications


def a_run(user: User, states: dict[str, str], **fields: Any) -> Verification:
    """A run of `user` whose checks are in `states`; a failed one says why."""
    stored = {
        f"{check}_result": {"error": "The source did not answer"} if state == "error" else {}
        for check, state in states.items()
    }
    return Verification.objects.create(
        user=user,
        company=make_company(name="Nordkern Foods"),
        run=1,
        started_at=timezone.now(),
        **{f"{check}_state": state for check, state in states.items()},
        **stored,
        **fields,
    )


def states(*given: str) -> dict[str, str]:
    return dict(zip(CHECKS, given, strict=True))


@pytest.mark.parametrize(
    ("given", "shown", "progress", "loading", "is_done", "finished"),
    [
        (("pending",) * 4, ("pending",) * 4, 0, True, False, False),
        (("in_progress", "pending", "pending", "pending"),
         ("verifying", "pending", "pending", "pending"), 0, True, False, False),
        (("success", "error", "in_progress", "pending"),
         ("done", "error", "verifying", "pending"), 50, True, False, False),
        (("success", "success", "error", "success"),
         ("done", "done", "error", "done"), 100, False, False, True),
        (("success",) * 4, ("done",) * 4, 100, False, True, True),
    ],
)  # fmt: skip
def test_progress_counts_finished_checks_and_labels_each(
    member: User,
    given: tuple[str, ...],
    shown: tuple[str, ...],
    progress: int,
    loading: bool,
    is_done: bool,
    finished: bool,
) -> None:
    answer = selectors.progress(a_run(member, states(*given)))

    assert answer["checker_states"] == states(*given)
    assert answer["checker_labels"] == states(*shown)
    assert (answer["progress"], answer["loading"]) == (progress, loading)
    assert (answer["is_done"], answer["finished"]) == (is_done, finished)
    failed = [check for check, state in states(*given).items() if state == "error"]
    assert answer["errors"] == dict.fromkeys(failed, "The source did not answer")


@pytest.mark.parametrize(
    ("charged", "credits_held", "status"), [(False, 100, None), (True, 0, "needs_review")]
)
def test_a_finished_run_shows_its_status_only_once_paid(
    member: User, charged: bool, credits_held: int, status: str | None
) -> None:
    run = a_run(member, states(*["error"] * 4), charged=charged)

    answer = selectors.progress(run)

    assert (answer["paid"], answer["credits_held"], answer["status"]) == (
        charged,
        credits_held,
        status,
    )


def test_a_user_reaches_their_own_verification(member: User) -> None:
    run = a_run(member, states(*["pending"] * 4))

    assert selectors.verification_for(member, run.company_id) == run


@pytest.mark.parametrize("whose", ["another users", "no ones"])
def test_a_verification_the_user_did_not_start_is_not_found(
    member: User, other_member: User, whose: str
) -> None:
    run = a_run(other_member, states(*["success"] * 4), charged=True)
    company_id = run.company_id if whose == "another users" else make_company().pk

    with pytest.raises(NotFound, match=selectors.NOT_VERIFIED):
        selectors.verification_for(member, company_id)
    with pytest.raises(NotFound, match=selectors.NOT_VERIFIED):
        selectors.results(member, company_id, "en")


# Results and their sections


@pytest.mark.parametrize(
    ("state", "result", "answer"),
    [
        ("pending", {}, {"state": "pending", "found_data": False, "error": None, "shipments": 0}),
        ("error", {"error": "The trade index is building"},
         {"state": "error", "found_data": False, "error": "The trade index is building",
          "shipments": 0}),
        ("success", {"shipments": 30, "found_data": True},
         {"state": "success", "found_data": True, "error": None, "shipments": 30}),
    ],
)  # fmt: skip
def test_a_section_is_its_checks_state_and_findings(
    member: User, state: str, result: dict[str, Any], answer: dict[str, Any]
) -> None:
    run = a_run(member, states(*["pending"] * 4))
    run.mark("trade_data", state, result)

    section = selectors._check_section(run, "trade_data")

    assert section == {**TradeFindings().model_dump(), **answer}


def test_the_sections_of_a_paid_run_answer_their_checks_findings() -> None:
    run = finished_run(clean_results(), {"sanctions": "No sanctions list loaded"})

    trade = selectors.trade_section(run.user, run.company_id)
    screening = selectors.sanctions_section(run.user, run.company_id)
    site = selectors.website_section(run.user, run.company_id)

    assert (trade["state"], trade["shipments"], trade["found_data"]) == ("success", 30, True)
    assert (screening["state"], screening["error"], screening["lists"]) == (
        "error",
        "No sanctions list loaded",
        [],
    )
    assert (site["state"], site["domain_state"]) == ("success", "stable")


@pytest.mark.parametrize(
    ("asked", "found"),
    [("https://www.DutchNut.example/about", True), ("other.example", False), ("", True)],
)
def test_the_website_section_answers_only_for_the_domain_checked(asked: str, found: bool) -> None:
    run = finished_run(clean_results())
    run.domain = "dutchnut.example"
    run.save()

    if found:
        assert selectors.website_section(run.user, run.company_id, asked)["domain"] == (
            "dutchnut.example"
        )
    else:
        with pytest.raises(NotFound, match="This domain was not checked in the verification"):
            selectors.website_section(run.user, run.company_id, asked)


def test_the_criteria_name_each_checks_state_data_and_error() -> None:
    run = finished_run(clean_results(), {"website": "The website is unreachable"})

    criteria = selectors.results(run.user, run.company_id, "en")["lead_verification_criteria"]

    assert criteria == (
        '[{"key": "company_profile", "state": "success", "found_data": true, "error": null}, '
        '{"key": "trade_data", "state": "success", "found_data": true, "error": null}, '
        '{"key": "sanctions", "state": "success", "found_data": true, "error": null}, '
        '{"key": "website", "state": "error", "found_data": false, '
        '"error": "The website is unreachable"}]'
    )


@pytest.mark.parametrize(
    ("errors", "message"),
    [
        (dict.fromkeys(CHECKS, "The source did not answer"), services.INSUFFICIENT_DATA),
        ({"website": "The website is unreachable"}, None),
    ],
)
def test_a_result_without_any_data_says_the_data_was_insufficient(
    errors: dict[str, str], message: str | None
) -> None:
    run = finished_run(clean_results(), errors)

    result = selectors.results(run.user, run.company_id, "en")

    assert result["message"] == message


@pytest.mark.parametrize(
    ("site", "domain", "website"),
    [
        ({"url": "https://www.dutchnut.example/en"}, "dutchnut.example",
         "https://www.dutchnut.example/en"),
        (None, "dutchnut.example", "https://dutchnut.example"),
        (None, "", ""),
    ],
)  # fmt: skip
def test_a_results_website_is_where_the_site_answered_else_the_domain_checked(
    site: dict[str, Any] | None, domain: str, website: str
) -> None:
    results = clean_results()
    results["website"]["website"] = site
    run = finished_run(results)
    Verification.objects.filter(pk=run.pk).update(domain=domain)

    assert selectors.results(run.user, run.company_id, "en")["website"] == website


def test_a_results_detail_reads_the_domains_age_and_no_phone_as_none() -> None:
    run = finished_run(clean_results())

    detail = selectors.results(run.user, run.company_id, "vi")["detail"]

    assert (detail["domain_age_days"], detail["domain_age"]) == (4000, "10 năm")
    assert detail["phone"] is None  # the place found has no phone
    assert detail["email"] is None
