"""Fixtures of the lead-sourcing tests: companies and people built directly, signed-in users
with known credits, and tasks run at once."""

from __future__ import annotations

from itertools import count
from typing import Any

import pytest

from apps.accounts.models import User
from apps.billing import services as billing
from apps.leads.models import Company, Lead

_numbers = count(1)


@pytest.fixture(autouse=True)
def tasks_run_at_once(settings: Any) -> None:
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    settings.LEADS_ENRICHMENT_URL = ""


def make_company(**fields: Any) -> Company:
    number = next(_numbers)
    name = fields.pop("name", f"Company {number}")
    values: dict[str, Any] = {
        "name": name,
        "normalized_name": name.casefold(),
        "country": "DE",
        "source": "test",
        "source_record_id": f"c{number}",
    }
    return Company.objects.create(**(values | fields))


def make_lead(company: Company, **fields: Any) -> Lead:
    number = next(_numbers)
    values: dict[str, Any] = {
        "company": company,
        "full_name": f"Person {number}",
        "job_title": "Purchasing Manager",
        "seniority": "manager",
        "country": company.country,
        "email": f"person{number}@buyer.example",
        "email_status": "valid",
        "phone": "+49 40 5550100",
        "source": "test",
        "source_record_id": f"p{number}",
    }
    return Lead.objects.create(**(values | fields))


def with_credits(user: User, credits: int) -> User:
    """Today's free credits spent, `credits` bought ones left."""
    billing.grant_credits(user, amount=10 + credits, reason="pack", reference=f"order:{user.pk}")
    billing.charge_credits(user, amount=20, reason="spent", reference=f"spent:{user.pk}")
    return user


@pytest.fixture
def member(member: User) -> User:
    return with_credits(member, 20)


@pytest.fixture
def other_member(other_member: User) -> User:
    return with_credits(other_member, 20)
