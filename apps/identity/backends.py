from __future__ import annotations

from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import AnonymousUser

from apps.identity.models import User


class VerifiedUserBackend(ModelBackend):
    """Email and password sign-in, for active users whose address is verified."""

    def user_can_authenticate(self, user: User | AnonymousUser | None) -> bool:
        return (
            isinstance(user, User)
            and super().user_can_authenticate(user)
            and user.email_verified
            and user.has_usable_password()
        )
