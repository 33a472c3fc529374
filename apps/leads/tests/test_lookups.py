"""Lookups that always end: a phone lookup whose source never answers is tried again on the
retry schedule, then ends failed with its credits refunded once and the user told; a try its
worker died in is swept; an email source that times out answers 503 and charges nothing.

Tasks go through the database backend and the real worker loop (django-tasks-db's Worker, run
until nothing is due); the clock is moved by time-machine, never waited for."""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import requests
import time_machine
from django.core import mail
from django.core.management import call_command
from django.db import connection, connections
from django.db.models import Sum
from django.test import Client
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from apps.accounts.models import User
from apps.billing.models import CreditAccount, CreditEntry
from apps.leads import services
from apps.leads.models import ContactRequest, Lead
from apps.leads.providers.enrichment import EnrichmentService
from apps.leads.providers.local import LocalDatabase
from apps.leads.tasks import look_up_phone, sweep_phone_lookups
from apps.leads.tests.conftest import make_company, make_lead
from apps.leads.texts import phone_mail

pytestmark = pytest.mark.django_db(transaction=True)

EMPLOYEES = "/fast-ai/v1/lead-sourcing/employees"
MY_LEADS = "/fast-ai/v1/users/lead-sourcing"
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
RETRY_DELAYS = [300, 1500]
TRY_LIMIT = 600


class Source:
    """The enrichment service at its HTTP boundary: it times out (accepts and never answers)
    until it is given a number to answer with."""

    def __init__(self) -> None:
        self.calls = 0
        self.number: str | None = None

    def request(self, method: str, url: str, **kwargs: Any) -> requests.Response:
        self.calls += 1
        if self.number is None:
            raise requests.ReadTimeout(f"{url}: read timed out")
        response = requests.Response()
        response.status_code = 200
        body = {"person": {"phone_numbers": [{"number": self.number, "type": "mobile"}]}}
        response._content = json.dumps(body).encode()
        return response


@pytest.fixture(autouse=True)
def database_tasks(settings: Any) -> None:
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    settings.LEADS_PHONE_RETRY_DELAYS = RETRY_DELAYS
    settings.LEADS_PHONE_TRY_LIMIT = TRY_LIMIT
    settings.LEADS_PHONE_SWEEP_INTERVAL = 60


@pytest.fixture
def source(settings: Any, monkeypatch: pytest.MonkeyPatch) -> Source:
    settings.LEADS_ENRICHMENT_URL = "https://enrich.tradewise.example/v1"
    fake = Source()
    monkeypatch.setattr(
        services, "contact_providers", lambda: [LocalDatabase(), EnrichmentService(fake)]
    )
    return fake


@pytest.fixture(autouse=True)
def clock() -> Iterator[time_machine.Traveller]:
    """Every test starts at START, before its users get their credits of the day."""
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller


@pytest.fixture
def lead(db: None) -> Lead:
    """A person whose number is not stored here: only the enrichment service may know it."""
    return make_lead(make_company(name="Hanse Nuts GmbH"), full_name="Anna Schneider", phone="")


def run_worker() -> None:
    """The worker's own loop, until no task is due."""
    Worker(
        queue_names=["default"],
        interval=0,
        batch=True,
        backend_name="default",
        startup_delay=False,
        max_tasks=None,
        worker_id="test-worker",
        excluded_queue_names=[],
    ).run()


def balance(user: User) -> int:
    return CreditAccount.objects.get(user=user).balance


def ledger_balances(user: User) -> bool:
    account = CreditAccount.objects.get(user=user)
    total = CreditEntry.objects.filter(account=account).aggregate(total=Sum("amount"))["total"]
    return bool(total == account.balance)


def refunds(user: User) -> list[tuple[int, str]]:
    entries = CreditEntry.objects.filter(account__user=user, kind=CreditEntry.Kind.REFUND)
    return list(entries.values_list("amount", "reference"))


def phone_state(client: Client) -> str:
    return str(client.get(MY_LEADS).json()["data"][0]["phone_state"])


def test_a_source_that_never_answers_is_tried_three_times_then_refunded_once(
    member: User, member_client: Client, source: Source, lead: Lead, clock: Any
) -> None:
    response = member_client.get(f"{EMPLOYEES}/{lead.pk}/request-contact")
    assert (response.status_code, balance(member)) == (202, 15)

    run_worker()
    for tries, delay in enumerate(RETRY_DELAYS, start=1):
        assert (source.calls, phone_state(member_client)) == (tries, "processing")
        clock.shift(delay - 1)
        run_worker()
        assert source.calls == tries  # the next try waits for its delay
        clock.shift(1)
        run_worker()
    request = ContactRequest.objects.get()
    clock.shift(TRY_LIMIT * 10)
    run_worker()
    sweep_phone_lookups.call()
    look_up_phone.call(request.pk, request.lookups, request.attempts)

    assert source.calls == 3
    assert phone_state(member_client) == "failed"
    assert ContactRequest.objects.get().credits == 0
    assert balance(member) == 20
    assert refunds(member) == [(5, f"lead-phone:{lead.pk}")]
    assert ledger_balances(member)
    assert [message.subject for message in mail.outbox] == ["Phone lookup failed: Anna Schneider"]


def test_a_source_that_answers_on_a_later_try_finds_the_number(
    member: User,
    member_client: Client,
    source: Source,
    lead: Lead,
    clock: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    member_client.get(f"{EMPLOYEES}/{lead.pk}/request-contact")
    run_worker()
    failed = [r for r in caplog.records if r.getMessage().startswith("Phone lookup of request")]
    assert failed[0].getMessage() == (
        f"Phone lookup of request {ContactRequest.objects.get().pk}, try 1, failed"
    )
    error = failed[0].exc_info  # with the source's error
    assert error
    assert "read timed out" in str(error[1])
    source.number = "+49 151 5550123"
    clock.shift(RETRY_DELAYS[0])
    run_worker()

    row = member_client.get(MY_LEADS).json()["data"][0]
    assert (row["phone_state"], row["phone"]) == ("found", "+49 151 5550123")
    assert (source.calls, balance(member), refunds(member)) == (2, 15, [])
    assert "+49 151 5550123" in mail.outbox[-1].body


def test_a_failed_lookup_may_be_asked_again_and_is_charged_anew(
    member: User, member_client: Client, source: Source, lead: Lead, settings: Any
) -> None:
    settings.LEADS_PHONE_RETRY_DELAYS = []  # one try a lookup
    member_client.get(f"{EMPLOYEES}/{lead.pk}/request-contact")
    run_worker()
    assert (phone_state(member_client), balance(member)) == ("failed", 20)

    source.number = "+49 151 5550123"
    again = member_client.get(f"{EMPLOYEES}/{lead.pk}/request-contact")
    assert ContactRequest.objects.get().notified_at is None  # its end is yet to be mailed
    run_worker()

    assert again.json()["meta"]["credits_charged"] == 5
    assert (phone_state(member_client), balance(member)) == ("found", 15)
    assert [message.subject for message in mail.outbox] == [
        "Phone lookup failed: Anna Schneider",
        "Phone number of Anna Schneider",
    ]
    charges = CreditEntry.objects.filter(account__user=member, reference__startswith="lead-phone")
    assert sorted(charges.values_list("amount", "reference")) == [
        (-5, f"lead-phone:{lead.pk}"),
        (-5, f"lead-phone:{lead.pk}:2"),
        (5, f"lead-phone:{lead.pk}"),
    ]
    assert ledger_balances(member)


def test_a_try_left_running_by_a_dead_worker_is_swept_and_tried_again(
    member: User,
    member_client: Client,
    source: Source,
    lead: Lead,
    clock: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    member_client.get(f"{EMPLOYEES}/{lead.pk}/request-contact")
    # A worker claims the try and dies in it: the task stays RUNNING.
    DBTaskResult.objects.get(task_path=look_up_phone.module_path).claim("dead-worker")
    clock.shift(TRY_LIMIT - 1)
    call_command("sweep_phone_lookups")
    assert ContactRequest.objects.get().attempts == 1

    clock.shift(2)
    call_command("sweep_phone_lookups")
    stalled = [r.getMessage() for r in caplog.records if "stalled" in r.getMessage()]
    assert stalled == [f"Phone lookup of request {ContactRequest.objects.get().pk}, try 1, stalled"]
    source.number = "+49 151 5550123"
    clock.shift(RETRY_DELAYS[0])
    run_worker()

    dead = DBTaskResult.objects.get(
        task_path=look_up_phone.module_path, status=TaskResultStatus.FAILED
    )
    assert (dead.worker_ids, dead.exception_class_path) == (
        ["dead-worker"],
        "apps.leads.tasks.WorkerLost",
    )
    assert (phone_state(member_client), balance(member), source.calls) == ("found", 15, 1)


def test_a_result_its_worker_died_before_mailing_is_mailed_by_the_sweep_once(
    member_client: Client, source: Source, lead: Lead, clock: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    source.number = "+49 151 5550123"
    with monkeypatch.context() as dying:
        dying.setattr(services, "send_mail", lambda *args: sys.exit("worker killed"))
        member_client.get(f"{EMPLOYEES}/{lead.pk}/request-contact")
        run_worker()
    clock.shift(TRY_LIMIT - 1)
    sweep_phone_lookups.call()
    assert (phone_state(member_client), mail.outbox) == ("found", [])

    clock.shift(2)
    sweep_phone_lookups.call()
    sweep_phone_lookups.call()

    assert [message.subject for message in mail.outbox] == ["Phone number of Anna Schneider"]


def test_the_worker_sweeps_every_interval_with_one_sweep_queued(
    member: User, member_client: Client, source: Source, lead: Lead, clock: Any
) -> None:
    call_command("sweep_phone_lookups")
    call_command("sweep_phone_lookups")
    member_client.get(f"{EMPLOYEES}/{lead.pk}/request-contact")
    DBTaskResult.objects.get(task_path=look_up_phone.module_path).claim("dead-worker")

    for _ in range(TRY_LIMIT // 60 + 1):
        clock.shift(60)
        run_worker()

    sweeps = DBTaskResult.objects.filter(task_path=sweep_phone_lookups.module_path)
    assert sweeps.filter(status=TaskResultStatus.READY).count() == 1
    assert sweeps.filter(status=TaskResultStatus.SUCCESSFUL).count() == TRY_LIMIT // 60 + 1
    assert ContactRequest.objects.get().attempts == 2


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks are tested on PostgreSQL")
def test_sweeps_at_once_end_a_stalled_last_try_once(
    member: User, source: Source, lead: Lead, settings: Any
) -> None:
    settings.LEADS_PHONE_RETRY_DELAYS = []
    services.request_phone(user=member, lead_id=lead.pk)
    DBTaskResult.objects.all().delete()  # the try's task was lost
    ContactRequest.objects.update(try_deadline=timezone.now() - timedelta(seconds=1))
    start = threading.Barrier(8)

    def sweep() -> int:
        start.wait()
        try:
            return services.end_stalled_phone_lookups()
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(lambda _: sweep(), range(8)))

    assert ContactRequest.objects.get().state == "failed"
    assert refunds(member) == [(5, f"lead-phone:{lead.pk}")]
    assert len(mail.outbox) == 1
    assert ledger_balances(member)


def test_an_email_source_that_times_out_answers_503_and_charges_nothing(
    member: User, member_client: Client, source: Source, caplog: pytest.LogCaptureFixture
) -> None:
    lead = make_lead(make_company(), email="")
    before = CreditEntry.objects.count()

    response = member_client.get(f"{EMPLOYEES}/{lead.pk}/request-email")

    assert response.status_code == 503
    assert response.json()["meta"]["code"] == "provider_unavailable"
    assert response.json()["meta"]["message"] == services.EMAIL_SOURCE_UNAVAILABLE
    [logged] = [r.getMessage() for r in caplog.records if r.name == "apps.leads.services"]
    assert logged.startswith(f"Email lookup of lead {lead.pk} failed at enrichment: ")
    assert logged.endswith(": read timed out")
    assert (balance(member), CreditEntry.objects.count()) == (20, before)
    assert not ContactRequest.objects.exists()


@pytest.mark.parametrize(
    ("language", "subject", "told"),
    [
        ("en", "Phone lookup failed: Anna", "5 credits of the request are back"),
        ("vi", "Không tra cứu được số điện thoại: Anna", "5 điểm"),
        ("zh-hans", "电话号码查询失败：Anna", "5 积分已退回"),  # noqa: RUF001
    ],
)
def test_the_failed_lookup_mail_is_written_in_the_request_language(
    language: str, subject: str, told: str
) -> None:
    written = phone_mail(
        language,
        outcome="failed",
        person="Anna",
        job_title="Buyer",
        company="Hanse Nuts",
        number="",
        credits=5,
    )

    assert written[0] == subject
    assert told in written[1]
