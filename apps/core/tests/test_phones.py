"""Phone numbers as users enter them: international, with a country code that exists."""

# ruff: noqa: RUF001

import pytest

from apps.core.phones import TEXTS, international_number, phone_message, phone_problem


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("+84 912 345 678", "+84912345678"),
        ("+84 28 3822 9999", "+842838229999"),
        ("0084 912 345 678", "+84912345678"),  # dialled from abroad
        ("＋86 138 0013 8000", "+8613800138000"),  # a Chinese keyboard's plus
        ("+971 50 123 4567", "+971501234567"),
        (" +49 40 1234567 ", "+49401234567"),
    ],
)
def test_a_valid_international_number_is_kept_in_e164(typed: str, stored: str) -> None:
    assert phone_problem(typed) is None
    assert international_number(typed) == stored


@pytest.mark.parametrize("typed", ["0912 345 678", "0912345678", "912 345 678", "(028) 3822 9999"])
def test_a_local_number_is_asked_for_its_country_code(typed: str) -> None:
    assert phone_problem(typed) == ("phone_country_code_missing", {})
    assert international_number(typed) is None


@pytest.mark.parametrize(
    ("typed", "code"),
    [("+83 912 345 678", "83"), ("+969 123 4567", "969"), ("+0 912 345 678", "0")],
)
def test_a_country_code_that_no_country_has_is_named(typed: str, code: str) -> None:
    assert phone_problem(typed) == ("phone_country_code_unknown", {"code": code})
    assert international_number(typed) is None


@pytest.mark.parametrize("typed", ["+84 12", "+1 555 0100", "call me", "12345", "+8", "+"])
def test_a_number_its_country_does_not_have_is_invalid(typed: str) -> None:
    assert phone_problem(typed) == ("phone_invalid", {})


@pytest.mark.parametrize("typed", ["", "   "])
def test_an_empty_number_is_required(typed: str) -> None:
    assert phone_problem(typed) == ("phone_required", {})


def test_every_message_is_written_in_the_three_languages() -> None:
    for key, texts in TEXTS.items():
        assert set(texts) == {"en", "vi", "zh"}, key
        assert len(set(texts.values())) == 3, key


def test_the_message_is_in_the_asked_language_and_falls_back_to_english() -> None:
    assert phone_message("+83 912 345 678", "zh-hans") == (
        "+83 不是国家代码，请检查号码（例如：+84 912 345 678）"
    )
    assert phone_message("0912 345 678", "fr") == (
        "Please add the country code, starting with + (e.g. +84 912 345 678)"
    )
    assert phone_message("+84 912 345 678", "vi") is None
