"""`run_steps`: several management commands in one process, in order, stopping at a failure."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db


def test_the_steps_run_in_order_with_their_arguments() -> None:
    out, err = StringIO(), StringIO()

    call_command(
        "run_steps",
        "migrate --noinput --verbosity 0",
        'check --tag "models"',
        "showmigrations core --plan",
        "--timed",
        stdout=out,
        stderr=err,
    )

    assert out.getvalue().index("System check identified no issues") < out.getvalue().index(
        "core.0001_audit_entry"
    )
    assert [line.split(":")[0] for line in err.getvalue().splitlines()] == [
        "migrate",
        "check",
        "showmigrations",
    ]


def test_a_failing_step_stops_the_rest() -> None:
    out = StringIO()
    with pytest.raises(CommandError):
        call_command("run_steps", "no_such_command", "check", stdout=out, stderr=StringIO())
    assert "System check" not in out.getvalue()


def test_an_empty_step_is_refused() -> None:
    with pytest.raises(CommandError, match="An empty step"):
        call_command("run_steps", "check", "  ", stdout=StringIO())
