import pytest
import requests

from apps.accounts.providers.embedded import EmbeddedUserAdmin
from apps.accounts.providers.user_admin import (
    EmailRejected,
    UserAdminUnavailable,
    UserAlreadyExists,
)
from apps.accounts.tests.http import ISSUER, FakeHttp, response

TOKEN = ("POST", f"{ISSUER}/token/")
USERS = ("POST", "https://id.tradewise.example/admin-api/users")
SUBJECT = "0b8f1c9e-2d4a-4f7b-9c1e-5a6d7e8f9a0b"


def provider(answer: requests.Response | Exception) -> FakeHttp:
    token = response(200, {"access_token": "svc-token", "token_type": "Bearer", "expires_in": 300})
    return FakeHttp({TOKEN: token, USERS: answer})


def test_creates_the_user_with_a_service_token() -> None:
    http = provider(response(201, {"id": SUBJECT, "email": "lan@example.com"}))

    assert EmbeddedUserAdmin(http).create_user("lan@example.com", "vi") == SUBJECT

    token_call, create_call = http.calls
    assert token_call["data"]["scope"] == "users:write"
    assert token_call["data"]["client_id"] == "workspace-service"
    assert create_call["headers"] == {"Authorization": "Bearer svc-token"}
    assert create_call["json"] == {"email": "lan@example.com", "language": "vi"}


@pytest.mark.parametrize(
    ("answer", "error"),
    [
        (response(409, {"error": "User already exists"}), UserAlreadyExists),
        (response(400, {"error": "Please enter a valid email address"}), EmailRejected),
        (response(403, {"error": "The token lacks the users:write scope"}), UserAdminUnavailable),
        (response(502, "Bad Gateway"), UserAdminUnavailable),
        (response(201, "<html>created</html>"), UserAdminUnavailable),
        (requests.ConnectTimeout("timed out"), UserAdminUnavailable),
    ],
)
def test_provider_answers_become_sign_up_errors(
    answer: requests.Response | Exception, error: type[Exception]
) -> None:
    with pytest.raises(error):
        EmbeddedUserAdmin(provider(answer)).create_user("lan@example.com", "en")


def test_no_service_token_means_unavailable() -> None:
    http = FakeHttp({TOKEN: response(401, {"error": "invalid_client"})})
    with pytest.raises(UserAdminUnavailable):
        EmbeddedUserAdmin(http).create_user("lan@example.com", "en")
    assert len(http.calls) == 1
