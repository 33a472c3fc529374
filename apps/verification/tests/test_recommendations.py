"""The recommendations of a result: each topic's level from what its check found, and no topic
that no check could judge (spec §3)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
import time_machine

from apps.accounts.models import User
from apps.leads.tests.conftest import make_company
from apps.verification import findings
from apps.verification.models import CHECKS, CheckState, Verification
from apps.verification.selectors import recommendations

pytestmark = pytest.mark.django_db

TODAY = date(2026, 11, 30)


def run_with(results: dict[str, dict[str, Any]], errors: tuple[str, ...] = ()) -> Verification:
    """A run whose checks stored `results` (an empty result for the others), `errors` failed."""
    user = User.objects.create_user(f"reader{User.objects.count()}@example.com")
    run = Verification.objects.create(user=user, company=make_company(name="Nordkern Foods"))
    for check in CHECKS:
        if check in errors:
            run.mark(check, CheckState.ERROR, {"error": "The source did not answer"})
        else:
            run.mark(check, CheckState.SUCCESS, results.get(check, {}))
    return run


def levels(run: Verification) -> dict[str, str]:
    with time_machine.travel(TODAY):
        return {
            topic: found["value"] for topic, found in recommendations(findings.all_of(run)).items()
        }


def profile(**company: Any) -> dict[str, dict[str, Any]]:
    return {"company_profile": {"company": {"name": "Nordkern Foods", **company}}}


@pytest.mark.parametrize(
    ("employees", "size"),
    [(1, "small"), (49, "small"), (50, "medium"), (249, "medium"), (250, "large")],
)
def test_the_company_size_follows_its_employees(employees: int, size: str) -> None:
    assert levels(run_with(profile(employees=employees)))["employee_size"] == size


@pytest.mark.parametrize(
    ("founded", "age"), [(2024, "new"), (2023, "stable"), (2017, "stable"), (2016, "long")]
)
def test_the_company_age_follows_its_founding_year(founded: int, age: str) -> None:
    assert levels(run_with(profile(founded_year=founded)))["founded_age"] == age


def test_a_topic_no_check_could_judge_is_left_out() -> None:
    found = levels(run_with(profile(), errors=("trade_data", "sanctions")))

    assert "employee_size" not in found
    assert "founded_age" not in found
    assert "transactions" not in found
    assert "sanction_match" not in found


def months(*counts: tuple[str, int]) -> dict[str, Any]:
    rows = [{"month": month, "shipments": n, "value_usd": 1000.0 * n} for month, n in counts]
    return {"shipments": sum(n for _, n in counts), "monthly": rows}


@pytest.mark.parametrize(
    ("trade", "level"),
    [
        ({"shipments": 0}, "none"),
        (months(("2025-12", 4)), "low"),
        (months(("2025-12", 5)), "stable"),
        (months(("2026-03", 23)), "stable"),
        (months(("2026-03", 24)), "strong"),
        # Older shipments prove the company imports, but only the last twelve months count.
        (months(("2024-06", 40), ("2026-01", 2)), "low"),
        ({"shipments": 30}, "strong"),  # no months stored: the total stands in
    ],
)
def test_transactions_are_judged_on_the_last_twelve_months(
    trade: dict[str, Any], level: str
) -> None:
    assert levels(run_with({"trade_data": trade}))["transactions"] == level


@pytest.mark.parametrize(
    ("screening", "level"),
    [
        ({"match": True, "hits": 1}, "yes"),
        ({"match": False, "reviews": 2}, "review"),
        ({"match": False, "reviews": 0}, "no"),
    ],
)
def test_a_sanctions_level_says_listed_to_review_or_clear(
    screening: dict[str, Any], level: str
) -> None:
    assert levels(run_with({"sanctions": screening}))["sanction_match"] == level


def test_a_website_check_without_a_domain_says_none_was_given() -> None:
    assert (
        levels(run_with({"website": {"domain": "", "domain_state": "not_given"}}))["domain_state"]
        == "not_given"
    )
    assert (
        levels(run_with({"website": {"domain": "nordkern.example", "domain_state": "expired"}}))[
            "domain_state"
        ]
        == "expired"
    )


def test_every_level_has_its_text_in_the_three_languages() -> None:
    run = run_with({**profile(employees=10, founded_year=2000), "trade_data": {"shipments": 0}})
    with time_machine.travel(TODAY):
        found = recommendations(findings.all_of(run))

    assert {language for text in found.values() for language in text["texts"]} == {"en", "vi", "zh"}
    assert all(all(text["texts"].values()) for text in found.values())
