"""Background tasks (django-tasks; the worker `make run` starts).

A phone lookup runs as numbered tries (apps.leads.services). The worker also sweeps for tries
that never ended: django-tasks-db has no periodic tasks, but it runs a task at its `run_after`,
so each sweep queues the next one LEADS_PHONE_SWEEP_INTERVAL seconds on, and
`manage.py sweep_phone_lookups` (run before each start of the worker) sweeps at once and starts
the chain again when a dead worker broke it."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from django_tasks import TaskResultStatus, task
from django_tasks_db.models import DBTaskResult

from apps.leads.services import (
    end_stalled_phone_lookups,
    mail_unmailed_phone_results,
    try_phone_lookup,
)


class WorkerLost(Exception):
    """The worker that claimed the task stopped before the task ended."""


@task()
def look_up_phone(request_id: int, lookup: int = 1, attempt: int = 1) -> str:
    """One try of a phone request's lookup; returns the request's state after it."""
    return try_phone_lookup(request_id=request_id, lookup=lookup, attempt=attempt).state


@task()
def sweep_phone_lookups() -> int:
    """Fail the phone tries past their deadline and mail the results a dead worker did not,
    then queue the next sweep; returns the tries failed."""
    try:
        fail_abandoned_tasks()
        failed = end_stalled_phone_lookups()
        mail_unmailed_phone_results()
        return failed
    finally:
        queue_next_sweep()


def queue_next_sweep() -> None:
    """Queue the next sweep unless one is queued already, so that the sweep a worker's
    start-up queues and a chain still running merge into one."""
    queued = DBTaskResult.objects.filter(
        task_path=sweep_phone_lookups.module_path, status=TaskResultStatus.READY
    )
    if not queued.exists():
        due = timezone.now() + timedelta(seconds=settings.LEADS_PHONE_SWEEP_INTERVAL)
        sweep_phone_lookups.using(run_after=due).enqueue()


def fail_abandoned_tasks() -> int:
    """Mark this app's tasks still running LEADS_PHONE_TRY_LIMIT seconds after they started as
    failed: their worker died, and nothing else would ever end them. (The lookup such a task
    was trying is failed by its deadline.) Returns the tasks marked."""
    started_before = timezone.now() - timedelta(seconds=settings.LEADS_PHONE_TRY_LIMIT)
    abandoned = DBTaskResult.objects.running().filter(
        task_path__in=[look_up_phone.module_path, sweep_phone_lookups.module_path],
        started_at__lt=started_before,
    )
    marked = 0
    for row in abandoned:
        row.set_failed(WorkerLost(f"worker {', '.join(row.worker_ids)} stopped during the task"))
        marked += 1
    return marked
