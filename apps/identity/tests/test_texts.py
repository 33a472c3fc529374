from __future__ import annotations

import string

import pytest
from django.utils import translation

from apps.core.languages import TEXT_LANGUAGES
from apps.identity.texts import TEXTS, text


def _placeholders(value: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(value) if name}


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_every_text_exists_in_all_three_languages(key: str) -> None:
    assert set(TEXTS[key]) == set(TEXT_LANGUAGES)
    assert all(value.strip() for value in TEXTS[key].values())


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_every_language_uses_the_same_placeholders(key: str) -> None:
    placeholders = {language: _placeholders(value) for language, value in TEXTS[key].items()}
    assert len(set(map(frozenset, placeholders.values()))) == 1


def test_text_uses_the_active_language_and_fills_values() -> None:
    with translation.override("vi"):
        assert text("verify.intro", email="a@example.com") == "Chọn mật khẩu cho a@example.com."
    assert text("login.submit", "zh-hans") == "登录"
    assert text("login.submit", "zh") == "登录"


def test_an_unknown_language_falls_back_to_english() -> None:
    assert text("login.submit", "fr") == "Sign in"
