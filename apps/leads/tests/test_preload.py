"""The lead pages preload what they show first: the lead search the user's requested leads, a
company page its company."""

from __future__ import annotations

from django.test import Client

from apps.accounts.models import User
from apps.core.tests.pages import preload_of
from apps.leads import services
from apps.leads.tests.conftest import make_company, make_lead


def test_the_lead_search_preloads_the_users_requested_leads(
    member: User, member_client: Client
) -> None:
    lead = make_lead(make_company(), email="anna@buyer.example")
    services.reveal_email(user=member, lead_id=lead.pk)

    api = preload_of(member_client.get("/find-global-lead"))["data"]["api"]

    (requested,) = api["/fast-ai/v1/users/lead-sourcing"]
    assert requested["id"] == lead.pk
    assert requested["email"] == "anna@buyer.example"


def test_a_company_page_preloads_its_company(member_client: Client) -> None:
    company = make_company(name="Hamburg Nuts GmbH")

    api = preload_of(member_client.get(f"/find-global-company/{company.pk}"))["data"]["api"]

    assert api[f"/fast-ai/v1/lead-sourcing/companies/{company.pk}"]["name"] == "Hamburg Nuts GmbH"


def test_an_unknown_company_page_preloads_no_company(member_client: Client) -> None:
    api = preload_of(member_client.get("/find-global-company/999999"))["data"]["api"]

    assert not any(path.startswith("/fast-ai/v1/lead-sourcing/") for path in api)
    assert "/fast-ai/v1/users" in api


def test_other_pages_preload_nothing_of_lead_sourcing(member_client: Client) -> None:
    api = preload_of(member_client.get("/find-global-company"))["data"]["api"]

    assert not any("lead-sourcing" in path for path in api)
