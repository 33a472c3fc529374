"""The interface languages: English, Vietnamese and Simplified Chinese, by their Django codes."""

from __future__ import annotations


def normalize(tag: str | None) -> str | None:
    """Map a language tag (`vi-VN`, `zh`, `zh_CN`, `EN`) to en, vi or zh-hans, or None."""
    code = (tag or "").strip().lower().replace("_", "-")
    if code.startswith("zh"):
        return "zh-hans"
    base = code.split("-")[0]
    return base if base in ("en", "vi") else None
