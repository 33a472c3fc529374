"""The interface languages: English, Vietnamese and Simplified Chinese.

Django names them by its codes (en, vi, zh-hans: requests, cookies, stored choices); every text
table of the product names them as the interface does, en, vi and zh. `in_language` reads a
table in either spelling of a language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

TEXT_LANGUAGES = ("en", "vi", "zh")
DEFAULT_TEXT_LANGUAGE = "en"

T = TypeVar("T")


def normalize(tag: str | None) -> str | None:
    """Map a language tag (`vi-VN`, `zh`, `zh_CN`, `EN`) to en, vi or zh-hans, or None."""
    code = (tag or "").strip().lower().replace("_", "-")
    if code.startswith("zh"):
        return "zh-hans"
    base = code.split("-")[0]
    return base if base in ("en", "vi") else None


def text_language(tag: str | None) -> str:
    """The text tables' name (en, vi or zh) of a language tag; English for any other."""
    code = normalize(tag)
    return "zh" if code == "zh-hans" else code or DEFAULT_TEXT_LANGUAGE


def in_language(texts: Mapping[str, T], language: str | None) -> T:
    """The entry of a text table (keyed en, vi, zh) for `language` in any spelling, or the
    English one when the table has none for it."""
    chosen = texts.get(text_language(language))
    return chosen if chosen is not None else texts[DEFAULT_TEXT_LANGUAGE]
