"""The verification reads: a result, its sections and a run's progress, read from the run's
stored findings."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import date
from typing import Any

import pytest

from apps.accounts.models import User
from apps.leads.models import Company
from apps.verification import findings, selectors, services
from apps.verification.findings import TradeFindings
from apps.verification.models import CHECKS, Verification
from apps.verification.tests.conftest import Sources

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
