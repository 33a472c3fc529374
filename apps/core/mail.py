"""Mail backend of the embedded default: each message is printed to the console and kept as
an .eml file under EMAIL_FILE_PATH (var/mail/), where a person or a test can open it; and
`send_or_log`, for mail sent after an act is committed."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from pathlib import Path

from django.conf import settings
from django.core.mail import EmailMessage, send_mail
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


logger = logging.getLogger(__name__)


def send_or_log(subject: str, body: str, recipients: list[str], about: str) -> None:
    """Send a mail about an act already committed (a stored request, a settled run): a mail
    server that fails is logged with `about`, never turned into the user's error."""
    try:
        send_mail(subject, body, None, recipients)
    except Exception:
        logger.exception("Mail about %s not sent", about)
