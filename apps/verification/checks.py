"""The four checks of a verification. Each reads its cache, asks its source within the check's
time limit (VERIFICATION_CHECK_TIMEOUT), and answers a result and whether it found data; a
source that fails, or does not answer in time, raises SourceError with the reason.

Only the source calls run under the time limit, in a worker thread; the database work stays in
the calling thread."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import asdict, dataclass
from datetime import date, datetime, timedelta
from typing import Any, TypeVar

from django.conf import settings
from django.utils import timezone

from apps.core.errors import ProviderUnavailable
from apps.leads.models import Company, text_list
from apps.leads.selectors import EARLIEST, LATEST, trade_summary
from apps.market.filters import ShipmentFilters
from apps.market.selectors import search_shipments
from apps.verification.models import DomainCache, PlaceCache, RegistryCache
from apps.verification.providers import SourceError
from apps.verification.providers.maps import maps_provider
from apps.verification.providers.registry import company_registry
from apps.verification.providers.sanctions import GRADE_MATCH, sanctions_screener
from apps.verification.providers.website import registry, website_probe

T = TypeVar("T")

SOURCE_NOT_CONFIGURED = "source not configured"
HISTORY_ROWS = 20
TOP_MATCHES = 5
NEW_DOMAIN_DAYS = 365


@dataclass(frozen=True)
class Outcome:
    result: dict[str, Any]
    found_data: bool


def within_time_limit(source: Callable[[], T]) -> T:
    limit = settings.VERIFICATION_CHECK_TIMEOUT
    pool = ThreadPoolExecutor(max_workers=1)
    try:
        return pool.submit(source).result(timeout=limit)
    except FutureTimeout as exc:
        raise SourceError(f"The source did not answer within {limit:g} seconds") from exc
    finally:
        # A source that overran is left to finish on its own; the check does not wait for it.
        pool.shutdown(wait=False, cancel_futures=True)


def _fresh(fetched_at: datetime) -> bool:
    return timezone.now() - fetched_at < timedelta(days=settings.VERIFICATION_CACHE_DAYS)


# Company profile


def company_record(company: Company) -> dict[str, Any]:
    return {
        "name": company.name,
        "domain": company.domain,
        "country": company.country,
        "city": company.city,
        "industries": text_list(company.industries),
        "employees": company.employees,
        "founded_year": company.founded_year,
        "revenue_range": company.revenue_range,
        "business_type": company.business_type,
        "source": company.source,
        "is_demo": company.is_demo,
    }


def _registry(company: Company) -> dict[str, Any]:
    """The company's record in the company registry. A failing registry is reported here
    rather than raised: the stored record and the place still make the check."""
    provider = company_registry()
    if provider is None:
        return {"status": SOURCE_NOT_CONFIGURED}
    cached = RegistryCache.objects.filter(company=company, provider=provider.name).first()
    if cached is None or not _fresh(cached.fetched_at):
        try:
            record = within_time_limit(
                lambda: provider.find_company(name=company.name, country=company.country)
            )
        except SourceError as exc:
            return {"status": "error", "error": str(exc)}
        cached, _ = RegistryCache.objects.update_or_create(
            company=company,
            defaults={"provider": provider.name, "record": record, "fetched_at": timezone.now()},
        )
    if cached.record is None:
        return {"status": "not found"}
    return {
        "status": "found",
        **cached.record,
        "source": provider.name,
        "fetched_at": cached.fetched_at.isoformat(),
    }


def _place(company: Company) -> dict[str, Any]:
    """The company's place from the maps source; a failing source is reported as the
    registry's is."""
    provider = maps_provider()
    if provider is None:
        return {"status": SOURCE_NOT_CONFIGURED}
    cached = PlaceCache.objects.filter(company=company, provider=provider.name).first()
    if cached is None or not _fresh(cached.fetched_at):
        try:
            place = within_time_limit(
                lambda: provider.find_place(
                    name=company.name, country=company.country, city=company.city
                )
            )
        except SourceError as exc:
            return {"status": "error", "error": str(exc)}
        cached, _ = PlaceCache.objects.update_or_create(
            company=company,
            defaults={"provider": provider.name, "place": place, "fetched_at": timezone.now()},
        )
    if cached.place is None:
        return {"status": "not found"}
    return {
        "status": "found",
        **cached.place,
        "source": cached.provider,
        "fetched_at": cached.fetched_at.isoformat(),
    }


def company_profile(company: Company, domain: str) -> Outcome:
    """The company's stored record with its registry record and its place. The stored record
    is ours already, so it alone is no data: the check found data when the registry or the maps
    source found the company. It fails when a source failed and none found the company."""
    answers = {"registry": _registry(company), "place": _place(company)}
    found = any(answer["status"] == "found" for answer in answers.values())
    errors = [answer["error"] for answer in answers.values() if answer["status"] == "error"]
    if errors and not found:
        raise SourceError("; ".join(errors))
    return Outcome({"company": company_record(company), **answers}, found)


# Trade data


def _history(filters: ShipmentFilters) -> list[dict[str, Any]]:
    rows, _ = search_shipments(filters, page=1, page_size=HISTORY_ROWS)
    return [
        {
            "date": row["date"].isoformat() if isinstance(row["date"], date) else row["date"],
            "hs_code": row["hs_code"],
            "product": row["product_description"],
            "exporter_country": row["exporter_country"],
            "importer_country": row["importer_country"],
            "order_value_usd": row["value_usd"],
        }
        for row in rows
    ]


def _trade(company: Company) -> dict[str, Any]:
    imports = _history(
        ShipmentFilters(
            start_date=EARLIEST,
            end_date=LATEST,
            importer_name=company.name,
            importer_country=company.country,
        )
    )
    exports = _history(
        ShipmentFilters(
            start_date=EARLIEST,
            end_date=LATEST,
            exporter_name=company.name,
            exporter_country=company.country,
        )
    )
    summary = trade_summary(company.trade_party_id) if company.trade_party_id else None
    shipments = summary["shipments"] if summary else len(imports)
    value = summary["value_usd"] if summary else sum(row["order_value_usd"] for row in imports)
    latest = max(imports + exports, key=lambda row: row["date"], default=None)
    return {
        "shipments": shipments,
        "import_value_usd": value,
        "average_import_order_value_usd": round(value / shipments, 2) if shipments else None,
        "last_transaction": latest,
        "import_history": imports,
        "export_history": exports,
        "top_products": summary["top_products"] if summary else [],
        "partner_countries": summary["partner_countries"] if summary else [],
        "monthly": summary["monthly"] if summary else [],
    }


def trade_data(company: Company, domain: str) -> Outcome:
    """Import and export history from market's shipments (its analytics index)."""

    def read() -> dict[str, Any]:
        try:
            return _trade(company)
        except ProviderUnavailable as exc:
            raise SourceError(exc.message) from exc

    result = within_time_limit(read)
    return Outcome(result, bool(result["import_history"] or result["export_history"]))


# Sanctions


def sanctions(company: Company, domain: str) -> Outcome:
    """The company's name screened against the loaded sanctions lists: the strong matches, the
    possible matches a person must review, the nearest names as evidence, and every list read
    with its date and size (a clear answer says what it is clear of)."""
    screener = sanctions_screener()
    screening = within_time_limit(
        lambda: screener.screen(company.name, (), company.country or None)
    )
    graded = [*screening.hits, *screening.reviews]
    nearest = sorted(
        (match for match in screening.matches if match not in graded),
        key=lambda match: -match.score,
    )
    shown = [*graded, *nearest[: max(TOP_MATCHES - len(graded), 0)]]
    dates = [hit.list_date for hit in screening.hits if hit.list_date]
    return Outcome(
        {
            "screened_name": company.name,
            "threshold": screening.threshold,
            "review_threshold": screening.review_threshold,
            "match": bool(screening.hits),
            "hits": len(screening.hits),
            "reviews": len(screening.reviews),
            "matches": [
                {
                    "name": match.name,
                    "matched_name": match.matched_name,
                    "score": round(match.score, 3),
                    "list": match.list_name,
                    "programme": match.programme,
                    "list_date": match.list_date,
                    "grade": match.grade,
                    "above_threshold": match.grade == GRADE_MATCH,
                }
                for match in shown
            ],
            "lists": [asdict(screened) for screened in screening.lists],
            "last_sanction": max(dates, default=None),
        },
        True,
    )


# Website


def clean_domain(text: str) -> str:
    """`https://www.Example.com/about` → `example.com`."""
    host = text.strip().lower().split("://")[-1].split("/")[0].split("?")[0].split(":")[0]
    return host.removeprefix("www.").strip(".")


def domain_state(registration: dict[str, Any] | None, today: date) -> str:
    """none (no registered domain), expired, new (registered under a year ago) or stable."""
    if not registration or not registration.get("registered_at"):
        return "none"
    expires = registration.get("expires_at")
    if expires and date.fromisoformat(expires[:10]) < today:
        return "expired"
    registered = date.fromisoformat(registration["registered_at"][:10])
    return "new" if (today - registered).days < NEW_DOMAIN_DAYS else "stable"


def _ask_domain(domain: str) -> dict[str, Any]:
    probe, rdap = website_probe(), registry()
    answer: dict[str, Any] = {}
    try:
        answer["website"] = probe.fetch(domain)
    except SourceError as exc:
        answer["website"] = {"error": str(exc)}
    try:
        answer["registration"] = rdap.registration(domain)
    except SourceError as exc:
        answer["registration"] = {"error": str(exc)}
    if "error" in answer["website"] and "error" in (answer["registration"] or {}):
        raise SourceError(f"{answer['registration']['error']}; {answer['website']['error']}")
    return answer


def website(company: Company, domain: str) -> Outcome:
    """The website's HTTP status and TLS and the domain's age and expiry (RDAP)."""
    domain = clean_domain(domain or company.domain)
    if not domain:  # nothing to check: say so, and claim nothing about the world
        return Outcome({"domain": "", "domain_state": "not_given"}, False)
    cached = DomainCache.objects.filter(domain=domain).first()
    if cached is None or not _fresh(cached.fetched_at):
        answer = within_time_limit(lambda: _ask_domain(domain))
        complete = "error" not in answer["website"] and "error" not in (
            answer["registration"] or {}
        )
        if not complete:  # a partial answer is shown but not kept
            return _website_outcome(
                domain, answer["website"], answer["registration"], timezone.now()
            )
        cached, _ = DomainCache.objects.update_or_create(
            domain=domain,
            defaults={
                "website": answer["website"],
                "registration": answer["registration"] or {},
                "fetched_at": timezone.now(),
            },
        )
    return _website_outcome(domain, cached.website, cached.registration or None, cached.fetched_at)


def _website_outcome(
    domain: str, site: dict[str, Any], registration: dict[str, Any] | None, checked_at: datetime
) -> Outcome:
    today = timezone.now().date()
    # None is the registry's answer that it holds no such domain; only an error says nothing.
    known = registration is None or "error" not in registration
    registered = (registration or {}).get("registered_at") if known else None
    return Outcome(
        {
            "domain": domain,
            "website": site,
            "registration": registration,
            "domain_age_days": (today - date.fromisoformat(registered[:10])).days
            if registered
            else None,
            "domain_state": domain_state(registration, today) if known else None,
            "checked_at": checked_at.isoformat(),
        },
        True,
    )


CHECKS: dict[str, Callable[[Company, str], Outcome]] = {
    "company_profile": company_profile,
    "trade_data": trade_data,
    "sanctions": sanctions,
    "website": website,
}
