"""Sign-up through the embedded identity provider's user-admin API, at the real provider."""

import uuid
from typing import Any

import pytest

from apps.accounts.providers.embedded import EmbeddedUserAdmin
from apps.accounts.providers.user_admin import (
    EmailRejected,
    UserAdminUnavailable,
    UserAlreadyExists,
)
from apps.accounts.tests.http import answering
from apps.accounts.tests.real_provider import new_address, unreachable, verification_language
from tests.conftest import SignInStack


@pytest.fixture
def stack(product_with_identity_provider: SignInStack) -> SignInStack:
    return product_with_identity_provider


def test_creates_the_user_who_is_emailed_a_verification_link_in_their_language(
    stack: SignInStack,
) -> None:
    email = new_address()

    subject = EmbeddedUserAdmin().create_user(email, "vi")

    link = stack.identity.link_in_mail_to(email, "/verify/")
    assert link.startswith(f"{stack.identity.url}/verify/{uuid.UUID(subject)}/")
    assert verification_language(stack, email) == "vi"


def test_an_address_with_an_account_is_refused(stack: SignInStack) -> None:
    email = new_address()
    EmbeddedUserAdmin().create_user(email, "en")

    with pytest.raises(UserAlreadyExists):
        EmbeddedUserAdmin().create_user(email.upper(), "en")


def test_an_address_the_provider_finds_invalid_is_refused(stack: SignInStack) -> None:
    with pytest.raises(EmailRejected):
        EmbeddedUserAdmin().create_user("grower@example", "en")


def test_no_service_token_means_unavailable(stack: SignInStack, settings: Any) -> None:
    settings.OIDC_SERVICE_CLIENT_SECRET = "not-the-service-secret"
    email = new_address()

    with pytest.raises(UserAdminUnavailable):
        EmbeddedUserAdmin().create_user(email, "en")
    assert not stack.identity.mail_to(email)


def test_an_unreachable_user_admin_api_means_unavailable(stack: SignInStack, settings: Any) -> None:
    settings.IDENTITY_ADMIN_URL = unreachable("/admin-api")
    with pytest.raises(UserAdminUnavailable):
        EmbeddedUserAdmin().create_user(new_address(), "en")


@pytest.mark.parametrize(
    ("status", "page"), [(502, "Bad Gateway"), (503, "<html>maintenance</html>"), (201, "<html>")]
)
def test_a_failing_gateway_in_front_of_the_user_admin_api_means_unavailable(
    stack: SignInStack, settings: Any, status: int, page: str
) -> None:
    with answering(status, page) as address:
        settings.IDENTITY_ADMIN_URL = f"{address}/admin-api"
        with pytest.raises(UserAdminUnavailable):
            EmbeddedUserAdmin().create_user(new_address(), "en")


@pytest.mark.parametrize(
    ("status", "page"),
    [(502, "Bad Gateway"), (200, "<html>"), (200, '{"link": "x"}'), (409, '{"error": "x"}')],
)
def test_a_password_link_the_provider_did_not_make_means_unavailable(
    stack: SignInStack, settings: Any, status: int, page: str
) -> None:
    with answering(status, page) as address:
        settings.IDENTITY_ADMIN_URL = f"{address}/admin-api"
        with pytest.raises(UserAdminUnavailable):
            EmbeddedUserAdmin().password_link(new_address(), "en")


def test_a_password_link_for_an_address_the_provider_finds_invalid_is_refused(
    stack: SignInStack,
) -> None:
    with pytest.raises(EmailRejected):
        EmbeddedUserAdmin().password_link("ops@example", "en")
