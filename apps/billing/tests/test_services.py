"""Billing's writes: the query quota, the credit ledger and the daily free credits."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.db.models import Sum

from apps.accounts.models import User
from apps.billing import selectors, services
from apps.billing.models import (
    CreditAccount,
    CreditEntry,
    CreditHold,
    Order,
    Plan,
    Subscription,
)
from apps.billing.services import InsufficientCredit, Outcome, QueryLimitExceeded
from apps.core.errors import Conflict, NotFound

pytestmark = pytest.mark.django_db

BEFORE_MIDNIGHT = datetime(2026, 3, 1, 23, 59, 30, tzinfo=UTC)
AFTER_MIDNIGHT = datetime(2026, 3, 2, 0, 0, 30, tzinfo=UTC)


@pytest.fixture
def user() -> User:
    return User.objects.create_user("lan@example.com")


def ledger_total(user: User) -> int:
    return (
        CreditEntry.objects.filter(account__user=user).aggregate(total=Sum("amount"))["total"] or 0
    )


def stored_balance(user: User) -> int:
    return CreditAccount.objects.get(user=user).balance


def subscribe(user: User, key: str) -> Subscription:
    plan = Plan.objects.get(product__name="market-insights", key=key)
    start = datetime.now(UTC)
    return Subscription.objects.create(
        user=user, plan=plan, started_at=start, ends_at=services.period_end(plan, start)
    )


def on_team_plan(user: User) -> None:
    """A lead-sourcing subscription of 25 free credits a day (the free plan gives 10)."""
    team = Plan.objects.get(product__name="lead-sourcing", key="free")
    team.pk, team.key, team.kind, team.daily_credits = None, "team", Plan.Kind.SUBSCRIPTION, 25
    team.period, team.price_cents, team.list_price_cents = Plan.Period.MONTH, 100, 100
    team.save()
    start = datetime.now(UTC)
    Subscription.objects.create(
        user=user, plan=team, started_at=start, ends_at=services.period_end(team, start)
    )


# The query quota


def test_a_free_user_has_two_searches_a_day(user: User) -> None:
    first = services.record_query(user, product_name="market-insights", key="coffee|VN|2024")
    second = services.record_query(user, product_name="market-insights", key="cashew|VN|2024")

    assert (first.used, first.remaining, second.remaining) == (1, 1, 0)
    with pytest.raises(QueryLimitExceeded) as refused:
        services.record_query(user, product_name="market-insights", key="pepper|VN|2024")
    assert refused.value.message == "Daily query limit exceeded: 2 of 2 used today"
    assert refused.value.status == 403


def test_the_same_search_on_the_same_day_counts_once(user: User) -> None:
    for _ in range(5):
        state = services.record_query(user, product_name="market-insights", key="coffee|VN|2024")
    assert (state.used, state.limit, state.remaining, state.counted) == (1, 2, 1, False)
    assert selectors.queries_today(user, "market-insights") == 1


def test_repeating_a_counted_search_is_allowed_after_the_limit(user: User) -> None:
    services.record_query(user, product_name="market-insights", key="a")
    services.record_query(user, product_name="market-insights", key="b")
    assert services.record_query(user, product_name="market-insights", key="a").counted is False


def test_counting_a_search_counts_it_once_a_day(user: User, django_assert_num_queries: Any) -> None:
    services.count_query(user, product_name="market-insights", key="a")
    with django_assert_num_queries(1):  # one lookup: counted already, no lock taken
        services.count_query(user, product_name="market-insights", key="a")
    services.count_query(user, product_name="market-insights", key="b")

    assert selectors.queries_today(user, "market-insights") == 2
    with pytest.raises(QueryLimitExceeded):
        services.count_query(user, product_name="market-insights", key="c")


def test_searches_of_one_product_do_not_count_for_another(user: User) -> None:
    services.record_query(user, product_name="lead-sourcing", key="a")
    services.record_query(user, product_name="lead-sourcing", key="b")

    state = services.record_query(user, product_name="market-insights", key="c")

    assert (state.used, state.remaining, state.counted) == (1, 1, True)


def test_a_paid_plan_has_no_daily_limit(user: User) -> None:
    subscribe(user, "daily")
    for number in range(20):
        state = services.record_query(user, product_name="market-insights", key=f"search {number}")
    assert (state.used, state.limit, state.remaining) == (20, None, None)


def test_the_quota_starts_again_at_midnight_utc(user: User) -> None:
    with time_machine.travel(BEFORE_MIDNIGHT, tick=False):
        services.record_query(user, product_name="market-insights", key="a")
        services.record_query(user, product_name="market-insights", key="b")
        with pytest.raises(QueryLimitExceeded):
            services.record_query(user, product_name="market-insights", key="c")
    with time_machine.travel(AFTER_MIDNIGHT, tick=False):
        assert selectors.queries_today(user, "market-insights") == 0
        assert services.record_query(user, product_name="market-insights", key="a").counted is True


def test_an_ended_subscription_falls_back_to_the_free_plan(user: User) -> None:
    with time_machine.travel(BEFORE_MIDNIGHT, tick=False):
        subscribe(user, "daily")
        assert selectors.current_plans(user)["market-insights"].plan.key == "daily"
    with time_machine.travel(datetime(2026, 3, 3, 0, 0, tzinfo=UTC), tick=False):
        current = selectors.current_plans(user)["market-insights"]
        assert (current.plan.key, current.subscription) == ("free", None)
        assert selectors.usage(user)["queries_left_today"] == 2


def test_a_cancelled_subscription_is_not_current(user: User) -> None:
    subscription = subscribe(user, "monthly")
    subscription.status = Subscription.Status.CANCELLED
    subscription.save()
    assert selectors.current_plans(user)["market-insights"].plan.key == "free"


def test_queries_of_one_user_do_not_count_for_another(user: User) -> None:
    other = User.objects.create_user("binh@example.com")
    services.record_query(user, product_name="market-insights", key="a")
    services.record_query(user, product_name="market-insights", key="b")
    assert services.record_query(other, product_name="market-insights", key="a").remaining == 1


# Credits


def test_a_new_user_has_ten_free_credits_today(user: User) -> None:
    assert selectors.usage(user)["credits"] == {
        "balance": 10,
        "free": 10,
        "bought": 0,
        "held": 0,
        "daily_allowance": 10,
    }


def test_free_credits_are_spent_before_bought_ones(user: User) -> None:
    services.grant_credits(user, amount=100, reason="Basic pack", reference="order:1")

    services.charge_credits(user, amount=5, reason="lead-phone", reference="lead-phone:7")
    services.charge_credits(user, amount=7, reason="lead-phone", reference="lead-phone:8")

    account = CreditAccount.objects.get(user=user)
    assert (account.free_balance, account.bought_balance) == (0, 98)
    split = CreditEntry.objects.filter(reference="lead-phone:8").values_list("bucket", "amount")
    assert sorted(split) == [("bought", -2), ("free", -5)]
    assert ledger_total(user) == stored_balance(user) == 98


def test_charging_the_same_reference_twice_charges_once(user: User) -> None:
    first = services.charge_credits(user, amount=1, reason="lead-email", reference="lead-email:123")
    again = services.charge_credits(user, amount=1, reason="lead-email", reference="lead-email:123")

    assert (first.changed, again.changed, again.balance) == (True, False, 9)
    assert CreditEntry.objects.filter(kind="charge").count() == 1


@pytest.mark.parametrize(
    ("act", "message"),
    [
        (services.charge_credits, "a charge takes at least one credit"),
        (services.grant_credits, "a grant gives at least one credit"),
    ],
)
def test_a_charge_or_grant_of_no_credit_is_refused(user: User, act: Any, message: str) -> None:
    with pytest.raises(ValueError, match=rf"^{message}$"):
        act(user, amount=0, reason="nothing", reference="nothing:1")

    assert not CreditEntry.objects.exists()


def test_only_an_earlier_charge_of_a_reference_makes_charging_it_again_free(user: User) -> None:
    services.grant_credits(user, amount=5, reason="Goodwill", reference="lead-email:1")

    change = services.charge_credits(user, amount=1, reason="lead-email", reference="lead-email:1")

    assert (change.changed, change.balance) == (True, 14)


def test_an_insufficient_balance_is_refused_and_nothing_is_written(user: User) -> None:
    services.charge_credits(user, amount=8, reason="lead-phone", reference="a")
    entries = CreditEntry.objects.count()

    with pytest.raises(InsufficientCredit) as refused:
        services.charge_credits(user, amount=5, reason="lead-phone", reference="b")

    assert refused.value.message == "insufficient credit: 5 needed, 2 available"
    assert refused.value.status == 403
    assert CreditEntry.objects.count() == entries
    assert stored_balance(user) == 2


# Holds


def hold(user: User, amount: int, reference: str, minutes: int = 5) -> Any:
    return services.hold_credits(
        user, amount=amount, reason="verification", reference=reference,
        lifetime=timedelta(minutes=minutes),
    )  # fmt: skip


def test_held_credits_cannot_be_spent_elsewhere(user: User) -> None:
    services.grant_credits(user, amount=100, reason="Basic pack", reference="order:1")
    hold(user, 100, "verification:1:1")

    assert selectors.usage(user)["credits"]["balance"] == 10
    assert selectors.usage(user)["credits"]["held"] == 100
    with pytest.raises(InsufficientCredit):
        services.charge_credits(user, amount=11, reason="lead-phone", reference="b")
    with pytest.raises(InsufficientCredit):
        hold(user, 11, "verification:2:1")
    services.charge_credits(user, amount=10, reason="lead-phone", reference="c")
    assert stored_balance(user) == 100


def test_holding_a_reference_twice_holds_once(user: User) -> None:
    first = hold(user, 10, "verification:1:1")
    again = hold(user, 10, "verification:1:1")

    assert first.pk == again.pk
    assert selectors.usage(user)["credits"]["held"] == 10


def test_a_hold_settles_to_what_the_work_came_to_and_releases_the_rest(user: User) -> None:
    services.grant_credits(user, amount=100, reason="Basic pack", reference="order:1")
    hold(user, 100, "verification:1:1")

    first = services.settle_hold(user, reference="verification:1:1", amount=70, reason="Acme")
    again = services.settle_hold(user, reference="verification:1:1", amount=70, reason="Acme")

    assert (first.changed, again.changed) == (True, False)
    assert selectors.usage(user)["credits"] == {
        "balance": 40, "free": 0, "bought": 40, "held": 0, "daily_allowance": 10,
    }  # fmt: skip
    charges = CreditEntry.objects.filter(kind="charge", reference="verification:1:1")
    assert sum(charge.amount for charge in charges) == -70
    assert ledger_total(user) == stored_balance(user) == 40


def test_settling_to_nothing_releases_the_hold_and_writes_no_entry(user: User) -> None:
    hold(user, 10, "verification:1:1")
    entries = CreditEntry.objects.count()

    released = services.settle_hold(user, reference="verification:1:1", amount=0, reason="Acme")

    assert (released.changed, released.balance) == (True, 10)
    assert selectors.usage(user)["credits"]["balance"] == 10
    assert CreditEntry.objects.count() == entries


def test_a_hold_settles_to_at_most_what_it_set_aside(user: User) -> None:
    hold(user, 5, "verification:1:1")

    with pytest.raises(ValueError, match=r"^a hold settles to at most what it set aside$"):
        services.settle_hold(user, reference="verification:1:1", amount=6, reason="Acme")


def test_a_lapsed_hold_no_longer_counts(user: User) -> None:
    hold(user, 10, "verification:1:1", minutes=1)

    with time_machine.travel(datetime.now(UTC) + timedelta(minutes=2)):
        assert selectors.usage(user)["credits"]["held"] == 0
        services.charge_credits(user, amount=10, reason="lead-phone", reference="b")


def test_a_hold_sets_aside_at_least_one_credit(user: User) -> None:
    with pytest.raises(ValueError, match=r"^a hold sets aside at least one credit$"):
        hold(user, 0, "verification:1:1")


def test_a_new_users_free_credits_of_today_can_back_a_hold(user: User) -> None:
    hold(user, 10, "verification:1:1")

    with pytest.raises(InsufficientCredit) as refused:
        hold(user, 1, "verification:2:1")

    assert refused.value.message == "insufficient credit: 1 needed, 0 available"


def test_a_hold_keeps_its_reason_within_the_column(user: User) -> None:
    held = hold(user, 5, "verification:1:1", minutes=5)
    long = services.hold_credits(
        user, amount=5, reason="x" * 200, reference="verification:2:1",
        lifetime=timedelta(minutes=5),
    )  # fmt: skip

    assert held.reason == "verification"
    assert len(long.reason) == CreditHold._meta.get_field("reason").max_length


def test_one_user_cannot_settle_anothers_hold(user: User) -> None:
    other = User.objects.create_user("binh@example.com")
    hold(user, 10, "verification:1:1")

    answer = services.settle_hold(other, reference="verification:1:1", amount=0, reason="Acme")

    assert answer.changed is False
    assert selectors.usage(user)["credits"]["held"] == 10


def test_a_hold_settles_to_all_it_set_aside(user: User) -> None:
    services.grant_credits(user, amount=100, reason="Basic pack", reference="order:1")
    hold(user, 100, "verification:1:1")

    settled = services.settle_hold(user, reference="verification:1:1", amount=100, reason="Acme")

    assert settled.changed is True
    assert stored_balance(user) == 10


def test_a_hold_settles_to_a_single_credit(user: User) -> None:
    hold(user, 10, "verification:1:1")

    settled = services.settle_hold(user, reference="verification:1:1", amount=1, reason="Acme")

    assert (settled.changed, settled.balance) == (True, 9)
    assert selectors.usage(user)["credits"] == {
        "balance": 9, "free": 9, "bought": 0, "held": 0, "daily_allowance": 10,
    }  # fmt: skip


def test_a_hold_lasts_its_lifetime_from_when_it_was_made(user: User) -> None:
    held = hold(user, 10, "verification:1:1", minutes=7)

    assert held.expires_at - held.created_at == timedelta(minutes=7)


def test_the_first_hold_of_a_day_can_use_the_users_own_daily_allowance(user: User) -> None:
    on_team_plan(user)

    held = hold(user, 25, "verification:1:1")

    assert held.amount == 25
    assert CreditAccount.objects.get(user=user).free_balance == 25


def test_a_hold_settled_the_next_day_is_paid_with_that_days_free_credits_first(
    user: User,
) -> None:
    services.grant_credits(user, amount=100, reason="Basic pack", reference="order:1")
    with time_machine.travel(BEFORE_MIDNIGHT, tick=False):
        hold(user, 70, "verification:1:1")
    with time_machine.travel(AFTER_MIDNIGHT, tick=False):
        services.settle_hold(user, reference="verification:1:1", amount=70, reason="Acme")
        account = CreditAccount.objects.get(user=user)
        assert (account.free_balance, account.bought_balance) == (0, 40)


def test_a_hold_settled_the_next_day_is_paid_with_the_users_own_allowance_first(
    user: User,
) -> None:
    services.grant_credits(user, amount=100, reason="Basic pack", reference="order:1")
    with time_machine.travel(BEFORE_MIDNIGHT, tick=False):
        on_team_plan(user)
        hold(user, 70, "verification:1:1")
    with time_machine.travel(AFTER_MIDNIGHT, tick=False):
        services.settle_hold(user, reference="verification:1:1", amount=30, reason="Acme")
        account = CreditAccount.objects.get(user=user)
        assert (account.free_balance, account.bought_balance) == (0, 95)


def test_granting_the_same_reference_twice_grants_once(user: User) -> None:
    services.grant_credits(user, amount=100, reason="Basic pack", reference="order:9")
    services.grant_credits(user, amount=100, reason="Basic pack", reference="order:9")
    assert CreditAccount.objects.get(user=user).bought_balance == 100


def test_a_refund_gives_back_what_the_charge_took_once(user: User) -> None:
    services.grant_credits(user, amount=100, reason="Basic pack", reference="order:1")
    services.charge_credits(user, amount=12, reason="lead-phone", reference="lead-phone:5")

    refunded = services.refund_credits(
        user, reference="lead-phone:5", reason="no phone number found"
    )
    again = services.refund_credits(user, reference="lead-phone:5", reason="no phone number found")

    account = CreditAccount.objects.get(user=user)
    assert (refunded.changed, again.changed) == (True, False)
    assert refunded.balance == again.balance == 110
    assert (account.free_balance, account.bought_balance) == (10, 100)
    assert ledger_total(user) == account.balance


def test_refunding_a_reference_that_was_granted_not_charged_changes_nothing(user: User) -> None:
    services.grant_credits(user, amount=100, reason="Basic pack", reference="order:1")

    answer = services.refund_credits(user, reference="order:1", reason="no result")

    assert (answer.changed, answer.balance) == (False, 100)
    assert CreditAccount.objects.get(user=user).bought_balance == 100
    assert not CreditEntry.objects.filter(kind="refund").exists()


def test_refunding_an_unknown_reference_changes_nothing(user: User) -> None:
    assert (
        services.refund_credits(user, reference="lead-phone:404", reason="no result").changed
        is False
    )


def test_yesterdays_free_credits_are_not_given_back_today(user: User) -> None:
    with time_machine.travel(BEFORE_MIDNIGHT, tick=False):
        services.charge_credits(user, amount=4, reason="lead-phone", reference="lead-phone:1")
    with time_machine.travel(AFTER_MIDNIGHT, tick=False):
        services.refund_credits(user, reference="lead-phone:1", reason="no result")
        account = CreditAccount.objects.get(user=user)
        assert account.free_balance == 10
        assert ledger_total(user) == account.balance


def test_refunding_one_charge_leaves_the_other_charges(user: User) -> None:
    services.grant_credits(user, amount=100, reason="Basic pack", reference="order:1")
    services.charge_credits(user, amount=4, reason="lead-email", reference="lead-email:1")
    services.charge_credits(user, amount=20, reason="lead-phone", reference="lead-phone:2")

    services.refund_credits(user, reference="lead-phone:2", reason="no phone number found")

    account = CreditAccount.objects.get(user=user)
    assert (account.free_balance, account.bought_balance) == (6, 100)
    refunds = CreditEntry.objects.filter(kind="refund").values_list("reference", "amount")
    assert sorted(refunds) == [("lead-phone:2", 6), ("lead-phone:2", 14)]
    assert ledger_total(user) == account.balance


def test_a_refund_of_one_charge_does_not_stop_the_refund_of_another(user: User) -> None:
    services.grant_credits(user, amount=100, reason="Basic pack", reference="order:1")
    services.charge_credits(user, amount=15, reason="lead-phone", reference="lead-phone:1")
    services.charge_credits(user, amount=5, reason="lead-phone", reference="lead-phone:2")

    first = services.refund_credits(user, reference="lead-phone:1", reason="no result")
    second = services.refund_credits(user, reference="lead-phone:2", reason="no result")

    assert (first.changed, second.changed) == (True, True)
    account = CreditAccount.objects.get(user=user)
    assert (account.free_balance, account.bought_balance) == (10, 100)
    assert ledger_total(user) == account.balance


def test_the_bought_part_of_yesterdays_charge_is_given_back_today(user: User) -> None:
    services.grant_credits(user, amount=50, reason="Basic pack", reference="order:1")
    with time_machine.travel(BEFORE_MIDNIGHT, tick=False):
        # Ten of today's free credits, then four bought ones.
        services.charge_credits(user, amount=14, reason="lead-phone", reference="lead-phone:1")
        assert CreditAccount.objects.get(user=user).bought_balance == 46
    with time_machine.travel(AFTER_MIDNIGHT, tick=False):
        refunded = services.refund_credits(user, reference="lead-phone:1", reason="no result")
        account = CreditAccount.objects.get(user=user)

    assert refunded.changed is True
    # Yesterday's free credits would have expired at midnight: only the bought four come back.
    assert (account.free_balance, account.bought_balance) == (10, 50)
    refund = CreditEntry.objects.get(kind="refund")
    assert (refund.bucket, refund.amount) == ("bought", 4)
    assert ledger_total(user) == account.balance


def test_a_refund_today_of_a_free_charge_of_today_gives_back_free_credits(user: User) -> None:
    with time_machine.travel(AFTER_MIDNIGHT, tick=False):
        services.charge_credits(user, amount=3, reason="lead-email", reference="lead-email:1")
        refunded = services.refund_credits(user, reference="lead-email:1", reason="no result")
        account = CreditAccount.objects.get(user=user)
    assert refunded.changed is True
    assert (account.free_balance, account.bought_balance) == (10, 0)
    assert ledger_total(user) == account.balance


def test_a_refund_on_a_new_day_starts_it_with_the_users_own_allowance(user: User) -> None:
    services.grant_credits(user, amount=50, reason="Basic pack", reference="order:1")
    with time_machine.travel(BEFORE_MIDNIGHT, tick=False):
        on_team_plan(user)
        services.charge_credits(user, amount=30, reason="lead-phone", reference="lead-phone:1")
    with time_machine.travel(AFTER_MIDNIGHT, tick=False):
        services.refund_credits(user, reference="lead-phone:1", reason="no result")
        account = CreditAccount.objects.get(user=user)
    assert (account.free_balance, account.bought_balance) == (25, 50)
    assert ledger_total(user) == account.balance


def test_refunding_only_yesterdays_free_credits_changes_nothing(user: User) -> None:
    with time_machine.travel(BEFORE_MIDNIGHT, tick=False):
        services.charge_credits(user, amount=4, reason="lead-phone", reference="lead-phone:1")
    with time_machine.travel(AFTER_MIDNIGHT, tick=False):
        refunded = services.refund_credits(user, reference="lead-phone:1", reason="no result")
    assert refunded.changed is False
    assert not CreditEntry.objects.filter(kind="refund").exists()


def test_free_credits_reset_at_midnight_utc(user: User) -> None:
    services.grant_credits(user, amount=50, reason="Basic pack", reference="order:1")
    with time_machine.travel(BEFORE_MIDNIGHT, tick=False):
        services.charge_credits(user, amount=3, reason="lead-email", reference="lead-email:1")
        assert selectors.usage(user)["credits"]["free"] == 7
    with time_machine.travel(AFTER_MIDNIGHT, tick=False):
        # Reported before anything is written: a fresh day has the full allowance.
        assert selectors.usage(user)["credits"] == {
            "balance": 60,
            "free": 10,
            "bought": 50,
            "held": 0,
            "daily_allowance": 10,
        }
        services.charge_credits(user, amount=1, reason="lead-email", reference="lead-email:2")
        account = CreditAccount.objects.get(user=user)
        assert (account.free_balance, account.bought_balance) == (9, 50)
    kinds = list(CreditEntry.objects.order_by("id").values_list("kind", "amount"))
    assert kinds == [
        ("grant", 50),
        ("daily_grant", 10),
        ("charge", -3),
        ("daily_expiry", -7),
        ("daily_grant", 10),
        ("charge", -1),
    ]
    daily = CreditEntry.objects.filter(kind__startswith="daily_").order_by("id")
    assert list(daily.values_list("bucket", "reason", "reference")) == [
        ("free", "daily free credits", "daily:2026-03-01"),
        ("free", "daily credits expired", "daily:2026-03-01"),
        ("free", "daily free credits", "daily:2026-03-02"),
    ]
    assert ledger_total(user) == account.balance


def test_without_a_daily_allowance_yesterdays_free_credits_still_expire(user: User) -> None:
    services.grant_credits(user, amount=50, reason="Basic pack", reference="order:1")
    with time_machine.travel(BEFORE_MIDNIGHT, tick=False):
        services.charge_credits(user, amount=3, reason="lead-email", reference="lead-email:1")
    Plan.objects.filter(product__name="lead-sourcing", key="free").update(daily_credits=0)
    with time_machine.travel(AFTER_MIDNIGHT, tick=False):
        services.charge_credits(user, amount=1, reason="lead-email", reference="lead-email:2")
        account = CreditAccount.objects.get(user=user)
    assert (account.free_balance, account.bought_balance) == (0, 49)
    assert ledger_total(user) == account.balance


def test_the_daily_allowance_is_the_users_own_plans(user: User) -> None:
    on_team_plan(user)
    other = User.objects.create_user("binh@example.com")

    services.charge_credits(user, amount=1, reason="lead-email", reference="lead-email:1")
    services.charge_credits(other, amount=1, reason="lead-email", reference="lead-email:1")

    assert CreditAccount.objects.get(user=user).free_balance == 24
    assert CreditAccount.objects.get(user=other).free_balance == 9


def test_free_credits_never_accumulate_across_days(user: User) -> None:
    with time_machine.travel(BEFORE_MIDNIGHT, tick=False):
        services.charge_credits(user, amount=1, reason="lead-email", reference="a")
    with time_machine.travel(datetime(2026, 3, 5, 12, 0, tzinfo=UTC), tick=False):
        services.charge_credits(user, amount=1, reason="lead-email", reference="b")
        assert CreditAccount.objects.get(user=user).free_balance == 9


def test_each_entry_records_the_balance_after_it(user: User) -> None:
    services.grant_credits(user, amount=20, reason="Basic pack", reference="order:1")
    services.charge_credits(user, amount=15, reason="verification", reference="verification:3")
    running = 0
    for entry in CreditEntry.objects.order_by("id"):
        running += entry.amount
        assert entry.balance_after == running


def test_ledger_entries_cannot_be_edited(user: User) -> None:
    services.grant_credits(user, amount=20, reason="Basic pack", reference="order:1")
    entry = CreditEntry.objects.get()
    entry.amount = 2000
    with pytest.raises(ValueError, match="append-only"):
        entry.save()


def test_a_grant_of_one_credit_is_made_once_and_says_so(user: User) -> None:
    first = services.grant_credits(user, amount=1, reason="pack", reference="order:1")
    again = services.grant_credits(user, amount=1, reason="pack", reference="order:1")

    assert (first.changed, again.changed) == (True, False)
    assert first.balance == again.balance == stored_balance(user)
    assert CreditAccount.objects.get(user=user).bought_balance == 1


def test_the_paid_demo_is_set_up_once(user: User) -> None:
    with time_machine.travel(BEFORE_MIDNIGHT, tick=False):
        services.set_up_paid_demo(user)
        services.set_up_paid_demo(user)
        usage = selectors.usage(user)
    assert usage["user_subscription"]["plan"]["key"] == "monthly"
    assert usage["credits"]["bought"] == 500
    subscription = Subscription.objects.get(user=user)
    assert (subscription.started_at, subscription.ends_at) == (
        BEFORE_MIDNIGHT,
        datetime(2026, 4, 1, 23, 59, 30, tzinfo=UTC),
    )
    grant = CreditEntry.objects.get(kind="grant")
    assert (grant.amount, grant.reason, grant.reference) == (500, "demo credits", "demo:credits")


def test_the_paid_demos_period_lasts_exactly_one_month_from_its_start(user: User) -> None:
    with time_machine.travel(BEFORE_MIDNIGHT):
        services.set_up_paid_demo(user)

    subscription = Subscription.objects.select_related("plan").get(user=user)
    assert subscription.ends_at == services.period_end(subscription.plan, subscription.started_at)


# Orders


def pending_order(user: User, plan_key: str = "basic", provider: str = "sandbox") -> Order:
    order = services.create_order(user, product_name="lead-sourcing", plan_key=plan_key)
    order.provider, order.provider_reference = provider, f"session-{order.pk}"
    order.save(update_fields=["provider", "provider_reference"])
    return order


def paid_order(user: User, plan_key: str = "basic") -> Order:
    order = pending_order(user, plan_key)
    outcome = services.fulfil_order(
        order.pk,
        provider=order.provider,
        provider_reference=order.provider_reference,
        amount_cents=order.amount_cents,
        payment_reference=f"payment-{order.pk}",
    )
    assert outcome == Outcome.FULFILLED
    order.refresh_from_db()
    return order


def test_only_a_pending_order_of_ones_own_can_be_cancelled(user: User) -> None:
    paid = paid_order(user)

    with pytest.raises(NotFound) as unknown:
        services.cancel_order(user, paid.pk + 1)
    with pytest.raises(Conflict) as finished:
        services.cancel_order(user, paid.pk)

    assert unknown.value.message == "Order not found"
    assert finished.value.message == "Only a pending order can be cancelled; this one is paid"


def test_a_checkout_ended_unpaid_closes_only_the_order_it_names_at_its_provider(
    user: User,
) -> None:
    first, second = pending_order(user, provider="stripe"), pending_order(user, provider="stripe")
    elsewhere = pending_order(user, provider="sandbox")

    mixed = services.close_unpaid_order(
        second.pk, provider="stripe", provider_reference=first.provider_reference, status="failed"
    )
    other_provider = services.close_unpaid_order(
        elsewhere.pk,
        provider="stripe",
        provider_reference=elsewhere.provider_reference,
        status="failed",
    )

    assert mixed == other_provider == Outcome.UNKNOWN_ORDER
    assert set(Order.objects.values_list("status", flat=True)) == {"pending"}


def test_a_refund_at_another_provider_takes_nothing_back(user: User) -> None:
    order = paid_order(user)

    outcome = services.refund_order(provider="stripe", payment_reference=order.payment_reference)

    assert outcome == Outcome.UNKNOWN_ORDER
    order.refresh_from_db()
    assert order.status == "paid"
    assert CreditAccount.objects.get(user=user).bought_balance == 100


def test_refunding_a_spent_pack_writes_no_reversal(user: User) -> None:
    order = paid_order(user)
    services.charge_credits(user, amount=110, reason="verification", reference="verification:1")

    outcome = services.refund_order(provider="sandbox", payment_reference=order.payment_reference)

    assert outcome == Outcome.REFUNDED
    assert not CreditEntry.objects.filter(kind="reversal").exists()
    assert ledger_total(user) == stored_balance(user) == 0
