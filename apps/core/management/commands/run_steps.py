"""Several management commands in one process: `manage.py run_steps "migrate --noinput"
"seed_demo --shipments 1000"`. Starting Django costs seconds on a busy machine; `make run`
pays it once for all its steps instead of once per step. The steps run in order and the first
that fails stops the rest (its error, and a non-zero exit)."""

from __future__ import annotations

import shlex
import time
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser


class Command(BaseCommand):
    help = "Run management commands one after another in this process."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("steps", nargs="+", help="A command with its arguments, quoted.")
        parser.add_argument(
            "--timed", action="store_true", help="Say how long each step took (on stderr)."
        )

    def handle(self, *args: Any, steps: list[str], timed: bool, **options: Any) -> None:
        commands = [shlex.split(step) for step in steps]
        if any(not command for command in commands):
            raise CommandError("An empty step")
        for command in commands:
            started = time.perf_counter()
            call_command(*command, stdout=self.stdout._out, stderr=self.stderr._out)
            if timed:
                self.stderr.write(f"{command[0]}: {time.perf_counter() - started:.1f} s")
