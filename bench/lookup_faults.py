"""Fault run of the contact lookups: every request ends, and no credit is kept for a lookup
that failed.

    .venv/bin/python bench/lookup_faults.py [--database postgres://...] [--requests 4]

In its own database (emptied first; created when missing on PostgreSQL), the enrichment source
is a TCP server that accepts connections and never answers. Phone requests of people whose
number only that source could know are run by a real task worker (`sweep_phone_lookups`, then
`db_worker`, as `make run` starts it), which is killed with SIGKILL while it waits in a try and
started again; people whose number is stored here are asked alongside. Short schedules keep the
run under a minute (1 s source time-out, tries 2 s and 4 s apart, a try written off 10 s after
it was due, a sweep each second). An email reveal against the same source is asked through the
API. Prints each request's end state, tries, credits kept and refunds, the mails sent, and
whether each user's ledger sums to their balance."""

from __future__ import annotations

import argparse
import email
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.common import ROOT, configure

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/tradewise_lookup_faults"
SCHEDULE = {
    "LEADS_ENRICHMENT_TIMEOUT": "1",
    "LEADS_PHONE_RETRY_DELAYS": "2,4",
    "LEADS_PHONE_TRY_LIMIT": "10",
    "LEADS_PHONE_SWEEP_INTERVAL": "1",
}
DEADLINE_SECONDS = 120


def silent_source() -> str:
    """A server that accepts every connection and never answers; its base URL."""
    listener = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            held.append(listener.accept()[0])

    threading.Thread(target=accept, daemon=True).start()
    return f"http://127.0.0.1:{listener.getsockname()[1]}"


def start_worker(log: Path) -> subprocess.Popen[bytes]:
    command = (
        f"{sys.executable} manage.py sweep_phone_lookups && "
        f"exec {sys.executable} manage.py db_worker --no-reload --interval 0.2 --no-startup-delay"
    )
    with log.open("ab") as output:
        return subprocess.Popen(  # noqa: S602 (a fixed command line)
            command, shell=True, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT
        )


def kill_during_a_try(worker: subprocess.Popen[bytes]) -> str:
    """SIGKILL the worker once it is inside a phone try; the task it leaves RUNNING."""
    from django_tasks import TaskResultStatus
    from django_tasks_db.models import DBTaskResult

    from apps.leads.tasks import look_up_phone

    running = DBTaskResult.objects.filter(
        task_path=look_up_phone.module_path, status=TaskResultStatus.RUNNING
    )
    while not running.exists():
        time.sleep(0.05)
    left = str(running.get().id)
    worker.send_signal(signal.SIGKILL)
    worker.wait()
    return left


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--database", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE)
    )
    parser.add_argument(
        "--requests", type=int, default=4, help="Phone requests to the silent source."
    )
    options = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="lookup-faults-"))
    configure(options.database, workdir / "index")
    os.environ.update(SCHEDULE, LEADS_ENRICHMENT_URL=silent_source())
    os.environ["EMAIL_FILE_PATH"] = str(workdir / "mail")

    import django

    django.setup()
    from django.core.management import call_command
    from django.db.models import Sum
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django_tasks_db.models import DBTaskResult

    from apps.accounts.models import User
    from apps.billing.models import CreditAccount, CreditEntry
    from apps.billing.services import grant_credits
    from apps.leads import services
    from apps.leads.models import Company, ContactRequest, Lead

    setup_test_environment()
    call_command("migrate", verbosity=0)
    call_command("flush", interactive=False, verbosity=0)
    company = Company.objects.create(
        name="Silent Source GmbH",
        normalized_name="silent source",
        country="DE",
        source="faults",
        source_record_id="c1",
    )

    def person(number: int, phone: str = "", mail: str = "") -> Lead:
        return Lead.objects.create(
            company=company,
            full_name=f"Person {number}",
            phone=phone,
            email=mail,
            source="faults",
            source_record_id=f"p{number}",
        )

    users = []
    for number in range(2):
        user = User.objects.create_user(f"buyer{number}@example.com")
        grant_credits(user, amount=100, reason="faults", reference=f"faults:{number}")
        users.append(user)
    unknown = [person(n) for n in range(options.requests)]
    stored = [person(100 + n, phone=f"+49 40 555 01{n:02}") for n in range(2)]
    started = time.monotonic()
    log = workdir / "worker.log"
    worker = start_worker(log)
    for index, lead in enumerate(unknown + stored):
        services.request_phone(user=users[index % 2], lead_id=lead.pk)
    left_running = kill_during_a_try(worker)
    print(f"worker killed (SIGKILL) during task {left_running}; started again")
    worker = start_worker(log)

    client = Client()
    client.force_login(users[0])
    asked = time.monotonic()
    reveal = client.get(f"/fast-ai/v1/lead-sourcing/employees/{person(200).pk}/request-email")
    print(
        f"email reveal against the silent source: {reveal.status_code} "
        f"{reveal.json()['meta'].get('code')} after {time.monotonic() - asked:.1f} s"
    )

    open_or_unmailed = ContactRequest.objects.filter(notified_at__isnull=True)
    while open_or_unmailed.exists() and time.monotonic() - started < DEADLINE_SECONDS:
        time.sleep(0.5)
    worker.send_signal(signal.SIGTERM)
    worker.wait()
    elapsed = time.monotonic() - started

    mails = [email.message_from_bytes(path.read_bytes()) for path in (workdir / "mail").glob("*")]
    print(f"\n{'request':>7}  {'person':<11} {'source':<7} {'end state':<10} tries  kept  refunds")
    for request in ContactRequest.objects.select_related("lead", "user").order_by("pk"):
        refunds = CreditEntry.objects.filter(
            account__user=request.user, kind="refund", reference=f"lead-phone:{request.lead_id}"
        ).count()
        source = "stored" if request.lead.phone else "silent"
        print(
            f"{request.pk:>7}  {request.lead.full_name:<11} {source:<7} {request.state:<10} "
            f"{request.attempts:>5} {request.credits:>5} {refunds:>8}"
        )
        for message in mails:
            if message["To"] == request.user.email and message["Subject"].endswith(
                request.lead.full_name
            ):
                print(f"{'':>9}mailed: {message['Subject']}")
    task = DBTaskResult.objects.get(id=left_running)
    print(f"\ntask the killed worker left running: {task.status} ({task.exception_class_path})")
    for user in users:
        account = CreditAccount.objects.get(user=user)
        total = CreditEntry.objects.filter(account=account).aggregate(total=Sum("amount"))["total"]
        kept = sum(r.credits for r in ContactRequest.objects.filter(user=user))
        print(
            f"{user.email}: balance {account.balance}, ledger sums to {total} "
            f"({'balances' if total == account.balance else 'DOES NOT BALANCE'}); "
            f"100 granted - {kept} kept for numbers found = {100 - kept} "
            f"({'ok' if account.balance == 100 - kept else 'CREDITS KEPT FOR FAILED LOOKUPS'})"
        )
    ended = not open_or_unmailed.exists()
    print(f"every request ended and was mailed: {ended} (after {elapsed:.1f} s); log: {log}")


if __name__ == "__main__":
    main()
