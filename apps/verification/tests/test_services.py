"""The four checks with their sources replaced at the adapters, and the run's single charge."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.core import mail
from django.utils import timezone

from apps.accounts.models import User
from apps.billing.models import CreditAccount, CreditEntry, CreditHold
from apps.billing.selectors import credit_summary
from apps.billing.services import InsufficientCredit, charge_credits, grant_credits
from apps.leads.models import Company
from apps.leads.tests.conftest import make_company, with_credits
from apps.verification import checks, selectors, services
from apps.verification.models import CHECKS, Verification
from apps.verification.tests.conftest import GENEROUS_TIME_LIMIT, Sources

pytestmark = pytest.mark.django_db


def balance(user: User) -> int:
    return CreditAccount.objects.get(user=user).balance


def run(user: User, company: Company, check: str, domain: str = "dutchnut.example") -> Verification:
    return services.run_check(user=user, company_id=company.pk, check=check, domain=domain)


def run_all(user: User, company: Company) -> Verification:
    for check in CHECKS:
        verification = run(user, company, check)
    return verification


def test_company_profile_joins_the_record_and_its_place(
    member: User, buyer: Company, sources: Sources
) -> None:
    result = run(member, buyer, "company_profile").result("company_profile")

    assert result["company"]["employees"] == 120
    assert result["place"]["status"] == "found"
    assert result["place"]["business_status"] == "OPERATIONAL"


def test_without_a_maps_source_the_profile_succeeds_and_says_so(
    member: User, buyer: Company, sources: Sources
) -> None:
    sources.maps_configured = False

    verification = run(member, buyer, "company_profile")

    assert verification.state("company_profile") == "success"
    assert verification.result("company_profile")["place"]["status"] == "source not configured"


def test_trade_data_gives_history_average_and_last_transaction(
    member: User, buyer: Company, sources: Sources
) -> None:
    result = run(member, buyer, "trade_data").result("trade_data")

    assert result["shipments"] == 2
    assert [row["date"] for row in result["import_history"]] == ["2024-03-05", "2023-12-01"]
    assert result["import_history"][0]["exporter_country"] == "VN"
    assert result["average_import_order_value_usd"] == round(result["import_value_usd"] / 2, 2)
    assert result["last_transaction"]["date"] == "2024-03-05"
    assert result["found_data"] is True


def test_sanctions_report_matches_and_the_threshold_never_calling_a_weak_score_a_match(
    member: User, buyer: Company, sources: Sources
) -> None:
    result = run(member, buyer, "sanctions").result("sanctions")

    assert result["threshold"] == 0.8
    assert result["match"] is False
    assert result["matches"][0]["above_threshold"] is False
    assert result["matches"][0]["list"] == "OFAC SDN"


def test_website_reports_status_tls_and_a_stable_domain(
    member: User, buyer: Company, sources: Sources
) -> None:
    result = run(member, buyer, "website", "https://www.DutchNut.example/about").result("website")

    assert result["domain"] == "dutchnut.example"
    assert result["website"]["tls"] is True
    assert result["domain_state"] == "stable"
    assert result["domain_age_days"] > 3000


@pytest.mark.parametrize(
    ("check", "failing", "reason"),
    [
        ("company_profile", "place", "The maps source is unreachable"),
        ("sanctions", "screening", "No sanctions list loaded"),
    ],
)
def test_a_failing_source_ends_its_check_in_error_with_the_reason(
    member: User, buyer: Company, sources: Sources, check: str, failing: str, reason: str
) -> None:
    getattr(sources, failing).error = reason

    verification = run(member, buyer, check)

    assert verification.state(check) == "error"
    assert verification.result(check) == {"error": reason}


def test_a_check_that_breaks_ends_in_error_and_is_logged(
    member: User,
    buyer: Company,
    sources: Sources,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken(company: Company, domain: str) -> checks.Outcome:
        raise RuntimeError("a bug")

    monkeypatch.setitem(checks.CHECKS, "sanctions", broken)

    verification = run(member, buyer, "sanctions")

    assert verification.result("sanctions") == {"error": services.UNEXPECTED}
    assert [r.getMessage() for r in caplog.records if r.name == services.__name__] == [
        f"The sanctions check of verification {verification.pk} failed"
    ]


def test_a_run_checks_the_domain_it_is_given(
    member: User, buyer: Company, sources: Sources
) -> None:
    verification = run(member, buyer, "website", domain="https://www.other.example/about")

    assert verification.domain == "other.example"
    assert verification.result("website")["domain"] == "other.example"


def test_a_check_done_in_the_run_is_not_run_again(
    member: User, buyer: Company, sources: Sources
) -> None:
    run(member, buyer, "sanctions")
    again = run(member, buyer, "sanctions")

    assert (again.run, sources.screening.calls) == (1, 1)


def test_two_users_verifying_one_company_each_have_their_own_run(
    member: User, other_member: User, buyer: Company, sources: Sources
) -> None:
    mine = run(member, buyer, "company_profile")
    theirs = run(other_member, buyer, "company_profile")

    assert mine.pk != theirs.pk
    assert (theirs.user, theirs.run) == (other_member, 1)


def test_website_with_no_network_says_the_sources_are_unreachable(
    member: User, buyer: Company, sources: Sources
) -> None:
    sources.website.error = "The website is unreachable"
    sources.registration.error = "The domain registry (RDAP) is unreachable"

    verification = run(member, buyer, "website")

    assert verification.state("website") == "error"
    assert "RDAP" in verification.result("website")["error"]


def test_trade_data_without_an_index_is_an_error(member: User, sources: Sources, db: None) -> None:
    company = make_company(name="No Index Ltd")

    verification = run(member, company, "trade_data")

    assert verification.state("trade_data") == "error"
    assert "index" in verification.result("trade_data")["error"]


@pytest.fixture
def short_time_limit(sources: Sources, settings: Any) -> None:
    """A limit the tests of it wait out (in place of the sources' generous one): their sources
    never answer, so the outcome does not depend on the speed of the machine."""
    settings.VERIFICATION_CHECK_TIMEOUT = 0.3


@pytest.mark.parametrize(
    ("check", "slow"),
    [
        ("company_profile", "place"),
        ("sanctions", "screening"),
        ("website", "website"),
    ],
)
def test_a_source_that_overruns_the_time_limit_is_an_error(
    member: User, buyer: Company, sources: Sources, short_time_limit: None, check: str, slow: str
) -> None:
    getattr(sources, slow).slow = True

    verification = run(member, buyer, check)

    assert verification.state(check) == "error"
    assert "did not answer within" in verification.result(check)["error"]


def test_trade_data_overrunning_the_time_limit_is_an_error(
    member: User,
    buyer: Company,
    sources: Sources,
    short_time_limit: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from apps.verification import checks

    released = threading.Event()
    monkeypatch.setattr(
        checks, "search_shipments", lambda *args, **kwargs: released.wait(GENEROUS_TIME_LIMIT)
    )
    try:
        assert run(member, buyer, "trade_data").state("trade_data") == "error"
    finally:
        released.set()


def test_one_failing_check_does_not_stop_the_others(
    member: User, buyer: Company, sources: Sources
) -> None:
    sources.screening.error = "No sanctions list loaded"

    verification = run_all(member, buyer)

    assert verification.states() == {
        "company_profile": "success",
        "trade_data": "success",
        "sanctions": "error",
        "website": "success",
    }
    assert verification.credits_charged == 90  # three checks found data


def test_credits_are_charged_once_only_when_all_four_have_finished(
    member: User, buyer: Company, sources: Sources
) -> None:
    before = balance(member)
    for check in CHECKS[:3]:
        run(member, buyer, check)
        assert balance(member) == before

    verification = run(member, buyer, "website")
    services.settle(verification)

    charges = CreditEntry.objects.filter(reference=f"verification:{verification.pk}:1")
    assert verification.credits_charged == 100
    assert sum(entry.amount for entry in charges) == -100
    assert balance(member) == before - 100


def test_settling_a_run_before_its_last_check_ends_charges_nothing(
    member: User, buyer: Company, sources: Sources
) -> None:
    for check in CHECKS[:3]:
        verification = run(member, buyer, check)

    settled = services.settle(verification)

    assert (settled.charged, settled.credits_charged) == (False, 0)
    assert not CreditEntry.objects.filter(reference=f"verification:{verification.pk}:1").exists()
    assert credit_summary(member, 0)["held"] == services.MAX_CREDITS
    assert balance(member) == 150


def test_calling_a_running_check_again_does_not_run_it_twice(
    member: User, buyer: Company, sources: Sources
) -> None:
    first = run(member, buyer, "sanctions")
    again = run(member, buyer, "sanctions")

    assert first.run == again.run == 1
    assert again.state("sanctions") == "success"


def test_nothing_is_charged_when_all_four_fail(member: User, sources: Sources, db: None) -> None:
    company = make_company(name="Ghost Trading Ltd", domain="ghost.example")
    sources.fail_all()
    before = balance(member)

    verification = run_all(member, company)

    assert set(verification.states().values()) == {"error"}
    assert verification.credits_charged == 0
    assert verification.charged is True
    assert balance(member) == before


def test_a_run_that_found_nothing_says_so_until_a_free_retry_finds_data(
    member: User, sources: Sources
) -> None:
    company = make_company(name="Ghost Trading Ltd", domain="ghost.example")
    sources.fail_all()
    run_all(member, company)

    def message() -> Any:
        return selectors.results(member, company.pk, "en")["message"]

    assert message() == services.INSUFFICIENT_DATA
    sources.screening.error = ""

    again = services.run_check(
        user=member, company_id=company.pk, check="sanctions", domain="", retry=True
    )

    assert (again.state("sanctions"), again.credits_charged) == ("success", 0)
    assert message() is None


def test_a_balance_short_of_a_full_run_cannot_start_one(
    db: None, buyer: Company, sources: Sources
) -> None:
    poor = with_credits(User.objects.create_user("poor@example.com"), 99)

    with pytest.raises(InsufficientCredit):
        run(poor, buyer, "sanctions")

    assert not Verification.objects.filter(user=poor, run__gt=0).exists()


def test_credit_rule_is_70_plus_10_per_further_check_with_data(
    member: User, buyer: Company, sources: Sources
) -> None:
    sources.screening.error = "No sanctions list loaded"
    sources.website.error = sources.registration.error = "unreachable"

    verification = run_all(member, buyer)

    assert verification.credits_charged == 80


# Holds: a run sets its price ceiling aside when it starts and settles to what it delivered.


def available(user: User) -> int:
    return credit_summary(user, 0)["balance"]


def test_a_started_run_holds_its_ceiling_so_a_balance_backs_only_the_runs_it_covers(
    member: User, buyer: Company, sources: Sources
) -> None:
    other = make_company(name="Rotterdam Cashew Import BV", domain="rci.example")
    run(member, buyer, "company_profile")

    assert available(member) == 150 - services.MAX_CREDITS
    with pytest.raises(InsufficientCredit):
        run(member, other, "sanctions")
    assert sources.screening.calls == 0  # refused before any source was asked
    assert not Verification.objects.filter(user=member, company=other, run__gt=0).exists()


def test_the_hold_settles_to_what_the_run_delivered_and_the_rest_is_released(
    member: User, buyer: Company, sources: Sources
) -> None:
    sources.website.error = sources.registration.error = "unreachable"

    verification = run_all(member, buyer)

    assert verification.credits_charged == 90
    assert available(member) == 150 - 90
    assert credit_summary(member, 0)["held"] == 0
    assert CreditHold.objects.get(reference=f"verification:{verification.pk}:1").released_at


def test_an_errored_check_can_be_run_again_free_within_seven_days(
    member: User, buyer: Company, sources: Sources
) -> None:
    sources.screening.error = "The source did not answer within 8 seconds"
    first = run_all(member, buyer)
    charged = first.credits_charged
    sources.screening.error = ""

    again = services.run_check(
        user=member, company_id=buyer.pk, check="sanctions", domain="", retry=True
    )

    assert (again.run, again.state("sanctions")) == (1, "success")
    assert again.credits_charged == charged
    assert available(member) == 150 - charged
    assert services.free_retry_until(again) is None  # nothing errored any more


def test_a_retry_after_seven_days_or_of_a_successful_check_starts_a_paid_run(
    member: User, buyer: Company, sources: Sources
) -> None:
    sources.screening.error = "unreachable"
    first = run_all(member, buyer)
    grant_credits(member, amount=100, reason="pack", reference="order:second-run")
    Verification.objects.filter(pk=first.pk).update(
        started_at=first.started_at - timedelta(days=services.FREE_RETRY_DAYS, seconds=1)
    )

    late = services.run_check(
        user=member, company_id=buyer.pk, check="sanctions", domain="", retry=True
    )

    assert late.run == 2
    assert late.state("sanctions") == "error"  # the source still fails: this run's own check


def test_the_free_retry_ends_seven_days_after_the_run_started(
    member: User, buyer: Company, sources: Sources
) -> None:
    sources.screening.error = "unreachable"
    first = run_all(member, buyer)
    grant_credits(member, amount=100, reason="pack", reference="order:second-run")
    assert first.started_at is not None

    with time_machine.travel(first.started_at + timedelta(days=7), tick=False):
        late = services.run_check(
            user=member, company_id=buyer.pk, check="sanctions", domain="", retry=True
        )

    assert late.run == 2


def test_a_successful_check_is_not_run_again_free(
    member: User, buyer: Company, sources: Sources
) -> None:
    sources.screening.error = "unreachable"
    run_all(member, buyer)
    grant_credits(member, amount=100, reason="pack", reference="order:second-run")

    again = services.run_check(
        user=member, company_id=buyer.pk, check="trade_data", domain="", retry=True
    )

    assert again.run == 2


def test_an_abandoned_run_gives_its_hold_back_when_started_again(
    member: User, buyer: Company, sources: Sources, settings: Any
) -> None:
    first = run(member, buyer, "company_profile")
    Verification.objects.filter(pk=first.pk).update(
        started_at=first.started_at - services.run_lifetime() - timedelta(seconds=1)
    )

    second = run_all(member, buyer)

    assert second.run == 2
    holds = CreditHold.objects.filter(account__user=member)
    assert holds.count() == 2
    assert all(hold.released_at for hold in holds)
    assert available(member) == 150 - second.credits_charged


@pytest.mark.parametrize(("idle", "started_again"), [(80, False), (81, True)])
def test_a_run_counts_as_abandoned_after_ten_check_timeouts(
    member: User,
    buyer: Company,
    sources: Sources,
    settings: Any,
    idle: int,
    started_again: bool,
) -> None:
    settings.VERIFICATION_CHECK_TIMEOUT = 8
    first = run(member, buyer, "company_profile")
    assert first.started_at is not None

    with time_machine.travel(first.started_at + timedelta(seconds=idle), tick=False):
        again = run(member, buyer, "company_profile")

    assert again.run == (2 if started_again else 1)


def test_a_run_without_a_domain_checks_the_companys_own(
    member: User, buyer: Company, sources: Sources
) -> None:
    assert run(member, buyer, "company_profile", domain="").domain == "dutchnut.example"


def test_a_finished_run_records_when_it_finished(
    member: User, buyer: Company, sources: Sources
) -> None:
    verification = run_all(member, buyer)

    assert verification.started_at is not None
    assert verification.finished_at is not None
    assert verification.finished_at >= verification.started_at


def test_a_settled_run_mails_its_verdict_once_in_the_users_language(
    member: User, buyer: Company, sources: Sources, django_capture_on_commit_callbacks: Any
) -> None:
    sources.screening.error = "The source did not answer within 8 seconds"

    with django_capture_on_commit_callbacks(execute=True):
        for check in CHECKS:
            verification = services.run_check(
                user=member, company_id=buyer.pk, check=check, domain="", language="vi"
            )
        services.settle(verification)

    assert len(mail.outbox) == 1
    sent = mail.outbox[0]
    assert sent.to == [member.email]
    assert sent.subject == "Xác minh Dutch Nut Trading B.V.: Cần rà soát"
    assert "Không thể chạy bước kiểm tra danh sách trừng phạt" in sent.body
    assert f"/lead-verification/{buyer.pk}" in sent.body
    assert f"Điểm đã trừ: {verification.credits_charged}" in sent.body


def test_a_run_started_in_a_language_without_mails_is_mailed_in_english(
    member: User, buyer: Company, sources: Sources, django_capture_on_commit_callbacks: Any
) -> None:
    sources.screening.error = "The source did not answer within 8 seconds"

    with django_capture_on_commit_callbacks(execute=True):
        for check in CHECKS:
            services.run_check(
                user=member, company_id=buyer.pk, check=check, domain="", language="de"
            )

    [sent] = mail.outbox
    assert sent.subject == "Verification of Dutch Nut Trading B.V.: Needs review"


def test_checks_that_succeed_without_data_are_not_billed(
    member: User, buyer: Company, sources: Sources
) -> None:
    sources.maps_configured = False  # the profile has only our stored record
    buyer.domain = ""  # and no domain to check
    buyer.save(update_fields=["domain"])

    for check in CHECKS:
        verification = services.run_check(user=member, company_id=buyer.pk, check=check, domain="")

    assert verification.states() == dict.fromkeys(CHECKS, "success")
    assert verification.result("company_profile")["found_data"] is False
    assert verification.credits_charged == 80  # trade data and sanctions only
    assert available(member) == 150 - 80


def test_a_failing_mail_server_never_fails_a_settled_run(
    member: User,
    buyer: Company,
    sources: Sources,
    settings: Any,
    django_capture_on_commit_callbacks: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    settings.EMAIL_BACKEND = "tests.fixtures.FailingMailBackend"

    with django_capture_on_commit_callbacks(execute=True):
        verification = run_all(member, buyer)

    assert verification.charged is True
    assert available(member) == 150 - verification.credits_charged
    assert [r.getMessage() for r in caplog.records if r.name == "apps.core.mail"] == [
        f"Mail about verification {verification.pk} not sent"
    ]


# What a run costs


def delivered(found: tuple[str, ...], failed: tuple[str, ...] = ()) -> Verification:
    """A run whose checks in `found` succeeded with data, those in `failed` errored (though
    they stored data), and the others succeeded with none."""
    run = Verification()
    for check in CHECKS:
        state = "error" if check in failed else "success"
        run.mark(check, state, {"found_data": check in found or check in failed})
    return run


@pytest.mark.parametrize(
    ("found", "failed", "credits"),
    [
        ((), (), 0),
        (("sanctions",), (), 70),
        (("sanctions", "website"), (), 80),
        (("trade_data", "sanctions", "website"), (), 90),
        (CHECKS, (), 100),
        ((), ("company_profile", "trade_data"), 0),  # failed work is never charged
        (("sanctions",), ("trade_data",), 70),
    ],
)
def test_a_run_costs_70_and_10_for_each_further_check_that_found_data(
    found: tuple[str, ...], failed: tuple[str, ...], credits: int
) -> None:
    assert services.run_credits(delivered(found, failed)) == credits


STARTED = timezone.now()


@pytest.mark.parametrize(
    ("given", "charged", "until"),
    [
        (("success", "error", "pending", "success"), True, None),  # still running
        (("success", "error", "success", "success"), False, None),  # not paid yet
        (("success",) * 4, True, None),  # nothing to run again
        (("success", "error", "success", "error"), True, STARTED + timedelta(days=7)),
    ],
)
def test_the_errored_checks_of_a_paid_run_may_run_again_free_for_seven_days(
    given: tuple[str, ...], charged: bool, until: Any
) -> None:
    run = Verification(started_at=STARTED, charged=charged)
    for check, state in zip(CHECKS, given, strict=True):
        run.mark(check, state)

    assert services.free_retry_until(run) == until


def test_an_errored_check_of_a_run_still_running_is_not_run_again(
    member: User, buyer: Company, sources: Sources
) -> None:
    sources.screening.error = "The source did not answer within 8 seconds"
    run(member, buyer, "sanctions")
    sources.screening.error = ""

    again = services.run_check(
        user=member, company_id=buyer.pk, check="sanctions", domain="", retry=True
    )

    assert (again.run, again.state("sanctions"), sources.screening.calls) == (1, "error", 1)


def test_a_new_run_after_a_finished_one_holds_and_charges_on_its_own(
    member: User, buyer: Company, sources: Sources
) -> None:
    first = run_all(member, buyer)
    grant_credits(member, amount=100, reason="pack", reference="order:second-run")

    second = run_all(member, buyer)

    assert (first.run, second.run) == (1, 2)
    assert second.credits_charged == 100
    charges = CreditEntry.objects.filter(reference=f"verification:{second.pk}:2")
    assert sum(entry.amount for entry in charges) == -100
    assert available(member) == 150 + 100 - 200


def test_a_new_run_starts_from_pending_checks_with_its_domain_and_language(
    member: User, buyer: Company, sources: Sources
) -> None:
    run_all(member, buyer)
    grant_credits(member, amount=100, reason="pack", reference="order:second-run")

    second = services.run_check(
        user=member,
        company_id=buyer.pk,
        check="website",
        domain="https://www.Other.example/",
        language="vi",
    )

    assert second.states() == {
        "company_profile": "pending",
        "trade_data": "pending",
        "sanctions": "pending",
        "website": "success",
    }
    assert (second.domain, second.language) == ("other.example", "vi")
    assert (second.credits_charged, second.charged, second.finished_at) == (0, False, None)
    assert second.result("company_profile") == {}


def lapse_hold(verification: Verification) -> None:
    CreditHold.objects.filter(reference=f"verification:{verification.pk}:1").update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )


def test_a_run_whose_hold_lapsed_is_charged_from_the_balance(
    member: User, buyer: Company, sources: Sources
) -> None:
    for check in CHECKS[:3]:
        started = run(member, buyer, check)
    lapse_hold(started)

    verification = run(member, buyer, "website")

    assert (verification.charged, verification.credits_charged) == (True, 100)
    assert balance(member) == 150 - 100


def test_a_run_whose_hold_lapsed_stays_unpaid_and_hidden_while_the_balance_is_short(
    member: User, buyer: Company, sources: Sources
) -> None:
    for check in CHECKS[:3]:
        started = run(member, buyer, check)
    lapse_hold(started)
    charge_credits(member, amount=100, reason="leads", reference="lead-email:1")

    with pytest.raises(InsufficientCredit):
        run(member, buyer, "website")

    unpaid = Verification.objects.get(pk=started.pk)
    assert (unpaid.finished, unpaid.charged, unpaid.credits_charged) == (True, False, 0)
    with pytest.raises(InsufficientCredit):
        selectors.results(member, buyer.pk, "en")
    grant_credits(member, amount=100, reason="pack", reference="order:top-up")
    assert selectors.results(member, buyer.pk, "en")["detail"]["credits_used"] == 100
    assert balance(member) == 50 + 100 - 100


def test_a_check_ending_after_a_newer_run_started_changes_nothing(
    member: User, buyer: Company, sources: Sources
) -> None:
    started = run(member, buyer, "company_profile")

    kept = services._record(started.pk, started.run - 1, "trade_data", "success", {"shipments": 9})

    assert kept.state("trade_data") == "pending"
    assert Verification.objects.get(pk=started.pk).result("trade_data") == {}
