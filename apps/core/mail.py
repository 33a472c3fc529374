"""Mail backend of the embedded default: each message is printed to the console and kept as
an .eml file under EMAIL_FILE_PATH (var/mail/), where a person or a test can open it."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from pathlib import Path

from django.conf import settings
from django.core.mail import EmailMessage
from django.core.mail.backends.console import EmailBackend as ConsoleBackend
from django.utils import timezone


class ConsoleAndFileBackend(ConsoleBackend):
    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        sent = super().send_messages(email_messages)
        folder = Path(settings.EMAIL_FILE_PATH)
        folder.mkdir(parents=True, exist_ok=True)
        for message in email_messages:
            stamp = timezone.now().strftime("%Y%m%dT%H%M%S%f")
            path = folder / f"{stamp}-{uuid.uuid4().hex[:8]}.eml"
            path.write_bytes(message.message().as_bytes())
        return sent
