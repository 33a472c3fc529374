"""The report requests in the back office: each row says which company the report is about,
apart from the requester's own company."""

from __future__ import annotations

import re
from html import unescape as html_text

import pytest
from django.test import Client
from django.utils import timezone

from apps.accounts.models import User
from apps.leads.tests.conftest import make_company
from apps.verification.models import CheckState, DomainCache, ReportRequest, Verification

pytestmark = pytest.mark.django_db

LIST = "/admin/verification/reportrequest/"
CONTACT = {
    "first_name": "Lan",
    "last_name": "Nguyen",
    "email": "lan@exporter.example",
    "phone": "+84 28 3822 9999",
    "company_name": "Phuc An Agri",
}


def _column(html: str, field: str) -> tuple[str, list[str]]:
    """One column of the change list: its header's text and its cells' texts."""
    header = re.search(rf'<th scope="col" class="[^"]*column-{field}\b.*?</th>', html, re.S)
    assert header, field
    cells = re.findall(rf'<td class="field-{field}">(.*?)</td>', html, re.S)
    return html_text(re.sub(r"<[^>]+>|\s+", " ", header[0]).strip()), cells


def test_the_list_shows_the_company_reported_on_beside_the_requesters(
    admin_client: Client, member: User
) -> None:
    buyer = make_company(name="Hamburg Kaffee Import GmbH", country="DE")
    ReportRequest.objects.create(
        user=member, company=buyer, kind="advanced", report_types=["Company Ownership"], **CONTACT
    )
    ReportRequest.objects.create(user=member, kind="custom", message="A buyer in Osaka", **CONTACT)

    html = admin_client.get(LIST).content.decode()

    assert _column(html, "about") == (
        "Report on",
        ["(custom: see the message)", "Hamburg Kaffee Import GmbH (DE)"],
    )
    assert _column(html, "company_name") == ("Requester's company", ["Phuc An Agri"] * 2)


def test_a_report_request_is_found_by_the_company_it_is_about(
    admin_client: Client, member: User
) -> None:
    buyer = make_company(name="Hamburg Kaffee Import GmbH", country="DE")
    ReportRequest.objects.create(user=member, company=buyer, kind="advanced", **CONTACT)

    found = admin_client.get(LIST, {"q": "Kaffee"}).context["cl"].result_list

    assert [request.company for request in found] == [buyer]
    assert str(found[0]) == "advanced report on Hamburg Kaffee Import GmbH for Phuc An Agri (open)"


def test_report_requests_are_filtered_by_status_and_kind(
    admin_client: Client, member: User
) -> None:
    buyer = make_company(name="Hamburg Kaffee Import GmbH", country="DE")
    advanced = ReportRequest.objects.create(user=member, company=buyer, kind="advanced", **CONTACT)
    ReportRequest.objects.create(user=member, kind="custom", status="answered", **CONTACT)

    open_ones = admin_client.get(LIST, {"status__exact": "open"}).context["cl"].result_list
    advanced_ones = admin_client.get(LIST, {"kind__exact": "advanced"}).context["cl"].result_list

    assert list(open_ones) == list(advanced_ones) == [advanced]


def test_a_report_request_is_found_by_the_requesters_email_or_last_name(
    admin_client: Client, member: User
) -> None:
    mine = ReportRequest.objects.create(user=member, kind="custom", **CONTACT)
    ReportRequest.objects.create(
        user=member, kind="custom", **{**CONTACT, "email": "kim@other.example", "last_name": "Kim"}
    )

    by_email = admin_client.get(LIST, {"q": "lan@exporter"}).context["cl"].result_list
    by_name = admin_client.get(LIST, {"q": "Nguyen"}).context["cl"].result_list

    assert list(by_email) == list(by_name) == [mine]


def verification_of(user: User, company_name: str, **states: str) -> Verification:
    return Verification.objects.create(
        user=user,
        company=make_company(name=company_name),
        run=1,
        domain=f"{company_name.split()[0].lower()}.example",
        started_at=timezone.now(),
        **states,
    )


def test_verifications_are_filtered_by_the_sanctions_and_website_states(
    admin_client: Client, member: User
) -> None:
    failed = verification_of(member, "Failed Site BV", website_state=CheckState.ERROR)
    verification_of(member, "Fine Site BV", website_state=CheckState.SUCCESS)
    screened = verification_of(member, "Screened BV", sanctions_state=CheckState.SUCCESS)
    changes = "/admin/verification/verification/"

    by_website = admin_client.get(changes, {"website_state__exact": CheckState.ERROR})
    by_sanctions = admin_client.get(changes, {"sanctions_state__exact": CheckState.SUCCESS})

    assert list(by_website.context["cl"].result_list) == [failed]
    assert list(by_sanctions.context["cl"].result_list) == [screened]


def test_a_verification_is_found_by_its_company_its_users_email_or_its_domain(
    admin_client: Client, member: User
) -> None:
    wanted = verification_of(member, "Nordkern Foods GmbH")
    verification_of(User.objects.create_user("other@example.com"), "Other Foods BV")
    changes = "/admin/verification/verification/"

    found = [
        list(admin_client.get(changes, {"q": query}).context["cl"].result_list)
        for query in ("Nordkern", "nordkern.example", member.email)
    ]

    assert found[:2] == [[wanted], [wanted]]
    assert wanted in found[2]
    assert all(verification.user == member for verification in found[2])


def test_the_verifications_list_shows_each_checks_state_and_the_credits(
    admin_client: Client, member: User
) -> None:
    verification_of(member, "Nordkern Foods GmbH", website_state=CheckState.ERROR)

    html = admin_client.get("/admin/verification/verification/").content.decode()

    assert [_column(html, field)[0] for field in ("company", "run", "website_state")] == [
        "Company",
        "Run",
        "Website state",
    ]
    assert _column(html, "website_state")[1] == ["Error"]
    assert _column(html, "credits_charged")[1] == ["0"]


def test_a_kept_domain_answer_is_found_by_its_domain(admin_client: Client) -> None:
    kept = DomainCache.objects.create(
        domain="nordkern.example", website={}, registration={}, fetched_at=timezone.now()
    )
    DomainCache.objects.create(
        domain="dutchnut.example", website={}, registration={}, fetched_at=timezone.now()
    )

    found = admin_client.get("/admin/verification/domaincache/", {"q": "nordkern"})

    assert list(found.context["cl"].result_list) == [kept]
