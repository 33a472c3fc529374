from __future__ import annotations

from django import template
from django.http import HttpRequest

from apps.identity import languages
from apps.identity.texts import text

register = template.Library()


@register.simple_tag
def t(key: str, **values: object) -> str:
    """`{% t "login.title" %}`: the text for the active language."""
    return text(key, **values)


@register.simple_tag
def language_url(request: HttpRequest, language: str) -> str:
    """The current page's address, switched to `language`."""
    return languages.switch_url(request, language)
