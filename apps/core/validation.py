"""Validation rules of spec §5 shared by the product and the identity provider."""

from __future__ import annotations

import re

EMAIL_PATTERN = re.compile(r"^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$")
# RFC 5321 §4.5.3.1: a local part holds at most 64 octets, and a path at most 256 octets with
# its angle brackets, which leaves 254 for the address itself.
EMAIL_MAX_LENGTH = 254
EMAIL_LOCAL_PART_MAX_LENGTH = 64
EMAIL_REQUIRED = "Please enter an email"
EMAIL_INVALID = "Please enter a valid email address (e.g: name@example.com)."


def is_valid_email(value: str) -> bool:
    """The spec's email pattern within RFC 5321's lengths (the pattern allows only ASCII, so
    characters and octets count the same)."""
    if len(value) > EMAIL_MAX_LENGTH or not EMAIL_PATTERN.fullmatch(value):
        return False
    local_part = value.rpartition("@")[0]
    return len(local_part) <= EMAIL_LOCAL_PART_MAX_LENGTH


def email_problem(value: str) -> str | None:
    """The message for an unacceptable email address, or None when it is acceptable."""
    if not value.strip():
        return EMAIL_REQUIRED
    if not is_valid_email(value.strip()):
        return EMAIL_INVALID
    return None
