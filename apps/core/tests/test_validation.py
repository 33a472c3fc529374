from __future__ import annotations

import pytest

from apps.core.validation import EMAIL_INVALID, email_problem, is_valid_email


@pytest.mark.parametrize(
    ("email", "valid"),
    [
        ("lan@farm.vn", True),
        (f"{'a' * 64}@farm.vn", True),
        (f"{'a' * 65}@farm.vn", False),
        (f"a@{'b' * 249}.vn", True),  # 254 characters
        (f"a@{'b' * 250}.vn", False),  # 255 characters
        (f"{'a' * 60}.{'b' * 3}@farm.vn", True),
        ("a" * 300 + "@farm.vn", False),
        ("not-an-email", False),
    ],
)
def test_email_addresses_follow_the_pattern_and_rfc_5321_lengths(email: str, valid: bool) -> None:
    assert is_valid_email(email) is valid
    assert (email_problem(email) is None) is valid
    if not valid:
        assert email_problem(email) == EMAIL_INVALID
