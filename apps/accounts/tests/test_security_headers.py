"""The headers the product's answers carry: no-store for signed-in users, the CSP."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_signed_in_pages_and_api_answers_are_not_stored(member_client: Client) -> None:
    for path in ("/profile", "/fast-ai/v1/users"):
        response = member_client.get(path)
        assert response.status_code == 200, path
        assert "no-store" in response["Cache-Control"], path


def test_anonymous_pages_are_not_marked_no_store(client: Client) -> None:
    response = client.get("/signin")
    assert response.status_code == 200
    assert "no-store" not in response.get("Cache-Control", "")


def test_the_csp_forbids_framing_base_changes_and_plugins(client: Client) -> None:
    policy = client.get("/signin")["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert directives["frame-ancestors"] == "'none'"
    assert directives["base-uri"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["form-action"].startswith("'self'")
