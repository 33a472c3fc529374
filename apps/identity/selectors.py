from __future__ import annotations

import uuid

from django.db.models import QuerySet

from apps.identity.models import User, normalize_email_address

LOOKUP_LIMIT = 100


def find_users(email: str | None = None) -> QuerySet[User]:
    """Users for the admin API's lookup, by exact email (any case) when one is given."""
    users = User.objects.order_by("date_joined", "pk")
    if email:
        users = users.filter(email__iexact=normalize_email_address(email))
    return users[:LOOKUP_LIMIT]


def user_by_subject(subject: uuid.UUID) -> User | None:
    return User.objects.filter(subject=subject, is_active=True).first()


def user_by_email(email: str) -> User | None:
    return User.objects.filter(email__iexact=normalize_email_address(email)).first()
