import hashlib
import time
from typing import Any

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.core.cache import cache
from django.core.exceptions import SuspiciousOperation

from apps.accounts import services, tokens
from apps.accounts.models import User
from apps.accounts.providers import oidc
from apps.accounts.providers.user_admin import (
    EmailRejected,
    UserAdminUnavailable,
    UserAlreadyExists,
)
from apps.core.errors import ProviderUnavailable, ValidationFailed

pytestmark = pytest.mark.django_db

CLAIMS = {"sub": "s-1", "email": "lan@example.com", "email_verified": True, "name": "Lan"}


def test_first_sign_in_creates_the_user() -> None:
    user = services.user_for_claims(CLAIMS)
    assert (user.oidc_subject, user.email, user.name) == ("s-1", "lan@example.com", "Lan")


def test_the_subject_wins_over_the_email_and_updates_it() -> None:
    known = User.objects.create_user("old@example.com", oidc_subject="s-1")
    User.objects.create_user("someone@example.com")

    user = services.user_for_claims(CLAIMS | {"name": "Lan Nguyen"})

    assert user.pk == known.pk
    known.refresh_from_db()
    assert (known.email, known.name) == ("lan@example.com", "Lan Nguyen")


def test_a_verified_email_links_an_existing_user_to_the_subject() -> None:
    known = User.objects.create_user("LAN@example.com")
    assert services.user_for_claims(CLAIMS).pk == known.pk
    assert User.objects.get(pk=known.pk).oidc_subject == "s-1"


def test_an_unverified_email_of_another_user_is_refused() -> None:
    User.objects.create_user("lan@example.com", oidc_subject="s-0")
    with pytest.raises(SuspiciousOperation):
        services.user_for_claims(CLAIMS | {"email_verified": False})


def test_a_new_user_needs_an_email_address() -> None:
    with pytest.raises(SuspiciousOperation):
        services.user_for_claims({"sub": "s-1"})


class FakeUserAdmin:
    def __init__(self, outcome: str | Exception) -> None:
        self.outcome = outcome
        self.created: list[tuple[str, str]] = []

    def create_user(self, email: str, language: str) -> str:
        self.created.append((email, language))
        if isinstance(self.outcome, Exception):
            raise self.outcome
        return self.outcome


@pytest.mark.parametrize(
    ("outcome", "error", "status"),
    [
        (UserAlreadyExists("lan@example.com"), services.UserExists, 409),
        (EmailRejected("lan@example.com"), ValidationFailed, 422),
        (UserAdminUnavailable("down"), ProviderUnavailable, 503),
    ],
)
def test_sign_up_refusals_become_application_errors(
    monkeypatch: pytest.MonkeyPatch, outcome: Exception, error: type[Exception], status: int
) -> None:
    monkeypatch.setattr(services, "user_admin", lambda: FakeUserAdmin(outcome))
    with pytest.raises(error) as raised:
        services.register_user("lan@example.com", "vi")
    assert raised.value.status == status


@pytest.mark.parametrize(("name", "adapter"), [("embedded", "Embedded"), ("keycloak", "Keycloak")])
def test_the_sign_up_adapter_follows_the_setting(settings: Any, name: str, adapter: str) -> None:
    settings.IDENTITY_ADMIN_ADAPTER = name
    assert type(services.user_admin()).__name__ == f"{adapter}UserAdmin"


def test_a_bearer_token_is_checked_once_at_the_provider(monkeypatch: pytest.MonkeyPatch) -> None:
    cache.clear()
    checked: list[str] = []
    monkeypatch.setattr(oidc, "userinfo", lambda token: checked.append(token) or CLAIMS)

    first = services.user_for_bearer_token("a-1")
    second = services.user_for_bearer_token("a-1")

    assert first is not None
    assert second is not None
    assert first.pk == second.pk
    assert first.email == "lan@example.com"
    assert checked == ["a-1"]
    assert cache.get(f"accounts:bearer:{hashlib.sha256(b'a-1').hexdigest()}") == CLAIMS


@pytest.mark.parametrize("answer", [None, oidc.ProviderError("down")])
def test_a_bearer_token_the_provider_refuses_has_no_user(
    monkeypatch: pytest.MonkeyPatch, answer: Any
) -> None:
    cache.clear()

    def userinfo(token: str) -> None:
        if isinstance(answer, Exception):
            raise answer
        return answer

    monkeypatch.setattr(oidc, "userinfo", userinfo)
    assert services.user_for_bearer_token("a-2") is None


def test_a_deactivated_user_has_no_bearer_access(monkeypatch: pytest.MonkeyPatch) -> None:
    cache.clear()
    User.objects.create_user("lan@example.com", oidc_subject="s-1", is_active=False)
    monkeypatch.setattr(oidc, "userinfo", lambda token: CLAIMS)
    assert services.user_for_bearer_token("a-3") is None


def session_with(refresh_token: str, seconds_left: float) -> SessionStore:
    session = SessionStore()
    tokens.store(session, oidc.TokenSet("a-1", "i-1", refresh_token, time.time() + seconds_left))
    session.save()
    return session


def test_a_renewal_refused_because_a_parallel_request_renewed_first_adopts_its_tokens(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    user = User.objects.create_user("lan@example.com", oidc_subject="s-1")
    mine = session_with("r-1", 5)
    parallel = SessionStore(mine.session_key)
    tokens.store(parallel, oidc.TokenSet("a-2", "i-2", "r-2", time.time() + 300))
    parallel.save()

    def refused(refresh_token: str) -> oidc.TokenSet:
        raise oidc.ProviderError("invalid_grant")

    monkeypatch.setattr(oidc, "refresh_tokens", refused)

    assert services.renew_session_tokens(mine, user)
    assert tokens.stored(mine).refresh_token == "r-2"


def test_a_refused_renewal_with_nobody_renewing_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    user = User.objects.create_user("lan@example.com", oidc_subject="s-1")

    def refused(refresh_token: str) -> oidc.TokenSet:
        raise oidc.ProviderError("invalid_grant")

    monkeypatch.setattr(oidc, "refresh_tokens", refused)
    assert not services.renew_session_tokens(session_with("r-1", 5), user)


def test_sign_out_revokes_the_refresh_token_and_survives_a_provider_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    revoked: list[tuple[str, str]] = []

    def revoke(token: str, hint: str) -> None:
        revoked.append((token, hint))
        raise oidc.ProviderError("down")

    monkeypatch.setattr(oidc, "revoke_token", revoke)
    services.revoke_session_tokens(session_with("r-1", 100))
    assert revoked == [("r-1", "refresh_token")]


def test_sign_out_stops_the_bearer_cache_accepting_the_access_token(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    User.objects.create_user("lan@example.com", oidc_subject="s-1")
    valid = {"a-1", "a-other"}
    monkeypatch.setattr(oidc, "userinfo", lambda token: CLAIMS if token in valid else None)

    def revoke(token: str, hint: str) -> None:
        valid.discard("a-1")  # the refresh token takes its access token with it

    monkeypatch.setattr(oidc, "revoke_token", revoke)
    assert services.user_for_bearer_token("a-1") is not None
    assert services.user_for_bearer_token("a-other") is not None

    services.revoke_session_tokens(session_with("r-1", 100))

    assert services.user_for_bearer_token("a-1") is None
    assert services.user_for_bearer_token("a-other") is not None
