"""The market insights API: shipment search, its aggregates and the screen's reference data.

One submitted search counts once against the plan's daily queries, however many of these
calls the screen makes for it and however it is paged (billing counts a search key once a
day)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import Query, Router

from apps.accounts.models import User
from apps.billing.services import record_query
from apps.core.api import session_or_bearer
from apps.core.products import MARKET_INSIGHTS
from apps.core.responses import envelope
from apps.core.schemas import Envelope
from apps.market import selectors
from apps.market.index import ShipmentFilters
from apps.market.schemas import (
    MonthOut,
    PagedSearchQuery,
    SearchQuery,
    ShipmentsOut,
    StatisticsOut,
    TopHSCodeOut,
    paging,
    search_filters,
)

router = Router(tags=["market insights"], auth=session_or_bearer)


def counted_search(request: HttpRequest, query: SearchQuery) -> ShipmentFilters:
    """The validated search, counted against the user's queries of the day."""
    filters = search_filters(query)
    user: User = request.auth  # type: ignore[attr-defined]
    record_query(user, MARKET_INSIGHTS, filters.cache_key())
    return filters


@router.get("shipments", response=ShipmentsOut)
def shipments(request: HttpRequest, query: Query[PagedSearchQuery]) -> dict[str, Any]:
    page, page_size = paging(query)
    filters = counted_search(request, query)
    rows, total = selectors.search_shipments(filters, page=page, page_size=page_size)
    return envelope(rows, page=page, page_size=page_size, total=total)


@router.get("shipments/hs-codes", response=Envelope[list[TopHSCodeOut]])
def hs_codes(request: HttpRequest, query: Query[SearchQuery]) -> dict[str, Any]:
    return envelope(selectors.top_hs_codes(counted_search(request, query)))


@router.get("shipments/statistics", response=Envelope[StatisticsOut])
def statistics(request: HttpRequest, query: Query[SearchQuery]) -> dict[str, Any]:
    return envelope(selectors.statistics(counted_search(request, query)))


@router.get("shipments/summary", response=Envelope[list[MonthOut]])
def summary(request: HttpRequest, query: Query[SearchQuery]) -> dict[str, Any]:
    return envelope(selectors.monthly_summary(counted_search(request, query)))


@router.get("meta-data", response=Envelope[dict[str, Any]])
def meta_data(request: HttpRequest) -> dict[str, Any]:
    return envelope(selectors.meta_data())
