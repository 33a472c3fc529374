from __future__ import annotations

import html
import re
from typing import Any
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.core import mail
from django.test import Client

from apps.identity.models import User
from apps.identity.services import verification_link
from apps.identity.tests import factories

pytestmark = pytest.mark.django_db


def _authorize_next(**extra: str) -> str:
    return factories.authorize_path(factories.make_pkce(), **extra)


def test_sign_in_page_prefills_the_login_hint_of_the_authorization_request(
    client: Client,
) -> None:
    next_url = _authorize_next(login_hint="lan@example.com")
    page = client.get("/login/", {"next": next_url}).content.decode()
    assert 'value="lan@example.com"' in page
    assert "Sign in to Tradewise" in page


def test_signing_in_returns_to_the_authorization_request(client: Client) -> None:
    user = factories.make_user()
    next_url = _authorize_next()
    response = factories.sign_in(client, "EXPORTER@example.com", next_url=next_url)
    assert response.status_code == 302
    assert response["Location"] == next_url
    assert client.session["_auth_user_id"] == str(user.pk)


@pytest.mark.parametrize(
    "next_url",
    [
        "https://evil.example/steal",
        "//evil.example/steal",
        "/\\evil.example",
        "javascript:alert(1)",
        "http://testserver/o/authorize/",
    ],
)
def test_next_outside_the_provider_is_ignored(client: Client, next_url: str) -> None:
    factories.make_user()
    response = factories.sign_in(client, "exporter@example.com", next_url=next_url)
    assert response.status_code == 302
    assert response["Location"] == "/"


def test_wrong_password_shows_a_clear_error(client: Client) -> None:
    factories.make_user()
    response = factories.sign_in(client, "exporter@example.com", "wrong-password")
    assert response.status_code == 400
    assert "Incorrect email or password." in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_an_unverified_user_cannot_sign_in(client: Client) -> None:
    factories.make_user(verified=False)
    response = factories.sign_in(client, "exporter@example.com")
    assert response.status_code == 400
    assert "not verified yet" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_an_empty_form_names_the_missing_fields(client: Client) -> None:
    page = client.post("/login/", {"email": "", "password": ""}).content.decode()
    assert "Please enter an email" in page
    assert "Please enter your password" in page


def test_the_sign_in_form_needs_a_csrf_token() -> None:
    factories.make_user()
    strict = Client(enforce_csrf_checks=True)
    response = strict.post("/login/", {"email": "exporter@example.com", "password": "x"})
    assert response.status_code == 403


def test_the_page_follows_ui_locales_from_the_authorization_request(client: Client) -> None:
    response = client.get("/login/", {"next": _authorize_next(ui_locales="vi")})
    assert "Đăng nhập Tradewise" in response.content.decode()
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "vi"


def test_the_language_switch_keeps_the_authorization_request(client: Client) -> None:
    page = client.get("/login/", {"next": _authorize_next(ui_locales="vi")}).content.decode()
    switch = html.unescape(re.search(r'href="([^"]*lang=zh-hans[^"]*)"', page).group(1))
    switched = client.get(switch)
    assert "登录 Tradewise" in switched.content.decode()
    next_url = factories.query_of(switch)["next"]
    assert factories.query_of(next_url)["ui_locales"] == "zh-hans"
    assert factories.query_of(next_url)["client_id"] == settings.IDENTITY_PRODUCT_CLIENT_ID


def test_the_accept_language_header_picks_the_language(client: Client) -> None:
    page = client.get("/login/", HTTP_ACCEPT_LANGUAGE="zh-CN,zh;q=0.9").content.decode()
    assert "登录 Tradewise" in page


def test_verification_link_verifies_sets_the_password_and_offers_the_product(
    client: Client,
) -> None:
    factories.make_service_client()
    client.post(
        "/admin-api/users",
        {"email": "new@example.com", "name": "New Exporter"},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {factories.service_token(client)}",
    )
    link = factories.path_of(factories.last_mail_link())
    assert "New Exporter" in mail.outbox[-1].body
    form = {"password": "a-new-secret-9", "password_confirm": "a-new-secret-9"}
    done = client.post(link, form)
    assert done.status_code == 200
    assert f'href="{settings.PRODUCT_SIGNIN_URL}"' in done.content.decode()
    user = User.objects.get(email="new@example.com")
    assert user.email_verified
    assert user.check_password("a-new-secret-9")
    assert client.post(link, form).status_code == 400


def test_verification_rejects_mismatched_or_weak_passwords(client: Client) -> None:
    user = factories.make_user(verified=False, password=None)
    link = factories.path_of(verification_link(user))
    mismatch = client.post(link, {"password": "a-new-secret-9", "password_confirm": "other-9"})
    assert "The two passwords do not match." in mismatch.content.decode()
    weak = client.post(link, {"password": "123", "password_confirm": "123"})
    assert weak.status_code == 400
    user.refresh_from_db()
    assert not user.email_verified


def test_a_forged_link_is_refused(client: Client) -> None:
    user = factories.make_user(verified=False)
    response = client.get(f"/verify/{user.subject}/abc-def/")
    assert response.status_code == 400
    assert "no longer valid" in response.content.decode()


def test_password_reset_by_email(client: Client) -> None:
    factories.make_user()
    sent = client.post("/password-reset/", {"email": "Exporter@example.com"})
    assert "Check your inbox" in sent.content.decode()
    assert mail.outbox[-1].subject == "Reset your Tradewise password"
    link = factories.path_of(factories.last_mail_link())
    form = {"password": "brand-new-pass-7", "password_confirm": "brand-new-pass-7"}
    assert client.post(link, form).status_code == 200
    client.logout()
    assert factories.sign_in(client, "exporter@example.com", "brand-new-pass-7").status_code == 302
    assert client.post(link, form).status_code == 400


def test_password_reset_is_silent_for_unknown_addresses(client: Client) -> None:
    sent = client.post("/password-reset/", {"email": "nobody@example.com"})
    assert sent.status_code == 200
    assert "Check your inbox" in sent.content.decode()
    assert mail.outbox == []


def test_password_reset_email_uses_the_page_language(client: Client) -> None:
    factories.make_user()
    client.post(
        f"/password-reset/?{urlencode({'lang': 'zh-hans'})}", {"email": "exporter@example.com"}
    )
    assert mail.outbox[-1].subject == "重置您的 Tradewise 密码"


def test_home_sends_visitors_to_sign_in_and_greets_a_signed_in_user(client: Client) -> None:
    assert client.get("/")["Location"] == "/login/"
    factories.sign_in(client, factories.make_user().email)
    assert "exporter@example.com" in client.get("/").content.decode()


def test_pages_forbid_scripts_and_frames_and_post_only_to_the_provider_or_product(
    client: Client, settings: Any
) -> None:
    policy = client.get("/login/")["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["default-src"] == "'none'"
    assert "script-src" not in directives
    assert directives["frame-ancestors"] == "'none'"
    assert directives["form-action"].split() == ["'self'", *settings.IDENTITY_PRODUCT_ORIGINS]
