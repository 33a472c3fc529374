"""What billing adds to every signed-in page's preload: the profile and the plans, which the
shell shows everywhere (keyed by API path, as the island's client cache keeps them)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from apps.accounts.models import User
from apps.billing import selectors


def profile_and_plans(request: HttpRequest, page: str) -> dict[str, Any]:
    if not isinstance(request.user, User):  # core calls the hooks for signed-in users only
        return {}
    plans = selectors.catalogue()
    return {
        "/fast-ai/v1/users": selectors.profile(request.user, plans),
        "/fast-ai/v1/plans": [selectors.plan_data(plan) for plan in plans],
    }
