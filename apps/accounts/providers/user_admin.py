"""Creating users at the identity provider for sign-up. The provider emails the new user a
link to verify the address and choose a password; the product never handles passwords.

The adapter is chosen by settings.IDENTITY_ADMIN_ADAPTER: "embedded" (apps/identity's
user-admin API) or "keycloak" (Keycloak's admin REST API)."""

from __future__ import annotations

from typing import Protocol

from apps.accounts.providers.oidc import ProviderError


class UserAlreadyExists(Exception):
    """The provider already has a user with this email address."""


class EmailRejected(Exception):
    """The provider does not accept this email address."""


class UserAdminUnavailable(ProviderError):
    """The provider's user administration could not be reached or failed."""


class UserAdmin(Protocol):
    def create_user(self, email: str, language: str) -> str:
        """Create the user and send the verification email; the new user's subject."""
        ...
