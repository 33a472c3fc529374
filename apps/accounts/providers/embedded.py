"""Sign-up at the embedded identity provider (apps/identity): `POST /admin-api/users` with a
client-credentials token of the product's service client (scope users:write)."""

from __future__ import annotations

from django.conf import settings

from apps.accounts.providers import oidc
from apps.accounts.providers.user_admin import (
    EmailRejected,
    UserAdminUnavailable,
    UserAlreadyExists,
)

SCOPE = "users:write"


class EmbeddedUserAdmin:
    def __init__(self, http: oidc.HttpClient | None = None) -> None:
        self.http = http

    def create_user(self, email: str, language: str) -> str:
        try:
            token = oidc.service_token(SCOPE, self.http)
            response = oidc.call(
                self.http,
                "POST",
                f"{settings.IDENTITY_ADMIN_URL}/users",
                json={"email": email, "language": language},
                headers={"Authorization": f"Bearer {token}"},
            )
        except oidc.ProviderError as exc:
            raise UserAdminUnavailable(str(exc)) from exc
        if response.status_code == 409:
            raise UserAlreadyExists(email)
        if response.status_code == 400:
            raise EmailRejected(email)
        if response.status_code != 201:
            raise UserAdminUnavailable(f"user-admin API: {response.status_code}")
        return str(response.json()["id"])
