"""The back office's sections say what they hold: no two share a name, and every plural is
spelled as English spells it ("saved searches", not "saved searchs")."""

from __future__ import annotations

import re

import pytest
from django.contrib import admin
from django.test import Client

pytestmark = pytest.mark.django_db


def _plural(singular: str) -> str:
    """English's regular plural of the last word."""
    if re.search(r"(s|sh|ch|x|z)$", singular):
        return f"{singular}es"
    if re.search(r"[^aeiou]y$", singular):
        return f"{singular[:-1]}ies"
    return f"{singular}s"


def test_no_two_admin_sections_share_a_name() -> None:
    names: dict[str, str] = {}
    for model in admin.site._registry:
        name = str(model._meta.verbose_name_plural).casefold()
        assert name not in names, f"{model._meta.label} and {names[name]} are both '{name}'"
        names[name] = model._meta.label


def test_every_plural_is_spelled_right() -> None:
    for model in admin.site._registry:
        singular = str(model._meta.verbose_name)
        plural = str(model._meta.verbose_name_plural)
        if plural.startswith(singular):  # a plural of the name itself, not another name
            assert plural == _plural(singular), model._meta.label


@pytest.mark.parametrize(
    ("url", "heading"),
    [
        ("/admin/market/contactrequest/", "Select importer contact request to "),
        ("/admin/leads/contactrequest/", "Select email reveal or phone request to "),
        ("/admin/market/savedsearch/", "Select saved search to "),
    ],
)
def test_the_sections_named_after_what_they_hold(
    admin_client: Client, url: str, heading: str
) -> None:
    response = admin_client.get(url)
    assert response.status_code == 200
    assert heading in response.content.decode()


def test_the_admin_index_lists_each_section_once(admin_client: Client) -> None:
    html = admin_client.get("/admin/").content.decode()
    for name in ("Importer contact requests", "Email reveals and phone requests", "Saved searches"):
        assert html.count(f">{name}</a>") == 1, name
    assert ">Contact requests</a>" not in html
    assert "Saved searchs" not in html
