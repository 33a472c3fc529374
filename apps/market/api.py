"""The market insights API: shipment search, its aggregates and the screen's reference data.

One submitted search counts once against the plan's daily queries, however many of these
calls the screen makes for it and however it is paged (billing counts a search key once a
day). Every call that searches also counts against the user's search limits (`limits`): a few
at once and a number a minute, repeated searches included."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from ninja import Query, Router, Status

from apps.accounts.auth import session_or_bearer, signed_in_user
from apps.billing.products import MARKET_INSIGHTS
from apps.billing.selectors import current_plans
from apps.billing.services import count_query
from apps.core.errors import NotFound, PermissionDenied, ValidationFailed
from apps.core.origin import same_origin_only
from apps.core.responses import envelope
from apps.core.schemas import Envelope, Message, PagedEnvelope, RecordId
from apps.core.search_limits import search_allowance
from apps.market import ask, exports, selectors
from apps.market.filters import ShipmentFilters, filters_as_query, search_filters
from apps.market.schemas import (
    AskIn,
    AskOut,
    ContactRequestIn,
    ContactRequestOut,
    DownloadQuery,
    HSSuggestionOut,
    HSSuggestQuery,
    MetaDataOut,
    MonthOut,
    PartyProfileOut,
    PriceQuery,
    ProfileQuery,
    RankingOut,
    RankingQuery,
    SearchQuery,
    ShipmentOut,
    ShipmentPageQuery,
    StatisticsOut,
    TopHSCodeOut,
    UnitPricesOut,
    profile_period,
    shipment_sort,
)
from apps.market.services import request_importer_contacts

router = Router(tags=["market insights"], auth=session_or_bearer)

CONTACTS_REQUESTED = "Request sent! Importer contacts will be emailed to you within 48 hours."

DOWNLOAD_RECORDS = 100


class PaidPlanRequired(PermissionDenied):
    code = "paid_plan_required"
    message = "Downloads need a paid plan"


def counted_search(request: HttpRequest, query: SearchQuery) -> ShipmentFilters:
    """The validated search, counted against the user's queries of the day."""
    return _counted(request, search_filters(query))


def _counted(request: HttpRequest, filters: ShipmentFilters) -> ShipmentFilters:
    count_query(signed_in_user(request), product_name=MARKET_INSIGHTS, key=filters.cache_key())
    return filters


@router.get("shipments", response=PagedEnvelope[ShipmentOut])
@same_origin_only
def shipments(request: HttpRequest, query: Query[ShipmentPageQuery]) -> dict[str, Any]:
    """A page of the search's shipments, newest first unless `sort` names another order:
    date, value, weight or price_per_kg, each with a leading '-' for descending."""
    page, page_size = query.page, query.page_size
    sort = shipment_sort(query)
    with search_allowance(signed_in_user(request).pk):
        filters = counted_search(request, query)
        rows, total = selectors.search_shipments(filters, page=page, page_size=page_size, sort=sort)
    return envelope(rows, page=page, page_size=page_size, total=total)


@router.get("shipments/rankings", response=PagedEnvelope[RankingOut])
@same_origin_only
def rankings(request: HttpRequest, query: Query[RankingQuery]) -> dict[str, Any]:
    """The search's importers or exporters (`side`) ranked by value (USD), net weight (kg) or
    shipments (`by`), with each one's share of the total and growth against the previous
    period of equal length."""
    page, page_size = query.page, query.page_size
    with search_allowance(signed_in_user(request).pk):
        filters = counted_search(request, query)
        rows, total = selectors.rankings(
            filters, side=query.side, by=query.by, page=page, page_size=page_size
        )
    return envelope(rows, page=page, page_size=page_size, total=total)


@router.get("shipments/unit-prices", response=Envelope[UnitPricesOut])
@same_origin_only
def unit_prices(request: HttpRequest, query: Query[PriceQuery]) -> dict[str, Any]:
    """Unit price per kg of net weight (USD/kg): quartiles and the weighted average per month,
    and per origin or destination country when `by` says so."""
    with search_allowance(signed_in_user(request).pk):
        return envelope(selectors.unit_prices(counted_search(request, query), by=query.by))


@router.get("parties/{party_id}", response=Envelope[PartyProfileOut])
@same_origin_only
def party_profile(
    request: HttpRequest, party_id: RecordId, query: Query[ProfileQuery]
) -> dict[str, Any]:
    """An importer's or exporter's trade profile (within the period when given); it counts
    as one query of the day."""
    start, end = profile_period(query)
    if selectors.party(party_id) is None:
        raise NotFound("No such importer or exporter")
    user = signed_in_user(request)
    count_query(user, product_name=MARKET_INSIGHTS, key=f"party:{party_id}|{start}|{end}")
    with search_allowance(user.pk):
        return envelope(selectors.party_profile(party_id, start=start, end=end))


@router.get("shipments/hs-codes", response=Envelope[list[TopHSCodeOut]])
@same_origin_only
def hs_codes(request: HttpRequest, query: Query[SearchQuery]) -> dict[str, Any]:
    with search_allowance(signed_in_user(request).pk):
        return envelope(selectors.top_hs_codes(counted_search(request, query)))


@router.get("shipments/statistics", response=Envelope[StatisticsOut])
@same_origin_only
def statistics(request: HttpRequest, query: Query[SearchQuery]) -> dict[str, Any]:
    with search_allowance(signed_in_user(request).pk):
        return envelope(selectors.statistics(counted_search(request, query)))


@router.get("shipments/summary", response=Envelope[list[MonthOut]])
@same_origin_only
def summary(request: HttpRequest, query: Query[SearchQuery]) -> dict[str, Any]:
    with search_allowance(signed_in_user(request).pk):
        return envelope(selectors.monthly_summary(counted_search(request, query)))


@router.get("meta-data", response=Envelope[MetaDataOut])
def meta_data(request: HttpRequest) -> dict[str, Any]:
    return envelope(selectors.meta_data())


@router.get("hs-codes/suggest", response=Envelope[list[HSSuggestionOut]])
def suggest_hs_codes(request: HttpRequest, query: Query[HSSuggestQuery]) -> dict[str, Any]:
    """HS codes for what is being typed in the filter form: by digits or by product words in
    any of the three languages, named in the interface language. Not a search: not counted."""
    return envelope(selectors.hs_code_suggestions(query.q, query.lang, query.limit))


@router.post("shipments/ai/ask", response=Envelope[AskOut])
def ask_question(request: HttpRequest, payload: AskIn) -> dict[str, Any]:
    """A question in English, Vietnamese or Chinese, answered with the figures of the search
    it stands for; that search counts as one query. A question it cannot read costs nothing
    and says what it did understand (but counts against the search limits: reading it may take
    the language model)."""
    with search_allowance(signed_in_user(request).pk):
        return _answer(request, payload)


def _answer(request: HttpRequest, payload: AskIn) -> dict[str, Any]:
    context = selectors.ask_context()
    parsed = ask.parse_with_model(payload.question, timezone.now().date(), context)
    answer = {
        "language": parsed.language,
        "understood": parsed.understood,
        "dated": parsed.dated,
        "statistics": None,
        "reading": ask.reading(parsed),
    }
    if parsed.future:  # no shipment tells what is to come: no search, no figure
        return envelope(
            {
                **answer,
                "understood": False,
                "answer": ask.beyond_the_data(parsed),
                "filters": filters_as_query(parsed.filters),
            }
        )
    if parsed.suggestions:  # a name that could be several parties': which one is meant?
        return envelope(
            {
                **answer,
                "understood": False,
                "answer": ask.did_you_mean(parsed),
                "filters": filters_as_query(parsed.filters),
            }
        )
    if not parsed.understood:
        return envelope(
            {
                **answer,
                "answer": ask.understood_so_far(parsed),
                "filters": filters_as_query(parsed.filters),
            }
        )
    try:
        filters = _counted(request, parsed.filters.checked())
    except ValidationFailed:  # understood, but too little to search by
        help_text = ask.understood_so_far(replace(parsed, understood=False))
        return envelope(
            {
                **answer,
                "understood": False,
                "answer": help_text,
                "filters": filters_as_query(parsed.filters),
            }
        )
    statistics = selectors.statistics(filters)
    # The biggest exporters when the question asks about exporters, else the biggest
    # importers; never a list of the one party the question named.
    importers: list[dict[str, Any]] = []
    exporters: list[dict[str, Any]] = []
    prices: list[dict[str, Any]] = []
    prices_estimated = False
    months: list[dict[str, Any]] = []
    # The search's own rankings and series answer the question, unless it compares countries
    # or companies: the search then holds every one of that side.
    searched_as_asked = not parsed.comparison or parsed.comparison.is_union
    if statistics["shipments"] and searched_as_asked:
        if parsed.ranks == "exporters" and not filters.exporter_name:
            exporters = selectors.top_exporters(filters, limit=parsed.ranked)
        elif not filters.importer_name:
            importers = selectors.top_importers(filters, limit=parsed.ranked)
        if parsed.figures == "price":
            unit_prices = selectors.unit_prices(filters)
            prices, prices_estimated = unit_prices["months"], unit_prices["approximate"]
        elif parsed.figures == "trend":
            months = selectors.monthly_summary(filters)
    compared = []
    if parsed.comparison and statistics["shipments"]:
        field = parsed.comparison.field
        compared = [
            (value, selectors.statistics(ask.variant(filters, field, value)))
            for value in parsed.comparison.values
        ]
    text = ask.compose_answer(
        parsed,
        statistics,
        importers,
        exporters,
        prices=prices,
        prices_estimated=prices_estimated,
        months=months,
        compared=compared,
    )
    if not statistics["shipments"] and _goods_never_shipped(filters, context):
        text = ask.goods_not_in_data(parsed)
    note = ask.coverage_note(parsed, context.first_date, context.last_date) if parsed.dated else ""
    return envelope(
        {
            **answer,
            "answer": f"{text}{'' if parsed.language == 'zh' else ' '}{note}" if note else text,
            "filters": filters_as_query(filters),
            "statistics": statistics,
            "importers": importers,
        }
    )


def _goods_never_shipped(filters: ShipmentFilters, context: ask.AskContext) -> bool:
    """Whether the goods searched, with no other condition, have no shipment in any period of
    the data: the answer then says the data does not hold them, not to try another period."""
    goods_only = replace(
        filters, importer_name="", exporter_name="", importer_country="", exporter_country=""
    )
    if goods_only != filters or not (filters.hs_codes or filters.product_details):
        return False
    if context.first_date is None or context.last_date is None:
        return False
    whole = replace(filters, start_date=context.first_date, end_date=context.last_date)
    return not selectors.statistics(whole)["shipments"]


@router.get("shipments/download", response={200: None})
@same_origin_only
def download(request: HttpRequest, query: Query[DownloadQuery]) -> HttpResponse:
    """The newest records of a search as CSV or Excel, with the search, the data's date range
    and the rows held of the search's total: paid plans only."""
    user = signed_in_user(request)
    if not current_plans(user)[MARKET_INSIGHTS].plan.is_paid:
        raise PaidPlanRequired()
    with search_allowance(user.pk):
        filters = counted_search(request, query)
        rows, total = selectors.search_shipments(filters, page=1, page_size=DOWNLOAD_RECORDS)
    facts = selectors.file_facts(filters, rows=len(rows), total=total)
    name = f"tradewise-shipments-{timezone.now():%Y%m%d}.{query.format}"
    response = HttpResponse(
        exports.export(rows, query.format, facts), content_type=exports.CONTENT_TYPES[query.format]
    )
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@router.get("shipments/contact-requests", response=Envelope[list[ContactRequestOut]])
def contact_requests(request: HttpRequest) -> dict[str, Any]:
    user = signed_in_user(request)
    return envelope(selectors.contact_requests(user))


@router.post("shipments/request-contact", response={201: Envelope[Message]})
def request_contact(request: HttpRequest, payload: ContactRequestIn) -> Status[dict[str, Any]]:
    user = signed_in_user(request)
    request_importer_contacts(user, payload.importer_name, payload.importer_country)
    return Status(201, envelope({"message": CONTACTS_REQUESTED}))
