"""Signing in for real at the embedded identity provider (started once per test session by
tests/conftest.py), and the product's session that sign-in leaves behind."""

from __future__ import annotations

import time
import uuid
from urllib.parse import parse_qs, urlsplit

import requests
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client

from apps.accounts import tokens
from tests.browser import submit_form
from tests.conftest import SignInStack
from tests.providers import free_port

DEMO_EMAIL = "demo@example.com"


def open_login_page(
    stack: SignInStack, start: str = "/oidc/authenticate/"
) -> tuple[requests.Session, requests.Response]:
    """A browser sent from the product to the provider's login page."""
    browser = requests.Session()
    page = browser.get(f"{stack.product_url}{start}", timeout=10)
    assert page.url.startswith(f"{stack.identity.url}/login/"), page.url
    return browser, page


def log_in(stack: SignInStack, page: requests.Response, browser: requests.Session) -> str:
    """Submit the demo user's password on the login page; where the browser lands."""
    landed = submit_form(browser, page, email=DEMO_EMAIL, password=stack.identity.demo_password)
    return landed.url


def product_session(browser: requests.Session) -> SessionStore:
    """The product's server-side session of `browser`."""
    key = browser.cookies.get(settings.SESSION_COOKIE_NAME)
    assert key, "the browser holds no product session"
    return SessionStore(key)


def signed_in(stack: SignInStack) -> tuple[requests.Session, SessionStore]:
    browser, page = open_login_page(stack)
    log_in(stack, page, browser)
    session = product_session(browser)
    assert tokens.stored(session) is not None
    return browser, session


def issued_tokens(session: SessionStore) -> tokens.TokenSet:
    """The tokens the provider issued that `session` holds."""
    stored = tokens.stored(session)
    assert stored is not None
    return stored


def client_of(session: SessionStore) -> Client:
    """A test client carrying `session`'s cookie: requests run in this process."""
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key or ""
    return client


def expiring_in(session: SessionStore, seconds: float, **fields: str) -> SessionStore:
    """Make the session's access token expire in `seconds` (and replace other token fields),
    on the session as stored now (requests may have renewed its tokens since it was read)."""
    fresh = SessionStore(session.session_key)
    fresh[tokens.EXPIRES_AT] = time.time() + seconds
    for name, value in fields.items():
        fresh[getattr(tokens, name.upper())] = value
    fresh.save()
    return fresh


def unreachable(path: str) -> str:
    """An address on this machine where nothing listens: the provider is down."""
    return f"http://127.0.0.1:{free_port()}{path}"


def new_address() -> str:
    """An address the provider has no account for (it keeps its users for the whole run)."""
    return f"grower.{uuid.uuid4().hex[:12]}@example.com"


def verification_language(stack: SignInStack, email: str) -> str:
    """The language of the verification link the provider emailed to a new user `email`."""
    link = stack.identity.link_in_mail_to(email, "/verify/")
    return parse_qs(urlsplit(link).query)["lang"][0]
