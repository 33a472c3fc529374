"""Sign-up at the embedded identity provider (apps/identity): `POST /admin-api/users` with a
client-credentials token of the product's service client (scope users:write)."""

from __future__ import annotations

from django.conf import settings

from apps.accounts.providers import oidc
from apps.accounts.providers.user_admin import (
    EmailRejected,
    PasswordLink,
    UserAdminUnavailable,
    UserAlreadyExists,
)

SCOPE = "users:write"


class EmbeddedUserAdmin:
    def __init__(self, http: oidc.HttpClient | None = None) -> None:
        self.http = http

    def create_user(self, email: str, language: str) -> str:
        try:
            return self._create(email, language)
        except oidc.ProviderError as exc:
            raise UserAdminUnavailable(str(exc)) from exc

    def _create(self, email: str, language: str) -> str:
        response = oidc.call(
            self.http,
            "POST",
            f"{settings.IDENTITY_ADMIN_URL}/users",
            json={"email": email, "language": language},
            headers={"Authorization": f"Bearer {oidc.service_token(SCOPE, self.http)}"},
        )
        if response.status_code == 409:
            raise UserAlreadyExists(email)
        if response.status_code == 400:
            raise EmailRejected(email)
        subject = oidc.json_body(response).get("id") if response.status_code == 201 else None
        if not subject:
            raise UserAdminUnavailable(f"user-admin API: {response.status_code}")
        return str(subject)

    def password_link(self, email: str, language: str, *, mail: bool = False) -> PasswordLink:
        try:
            return self._password_link(email, language, mail)
        except oidc.ProviderError as exc:
            raise UserAdminUnavailable(str(exc)) from exc

    def _password_link(self, email: str, language: str, mail: bool) -> PasswordLink:
        response = oidc.call(
            self.http,
            "POST",
            f"{settings.IDENTITY_ADMIN_URL}/password-links",
            json={"email": email, "language": language, "mail": mail},
            headers={"Authorization": f"Bearer {oidc.service_token(SCOPE, self.http)}"},
        )
        if response.status_code == 400:
            raise EmailRejected(email)
        if response.status_code == 409:
            raise UserAdminUnavailable(f"{email}: the account is disabled at the identity provider")
        if response.status_code not in (200, 201):
            raise UserAdminUnavailable(f"password-link API: {response.status_code}")
        body = oidc.json_body(response)
        link = body.get("link")
        if not body.get("id") or not (link is None or isinstance(link, str)):
            raise UserAdminUnavailable("password-link API: unexpected body")
        return PasswordLink(
            subject=str(body["id"]),
            link=link,
            has_password=body.get("has_password") is True,
            created=body.get("created") is True,
            mailed=body.get("mailed") is True,
            expires_in=int(body.get("expires_in") or 0),
        )
