"""The GETs that spend credits or count against a user's quotas refuse a request that a page
of another origin made (403 in the error shape), before anything is charged or counted; the
product's own pages, a typed URL and API clients that send no browser headers go on working."""

from __future__ import annotations

import pytest
from django.test import Client

from apps.accounts.models import User
from apps.accounts.tests.real_provider import DEMO_EMAIL, issued_tokens, signed_in
from apps.billing.models import CreditAccount, QueryLog
from apps.leads.models import ContactRequest, Lead
from apps.leads.tests.conftest import make_company, make_lead, with_credits
from tests.conftest import SignInStack

pytestmark = pytest.mark.django_db

EMPLOYEES = "/fast-ai/v1/lead-sourcing/employees"
# Every GET that spends credits or counts a query (or a search against the search limits).
GUARDED = [
    f"{EMPLOYEES}/{{lead}}/request-email",
    f"{EMPLOYEES}/{{lead}}/request-contact",
    "/fast-ai/v1/lead-sourcing/companies?company_ids={company}",
    f"{EMPLOYEES}?company_ids={{company}}",
    "/fast-ai/v1/shipments?hs_code=0801",
    "/fast-ai/v1/shipments/rankings?hs_code=0801",
    "/fast-ai/v1/shipments/unit-prices?hs_code=0801",
    "/fast-ai/v1/shipments/hs-codes?hs_code=0801",
    "/fast-ai/v1/shipments/statistics?hs_code=0801",
    "/fast-ai/v1/shipments/summary?hs_code=0801",
    "/fast-ai/v1/shipments/download?hs_code=0801&format=csv",
    "/fast-ai/v1/parties/1",
    "/fast-ai/v1/lead-verification/companies?name=Hanse",
    "/fast-ai/v1/lead-verification/companies/extend?name=Hanse",
]
FOREIGN = [
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},
    {"Origin": "https://evil.example"},
    {"Referer": "https://evil.example/win-a-prize"},
    {"Origin": "https://["},  # names no origin: not this one
]
REFUSED = {
    "data": {"error": "Requests from another site are not allowed for this action", "fields": {}},
    "meta": {
        "message": "Requests from another site are not allowed for this action",
        "code": "foreign_origin",
    },
}


@pytest.fixture
def lead(db: None) -> Lead:
    return make_lead(make_company(name="Hanse Nuts GmbH"), email="anna@hanse.example")


def balance(user: User) -> int:
    return CreditAccount.objects.get(user=user).balance


def url(template: str, lead: Lead) -> str:
    return template.format(lead=lead.pk, company=lead.company_id)


@pytest.mark.parametrize("headers", FOREIGN, ids=lambda headers: next(iter(headers)))
@pytest.mark.parametrize("path", GUARDED)
def test_a_request_from_another_site_is_refused_before_anything_is_spent(
    member: User, member_client: Client, lead: Lead, path: str, headers: dict[str, str]
) -> None:
    with_credits(member, 20)

    response = member_client.get(url(path, lead), headers=headers)

    assert response.status_code == 403
    assert response.json() == REFUSED
    assert balance(member) == 20
    assert not ContactRequest.objects.exists()
    assert not QueryLog.objects.exists()


@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Site": "same-origin", "Referer": "http://testserver/find-global-company/1"},
        {"Sec-Fetch-Site": "none"},  # the URL typed in the address bar
        {},  # an API client
    ],
    ids=["own page", "typed", "no browser"],
)
def test_a_request_from_this_site_or_from_no_page_spends_as_before(
    member: User, member_client: Client, lead: Lead, headers: dict[str, str]
) -> None:
    with_credits(member, 20)

    response = member_client.get(f"{EMPLOYEES}/{lead.pk}/request-email", headers=headers)

    assert response.status_code == 200
    assert response.json()["data"]["email"] == "anna@hanse.example"
    assert balance(member) == 19


def test_a_counted_search_from_this_site_is_counted(member: User, member_client: Client) -> None:
    response = member_client.get(
        EMPLOYEES, {"company_ids": make_company().pk}, headers={"Sec-Fetch-Site": "same-origin"}
    )

    assert response.status_code == 200
    assert QueryLog.objects.filter(user=member).count() == 1


def test_an_api_client_with_a_bearer_token_spends_as_before(
    product_with_identity_provider: SignInStack, lead: Lead
) -> None:
    _, session = signed_in(product_with_identity_provider)
    token = issued_tokens(session).access_token
    user = with_credits(User.objects.get(email=DEMO_EMAIL), 20)

    response = Client().get(
        f"{EMPLOYEES}/{lead.pk}/request-email", headers={"Authorization": f"Bearer {token}"}
    )

    assert response.status_code == 200
    assert balance(user) == 19
