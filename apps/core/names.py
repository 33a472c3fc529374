"""People's names as the forms take them (a first and a last name) and as mails write them."""

from __future__ import annotations

import re

HAN = re.compile(r"[\u3400-\u9fff]")


def full_name(first_name: str, last_name: str) -> str:
    """The name as its language writes it: a Chinese name surname first and without a space
    (王小明), others given name first ('Lan Nguyen')."""
    if HAN.search(first_name + last_name):
        return f"{last_name}{first_name}"
    return f"{first_name} {last_name}".strip()
