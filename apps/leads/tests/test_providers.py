"""Contact providers: the local database, and the enrichment service at its HTTP boundary
(recorded exchanges in recordings/)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from apps.accounts.tests.http import Replay
from apps.leads.models import Lead
from apps.leads.providers import FoundEmail, ProviderError, contact_providers
from apps.leads.providers.enrichment import EnrichmentService
from apps.leads.tests.conftest import make_company, make_lead

pytestmark = pytest.mark.django_db

RECORDINGS = Path(__file__).parent / "recordings"


def replay(name: str) -> Replay:
    return Replay(json.loads((RECORDINGS / f"{name}.json").read_text()))


@pytest.fixture
def enrichment(settings: Any) -> None:
    settings.LEADS_ENRICHMENT_URL = "https://enrich.tradewise.example/v1/"
    settings.LEADS_ENRICHMENT_API_KEY = "recorded-key"


@pytest.fixture
def anna(db: None) -> Lead:
    company = make_company(name="Hanse Nuts GmbH", domain="hanse.example")
    return make_lead(company, full_name="Anna Schneider", first_name="Anna", last_name="Schneider")


def test_without_settings_only_the_local_database_is_asked() -> None:
    assert [provider.name for provider in contact_providers()] == ["local"]


def test_a_configured_service_is_asked_after_the_local_database(enrichment: None) -> None:
    assert [provider.name for provider in contact_providers()] == ["local", "enrichment"]


def test_the_service_finds_a_mobile_number(enrichment: None, anna: Lead) -> None:
    recorded = replay("match_found")

    assert EnrichmentService(recorded).find_phone(anna) == "+49 151 5550123"
    assert recorded.finished
    assert recorded.calls[0]["headers"] == {"X-Api-Key": "recorded-key"}


def test_the_service_finds_nobody(enrichment: None, anna: Lead) -> None:
    assert EnrichmentService(replay("match_none")).find_email(anna) is None


def test_a_refused_key_is_a_provider_error(enrichment: None, anna: Lead) -> None:
    with pytest.raises(ProviderError, match="401"):
        EnrichmentService(replay("match_unauthorized")).find_phone(anna)


def test_the_local_database_answers_from_the_stored_person(anna: Lead) -> None:
    local = contact_providers()[0]

    assert local.find_email(anna) == FoundEmail(anna.email, "valid")
    assert local.find_phone(anna) == anna.phone
