"""Lead-sourcing reads: company and people searches, a company's trade summary, and the leads
a user has asked for. Trade figures come from market's analytics index (its public
`trade_index()` and `ShipmentFilters.for_product`), never from market's tables."""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from django.conf import settings
from django.db import connection
from django.db.models import BooleanField, Q, QuerySet
from django.db.models.expressions import RawSQL

from apps.accounts.models import User
from apps.core.database import statement_time_limit
from apps.core.errors import NotFound, ProviderUnavailable, ValidationFailed
from apps.leads.models import DEMO_SOURCE, Company, ContactRequest, Lead, text_list
from apps.leads.schemas import CompanyFilters, LeadFilters
from apps.market import index
from apps.market.filters import ShipmentFilters
from apps.market.index import TradeIndex

EARLIEST = date(1900, 1, 1)
LATEST = date(9999, 12, 31)
TOP_PRODUCTS = 5
TOP_PARTNERS = 5
INDEX_BUILDING = "The trade data index is being built; try again shortly"
# Totals are counted exactly up to here; past it, the planner's estimate stands in (an exact
# count of a broad search reads most of the table).
EXACT_TOTAL_UP_TO = 1_000


# Trade figures


def _trade_index() -> TradeIndex | None:
    try:
        return index.trade_index()
    except index.IndexMissing:
        return None


def _everything() -> ShipmentFilters:
    return ShipmentFilters(start_date=EARLIEST, end_date=LATEST)


def _trade_filters(product: str, since: date | None) -> ShipmentFilters:
    """Shipments of `product` (a name in any language or an HS code, matched as the shipment
    search matches it) from `since` on."""
    try:
        return ShipmentFilters.for_product(product, start=since or EARLIEST, end=LATEST)
    except ValidationFailed as problem:
        message = problem.message
        raise ValidationFailed(message, fields={"imports_product": [message]}) from problem


def importers() -> list[dict[str, Any]]:
    """Market's importers (`key` is the party id, with `name`, `normalized_name`, `country`,
    `shipments`, `value_usd`, `last_date`); none while no trade index exists."""
    trade = _trade_index()
    return [] if trade is None else trade.importer_totals(_everything(), by="importer")


def demo_company_record_ids() -> set[str]:
    """The record ids of the demo companies already loaded."""
    demo = Company.objects.filter(source=DEMO_SOURCE)
    return set(demo.values_list("source_record_id", flat=True))


def importer_parties() -> dict[tuple[str, str], int]:
    """Importers by (normalised name, country): what links a company to its trade history."""
    return {(row["normalized_name"], row["country"]): row["key"] for row in importers()}


def importers_buying(product: str, since: date | None = None) -> Mapping[int, dict[str, Any]]:
    """The importers whose shipments show `product` (any product when empty) from `since`,
    by party id, with the `shipments` and `last_date` of those shipments."""
    snapshot = index.current_snapshot()
    if snapshot is None:
        raise ProviderUnavailable(INDEX_BUILDING)
    return _importers_buying(snapshot, product, since)


@lru_cache(maxsize=32)
def _importers_buying(
    snapshot: Path, product: str, since: date | None
) -> Mapping[int, dict[str, Any]]:
    """Kept per snapshot (a snapshot never changes): a trade search is paged and refined with
    other filters, and asking the index costs more than the rest of the search."""
    trade = _trade_index()
    if trade is None:
        raise ProviderUnavailable(INDEX_BUILDING)
    rows = trade.importer_totals(_trade_filters(product, since), by="importer")
    return MappingProxyType(
        {row["key"]: {"shipments": row["shipments"], "last_date": row["last_date"]} for row in rows}
    )


def import_totals(party_ids: Sequence[int]) -> dict[int, dict[str, Any]]:
    """Shipments and last import date per importer."""
    trade = _trade_index()
    if trade is None or not party_ids:
        return {}
    rows = trade.importer_totals(_everything(), by="importer", importer_ids=party_ids)
    return {row["key"]: row for row in rows}


def trade_summary(party_id: int) -> dict[str, Any]:
    """An importer's history: totals, top products, partner countries, value per year and
    per month."""
    trade = _trade_index()
    if trade is None:
        raise ProviderUnavailable(INDEX_BUILDING)

    def totals(by: str, limit: int | None = None) -> list[dict[str, Any]]:
        return trade.importer_totals(_everything(), by=by, importer_ids=[party_id], limit=limit)

    months = sorted(totals("month"), key=lambda row: row["key"])
    years: dict[int, dict[str, Any]] = {}
    for row in months:
        year = years.setdefault(int(row["key"][:4]), {"shipments": 0, "value_usd": 0.0})
        year["shipments"] += row["shipments"]
        year["value_usd"] = round(year["value_usd"] + row["value_usd"], 2)
    return {
        "shipments": sum(row["shipments"] for row in months),
        "value_usd": round(sum(row["value_usd"] for row in months), 2),
        "last_shipment_date": max((row["last_date"] for row in months), default=None),
        "top_products": [
            {"hs_code": r["key"], "shipments": r["shipments"], "value_usd": r["value_usd"]}
            for r in totals("hs_code", TOP_PRODUCTS)
        ],
        "partner_countries": [
            {"country": r["key"], "shipments": r["shipments"], "value_usd": r["value_usd"]}
            for r in totals("exporter_country", TOP_PARTNERS)
        ],
        "value_per_year": [{"year": year, **figures} for year, figures in sorted(years.items())],
        "monthly": [
            {"month": r["key"], "shipments": r["shipments"], "value_usd": r["value_usd"]}
            for r in months
        ],
    }


# Companies


def _name_matches(field: str, text: str, lookup: str = "contains") -> Q:
    """Every word of `text` within the field; on PostgreSQL also a name a typo or two away
    (trigram word similarity, served by the trigram index)."""
    contained = Q()
    for word in text.split():
        contained &= Q(**{f"{field}__{lookup}": word})
    if connection.vendor == "postgresql":
        return contained | Q(**{f"{field}__trigram_word_similar": text})
    return contained


def _any_of(field: str, values: Iterable[str], lookup: str = "icontains") -> Q:
    matches = Q()
    for value in values:
        term = f"|{value}|" if lookup == "icontains" else value
        matches |= Q(**{f"{field}__{lookup}": term})
    return matches


def _between(field: str, low: int | None, high: int | None) -> Q:
    bounds = Q()
    if low is not None:
        bounds &= Q(**{f"{field}__gte": low})
    if high is not None:
        bounds &= Q(**{f"{field}__lte": high})
    return bounds


def _party_in(parties: Collection[int]) -> Q | RawSQL:
    """Companies of these trade parties. On PostgreSQL the ids go as one array: thousands of
    them plan in a fraction of the time a list of as many parameters takes."""
    if connection.vendor != "postgresql":
        return Q(trade_party_id__in=parties)
    column = f'"{Company._meta.db_table}"."trade_party_id"'
    matches = f"{column} = ANY(%s)"
    return RawSQL(matches, (list(parties),), output_field=BooleanField())  # noqa: S611 (ids bound)


def companies_matching(
    filters: CompanyFilters, importers: Collection[int] | None = None
) -> QuerySet[Company]:
    """The companies matching the filters; `importers` are the trade parties proving the trade
    filters when the caller has looked them up already."""
    companies = Company.objects.all()
    if filters.name:
        companies = companies.filter(_name_matches("normalized_name", filters.name))
    if filters.countries:
        companies = companies.filter(country__in=filters.countries)
    companies = companies.filter(
        _any_of("industries", filters.industries),
        _any_of("technologies", filters.technologies),
        _any_of("funding_stage", filters.funding_stages, "iexact"),
        _any_of("business_type", filters.business_types, "iexact"),
        _between("revenue_usd", filters.revenue_min, filters.revenue_max),
        _between("employees", filters.employees_min, filters.employees_max),
        _between("founded_year", filters.founded_year_min, filters.founded_year_max),
        _between("retail_locations", filters.retail_locations_min, filters.retail_locations_max),
    )
    if filters.funded_since:
        companies = companies.filter(funding_date__gte=filters.funded_since)
    if filters.hiring is not None:
        hiring = Q(job_postings__gt=0)
        companies = companies.filter(hiring if filters.hiring else ~hiring)
    if filters.job_posted_since:
        companies = companies.filter(job_posting_date__gte=filters.job_posted_since)
    if filters.location:
        companies = companies.filter(city__icontains=filters.location)
    if filters.keyword:
        keyword = filters.keyword
        companies = companies.filter(
            Q(keywords__icontains=keyword)
            | Q(industries__icontains=keyword)
            | Q(normalized_name__contains=keyword.casefold())
        )
    if filters.trade:
        if importers is None:
            importers = importers_buying(filters.imports_product, filters.imported_since)
        companies = companies.filter(_party_in(importers))
    return companies


@dataclass(frozen=True)
class Total:
    count: int
    is_estimate: bool


def count_matches(queryset: QuerySet[Any]) -> Total:
    """Exact up to EXACT_TOTAL_UP_TO; past it, on PostgreSQL, the planner's estimate of the
    matches (never below what was counted)."""
    unordered = queryset.order_by()
    counted = unordered[: EXACT_TOTAL_UP_TO + 1].count()
    if counted <= EXACT_TOTAL_UP_TO:
        return Total(counted, is_estimate=False)
    if connection.vendor != "postgresql":
        return Total(unordered.count(), is_estimate=False)
    sql, params = unordered.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (FORMAT JSON) {sql}", params)
        plan = cursor.fetchone()[0]
    estimate = (json.loads(plan) if isinstance(plan, str) else plan)[0]["Plan"]["Plan Rows"]
    return Total(max(int(estimate), counted), is_estimate=True)


def company_row(company: Company, totals: Mapping[int, dict[str, Any]]) -> dict[str, Any]:
    trade = totals.get(company.trade_party_id or 0, {})
    return {
        "id": company.pk,
        "name": company.name,
        "domain": company.domain,
        "country": company.country,
        "city": company.city,
        "industries": text_list(company.industries),
        "technologies": text_list(company.technologies),
        "keywords": text_list(company.keywords),
        "funding_stage": company.funding_stage,
        "funding_date": company.funding_date,
        "job_postings": company.job_postings,
        "job_posting_date": company.job_posting_date,
        "revenue_usd": company.revenue_usd,
        "revenue_range": company.revenue_range,
        "employees": company.employees,
        "founded_year": company.founded_year,
        "retail_locations": company.retail_locations,
        "business_type": company.business_type,
        "description": company.description,
        "source": company.source,
        "source_date": company.source_date,
        "is_demo": company.is_demo,
        "shipment_count": trade.get("shipments", 0),
        "last_import_date": trade.get("last_date"),
    }


def search_companies(
    filters: CompanyFilters, *, page: int, page_size: int
) -> tuple[list[dict[str, Any]], Total]:
    """A page of companies with their shipment count and last import date (of the shipments
    proving the trade filters, when given), and the number of matches, within
    COMPANY_SEARCH_TIMEOUT seconds a statement on PostgreSQL."""
    with statement_time_limit(settings.COMPANY_SEARCH_TIMEOUT):
        return _search_companies(filters, page=page, page_size=page_size)


def _search_companies(
    filters: CompanyFilters, *, page: int, page_size: int
) -> tuple[list[dict[str, Any]], Total]:
    proving = (
        importers_buying(filters.imports_product, filters.imported_since) if filters.trade else None
    )
    companies = companies_matching(filters, proving)
    total = count_matches(companies)
    found = list(companies[(page - 1) * page_size : page * page_size])
    if proving is not None:
        return [company_row(company, proving) for company in found], total
    totals = import_totals([c.trade_party_id for c in found if c.trade_party_id])
    return [company_row(company, totals) for company in found], total


def company_detail(company_id: int) -> dict[str, Any]:
    company = Company.objects.filter(pk=company_id).first()
    if company is None:
        raise NotFound("Company not found")
    party = company.trade_party_id
    summary = trade_summary(party) if party and _trade_index() is not None else None
    totals = (
        {party: {"shipments": summary["shipments"], "last_date": summary["last_shipment_date"]}}
        if party and summary
        else {}
    )
    return {
        **company_row(company, totals),
        "people_count": company.people.count(),
        "trade": summary,
        "trade_party_id": party if summary else None,
    }


# People


def leads_matching(filters: LeadFilters) -> QuerySet[Lead]:
    leads = Lead.objects.filter(company_id__in=filters.company_ids)
    if filters.name:
        leads = leads.filter(_name_matches("full_name", filters.name, "icontains"))
    if filters.job_titles:
        titles = Q()
        for title in filters.job_titles:
            titles |= Q(job_title__icontains=title)
        leads = leads.filter(titles)
    if filters.seniorities:
        leads = leads.filter(seniority__in=filters.seniorities)
    if filters.location:
        leads = leads.filter(location__icontains=filters.location)
    if filters.countries:
        leads = leads.filter(country__in=filters.countries)
    if filters.keyword:
        keyword = filters.keyword
        leads = leads.filter(
            Q(full_name__icontains=keyword)
            | Q(job_title__icontains=keyword)
            | Q(department__icontains=keyword)
        )
    return leads.select_related("company").order_by("company_id", "full_name", "id")


def _reveals(user: User, lead_ids: Iterable[int]) -> dict[tuple[int, str], ContactRequest]:
    requests = ContactRequest.objects.filter(user=user, lead_id__in=list(lead_ids))
    return {(request.lead_id, request.kind): request for request in requests}


def lead_row(
    lead: Lead, email: ContactRequest | None, phone: ContactRequest | None
) -> dict[str, Any]:
    """A person as one user sees them: contacts only from that user's own requests."""
    found = ContactRequest.State.FOUND
    requests = [request for request in (email, phone) if request is not None]
    company = lead.company
    return {
        "id": lead.pk,
        "name": lead.full_name,
        "first_name": lead.first_name,
        "last_name": lead.last_name,
        "social_url": lead.social_url,
        "country": lead.country,
        "location": lead.location,
        "job_title": lead.job_title,
        "seniority": lead.seniority,
        "department": lead.department,
        "company": {
            "id": company.pk,
            "name": company.name,
            "domain": company.domain,
            "country": company.country,
            "revenue_usd": company.revenue_usd,
            "revenue_range": company.revenue_range,
            "employees": company.employees,
            "is_demo": company.is_demo,
        },
        "email": email.value if email and email.state == found else None,
        "email_status": (email.email_status or None) if email and email.state == found else None,
        "email_state": email.state if email else None,
        "phone": phone.value if phone and phone.state == found else None,
        "phone_state": phone.state if phone else None,
        "requested_at": min((r.created_at for r in requests), default=None),
    }


def lead_rows(user: User, leads: Sequence[Lead]) -> list[dict[str, Any]]:
    reveals = _reveals(user, (lead.pk for lead in leads))
    return [
        lead_row(lead, reveals.get((lead.pk, "email")), reveals.get((lead.pk, "phone")))
        for lead in leads
    ]


def search_leads(
    user: User, filters: LeadFilters, *, page: int, page_size: int
) -> tuple[list[dict[str, Any]], int]:
    leads = leads_matching(filters)
    total = leads.count()
    return lead_rows(user, list(leads[(page - 1) * page_size : page * page_size])), total


def lead_for(user: User, lead_id: int) -> dict[str, Any]:
    lead = Lead.objects.select_related("company").filter(pk=lead_id).first()
    if lead is None:
        raise NotFound("Lead not found")
    return lead_rows(user, [lead])[0]


def requested_leads(user: User) -> list[dict[str, Any]]:
    """The people this user revealed or asked a phone number for, newest request first."""
    lead_ids = list(
        dict.fromkeys(
            ContactRequest.objects.filter(user=user)
            .order_by("-created_at", "-id")
            .values_list("lead_id", flat=True)
        )
    )
    leads = Lead.objects.select_related("company").in_bulk(lead_ids)
    return lead_rows(user, [leads[pk] for pk in lead_ids if pk in leads])
