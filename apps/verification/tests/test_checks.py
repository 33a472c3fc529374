"""The four checks with their sources replaced at the adapters: what each answers, when it
fails, what it keeps in its cache, and the domain rules they share."""

from __future__ import annotations

import pytest

from apps.leads.models import Company
from apps.leads.tests.conftest import make_company
from apps.verification import checks
from apps.verification.tests.conftest import Sources

pytestmark = pytest.mark.django_db


@pytest.fixture
def nordkern(db: None) -> Company:
    return make_company(name="Nordkern Foods GmbH", country="DE", domain="nordkern.example")


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
