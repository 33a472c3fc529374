"""Saved searches of market insights: each user lists, saves, renames, switches the alerts of
and deletes their own."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import get_language_from_request
from ninja import Router, Status

from apps.accounts.auth import session_or_bearer, signed_in_user
from apps.core.languages import normalize
from apps.core.responses import envelope
from apps.core.schemas import Envelope, Message
from apps.market.saved import services
from apps.market.saved.schemas import SavedSearchIn, SavedSearchOut, SavedSearchPatch

router = Router(tags=["saved searches"], auth=session_or_bearer)

DELETED = "Saved search deleted"


@router.get("saved-searches", response=Envelope[list[SavedSearchOut]])
def saved_searches(request: HttpRequest) -> dict[str, Any]:
    return envelope(services.saved_searches(signed_in_user(request)))


@router.post("saved-searches", response={201: Envelope[SavedSearchOut]})
def save_search(request: HttpRequest, payload: SavedSearchIn) -> Status[dict[str, Any]]:
    """Alert emails are written in the language the user saved the search in."""
    saved = services.save_search(
        signed_in_user(request),
        filters=payload.filters,
        name=payload.name,
        alerts=payload.alerts,
        language=normalize(get_language_from_request(request)) or "en",
    )
    return Status(201, envelope(services.saved_search_out(saved)))


@router.patch("saved-searches/{saved_id}", response=Envelope[SavedSearchOut])
def update_saved_search(
    request: HttpRequest, saved_id: int, payload: SavedSearchPatch
) -> dict[str, Any]:
    saved = services.update_saved_search(
        signed_in_user(request), saved_id, name=payload.name, alerts=payload.alerts
    )
    return envelope(services.saved_search_out(saved))


@router.delete("saved-searches/{saved_id}", response=Envelope[Message])
def delete_saved_search(request: HttpRequest, saved_id: int) -> dict[str, Any]:
    services.delete_saved_search(signed_in_user(request), saved_id)
    return envelope({"message": DELETED})
