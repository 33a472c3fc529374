"""Creating users at the identity provider for sign-up. The provider emails the new user a
link to verify the address and choose a password; the product never handles passwords.

The adapter is chosen by settings.IDENTITY_ADMIN_ADAPTER: "embedded" (apps/identity's
user-admin API) or "keycloak" (Keycloak's admin REST API)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from apps.accounts.providers.oidc import ProviderError


class UserAlreadyExists(Exception):
    """The provider already has a user with this email address."""


class EmailRejected(Exception):
    """The provider does not accept this email address."""


class UserAdminUnavailable(ProviderError):
    """The provider's user administration could not be reached or failed."""


class PasswordLinksUnsupported(UserAdminUnavailable):
    """The provider makes no password-set links for the product to hand out."""


@dataclass(frozen=True)
class PasswordLink:
    """The provider's answer for an operator: a one-time link to set a password (None when the
    account already has one, or when the provider mailed the link), and whether the account
    was created for it."""

    subject: str
    link: str | None
    has_password: bool
    created: bool
    mailed: bool
    expires_in: int = 0  # seconds the link works at most (it also dies once used)


class UserAdmin(Protocol):
    def create_user(self, email: str, language: str) -> str:
        """Create the user and send the verification email; the new user's subject."""
        ...

    def password_link(self, email: str, language: str, *, mail: bool = False) -> PasswordLink:
        """A one-time password-set link for this address's account, created when missing."""
        ...
