from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path", ["/o/applications/", "/o/applications/register/", "/o/authorized_tokens/", "/o/device/"]
)
def test_client_management_and_device_pages_are_not_served(client: Client, path: str) -> None:
    assert client.get(path).status_code == 404


@pytest.mark.parametrize(
    "path",
    ["/o/authorize/", "/o/token/", "/o/userinfo/", "/o/revoke_token/", "/o/logout/", "/login/"],
)
def test_the_provider_endpoints_are_served(client: Client, path: str) -> None:
    assert client.get(path).status_code != 404


def test_the_sign_in_pages_have_the_products_icon(client: Client) -> None:
    response = client.get("/favicon.ico")

    assert response.status_code == 200
    assert response["Content-Type"] == "image/vnd.microsoft.icon"
    assert response.content.startswith(b"\x00\x00\x01\x00")  # an ICO file's header
