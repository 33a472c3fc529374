"""The lead-sourcing API: searches, messages, masking, reveals, credits and authorization."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.db import connection
from django.test import Client
from django.utils import timezone

from apps.accounts.models import User
from apps.billing.models import CreditAccount, CreditEntry, QueryLog
from apps.leads import selectors, services
from apps.leads.models import Company, ContactRequest, Lead
from apps.leads.providers import FoundEmail, ProviderError
from apps.leads.schemas import (
    COMPANY_IDS_REQUIRED,
    COMPANY_SIZE_RANGE,
    FILTER_REQUIRED,
    FOUNDED_YEAR_RANGE,
    RETAIL_LOCATION_RANGE,
    REVENUE_RANGE,
)
from apps.leads.tests.conftest import make_company, make_lead, with_credits
from tests.fixtures import signed_in

pytestmark = pytest.mark.django_db

COMPANIES = "/fast-ai/v1/lead-sourcing/companies"
EMPLOYEES = "/fast-ai/v1/lead-sourcing/employees"
MY_LEADS = "/fast-ai/v1/users/lead-sourcing"


def balance(user: User) -> int:
    return CreditAccount.objects.get(user=user).balance


@pytest.fixture
def catalogue(db: None) -> dict[str, Company]:
    return {
        "hanse": make_company(
            name="Hanse Nuts GmbH",
            country="DE",
            city="Hamburg",
            industries="|Food & Beverages|Wholesale|",
            technologies="|SAP|",
            keywords="|cashew|",
            employees=120,
            revenue_usd=25_000_000,
            founded_year=1998,
            retail_locations=0,
            funding_stage="seed",
            business_type="importer",
            job_postings=3,
        ),
        "spice": make_company(
            name="Rotterdam Spice BV",
            country="NL",
            city="Rotterdam",
            industries="|Wholesale|",
            keywords="|pepper|",
            employees=40,
            revenue_usd=5_000_000,
            founded_year=2010,
            retail_locations=12,
            business_type="distributor",
        ),
        "tea": make_company(
            name="Golden Harvest Tea Ltd",
            country="GB",
            employees=900,
            revenue_usd=90_000_000,
            founded_year=1950,
            retail_locations=40,
            technologies="|Shopify|",
        ),
    }


def names(response: Any) -> list[str]:
    return sorted(row["name"] for row in response.json()["data"])


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ({"company_name": "hanse"}, ["Hanse Nuts GmbH"]),
        ({"name": "golden harvest"}, ["Golden Harvest Tea Ltd"]),
        ({"countries": ["DE", "NL"]}, ["Hanse Nuts GmbH", "Rotterdam Spice BV"]),
        ({"industries": "Food & Beverages"}, ["Hanse Nuts GmbH"]),
        ({"technology": ["SAP", "Shopify"]}, ["Golden Harvest Tea Ltd", "Hanse Nuts GmbH"]),
        ({"funding_stages": "seed"}, ["Hanse Nuts GmbH"]),
        ({"job_posting": "true"}, ["Hanse Nuts GmbH"]),
        ({"company_location": "rotter"}, ["Rotterdam Spice BV"]),
        ({"revenue_min": 10_000_000, "revenue_max": 50_000_000}, ["Hanse Nuts GmbH"]),
        ({"company_size_min": 100}, ["Golden Harvest Tea Ltd", "Hanse Nuts GmbH"]),
        ({"founded_year_max": 1990}, ["Golden Harvest Tea Ltd"]),
        ({"retail_location_min": 10, "retail_location_max": 20}, ["Rotterdam Spice BV"]),
        ({"business_type": "distributor"}, ["Rotterdam Spice BV"]),
        ({"keyword": "pepper"}, ["Rotterdam Spice BV"]),
        ({"countries": "DE", "company_size_max": 50}, []),
        ({"industries": "Wholesale", "revenue_max": 10_000_000}, ["Rotterdam Spice BV"]),
    ],
)
def test_each_company_filter_alone_and_combined(
    member_client: Client, catalogue: dict[str, Company], query: dict[str, Any], expected: list[str]
) -> None:
    response = member_client.get(COMPANIES, query)

    assert response.status_code == 200, response.json()
    assert names(response) == expected
    assert response.json()["meta"]["total"] == len(expected)


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ({}, "filters", FILTER_REQUIRED),
        ({"revenue_min": 5, "revenue_max": 1}, "revenue_min", REVENUE_RANGE),
        (
            {"founded_year_min": 2000, "founded_year_max": 1990},
            "founded_year_min",
            FOUNDED_YEAR_RANGE,
        ),
        ({"company_size_min": 50, "company_size_max": 10}, "company_size_min", COMPANY_SIZE_RANGE),
        (
            {"retail_location_min": 9, "retail_location_max": 2},
            "retail_location_min",
            RETAIL_LOCATION_RANGE,
        ),
        ({"countries": "DE", "page_size": 20}, "page_size", "Page size must be 10, 25, 50 or 100"),
        ({"countries": "DE", "page": 0}, "page", "Page must be 1 or more"),
    ],
)
def test_company_search_messages(
    member_client: Client, query: dict[str, Any], field: str, message: str
) -> None:
    response = member_client.get(COMPANIES, query)

    assert response.status_code == 422
    assert response.json()["data"]["fields"][field] == [message]


def test_pages_carry_the_total(member_client: Client, db: None) -> None:
    for _ in range(12):
        make_company(country="FR")

    first = member_client.get(COMPANIES, {"countries": "FR", "page_size": 10}).json()
    second = member_client.get(COMPANIES, {"countries": "FR", "page_size": 10, "page": 2}).json()
    beyond = member_client.get(COMPANIES, {"countries": "FR", "page_size": 10, "page": 9}).json()

    assert first["meta"] == {"page": 1, "page_size": 10, "total": 12, "total_is_estimate": False}
    assert (len(first["data"]), len(second["data"]), len(beyond["data"])) == (10, 2, 0)


def test_a_total_past_the_exact_count_says_whether_it_is_an_estimate(
    member_client: Client, db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(selectors, "EXACT_TOTAL_UP_TO", 5)
    for _ in range(12):
        make_company(country="FR")

    meta = member_client.get(COMPANIES, {"countries": "FR"}).json()["meta"]

    if connection.vendor == "postgresql":
        assert meta["total_is_estimate"] is True
        assert meta["total"] >= 6
    else:
        assert (meta["total"], meta["total_is_estimate"]) == (12, False)


def test_a_search_is_logged_once_as_a_lead_sourcing_query(
    member: User, member_client: Client, catalogue: dict[str, Company]
) -> None:
    member_client.get(COMPANIES, {"countries": "DE"})
    member_client.get(COMPANIES, {"countries": "DE", "page": 2})

    assert QueryLog.objects.filter(user=member, product__name="lead-sourcing").count() == 1


def test_company_detail_has_its_people_count(
    member_client: Client, catalogue: dict[str, Company]
) -> None:
    make_lead(catalogue["hanse"])

    data = member_client.get(f"{COMPANIES}/{catalogue['hanse'].pk}").json()["data"]

    assert (data["name"], data["people_count"], data["trade"]) == ("Hanse Nuts GmbH", 1, None)
    assert data["trade_party_id"] is None
    assert member_client.get(f"{COMPANIES}/999999").status_code == 404


def test_people_need_company_ids(member_client: Client) -> None:
    response = member_client.get(EMPLOYEES, {"name": "anna"})

    assert response.status_code == 422
    assert response.json()["data"]["fields"]["company_ids"] == [COMPANY_IDS_REQUIRED]


@pytest.mark.parametrize("company_id", ["0", "-4", "99999999999999999999"])
def test_people_of_an_impossible_company_id_are_a_clear_422(
    member_client: Client, company_id: str
) -> None:
    response = member_client.get(EMPLOYEES, {"company_ids": company_id})

    assert response.status_code == 422
    assert "company_ids" in response.json()["data"]["fields"]


def test_people_filters_and_masking(member_client: Client, catalogue: dict[str, Company]) -> None:
    hanse, spice = catalogue["hanse"], catalogue["spice"]
    make_lead(hanse, full_name="Anna Schneider", job_title="Head of Procurement", seniority="head")
    make_lead(hanse, full_name="Jonas Weber", location="Bremen, DE")
    make_lead(spice, full_name="Paul Jansen", country="NL")
    ids = {"company_ids": [hanse.pk, spice.pk]}

    def found(**query: Any) -> list[str]:
        response = member_client.get(EMPLOYEES, ids | query)
        assert response.status_code == 200, response.json()
        return names(response)

    assert found() == ["Anna Schneider", "Jonas Weber", "Paul Jansen"]
    assert found(name="anna") == ["Anna Schneider"]
    assert found(job_title=["procurement"]) == ["Anna Schneider"]
    assert found(seniority=["head", "director"]) == ["Anna Schneider"]
    assert found(lead_location="bremen") == ["Jonas Weber"]
    assert found(countries="NL") == ["Paul Jansen"]
    assert found(keyword="weber") == ["Jonas Weber"]
    assert found(countries="DE", seniority="manager") == ["Jonas Weber"]
    row = member_client.get(EMPLOYEES, ids).json()["data"][0]
    assert (row["email"], row["phone"], row["email_state"], row["phone_state"]) == (
        None,
        None,
        None,
        None,
    )


def test_revealing_an_email_costs_one_credit_once(member: User, member_client: Client) -> None:
    lead = make_lead(make_company(), email="anna@hanse.example", email_status="accept_all")

    first = member_client.get(f"{EMPLOYEES}/{lead.pk}/request-email")
    again = member_client.get(f"{EMPLOYEES}/{lead.pk}/request-email")

    assert first.status_code == 200
    assert first.json()["data"]["email"] == "anna@hanse.example"
    assert first.json()["data"]["email_status"] == "accept_all"
    assert first.json()["meta"]["credits_charged"] == 1
    assert again.json()["meta"]["credits_charged"] == 0
    assert balance(member) == 19
    charge = CreditEntry.objects.get(kind="charge", account__user=member, amount=-1)
    assert charge.reference == f"lead-email:{lead.pk}"
    listed = member_client.get(EMPLOYEES, {"company_ids": lead.company_id}).json()["data"][0]
    assert listed["email"] == "anna@hanse.example"


def test_each_person_revealed_is_charged_once(member: User, member_client: Client) -> None:
    company = make_company()
    anna = make_lead(company, email="anna@hanse.example")
    jonas = make_lead(company, email="jonas@hanse.example")

    first = member_client.get(f"{EMPLOYEES}/{anna.pk}/request-email").json()
    second = member_client.get(f"{EMPLOYEES}/{jonas.pk}/request-email").json()
    again = member_client.get(f"{EMPLOYEES}/{anna.pk}/request-email").json()

    assert (first["data"]["email"], first["meta"]["credits_charged"]) == ("anna@hanse.example", 1)
    assert (second["data"]["email"], second["meta"]["credits_charged"]) == (
        "jonas@hanse.example",
        1,
    )
    assert (again["data"]["email"], again["meta"]["credits_charged"]) == ("anna@hanse.example", 0)
    assert balance(member) == 18


class SourceDown:
    """An email source that fails every lookup."""

    name = "down"

    def find_email(self, lead: Lead) -> FoundEmail | None:
        raise ProviderError("the source is down")

    def find_phone(self, lead: Lead) -> str | None:
        raise ProviderError("the source is down")


def test_a_revealed_email_is_shown_again_without_asking_the_source(
    member: User, member_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    lead = make_lead(make_company(), email="anna@hanse.example")
    member_client.get(f"{EMPLOYEES}/{lead.pk}/request-email")
    monkeypatch.setattr(services, "contact_providers", lambda: [SourceDown()])

    again = member_client.get(f"{EMPLOYEES}/{lead.pk}/request-email")

    assert again.status_code == 200
    assert again.json()["data"]["email"] == "anna@hanse.example"
    assert again.json()["meta"] == {"message": "Email revealed", "credits_charged": 0}


def test_two_users_revealing_one_person_are_each_charged(
    member: User, member_client: Client, other_member: User
) -> None:
    lead = make_lead(make_company(), email="anna@hanse.example")
    other = signed_in(other_member)

    mine = member_client.get(f"{EMPLOYEES}/{lead.pk}/request-email").json()
    theirs = other.get(f"{EMPLOYEES}/{lead.pk}/request-email").json()

    assert (mine["data"]["email"], mine["meta"]["credits_charged"]) == ("anna@hanse.example", 1)
    assert (theirs["data"]["email"], theirs["meta"]["credits_charged"]) == (
        "anna@hanse.example",
        1,
    )
    assert balance(member) == balance(other_member) == 19


def test_an_email_found_after_no_email_is_revealed_and_charged(
    member: User, member_client: Client
) -> None:
    lead = make_lead(make_company(), email="")
    member_client.get(f"{EMPLOYEES}/{lead.pk}/request-email")
    Lead.objects.filter(pk=lead.pk).update(email="anna@hanse.example")

    later = member_client.get(f"{EMPLOYEES}/{lead.pk}/request-email").json()

    assert (later["data"]["email"], later["meta"]["credits_charged"]) == ("anna@hanse.example", 1)
    assert balance(member) == 19


def test_a_phone_request_does_not_reveal_the_email(
    member: User, member_client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    lead = make_lead(make_company(), email="anna@hanse.example", phone="+49 40 5550101")
    with django_capture_on_commit_callbacks(execute=True):
        member_client.get(f"{EMPLOYEES}/{lead.pk}/request-contact")

    email = member_client.get(f"{EMPLOYEES}/{lead.pk}/request-email").json()

    assert (email["data"]["email"], email["meta"]["credits_charged"]) == ("anna@hanse.example", 1)
    assert balance(member) == 14


def test_each_persons_phone_request_is_charged(
    member: User, member_client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    company = make_company()
    anna = make_lead(company, phone="+49 40 5550101")
    jonas = make_lead(company, phone="+49 40 5550102")

    with django_capture_on_commit_callbacks(execute=True):
        first = member_client.get(f"{EMPLOYEES}/{anna.pk}/request-contact").json()
    with django_capture_on_commit_callbacks(execute=True):
        second = member_client.get(f"{EMPLOYEES}/{jonas.pk}/request-contact").json()
    again = member_client.get(f"{EMPLOYEES}/{anna.pk}/request-contact").json()

    assert first["meta"]["credits_charged"] == second["meta"]["credits_charged"] == 5
    assert again["meta"] == {"message": "Phone number found", "credits_charged": 0}
    assert balance(member) == 10
    numbers = {row["id"]: row["phone"] for row in member_client.get(MY_LEADS).json()["data"]}
    assert numbers == {anna.pk: "+49 40 5550101", jonas.pk: "+49 40 5550102"}


def test_no_email_costs_nothing(member: User, member_client: Client) -> None:
    lead = make_lead(make_company(), email="", email_status="")

    response = member_client.get(f"{EMPLOYEES}/{lead.pk}/request-email")

    assert response.json()["meta"] == {"message": "No email", "credits_charged": 0}
    assert response.json()["data"]["email_state"] == "not_found"
    assert balance(member) == 20


def test_a_short_balance_is_403_insufficient_credit(db: None) -> None:
    poor = with_credits(User.objects.create_user("poor@example.com"), 0)
    lead = make_lead(make_company())

    response = signed_in(poor).get(f"{EMPLOYEES}/{lead.pk}/request-email")

    assert response.status_code == 403
    assert "insufficient credit" in response.json()["meta"]["message"]
    assert not ContactRequest.objects.exists()


def test_a_phone_request_is_charged_then_emailed(
    member: User, member_client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    lead = make_lead(make_company(), phone="+49 40 5550199")

    with django_capture_on_commit_callbacks(execute=True):
        response = member_client.get(f"{EMPLOYEES}/{lead.pk}/request-contact")

    assert response.status_code == 202
    assert response.json()["meta"]["credits_charged"] == 5
    assert balance(member) == 15
    request = ContactRequest.objects.get(kind="phone")
    assert (request.state, request.value, request.provider) == ("found", "+49 40 5550199", "local")
    assert "+49 40 5550199" in mail.outbox[-1].body
    assert mail.outbox[-1].to == [member.email]
    mine = member_client.get(MY_LEADS).json()["data"]
    assert (mine[0]["phone"], mine[0]["phone_state"]) == ("+49 40 5550199", "found")


def test_two_users_asking_for_one_persons_phone_are_each_charged(
    member: User,
    member_client: Client,
    other_member: User,
    django_capture_on_commit_callbacks: Any,
) -> None:
    lead = make_lead(make_company(), phone="+49 40 5550199")
    other = signed_in(other_member)

    with django_capture_on_commit_callbacks(execute=True):
        mine = member_client.get(f"{EMPLOYEES}/{lead.pk}/request-contact").json()
    with django_capture_on_commit_callbacks(execute=True):
        theirs = other.get(f"{EMPLOYEES}/{lead.pk}/request-contact").json()

    assert mine["meta"]["credits_charged"] == theirs["meta"]["credits_charged"] == 5
    assert balance(member) == balance(other_member) == 15
    assert ContactRequest.objects.filter(kind="phone").count() == 2


def test_a_revealed_email_does_not_answer_a_phone_request(
    member: User, member_client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    lead = make_lead(make_company(), email="anna@hanse.example", phone="+49 40 5550199")
    member_client.get(f"{EMPLOYEES}/{lead.pk}/request-email")

    with django_capture_on_commit_callbacks(execute=True):
        phone = member_client.get(f"{EMPLOYEES}/{lead.pk}/request-contact").json()

    assert phone["meta"]["credits_charged"] == 5
    assert ContactRequest.objects.get(kind="phone").value == "+49 40 5550199"
    assert balance(member) == 14


def test_the_sweep_of_unmailed_phone_results_mails_no_email_reveal(
    member_client: Client,
) -> None:
    lead = make_lead(make_company(), email="anna@hanse.example")
    member_client.get(f"{EMPLOYEES}/{lead.pk}/request-email")
    ContactRequest.objects.update(completed_at=timezone.now() - timedelta(days=1))

    assert services.mail_unmailed_phone_results() == 0
    assert mail.outbox == []


@pytest.mark.parametrize("ask", ["request-email", "request-contact"])
def test_asking_for_an_unknown_person_is_not_found_and_charges_nothing(
    member: User, member_client: Client, ask: str
) -> None:
    response = member_client.get(f"{EMPLOYEES}/999999/{ask}")

    assert response.status_code == 404
    assert response.json()["meta"]["message"] == "Lead not found"
    assert balance(member) == 20


def test_no_mobile_number_gives_the_credits_back(
    member: User, member_client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    lead = make_lead(make_company(), phone="")

    with django_capture_on_commit_callbacks(execute=True):
        processing = member_client.get(f"{EMPLOYEES}/{lead.pk}/request-contact")
    again = member_client.get(f"{EMPLOYEES}/{lead.pk}/request-contact")

    assert processing.json()["data"]["phone_state"] == "processing"
    assert processing.json()["meta"]["credits_charged"] == 5  # given back when none is found
    assert balance(member) == 20
    assert again.json()["meta"] == {"message": "No mobile number", "credits_charged": 0}
    assert "No mobile number" in mail.outbox[-1].subject
    request = ContactRequest.objects.get(kind="phone")
    assert (request.credits, request.value, request.provider) == (0, "", "")


def test_each_failed_phone_lookup_gives_its_own_credits_back(
    member: User,
    member_client: Client,
    monkeypatch: pytest.MonkeyPatch,
    settings: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    settings.LEADS_PHONE_RETRY_DELAYS = []  # one try a lookup
    monkeypatch.setattr(services, "contact_providers", lambda: [SourceDown()])
    lead = make_lead(make_company(name="Hanse Nuts GmbH"), full_name="Anna Schneider", phone="")

    for _ in range(2):  # failed, then asked again and failed again
        with django_capture_on_commit_callbacks(execute=True):
            member_client.get(f"{EMPLOYEES}/{lead.pk}/request-contact")

    request = ContactRequest.objects.get(kind="phone")
    assert (request.state, request.lookups, request.credits) == ("failed", 2, 0)
    assert (request.value, request.provider) == ("", "")
    refunds = CreditEntry.objects.filter(account__user=member, kind=CreditEntry.Kind.REFUND)
    assert sorted(refunds.values_list("amount", "reference")) == [
        (5, f"lead-phone:{lead.pk}"),
        (5, f"lead-phone:{lead.pk}:2"),
    ]
    assert balance(member) == 20
    assert mail.outbox[-1].subject == "Phone lookup failed: Anna Schneider"
    assert "of Anna Schneider, Purchasing Manager at Hanse Nuts GmbH: " in mail.outbox[-1].body
    assert "The 5 credits of the request are back" in mail.outbox[-1].body


@pytest.mark.parametrize(
    ("accept_language", "found_subject", "missing_subject"),
    [
        ("vi", "Số điện thoại của", "Không có số di động"),
        ("zh-Hans", "的电话号码", "无手机号码"),
        ("de-DE", "Phone number of", "No mobile number"),
    ],
)
def test_the_phone_email_is_written_in_the_interface_language(
    member_client: Client,
    django_capture_on_commit_callbacks: Any,
    accept_language: str,
    found_subject: str,
    missing_subject: str,
) -> None:
    company = make_company()
    with_phone = make_lead(company, phone="+49 40 5550199")
    without_phone = make_lead(company, phone="")

    for lead in (with_phone, without_phone):
        with django_capture_on_commit_callbacks(execute=True):
            member_client.get(
                f"{EMPLOYEES}/{lead.pk}/request-contact", HTTP_ACCEPT_LANGUAGE=accept_language
            )

    found, missing = mail.outbox[-2:]
    assert found_subject in found.subject
    assert "+49 40 5550199" in found.body
    assert missing_subject in missing.subject


def test_one_user_never_sees_anothers_reveals(
    member_client: Client, other_member: User, db: None
) -> None:
    lead = make_lead(make_company())
    member_client.get(f"{EMPLOYEES}/{lead.pk}/request-email")
    member_client.get(f"{EMPLOYEES}/{lead.pk}/request-contact")
    other = signed_in(other_member)

    row = other.get(EMPLOYEES, {"company_ids": lead.company_id}).json()["data"][0]

    assert (row["email"], row["phone"], row["email_state"], row["phone_state"]) == (
        None,
        None,
        None,
        None,
    )
    assert other.get(MY_LEADS).json()["data"] == []
    assert len(member_client.get(MY_LEADS).json()["data"]) == 1


def test_the_api_needs_a_signed_in_user(client: Client, db: None) -> None:
    assert client.get(COMPANIES, {"countries": "DE"}).status_code == 401
    assert client.get(MY_LEADS).status_code == 401


@pytest.mark.parametrize("path", [COMPANIES, EMPLOYEES])
@pytest.mark.parametrize(
    ("page", "message"),
    [
        ("²", "Page must be 1 or more"),
        ("1000000000000000000", "Page must be 10000 or less"),
        ("10001", "Page must be 10000 or less"),
    ],
)
def test_a_page_outside_the_range_is_refused(
    member_client: Client, path: str, page: str, message: str
) -> None:
    query = {"countries": "DE", "company_ids": "1", "page": page}
    response = member_client.get(path, query)

    assert response.status_code == 422
    assert response.json()["data"]["fields"]["page"] == [message]


@pytest.mark.parametrize(
    ("path", "field"),
    [
        (COMPANIES, "name"),
        (COMPANIES, "keyword"),
        (COMPANIES, "imports_product"),
        (EMPLOYEES, "name"),
        (EMPLOYEES, "job_title"),
        (EMPLOYEES, "lead_location"),
    ],
)
def test_search_text_over_the_limits_is_refused(
    member_client: Client, path: str, field: str
) -> None:
    query = {"countries": "DE", "company_ids": "1", field: " ".join(["word"] * 21)}
    response = member_client.get(path, query)

    assert response.status_code == 422
    assert response.json()["data"]["fields"][field] == ["Use at most 20 words"]
