"""Sign-in lockout (django-axes) and the mail throttles, through the provider's pages."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.conf import settings
from django.core import mail
from django.test import Client
from django.utils import timezone

from apps.identity.tests import factories

pytestmark = pytest.mark.django_db

LIMIT = settings.AXES_FAILURE_LIMIT
ADDRESS_LIMIT = settings.IDENTITY_SIGNIN_ADDRESS_FAILURE_LIMIT
COOL_OFF = int(settings.AXES_COOLOFF_TIME.total_seconds())


def _alerts(response: Any) -> list[str]:
    return re.findall(r'role="alert">([^<]*)<', response.content.decode())


def _sign_in(client: Client, email: str, password: str, address: str = "10.0.0.1") -> Any:
    return client.post("/login/", {"email": email, "password": password}, REMOTE_ADDR=address)


def _fail(client: Client, times: int, email: str = "exporter@example.com", **kw: Any) -> Any:
    response = None
    for _ in range(times):
        response = _sign_in(client, email, "wrong-password", **kw)
    return response


def test_the_nth_wrong_password_is_refused_with_retry_after(client: Client) -> None:
    factories.make_user()
    before = _fail(client, LIMIT - 1)
    assert before.status_code == 400
    assert "Retry-After" not in before
    locked = _fail(client, 1)
    assert locked.status_code == 429
    assert int(locked["Retry-After"]) == COOL_OFF
    assert "Too many sign-in attempts" in locked.content.decode()
    assert f"wait {COOL_OFF // 60} min" in locked.content.decode()


def test_the_right_password_is_refused_during_the_lockout(client: Client) -> None:
    factories.make_user()
    _fail(client, LIMIT)
    response = _sign_in(client, "exporter@example.com", factories.PASSWORD)
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_retry_after_counts_down_from_the_lockout(client: Client) -> None:
    factories.make_user()
    start = timezone.now()
    with time_machine.travel(start, tick=False) as traveller:
        _fail(client, LIMIT)
        traveller.shift(timedelta(seconds=300))
        response = _sign_in(client, "exporter@example.com", factories.PASSWORD)
    assert response.status_code == 429
    assert int(response["Retry-After"]) == COOL_OFF - 300


def test_the_right_password_works_again_after_the_window(client: Client) -> None:
    user = factories.make_user()
    start = timezone.now()
    with time_machine.travel(start, tick=False) as traveller:
        _fail(client, LIMIT)
        traveller.shift(timedelta(seconds=COOL_OFF - 1))
        assert _sign_in(client, user.email, factories.PASSWORD).status_code == 429
        traveller.shift(timedelta(seconds=2))
        response = _sign_in(client, user.email, factories.PASSWORD)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)


def test_a_success_clears_the_account_count(client: Client) -> None:
    factories.make_user()
    _fail(client, LIMIT - 1)
    assert _sign_in(client, "exporter@example.com", factories.PASSWORD).status_code == 302
    client.logout()
    assert _fail(client, LIMIT - 1).status_code == 400


def test_a_success_leaves_the_address_count(client: Client) -> None:
    """Signing in to one's own account between guesses does not reset the address's count."""
    factories.make_user()
    mine = factories.make_user("mine@example.com")
    for number in range(ADDRESS_LIMIT - 1):
        _sign_in(client, f"guess{number}@example.com", "wrong")
    assert _sign_in(client, mine.email, factories.PASSWORD).status_code == 302
    client.logout()
    assert _sign_in(client, "guess-last@example.com", "wrong").status_code == 429


def test_an_account_is_locked_to_the_guessing_address_whatever_the_letter_case(
    client: Client,
) -> None:
    user = factories.make_user()
    _fail(client, LIMIT, email="Exporter@Example.com ", address="10.0.1.1")
    assert _sign_in(client, user.email, factories.PASSWORD, "10.0.1.1").status_code == 429
    assert _sign_in(client, user.email, factories.PASSWORD, "10.0.2.1").status_code == 302


def test_one_colleagues_wrong_passwords_lock_no_one_else_behind_the_address(
    client: Client,
) -> None:
    factories.make_user()
    colleague = factories.make_user("colleague@example.com")
    _fail(client, LIMIT, address="10.0.5.1")
    assert _sign_in(client, colleague.email, factories.PASSWORD, "10.0.5.1").status_code == 302


def test_an_address_is_locked_whatever_the_account_past_its_higher_bar(client: Client) -> None:
    user = factories.make_user()
    for number in range(ADDRESS_LIMIT - 1):
        _sign_in(client, f"guess{number}@example.com", "wrong", address="10.0.3.1")
    assert _sign_in(client, user.email, factories.PASSWORD, "10.0.3.1").status_code == 302
    client.logout()
    _sign_in(client, "guess-last@example.com", "wrong", address="10.0.3.1")
    locked = _sign_in(client, user.email, factories.PASSWORD, "10.0.3.1")
    assert locked.status_code == 429
    assert int(locked["Retry-After"]) == COOL_OFF
    assert _sign_in(client, user.email, factories.PASSWORD, "10.0.3.2").status_code == 302


def test_an_unknown_account_is_locked_like_a_known_one(client: Client) -> None:
    factories.make_user()
    known = _fail(client, LIMIT, address="10.0.4.1")
    unknown = _fail(client, LIMIT, email="nobody@example.com", address="10.0.4.2")
    assert (known.status_code, known["Retry-After"]) == (429, unknown["Retry-After"])


def test_the_lockout_speaks_the_page_language(client: Client) -> None:
    factories.make_user()
    _fail(client, LIMIT - 1)
    response = client.post(
        "/login/?lang=vi",
        {"email": "exporter@example.com", "password": "wrong"},
        REMOTE_ADDR="10.0.0.1",
    )
    assert response.status_code == 429
    assert "Bạn đã thử đăng nhập quá nhiều lần" in response.content.decode()


# Unverified accounts: the same answer as a wrong password, unless the password is right.


def test_a_wrong_password_of_an_unverified_account_reads_like_any_other(client: Client) -> None:
    factories.make_user(verified=False)
    unverified = _sign_in(client, "exporter@example.com", "wrong-password")
    unknown = _sign_in(client, "nobody@example.com", "wrong-password")
    assert unverified.status_code == unknown.status_code == 400
    assert "Incorrect email or password." in unverified.content.decode()
    assert "not verified" not in unverified.content.decode()
    assert _alerts(unverified) == _alerts(unknown) == ["Incorrect email or password."]


def test_an_unverified_account_without_a_password_reads_like_a_wrong_password(
    client: Client,
) -> None:
    factories.make_user(password=None, verified=False)
    response = _sign_in(client, "exporter@example.com", "any-password")
    assert "Incorrect email or password." in response.content.decode()
    assert "not verified" not in response.content.decode()


def test_the_right_password_of_an_unverified_account_offers_a_new_link(client: Client) -> None:
    factories.make_user(verified=False)
    page = _sign_in(client, "exporter@example.com", factories.PASSWORD).content.decode()
    assert "not verified yet" in page
    assert 'action="/verify/resend/"' in page
    response = client.post("/verify/resend/", REMOTE_ADDR="10.0.0.1")
    assert response.status_code == 200
    assert "We have sent a new link to exporter@example.com" in response.content.decode()
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["exporter@example.com"]
    assert "/verify/" in mail.outbox[0].body


def test_a_new_link_needs_the_right_password_first(client: Client) -> None:
    factories.make_user(verified=False)
    _sign_in(client, "exporter@example.com", "wrong-password")
    response = client.post("/verify/resend/")
    assert response.status_code == 302
    assert mail.outbox == []


def test_new_verification_links_are_throttled(client: Client) -> None:
    factories.make_user(verified=False)
    _sign_in(client, "exporter@example.com", factories.PASSWORD)
    allowed = int(settings.IDENTITY_RESET_RATE_PER_EMAIL.split("/")[0])
    for _ in range(allowed):
        assert client.post("/verify/resend/").status_code == 200
    refused = client.post("/verify/resend/")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert 'action="/login/"' in refused.content.decode()  # the sign-in form still signs in
    assert len(mail.outbox) == allowed


# Password reset: throttled per address and per client, the same answer for any address.


def _reset(client: Client, email: str, address: str = "10.0.0.1") -> Any:
    return client.post("/password-reset/", {"email": email}, REMOTE_ADDR=address)


def test_a_reset_answers_alike_for_known_and_unknown_addresses(client: Client) -> None:
    factories.make_user()
    known = _reset(client, "exporter@example.com")
    unknown = _reset(client, "nobody@example.com")
    assert known.status_code == unknown.status_code == 200
    assert "If an account exists for exporter@example.com" in known.content.decode()
    assert "If an account exists for nobody@example.com" in unknown.content.decode()
    assert len(mail.outbox) == 1


@pytest.mark.parametrize("email", ["exporter@example.com", "nobody@example.com"])
def test_reset_mails_to_one_address_are_throttled(client: Client, email: str) -> None:
    factories.make_user()
    allowed = int(settings.IDENTITY_RESET_RATE_PER_EMAIL.split("/")[0])
    for number in range(allowed):
        assert _reset(client, email, address=f"10.0.5.{number}").status_code == 200
    refused = _reset(client, email.upper(), address="10.0.6.1")
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 3600
    assert "Please wait" in refused.content.decode()
    assert _reset(client, "other@example.com", address="10.0.6.1").status_code == 200
    assert len(mail.outbox) == (allowed if email.startswith("exporter") else 0)


def test_reset_requests_from_one_client_are_throttled(client: Client) -> None:
    allowed = int(settings.IDENTITY_RESET_RATE_PER_CLIENT.split("/")[0])
    for number in range(allowed):
        assert _reset(client, f"person{number}@example.com", "10.0.7.1").status_code == 200
    assert _reset(client, "one-more@example.com", "10.0.7.1").status_code == 429
    assert _reset(client, "one-more@example.com", "10.0.7.2").status_code == 200


def test_reset_mails_go_again_after_the_window(client: Client) -> None:
    factories.make_user()
    allowed = int(settings.IDENTITY_RESET_RATE_PER_EMAIL.split("/")[0])
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        for _ in range(allowed + 1):
            refused = _reset(client, "exporter@example.com")
        assert refused.status_code == 429
        traveller.shift(timedelta(seconds=int(refused["Retry-After"]) + 1))
        assert _reset(client, "exporter@example.com").status_code == 200
    assert len(mail.outbox) == allowed + 1


# RFC 5321's lengths


@pytest.mark.parametrize(
    ("email", "accepted"),
    [
        (f"{'a' * 64}@example.com", True),
        (f"{'a' * 65}@example.com", False),
        (f"user@{'d' * 245}.com", True),  # 254 characters
        (f"user@{'d' * 246}.com", False),  # 255 characters
        (f"{'a' * 300}@example.com", False),
    ],
)
def test_email_lengths_follow_rfc_5321(client: Client, email: str, accepted: bool) -> None:
    reset = _reset(client, email)
    sign_in = _sign_in(client, email, "some-password")
    if accepted:
        assert reset.status_code == 200
        assert "Incorrect email or password." in sign_in.content.decode()
    else:
        assert reset.status_code == 400
        assert "Please enter a valid email address" in reset.content.decode()
        assert "Please enter a valid email address" in sign_in.content.decode()
