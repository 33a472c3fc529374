"""Give a user the back office: `manage.py make_operator EMAIL [--superuser]`. The user signs
in at /admin through the identity provider with that email; a user not seen yet is created
here and linked to the provider's account at the first sign-in (by its verified email)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from apps.accounts import services
from apps.core.validation import email_problem


class Command(BaseCommand):
    help = "Make the user with this email an operator (staff) of the back office."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("email")
        parser.add_argument("--superuser", action="store_true", help="Grant every permission.")
        parser.add_argument("--revoke", action="store_true", help="Take the back office away.")

    def handle(self, *args: Any, email: str, superuser: bool, revoke: bool, **options: Any) -> None:
        problem = email_problem(email)
        if problem:
            self.stderr.write(problem)
            raise SystemExit(2)
        user = services.set_operator(email.strip(), staff=not revoke, superuser=superuser)
        role = "superuser" if user.is_superuser else "operator" if user.is_staff else "user"
        self.stdout.write(f"{user.email} is now a {role}.")
