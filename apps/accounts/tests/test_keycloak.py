"""The Keycloak adapter against responses recorded from a Keycloak realm's admin REST API."""

from typing import Any

import pytest

from apps.accounts.providers.keycloak import KeycloakUserAdmin
from apps.accounts.providers.user_admin import (
    EmailRejected,
    UserAdminUnavailable,
    UserAlreadyExists,
)
from apps.accounts.tests.http import Replay

SUBJECT = "5f0c3a52-8a1e-4c7e-9d53-2b7d0e4f6a91"


@pytest.fixture(autouse=True)
def keycloak(settings: Any) -> None:
    base = "https://auth.tradewise.example"
    settings.KEYCLOAK_ADMIN_URL = f"{base}/"
    settings.KEYCLOAK_REALM = "tradewise"
    settings.OIDC_OP_TOKEN_ENDPOINT = f"{base}/realms/tradewise/protocol/openid-connect/token"
    settings.OIDC_SERVICE_CLIENT_SECRET = "recorded-service-secret"
    settings.SITE_URL = "https://app.tradewise.example"


def test_creates_the_user_and_has_keycloak_email_the_required_actions() -> None:
    replay = Replay.of(
        "keycloak/token", "keycloak/create_user_created", "keycloak/execute_actions_email_sent"
    )

    assert KeycloakUserAdmin(replay).create_user("lan.nguyen@example.com", "vi") == SUBJECT

    assert replay.finished
    bearer = replay.calls[1]["headers"]["Authorization"]
    assert bearer.startswith("Bearer eyJ")
    assert replay.calls[2]["headers"]["Authorization"] == bearer


@pytest.mark.parametrize(
    ("recordings", "email", "error"),
    [
        (["keycloak/create_user_conflict"], "lan.nguyen@example.com", UserAlreadyExists),
        (["keycloak/create_user_invalid_email"], "lan.nguyen@example", EmailRejected),
        (
            ["keycloak/create_user_created", "keycloak/execute_actions_email_failed"],
            "lan.nguyen@example.com",
            UserAdminUnavailable,
        ),
    ],
)
def test_recorded_refusals_become_sign_up_errors(
    recordings: list[str], email: str, error: type[Exception]
) -> None:
    replay = Replay.of("keycloak/token", *recordings)

    with pytest.raises(error):
        KeycloakUserAdmin(replay).create_user(email, "vi")
    assert replay.finished
