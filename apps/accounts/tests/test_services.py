import hashlib
import logging
from typing import Any

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.core.cache import cache
from django.core.exceptions import SuspiciousOperation

from apps.accounts import services
from apps.accounts.models import User
from apps.accounts.providers import oidc
from apps.accounts.providers.user_admin import (
    EmailRejected,
    UserAdminUnavailable,
    UserAlreadyExists,
)
from apps.accounts.tests.real_provider import DEMO_EMAIL, issued_tokens, signed_in, unreachable
from apps.core.errors import ApplicationError, ProviderUnavailable, ValidationFailed
from tests.conftest import SignInStack

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
    monkeypatch: pytest.MonkeyPatch,
    outcome: Exception,
    error: type[ApplicationError],
    status: int,
) -> None:
    monkeypatch.setattr(services, "user_admin", lambda: FakeUserAdmin(outcome))
    with pytest.raises(error) as raised:
        services.register_user("lan@example.com", "vi")
    assert raised.value.status == status


@pytest.mark.parametrize(("name", "adapter"), [("embedded", "Embedded"), ("keycloak", "Keycloak")])
def test_the_sign_up_adapter_follows_the_setting(settings: Any, name: str, adapter: str) -> None:
    settings.IDENTITY_ADMIN_ADAPTER = name
    assert type(services.user_admin()).__name__ == f"{adapter}UserAdmin"


# Bearer tokens and the session's tokens, at the real embedded identity provider


@pytest.fixture
def stack(product_with_identity_provider: SignInStack) -> SignInStack:
    return product_with_identity_provider


def cached_claims(token: str) -> Any:
    """What the bearer cache holds for the access token."""
    return cache.get(f"accounts:bearer:{hashlib.sha256(token.encode()).hexdigest()}")


def demo_user() -> User:
    return User.objects.get(email=DEMO_EMAIL)


def test_a_bearer_token_is_checked_once_at_the_provider(stack: SignInStack) -> None:
    _, session = signed_in(stack)
    token = issued_tokens(session).access_token

    first = services.user_for_bearer_token(token)
    oidc.revoke_token(token, "access_token")
    assert oidc.userinfo(token) is None  # the provider refuses it from now on
    second = services.user_for_bearer_token(token)

    assert first is not None
    assert second is not None
    assert first.pk == second.pk == demo_user().pk
    assert first.email == DEMO_EMAIL
    assert cached_claims(token)["sub"] == demo_user().oidc_subject


def test_a_bearer_token_the_provider_refuses_has_no_user(stack: SignInStack) -> None:
    _, session = signed_in(stack)
    token = issued_tokens(session).access_token
    oidc.revoke_token(token, "access_token")

    assert services.user_for_bearer_token(token) is None
    assert services.user_for_bearer_token("a-token-the-provider-never-issued") is None


def test_a_bearer_token_has_no_user_while_the_provider_is_unreachable(
    stack: SignInStack, settings: Any
) -> None:
    _, session = signed_in(stack)
    settings.OIDC_OP_USER_ENDPOINT = unreachable("/o/userinfo/")

    assert services.user_for_bearer_token(issued_tokens(session).access_token) is None


def test_a_deactivated_user_has_no_bearer_access(stack: SignInStack) -> None:
    _, session = signed_in(stack)
    User.objects.filter(email=DEMO_EMAIL).update(is_active=False)

    assert services.user_for_bearer_token(issued_tokens(session).access_token) is None


def test_a_renewal_refused_because_a_parallel_request_renewed_first_adopts_its_tokens(
    stack: SignInStack, caplog: pytest.LogCaptureFixture
) -> None:
    _, session = signed_in(stack)
    mine = SessionStore(session.session_key)
    used = issued_tokens(mine)  # this request read the tokens before the others renewed them
    parallel = SessionStore(session.session_key)
    # The provider forgives a refresh token replayed just after its rotation (two renewals at
    # once); one rotated twice since is refused.
    assert services.renew_session_tokens(parallel, demo_user())
    assert services.renew_session_tokens(parallel, demo_user())
    caplog.set_level(logging.INFO, logger=services.__name__)

    assert services.renew_session_tokens(mine, demo_user())

    assert "invalid_grant" in caplog.text
    assert issued_tokens(mine) == issued_tokens(parallel)
    assert issued_tokens(mine).refresh_token != used.refresh_token


def test_a_refused_renewal_with_nobody_renewing_fails(stack: SignInStack) -> None:
    _, session = signed_in(stack)
    before = issued_tokens(session)
    oidc.revoke_token(before.refresh_token, "refresh_token")

    assert not services.renew_session_tokens(session, demo_user())
    assert issued_tokens(SessionStore(session.session_key)) == before


def test_sign_out_revokes_the_refresh_token_at_the_provider(stack: SignInStack) -> None:
    _, session = signed_in(stack)
    issued = issued_tokens(session)

    services.revoke_session_tokens(session)

    with pytest.raises(oidc.ProviderError, match="invalid_grant"):
        oidc.refresh_tokens(issued.refresh_token)
    assert oidc.userinfo(issued.access_token) is None  # gone with its refresh token


def test_sign_out_survives_an_unreachable_provider(stack: SignInStack, settings: Any) -> None:
    _, session = signed_in(stack)
    token = issued_tokens(session).access_token
    assert services.user_for_bearer_token(token) is not None
    settings.OIDC_OP_REVOCATION_ENDPOINT = unreachable("/o/revoke_token/")

    services.revoke_session_tokens(session)

    assert cached_claims(token) is None


def test_sign_out_stops_the_bearer_cache_accepting_the_access_token(stack: SignInStack) -> None:
    _, session = signed_in(stack)
    _, other_session = signed_in(stack)
    token = issued_tokens(session).access_token
    other = issued_tokens(other_session).access_token
    assert services.user_for_bearer_token(token) is not None
    assert services.user_for_bearer_token(other) is not None

    services.revoke_session_tokens(session)

    assert services.user_for_bearer_token(token) is None
    assert services.user_for_bearer_token(other) is not None
