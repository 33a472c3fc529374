"""Sign-up at a Keycloak realm through its admin REST API: create the user, then ask Keycloak
to email the actions that verify the address and set a password.

The service client (OIDC_SERVICE_CLIENT_ID) needs the realm-management role manage-users."""

from __future__ import annotations

from django.conf import settings

from apps.accounts.providers import oidc
from apps.accounts.providers.user_admin import (
    EmailRejected,
    PasswordLink,
    PasswordLinksUnsupported,
    UserAdminUnavailable,
    UserAlreadyExists,
)

REQUIRED_ACTIONS = ["VERIFY_EMAIL", "UPDATE_PASSWORD"]
ACTIONS_LINK_LIFESPAN_SECONDS = 24 * 3600


class KeycloakUserAdmin:
    def __init__(self, http: oidc.HttpClient | None = None) -> None:
        self.http = http
        base = settings.KEYCLOAK_ADMIN_URL.rstrip("/")
        self.users_url = f"{base}/admin/realms/{settings.KEYCLOAK_REALM}/users"

    def create_user(self, email: str, language: str) -> str:
        try:
            headers = {"Authorization": f"Bearer {oidc.service_token('', self.http)}"}
            subject = self._create(email, language, headers)
            self._send_actions_email(subject, headers)
        except oidc.ProviderError as exc:
            raise UserAdminUnavailable(str(exc)) from exc
        return subject

    def password_link(self, email: str, language: str, *, mail: bool = False) -> PasswordLink:
        """Keycloak hands out no such links: its admin console sends the password email."""
        raise PasswordLinksUnsupported(
            "Keycloak makes no password-set links: send the operator Keycloak's "
            "'Update Password' email from its admin console (Users, then Credentials)."
        )

    def _create(self, email: str, language: str, headers: dict[str, str]) -> str:
        representation = {
            "username": email,
            "email": email,
            "enabled": True,
            "emailVerified": False,
            "attributes": {"locale": [language]},
        }
        response = oidc.call(
            self.http, "POST", self.users_url, json=representation, headers=headers
        )
        if response.status_code == 409:
            raise UserAlreadyExists(email)
        if response.status_code == 400:
            raise EmailRejected(email)
        location = response.headers.get("Location", "")
        if response.status_code != 201 or not location.startswith(f"{self.users_url}/"):
            raise UserAdminUnavailable(f"Keycloak user creation: {response.status_code}")
        return location.rsplit("/", 1)[1]

    def _send_actions_email(self, subject: str, headers: dict[str, str]) -> None:
        params = {
            "client_id": settings.OIDC_RP_CLIENT_ID,
            "redirect_uri": f"{settings.SITE_URL}/signin",
            "lifespan": str(ACTIONS_LINK_LIFESPAN_SECONDS),
        }
        url = f"{self.users_url}/{subject}/execute-actions-email"
        response = oidc.call(
            self.http, "PUT", url, json=REQUIRED_ACTIONS, params=params, headers=headers
        )
        if response.status_code != 204:
            raise UserAdminUnavailable(f"Keycloak actions email: {response.status_code}")
