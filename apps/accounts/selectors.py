"""Reads about users."""

from __future__ import annotations

from typing import Any

from apps.accounts.models import User
from apps.billing import selectors as billing
from apps.billing.models import Plan


def profile(user: User, plans: list[Plan] | None = None) -> dict[str, Any]:
    """The profile the client stores on startup: the user, and billing's figures (plans,
    today's queries and credits)."""
    return {"id": user.pk, "email": user.email, "name": user.name, **billing.usage(user, plans)}


def page_preload(user: User) -> dict[str, Any]:
    """API answers a signed-in user's page carries, keyed by API path, so the page shows them
    without fetching them first."""
    plans = billing.catalogue()
    return {
        "/fast-ai/v1/users": profile(user, plans),
        "/fast-ai/v1/plans": [billing.plan_data(plan) for plan in plans],
    }
