"""Mail backend of the embedded default: each message is printed to the console and kept as
an .eml file under EMAIL_FILE_PATH (var/mail/), where a person or a test can open it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.mail import EmailMessage
from django.core.mail.backends.console import EmailBackend as ConsoleBackend
from django.core.mail.backends.filebased import EmailBackend as FileBackend


class ConsoleAndFileBackend(ConsoleBackend):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._files = FileBackend(fail_silently=self.fail_silently)

    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        sent = super().send_messages(email_messages)
        for message in email_messages:
            # One file per message, so each can be found again by its recipient.
            self._files._fname = None
            self._files.send_messages([message])
        return sent
