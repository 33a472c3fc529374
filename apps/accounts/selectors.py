"""Reads about users."""

from __future__ import annotations

from typing import Any

from apps.accounts.models import User


def profile(user: User) -> dict[str, Any]:
    """The profile the client stores on startup. Subscription, query count and credits are
    those of billing; a user without a plan has none."""
    return {
        "id": user.pk,
        "email": user.email,
        "name": user.name,
        "user_subscription": None,
        "total_user_query_logs_in_day": 0,
        "credits": None,
    }


def page_preload(user: User) -> dict[str, Any]:
    """API answers a signed-in user's page carries, keyed by API path, so the page shows them
    without fetching them first."""
    return {"/fast-ai/v1/users": profile(user)}
