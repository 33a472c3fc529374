"""The interface languages (en, vi, zh) and their codes at the identity provider."""

from __future__ import annotations

PROVIDER_LANGUAGES = {"en": "en", "vi": "vi", "zh": "zh-hans", "zh-hans": "zh-hans"}
DEFAULT_LANGUAGE = "en"


def provider_language(code: str | None) -> str | None:
    """The provider's code for an interface language, or None for an unknown one."""
    return PROVIDER_LANGUAGES.get((code or "").strip().lower())
