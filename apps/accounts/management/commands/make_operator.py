"""Give a user the back office: `manage.py make_operator EMAIL [--superuser]`. The user signs
in at /admin through the identity provider with that email; a user not seen yet is created
here and linked to the provider's account at the first sign-in (by its verified email).

An operator whose provider account has no password yet (or has no account there) gets one:
the command prints the provider's one-time link to set it (valid for the provider's
PASSWORD_RESET_TIMEOUT, 3 days, and dead once used), or
with --mail has the provider email it. A provider that cannot be reached leaves the operator
made and says how to get the link later."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from apps.accounts import services
from apps.accounts.providers.user_admin import EmailRejected, UserAdminUnavailable
from apps.core.languages import normalize
from apps.core.validation import email_problem


class Command(BaseCommand):
    help = (
        "Make the user with this email an operator (staff) of the back office, and print the "
        "identity provider's one-time link to set a password when the account has none."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("email")
        parser.add_argument("--superuser", action="store_true", help="Grant every permission.")
        parser.add_argument("--revoke", action="store_true", help="Take the back office away.")
        parser.add_argument(
            "--mail", action="store_true", help="Have the provider email the link instead."
        )
        parser.add_argument(
            "--no-link", action="store_true", help="Ask the identity provider for nothing."
        )
        parser.add_argument(
            "--language", default="en", help="Of the password page and mail: en, vi or zh."
        )

    def handle(
        self,
        *args: Any,
        email: str,
        superuser: bool,
        revoke: bool,
        mail: bool,
        no_link: bool,
        language: str,
        **options: Any,
    ) -> None:
        problem = email_problem(email)
        if problem:
            self.stderr.write(problem)
            raise SystemExit(2)
        user = services.set_operator(email.strip(), staff=not revoke, superuser=superuser)
        role = "a superuser" if user.is_superuser else "an operator" if user.is_staff else "a user"
        self.stdout.write(f"{user.email} is now {role}.")
        if user.is_staff and not no_link:
            self._password_link(user.email, normalize(language) or "en", mail)

    def _password_link(self, email: str, language: str, mail: bool) -> None:
        try:
            found = services.operator_password_link(email, language=language, mail=mail)
        except (UserAdminUnavailable, EmailRejected) as exc:
            self.stderr.write(
                f"No password link: the identity provider did not make one ({exc}). With the "
                f"provider running, run this command again; or {email} signs up with that "
                "address and follows the verification mail."
            )
            return
        if found.link:
            valid = f"valid {found.expires_in // 3600} hours, " if found.expires_in else ""
            self.stdout.write(f"One-time link to set the password ({valid}once):\n  {found.link}")
        elif found.mailed:
            self.stdout.write(f"The identity provider emailed {email} a link to set a password.")
        else:
            self.stdout.write(f"{email} already signs in with a password at the identity provider.")
