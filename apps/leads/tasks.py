"""Background tasks (django-tasks; the worker `make run` starts)."""

from __future__ import annotations

from django_tasks import task

from apps.leads.services import complete_phone_request


@task()
def look_up_phone(request_id: int) -> str:
    """Find the number of a phone request and email it (or refund it); returns its state."""
    return complete_phone_request(request_id=request_id).state
