"""Sign-up and sign-in over HTTP against the real identity provider: register, open the
emailed link and choose a password, sign in at the provider's page, land in the product."""

from __future__ import annotations

import time
import uuid
from urllib.parse import urlencode, urlsplit

import pytest
import requests
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session

from apps.accounts import tokens
from tests.browser import csrf_headers, submit_form
from tests.conftest import SignInStack

pytestmark = pytest.mark.usefixtures("pages_without_bundles")

PASSWORD = "Robusta-harvest-2024"
SIGN_IN_TITLE = {"en": "Sign in to Tradewise", "vi": "Đăng nhập Tradewise"}


def register_and_verify(stack: SignInStack, address: str, language: str) -> None:
    response = requests.post(
        f"{stack.product_url}/fast-ai/v1/users",
        json={"email": address, "language": language},
        timeout=10,
    )
    assert response.status_code == 201, response.text
    assert response.json() == {"data": {"message": "User registered successfully"}, "meta": {}}

    mail_reader = requests.Session()
    page = mail_reader.get(stack.identity.link_in_mail_to(address, "/verify/"), timeout=10)
    assert page.status_code == 200
    done = submit_form(mail_reader, page, password=PASSWORD, password_confirm=PASSWORD)
    assert done.status_code == 200, done.text


def sign_in(browser: requests.Session, stack: SignInStack, address: str, language: str) -> str:
    query = urlencode({"next": "/market-insights", "login_hint": address, "ui_locales": language})
    login_page = browser.get(f"{stack.product_url}/oidc/authenticate/?{query}", timeout=10)
    assert login_page.url.startswith(f"{stack.identity.url}/login/")
    assert SIGN_IN_TITLE[language] in login_page.text
    assert f'value="{address}"' in login_page.text
    landed = submit_form(browser, login_page, email=address, password=PASSWORD)
    return landed.url


@pytest.mark.parametrize("language", ["en", "vi"])
def test_a_new_user_signs_up_signs_in_and_signs_out(
    product_with_identity_provider: SignInStack, language: str
) -> None:
    stack = product_with_identity_provider
    address = f"grower.{uuid.uuid4().hex[:8]}@example.com"
    register_and_verify(stack, address, language)
    browser = requests.Session()

    landed = sign_in(browser, stack, address, language)

    assert landed.startswith(stack.product_url)
    assert urlsplit(landed).path == "/market-insights"
    profile = browser.get(f"{stack.product_url}/fast-ai/v1/users", timeout=10)
    assert profile.status_code == 200
    assert profile.json()["data"]["email"] == address
    assert profile.json()["data"]["user_subscription"]["plan"]["key"] == "free"

    signed_out = browser.post(
        f"{stack.product_url}/oidc/logout/",
        headers=csrf_headers(browser, stack.product_url),
        timeout=10,
    )

    assert signed_out.url == f"{stack.product_url}/signin"
    assert browser.get(f"{stack.product_url}/fast-ai/v1/users", timeout=10).status_code == 401
    again = browser.get(f"{stack.product_url}/oidc/authenticate/", timeout=10)
    assert again.url.startswith(f"{stack.identity.url}/login/")


def test_an_expiring_token_is_renewed_at_the_provider(
    product_with_identity_provider: SignInStack,
) -> None:
    stack = product_with_identity_provider
    browser = requests.Session()
    login_page = browser.get(f"{stack.product_url}/oidc/authenticate/", timeout=10)
    submit_form(
        browser, login_page, email="demo@example.com", password=stack.identity.demo_password
    )
    session = SessionStore(Session.objects.get().session_key)
    signed_in = tokens.stored(session)
    assert signed_in is not None
    session[tokens.EXPIRES_AT] = time.time() + 5
    session.save()

    profile = browser.get(f"{stack.product_url}/fast-ai/v1/users", timeout=10)

    assert profile.status_code == 200
    assert profile.json()["data"]["email"] == "demo@example.com"
    renewed = tokens.stored(SessionStore(session.session_key))
    assert renewed is not None
    assert renewed.refresh_token != signed_in.refresh_token
    assert renewed.id_token != signed_in.id_token
    assert renewed.seconds_left() > 60


def test_signing_up_twice_is_a_conflict(product_with_identity_provider: SignInStack) -> None:
    stack = product_with_identity_provider
    url = f"{stack.product_url}/fast-ai/v1/users"
    address = f"packer.{uuid.uuid4().hex[:8]}@example.com"

    assert requests.post(url, json={"email": address}, timeout=10).status_code == 201
    again = requests.post(url, json={"email": address}, timeout=10)

    assert again.status_code == 409
    assert again.json()["meta"] == {"message": "User already exists", "code": "user_exists"}


def test_sign_out_stops_the_access_token_at_once(
    product_with_identity_provider: SignInStack,
) -> None:
    """The API caches what the provider said of a bearer token for a while; signing out must
    not leave the session's access token usable for that while."""
    stack = product_with_identity_provider
    browser = requests.Session()
    login_page = browser.get(f"{stack.product_url}/oidc/authenticate/", timeout=10)
    submit_form(
        browser, login_page, email="demo@example.com", password=stack.identity.demo_password
    )
    signed_in = tokens.stored(SessionStore(Session.objects.get().session_key))
    assert signed_in is not None
    bearer = {"Authorization": f"Bearer {signed_in.access_token}"}
    profile = f"{stack.product_url}/fast-ai/v1/users"
    assert requests.get(profile, headers=bearer, timeout=10).status_code == 200

    signed_out = browser.post(
        f"{stack.product_url}/oidc/logout/",
        headers=csrf_headers(browser, stack.product_url),
        timeout=10,
    )

    assert signed_out.url == f"{stack.product_url}/signin"
    assert requests.get(profile, headers=bearer, timeout=10).status_code == 401
