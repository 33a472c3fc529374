"""Validation rules of spec §5 shared by the product and the identity provider."""

from __future__ import annotations

import re

EMAIL_PATTERN = re.compile(r"^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$")
EMAIL_REQUIRED = "Please enter an email"
EMAIL_INVALID = "Please enter a valid email address (e.g: name@example.com)."


def is_valid_email(value: str) -> bool:
    return bool(EMAIL_PATTERN.fullmatch(value))


def email_problem(value: str) -> str | None:
    """The message for an unacceptable email address, or None when it is acceptable."""
    if not value.strip():
        return EMAIL_REQUIRED
    if not is_valid_email(value.strip()):
        return EMAIL_INVALID
    return None
