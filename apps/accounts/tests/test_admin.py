"""The back office: how operators get in, and the service demands they follow up."""

from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core.management import call_command
from django.test import Client

from apps.accounts.models import ServiceDemand, ServiceDemandFeature, User
from apps.core.models import AuditEntry
from tests.fixtures import signed_in

pytestmark = pytest.mark.django_db

DEMANDS = "/admin/accounts/servicedemand/"


@pytest.fixture
def operator(db: None) -> User:
    return User.objects.create_user("ops@tradewise.example", name="Minh", is_staff=True)


@pytest.fixture
def operator_client(operator: User) -> Client:
    operator.is_superuser = True
    operator.save()
    return signed_in(operator)


def demand(company: str, *features: str, status: str = "new") -> ServiceDemand:
    created = ServiceDemand.objects.create(
        first_name="Lan",
        last_name="Nguyen",
        email="lan@example.com",
        phone_number="+84912345678",
        company_name=company,
        status=status,
    )
    for feature in features:
        ServiceDemandFeature.objects.create(demand=created, feature=feature)
    return created


def test_the_admin_sign_in_goes_to_the_identity_provider_and_back(client: Client) -> None:
    response = client.get("/admin/")
    assert response.status_code == 302
    login = client.get(response["Location"])

    assert login.status_code == 302
    location = urlsplit(login["Location"])
    assert location.path == "/oidc/authenticate/"
    assert parse_qs(location.query) == {"next": ["/admin/"]}


def test_the_admin_sign_in_sends_nowhere_but_the_admin(client: Client) -> None:
    login = client.get("/admin/login/", {"next": "https://elsewhere.example/admin/"})

    assert parse_qs(urlsplit(login["Location"]).query) == {"next": ["/admin/"]}


def test_a_user_who_is_not_staff_cannot_open_the_admin(member_client: Client) -> None:
    assert member_client.get("/admin/").status_code == 302
    assert member_client.get("/admin/login/?next=/admin/").status_code == 403
    assert member_client.get(DEMANDS).status_code == 302


def test_an_operator_opens_the_admin(operator_client: Client) -> None:
    assert operator_client.get("/admin/login/?next=/admin/").url == "/admin/"
    assert operator_client.get("/admin/").status_code == 200


def test_make_operator_opens_the_back_office_to_an_email(member: User) -> None:
    call_command("make_operator", "LAN.nguyen@example.com", "--no-link")
    member.refresh_from_db()
    assert (member.is_staff, member.is_superuser) == (True, False)

    call_command("make_operator", "new.ops@tradewise.example", "--superuser", "--no-link")
    created = User.objects.get(email="new.ops@tradewise.example")
    assert (created.is_staff, created.is_superuser) == (True, True)

    call_command("make_operator", "new.ops@tradewise.example", "--revoke")
    created.refresh_from_db()
    assert (created.is_staff, created.is_superuser) == (False, False)


def test_the_demand_list_counts_demands_per_feature(operator_client: Client) -> None:
    demand("Saigon Coffee", "ai-sale-agent", "farm-management")
    demand("Hanoi Tea", "farm-management")

    response = operator_client.get(DEMANDS)

    counts = dict(response.context["feature_counts"])
    assert counts["Farm Management"] == 2
    assert counts["AI Sale Agent"] == 1
    assert counts["Chatbot Support"] == 0
    assert next(iter(counts)) == "Farm Management"
    assert b"Demands per feature" in response.content


@pytest.mark.parametrize(
    ("query", "companies"),
    [
        ({"feature": "ai-sale-agent"}, ["Saigon Coffee"]),
        ({"status__exact": "closed"}, ["Hanoi Tea"]),
        ({"q": "hanoi"}, ["Hanoi Tea"]),
    ],
)
def test_the_demand_list_filters_and_searches(
    operator_client: Client, query: dict[str, str], companies: list[str]
) -> None:
    demand("Saigon Coffee", "ai-sale-agent")
    demand("Hanoi Tea", "farm-management", status="closed")

    response = operator_client.get(DEMANDS, query)

    assert [d.company_name for d in response.context["cl"].result_list] == companies


def act(client: Client, action: str, *demands: ServiceDemand) -> Any:
    return client.post(
        DEMANDS, {"action": action, "_selected_action": [d.pk for d in demands]}, follow=True
    )


def test_marking_demands_contacted_is_audited(operator_client: Client) -> None:
    first, second = demand("Saigon Coffee", "ai-sale-agent"), demand("Hanoi Tea", "chatbot-support")

    act(operator_client, "mark_contacted", first, second)
    act(operator_client, "mark_closed", second)

    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, second.status) == ("contacted", "closed")
    trail = AuditEntry.objects.filter(object_id=str(second.pk)).order_by("id")
    assert [(e.actor, e.action, e.before, e.after) for e in trail] == [
        ("ops@tradewise.example", "set_status", {"status": "new"}, {"status": "contacted"}),
        ("ops@tradewise.example", "set_status", {"status": "contacted"}, {"status": "closed"}),
    ]
    assert trail[0].object_type == "accounts.servicedemand"


def test_demands_export_as_csv(operator_client: Client) -> None:
    selected = demand("Saigon Coffee", "ai-sale-agent", "farm-management")

    response = act(operator_client, "export_csv", selected)

    assert response["Content-Type"].startswith("text/csv")
    header, row = response.content.decode().splitlines()
    assert header.split(",")[:3] == ["created_at", "status", "first_name"]
    assert row.endswith(",ai-sale-agent farm-management")
    assert "Saigon Coffee" in row


def test_demands_export_neutralises_formula_cells(operator_client: Client) -> None:
    selected = demand('=HYPERLINK("http://x","y")', "ai-sale-agent")

    response = act(operator_client, "export_csv", selected)

    _, row = response.content.decode().splitlines()
    assert '"\'=HYPERLINK(""http://x"",""y"")"' in row
