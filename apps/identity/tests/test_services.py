from __future__ import annotations

import pytest
from django.core import mail
from django.test import RequestFactory
from oauth2_provider.models import Application

from apps.identity import services
from apps.identity.tests import factories

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "email", ["name@example.com", "a.b_c%d+e-f@sub.example.co", "X@EXAMPLE.VN"]
)
def test_valid_emails(email: str) -> None:
    assert services.is_valid_email(email)


@pytest.mark.parametrize(
    "email", ["", "name", "name@example", "name@example.c", "na me@example.com", "a@b@c.com"]
)
def test_invalid_emails(email: str) -> None:
    assert not services.is_valid_email(email)


def test_register_user_creates_an_unverified_user_and_mails_the_link() -> None:
    user = services.register_user(" New@Example.com ", name=" Mai ", language="zh-hans")
    assert (user.email, user.name, user.language) == ("new@example.com", "Mai", "zh-hans")
    assert not user.email_verified
    assert mail.outbox[-1].subject == "验证您的 Tradewise 邮箱"
    assert services.verification_link(user).split("/verify/")[0] in mail.outbox[-1].body
    assert services.verification_link(user).endswith("/?lang=zh-hans")


def test_register_user_refuses_duplicates_and_bad_addresses() -> None:
    factories.make_user("taken@example.com")
    with pytest.raises(services.UserExists):
        services.register_user("Taken@example.com")
    with pytest.raises(services.InvalidEmail):
        services.register_user("taken@")


def test_verification_links_work_once() -> None:
    user = factories.make_user(verified=False, password=None)
    token = factories.path_of(services.verification_link(user)).rstrip("/").split("/")[-1]
    assert services.user_for_link(user.subject, token, "verify") == user
    assert services.user_for_link(user.subject, token, "reset") is None
    services.verify_email_and_set_password(user, "a-new-secret-9")
    assert services.user_for_link(user.subject, token, "verify") is None


def test_a_password_reset_also_verifies_the_address() -> None:
    user = factories.make_user(verified=False)
    services.reset_password(user, "another-secret-3")
    user.refresh_from_db()
    assert user.email_verified
    assert user.check_password("another-secret-3")


def test_sign_in_explains_why_it_failed() -> None:
    request = RequestFactory().post("/login/")
    factories.make_user("ok@example.com")
    factories.make_user("new@example.com", verified=False)
    assert services.sign_in(request, "OK@example.com", factories.PASSWORD).email == "ok@example.com"
    with pytest.raises(services.SignInError) as unverified:
        services.sign_in(request, "new@example.com", factories.PASSWORD)
    assert unverified.value.reason == "unverified"
    with pytest.raises(services.SignInError) as wrong:
        services.sign_in(request, "ok@example.com", "nope")
    assert wrong.value.reason == "invalid_credentials"


@pytest.mark.parametrize(
    ("candidate", "expected"),
    [
        ("/o/authorize/?client_id=x", "/o/authorize/?client_id=x"),
        ("https://evil.example/", None),
        ("//evil.example/", None),
        ("/\\evil.example", None),
        ("o/authorize/", None),
        ("", None),
    ],
)
def test_safe_next_url_accepts_only_paths_on_the_provider(
    candidate: str, expected: str | None
) -> None:
    assert services.safe_next_url(candidate) == expected


def test_login_hint_is_read_from_the_carried_authorization_request() -> None:
    assert services.login_hint("/o/authorize/?login_hint=lan%40example.com") == "lan@example.com"
    assert services.login_hint("/o/authorize/?client_id=x") == ""


def test_ensure_client_is_idempotent_and_resets_the_secret() -> None:
    spec = services.product_client_spec()
    first, created = services.ensure_client(spec)
    again, created_again = services.ensure_client(spec)
    assert (created, created_again) == (True, False)
    assert first.pk == again.pk
    assert Application.objects.count() == 1
    assert again.skip_authorization
    assert again.algorithm == Application.RS256_ALGORITHM
    assert spec.client_secret not in again.client_secret
