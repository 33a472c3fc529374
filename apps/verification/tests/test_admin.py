"""The report requests in the back office: each row says which company the report is about,
apart from the requester's own company."""

from __future__ import annotations

import re
from html import unescape as html_text

import pytest
from django.test import Client

from apps.accounts.models import User
from apps.leads.tests.conftest import make_company
from apps.verification.models import ReportRequest

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
