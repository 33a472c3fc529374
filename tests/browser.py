"""A minimal browser over `requests` for the sign-in tests: follows redirects, keeps cookies
per origin, and fills in the forms of the identity provider's pages."""

from __future__ import annotations

import html
import re
from urllib.parse import urljoin

import requests

CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
FORM_ACTION = re.compile(r'<form method="post" action="([^"]*)"')


def submit_form(
    session: requests.Session, page: requests.Response, **fields: str
) -> requests.Response:
    """Post the page's form (its action and CSRF token) with `fields`, following redirects."""
    action = FORM_ACTION.search(page.text)
    token = CSRF_FIELD.search(page.text)
    assert action, f"no form on {page.url}"
    assert token, f"no CSRF token on {page.url}"
    target = urljoin(page.url, html.unescape(action.group(1)))
    return session.post(target, data={"csrfmiddlewaretoken": token.group(1), **fields})


def csrf_headers(session: requests.Session, product_url: str) -> dict[str, str]:
    """The header that carries the product's CSRF token, as the frontend sends it."""
    host = product_url.split("//", 1)[1].split(":")[0]
    return {"X-CSRFToken": session.cookies.get("csrftoken", domain=host) or ""}
