"""Every text table is keyed en, vi and zh; a language arrives in Django's spelling (zh-hans),
a browser's (zh-CN, vi-VN) or the interface's (zh)."""

from __future__ import annotations

import pytest

from apps.core.languages import in_language, normalize, text_language

TABLE = {"en": "Sign in", "vi": "Đăng nhập", "zh": "登录"}


@pytest.mark.parametrize(
    ("tag", "django", "text"),
    [
        ("zh-hans", "zh-hans", "zh"),
        ("zh", "zh-hans", "zh"),
        ("zh_CN", "zh-hans", "zh"),
        ("vi-VN", "vi", "vi"),
        ("EN", "en", "en"),
        ("fr", None, "en"),
        (None, None, "en"),
    ],
)
def test_a_language_tag_has_one_django_code_and_one_text_language(
    tag: str | None, django: str | None, text: str
) -> None:
    assert normalize(tag) == django
    assert text_language(tag) == text


def test_a_table_is_read_in_either_spelling_and_falls_back_to_english() -> None:
    assert in_language(TABLE, "zh-hans") == in_language(TABLE, "zh") == "登录"
    assert in_language(TABLE, "vi") == "Đăng nhập"
    assert in_language(TABLE, "de") == "Sign in"
    assert in_language({"en": "Sign in", "vi": ""}, "vi") == ""
    assert in_language({"en": "Sign in"}, "vi") == "Sign in"
