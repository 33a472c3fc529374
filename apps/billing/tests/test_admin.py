"""The billing back office: balances change only through the audited 'adjust credits' act."""

from typing import Any

import pytest
from django.test import Client

from apps.accounts.models import User
from apps.billing import services
from apps.billing.models import CreditAccount, CreditEntry, Plan, Subscription
from apps.core.errors import ValidationFailed
from apps.core.models import AuditEntry
from tests.fixtures import signed_in

pytestmark = pytest.mark.django_db

ACCOUNTS = "/admin/billing/creditaccount/"


@pytest.fixture
def operator(db: None) -> User:
    return User.objects.create_user(
        "ops@tradewise.example", name="Minh", is_staff=True, is_superuser=True
    )


@pytest.fixture
def operator_client(operator: User) -> Client:
    return signed_in(operator)


def test_an_adjustment_writes_a_ledger_entry_and_an_audit_record(
    member: User, operator: User
) -> None:
    services.grant_credits(member, amount=100, reason="Basic pack", reference="order:1")

    change = services.adjust_credits(
        member, amount=-30, reason="Duplicate grant", operator=operator
    )

    assert (change.changed, change.balance) == (True, 70)
    entry = CreditEntry.objects.get(kind=CreditEntry.Kind.ADJUSTMENT)
    assert (entry.amount, entry.balance_after, entry.reason) == (-30, 70, "Duplicate grant")
    assert "ops@tradewise.example" in entry.reference
    audit = AuditEntry.objects.get()
    assert (audit.actor, audit.action, audit.note) == (
        "ops@tradewise.example",
        "adjust_credits",
        "Duplicate grant",
    )
    assert audit.before == {"free_balance": 0, "bought_balance": 100}
    assert audit.after == {"free_balance": 0, "bought_balance": 70}
    assert audit.object_id == str(member.credit_account.pk)


@pytest.mark.parametrize(
    ("amount", "message", "fields"),
    [
        (0, "An adjustment changes at least one credit", {}),
        (-101, "Only 100 bought credits can be taken", {"amount": ["At least -100"]}),
    ],
)
def test_an_adjustment_changes_something_and_never_goes_below_zero(
    member: User, operator: User, amount: int, message: str, fields: dict[str, list[str]]
) -> None:
    services.grant_credits(member, amount=100, reason="Basic pack", reference="order:1")

    with pytest.raises(ValidationFailed) as refused:
        services.adjust_credits(member, amount=amount, reason="Oops", operator=operator)

    assert (refused.value.message, refused.value.fields) == (message, fields)
    assert not CreditEntry.objects.filter(kind=CreditEntry.Kind.ADJUSTMENT).exists()
    assert not AuditEntry.objects.exists()
    assert CreditAccount.objects.get(user=member).bought_balance == 100


def test_an_adjustment_may_take_every_bought_credit(member: User, operator: User) -> None:
    services.grant_credits(member, amount=100, reason="Basic pack", reference="order:1")

    change = services.adjust_credits(member, amount=-100, reason="Chargeback", operator=operator)

    assert (change.changed, change.balance) == (True, 0)
    assert CreditAccount.objects.get(user=member).bought_balance == 0


def test_an_adjustments_reason_and_reference_fit_their_columns(member: User) -> None:
    operator = User.objects.create_user(f"{'o' * 120}@tradewise.example", is_staff=True)

    services.adjust_credits(member, amount=5, reason="r" * 200, operator=operator)

    entry = CreditEntry.objects.get(kind=CreditEntry.Kind.ADJUSTMENT)
    assert (len(entry.reason), len(entry.reference)) == (80, 120)
    assert entry.reference.startswith(f"adjustment #{AuditEntry.objects.get().pk} by ooo")


def adjust(client: Client, accounts: list[CreditAccount], **form: Any) -> Any:
    return client.post(
        ACCOUNTS,
        {
            "action": "adjust_credits",
            "_selected_action": [account.pk for account in accounts],
            **form,
        },
        follow=True,
    )


def test_the_admin_action_asks_for_amount_and_reason_then_adjusts(
    operator_client: Client, member: User, other_member: User
) -> None:
    accounts = [CreditAccount.objects.create(user=u) for u in (member, other_member)]

    form_page = adjust(operator_client, accounts)
    assert b"Adjust credits" in form_page.content
    assert not CreditEntry.objects.exists()

    adjust(operator_client, accounts, apply="1", amount="25", reason="Goodwill")

    assert sorted(CreditAccount.objects.values_list("bought_balance", flat=True)) == [25, 25]
    assert CreditEntry.objects.filter(kind="adjustment", reason="Goodwill").count() == 2
    assert AuditEntry.objects.filter(action="adjust_credits").count() == 2


def test_a_refused_adjustment_changes_no_account(
    operator_client: Client, member: User, other_member: User
) -> None:
    services.grant_credits(member, amount=50, reason="Basic pack", reference="order:1")
    accounts = [CreditAccount.objects.get_or_create(user=u)[0] for u in (member, other_member)]

    response = adjust(operator_client, accounts, apply="1", amount="-10", reason="Correction")

    assert b"Nothing adjusted" in response.content
    assert not CreditEntry.objects.filter(kind="adjustment").exists()
    assert CreditAccount.objects.get(user=member).bought_balance == 50


def test_ledger_and_accounts_cannot_be_edited_in_the_admin(
    operator_client: Client, member: User
) -> None:
    services.grant_credits(member, amount=10, reason="Basic pack", reference="order:1")
    account = member.credit_account
    entry = CreditEntry.objects.get()

    operator_client.post(f"{ACCOUNTS}{account.pk}/change/", {"bought_balance": "9999"})
    operator_client.post(f"/admin/billing/creditentry/{entry.pk}/change/", {"amount": "9999"})

    account.refresh_from_db()
    assert account.bought_balance == 10
    assert CreditEntry.objects.get().amount == 10


def edit_form(client: Client, url: str) -> dict[str, Any]:
    """The fields of an admin form as the page fills them, ready to post back."""
    form = client.get(url).context["adminform"].form
    values = {name: form[name].value() for name in form.fields}
    return {name: "" if value is None else value for name, value in values.items()}


def test_editing_a_plans_daily_credits_is_audited(operator_client: Client) -> None:
    plan = Plan.objects.filter(daily_credits__isnull=False).first()
    assert plan is not None
    url = f"/admin/billing/plan/{plan.pk}/change/"
    before = plan.daily_credits

    response = operator_client.post(url, edit_form(operator_client, url) | {"daily_credits": 1000})

    assert response.status_code == 302
    plan.refresh_from_db()
    assert plan.daily_credits == 1000
    audit = AuditEntry.objects.get()
    assert (audit.actor, audit.action, audit.object_type, audit.object_id) == (
        "ops@tradewise.example",
        "admin_change",
        "billing.plan",
        str(plan.pk),
    )
    assert (audit.before, audit.after) == ({"daily_credits": before}, {"daily_credits": 1000})


def test_saving_a_plan_unchanged_writes_no_audit_entry(operator_client: Client) -> None:
    url = f"/admin/billing/plan/{Plan.objects.get(key='monthly').pk}/change/"

    assert operator_client.post(url, edit_form(operator_client, url)).status_code == 302
    assert not AuditEntry.objects.exists()


def test_a_subscription_created_by_hand_is_audited(operator_client: Client, member: User) -> None:
    plan = Plan.objects.get(key="monthly")
    form = {
        "user": member.pk,
        "plan": plan.pk,
        "status": "active",
        "started_at_0": "2026-01-05",
        "started_at_1": "09:00:00",
    }

    response = operator_client.post("/admin/billing/subscription/add/", form)

    assert response.status_code == 302
    subscription = Subscription.objects.get(user=member)
    audit = AuditEntry.objects.get()
    assert (audit.action, audit.object_type, audit.object_id) == (
        "admin_add",
        "billing.subscription",
        str(subscription.pk),
    )
    assert audit.before == {}
    assert (audit.after["user_id"], audit.after["plan_id"], audit.after["order_id"]) == (
        member.pk,
        plan.pk,
        None,
    )


def test_deleting_a_subscription_is_audited(operator_client: Client, member: User) -> None:
    subscription = Subscription.objects.create(user=member, plan=Plan.objects.get(key="monthly"))

    operator_client.post(
        "/admin/billing/subscription/",
        {"action": "delete_selected", "_selected_action": [subscription.pk], "post": "yes"},
    )

    assert not Subscription.objects.exists()
    audit = AuditEntry.objects.get()
    assert (audit.action, audit.object_id, audit.after) == (
        "admin_delete",
        str(subscription.pk),
        {},
    )
    assert audit.before["user_id"] == member.pk


def test_the_user_list_shows_plans_and_credits(operator_client: Client, member: User) -> None:
    services.grant_credits(member, amount=40, reason="Basic pack", reference="order:1")
    Subscription.objects.create(user=member, plan=Plan.objects.get(key="monthly"))

    response = operator_client.get("/admin/accounts/user/", {"q": "lan"})

    row = response.context["cl"].result_list[0]
    assert row.credit_balance == 40
    assert [str(s.plan) for s in row.running] == ["market-insights/monthly"]
    assert b"market-insights/monthly" in response.content
