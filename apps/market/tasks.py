"""Background tasks (django-tasks; the worker `make run` starts)."""

from __future__ import annotations

from django_tasks import task

from apps.market.saved.alerts import check_saved_searches


@task()
def alert_saved_searches() -> int:
    """After an import: email each saved search's owner its new matches; the emails sent."""
    return check_saved_searches()
