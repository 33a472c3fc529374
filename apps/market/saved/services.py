"""Saving, renaming, switching and deleting a user's searches, and reading them back."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from apps.accounts.models import User
from apps.core.errors import Conflict, NotFound, Problem, ValidationFailed
from apps.market.filters import filters_as_query, search_filters
from apps.market.models import SavedSearch
from apps.market.saved.alerts import last_shipment_id
from apps.market.schemas import SearchQuery
from apps.market.summary import describe_search, market_path

MAX_SAVED_SEARCHES = 50
NAME_LENGTH = SavedSearch._meta.get_field("name").max_length or 120

NAME_REQUIRED = Problem("Please enter a name", "name_required")
NAME_TOO_LONG = Problem(f"Names have at most {NAME_LENGTH} characters", "name_too_long")
TOO_MANY = f"You can keep up to {MAX_SAVED_SEARCHES} saved searches; delete one to save another"


class SavedSearchNotFound(NotFound):
    code = "saved_search_not_found"
    message = "Saved search not found"


class TooManySavedSearches(Conflict):
    code = "too_many_saved_searches"
    message = TOO_MANY


def _name(text: str) -> str:
    name = " ".join(text.split())
    if not name:
        raise ValidationFailed(NAME_REQUIRED, fields={"name": [NAME_REQUIRED]})
    if len(name) > NAME_LENGTH:
        raise ValidationFailed(NAME_TOO_LONG, fields={"name": [NAME_TOO_LONG]})
    return name


def save_search(
    user: User, *, filters: SearchQuery, name: str = "", alerts: bool = True, language: str = "en"
) -> SavedSearch:
    """Keep a valid search under a name (by default the search in words). Its alerts start
    with the shipments that arrive after it was saved."""
    query = filters_as_query(search_filters(filters))
    name = _name(name or describe_search(query)[:NAME_LENGTH])
    with transaction.atomic():
        # One user's saves are serialised on their row, so the limit holds.
        User.objects.select_for_update().filter(pk=user.pk).first()
        if SavedSearch.objects.filter(user=user).count() >= MAX_SAVED_SEARCHES:
            raise TooManySavedSearches()
        return SavedSearch.objects.create(
            user=user,
            name=name,
            filters=query,
            alerts=alerts,
            language=language,
            last_seen_id=last_shipment_id(),
        )


def _own(user: User, saved_id: int) -> SavedSearch:
    found = SavedSearch.objects.filter(user=user, pk=saved_id).first()
    if found is None:
        raise SavedSearchNotFound()
    return found


def update_saved_search(
    user: User, saved_id: int, *, name: str | None = None, alerts: bool | None = None
) -> SavedSearch:
    """Rename a saved search or switch its alerts on or off. Switched back on, alerts start
    from the shipments that arrive afterwards (nothing piled up while they were off)."""
    saved = _own(user, saved_id)
    if name is not None:
        saved.name = _name(name)
    if alerts is not None and alerts != saved.alerts:
        saved.alerts = alerts
        if alerts:
            saved.last_seen_id = max(saved.last_seen_id, last_shipment_id())
    saved.save(update_fields=["name", "alerts", "last_seen_id"])
    return saved


def delete_saved_search(user: User, saved_id: int) -> None:
    _own(user, saved_id).delete()


def saved_search_out(saved: SavedSearch) -> dict[str, Any]:
    return {
        "id": saved.pk,
        "name": saved.name,
        "filters": saved.filters,
        "summary": describe_search(saved.filters),
        "alerts": saved.alerts,
        "created_at": saved.created_at,
        "last_checked_at": saved.last_checked_at,
        "last_alerted_at": saved.last_alerted_at,
        "market_path": market_path(saved.filters),
    }


def saved_searches(user: User) -> list[dict[str, Any]]:
    return [saved_search_out(saved) for saved in SavedSearch.objects.filter(user=user)]
