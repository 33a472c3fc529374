"""The internet search: companies that are not in the database, from the company registry
(GLEIF, by name) and from a web search API (the Brave Search API, on when
VERIFICATION_WEBSEARCH_API_KEY is set). A source that is off is skipped and one that fails is
left out while another answers; with every source off, or every one failing, the search is
unavailable and says why.

Each source's answer to a query is kept in the cache (CACHE_URL, shared by every process in
production) for VERIFICATION_CACHE_DAYS. Unlike the checks' caches it is not a table: an answer
belongs to a free-text query rather than to a stored company, and the cache expires it with no
clean-up to run."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import urlsplit

from django.conf import settings
from django.core.cache import cache

from apps.accounts.providers.oidc import HttpClient
from apps.core.outbound import PublicSession
from apps.leads.models import Company
from apps.market.names import normalise_name
from apps.verification.checks import clean_domain
from apps.verification.providers import SourceError, SourceNotConfigured, get_json
from apps.verification.providers.registry import company_registry

WEB_SOURCE = "Brave Search"
WEB_SOURCE_LABEL = f"web search source ({WEB_SOURCE})"
RESULTS = 20
NOT_AVAILABLE = "Internet search is not available"
REGISTRY_OFF = "the company registry is off (VERIFICATION_REGISTRY_URL)"
WEB_SEARCH_OFF = "the web search is off (VERIFICATION_WEBSEARCH_API_KEY)"


class WebSearch(Protocol):
    name: str

    def find_companies(self, *, name: str, website: str) -> list[dict[str, Any]]:
        """`{"title", "domain", "url"}` of the sites found, the best first, one per domain."""
        ...


class BraveSearch:
    name = WEB_SOURCE

    def __init__(self, http: HttpClient | None = None) -> None:
        self.request = (http or PublicSession()).request

    def find_companies(self, *, name: str, website: str) -> list[dict[str, Any]]:
        body = get_json(
            self.request,
            settings.VERIFICATION_WEBSEARCH_URL,
            source=WEB_SOURCE_LABEL,
            timeout=settings.VERIFICATION_WEBSEARCH_TIMEOUT,
            params={"q": " ".join(part for part in (name, website) if part), "count": str(RESULTS)},
            headers={
                "Accept": "application/json",
                "X-Subscription-Token": settings.VERIFICATION_WEBSEARCH_API_KEY,
            },
        )
        if not isinstance(body, dict):
            raise SourceError(f"The {WEB_SOURCE_LABEL} answered in an unexpected form")
        # Brave leaves the `web` section out when it found nothing.
        results = (body.get("web") or {}).get("results") or []
        return _one_per_domain([result for result in results if isinstance(result, dict)])


def _one_per_domain(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    sites: dict[str, dict[str, Any]] = {}
    for result in results:
        url = str(result.get("url") or "")
        domain = clean_domain(urlsplit(url).netloc)
        if domain and domain not in sites:
            title = str(result.get("title") or domain)
            sites[domain] = {"title": title, "domain": domain, "url": url}
    return list(sites.values())


def web_search() -> WebSearch | None:
    """The configured web search, or None when VERIFICATION_WEBSEARCH_API_KEY is empty."""
    return BraveSearch() if settings.VERIFICATION_WEBSEARCH_API_KEY else None


# The internet search


@dataclass(frozen=True)
class InternetSearch:
    companies: list[Company]  # not stored: outside companies in the shape of stored ones
    unavailable: list[str]  # why a source gave nothing: off, or failed


def _cached(source: str, query: str, ask: Callable[[], list[dict[str, Any]]]) -> Any:
    key = (
        "verification:internet-search:" + hashlib.sha256(f"{source}\n{query}".encode()).hexdigest()
    )
    answer = cache.get(key)
    if answer is None:
        answer = ask()
        cache.set(key, answer, timeout=settings.VERIFICATION_CACHE_DAYS * 24 * 3600)
    return answer


def _holds_every_word(text: str, query: str) -> bool:
    """The database search's rule for names: every word of the query is in the text."""
    normalised = normalise_name(text)
    return all(word in normalised for word in normalise_name(query).split())


def _on_domain(domain: str, wanted: str) -> bool:
    return domain == wanted or domain.endswith(f".{wanted}")


def _registry_companies(name: str) -> list[Company]:
    registry = company_registry()
    if registry is None:
        raise SourceNotConfigured(REGISTRY_OFF)
    if not name:  # the registry is searched by name only
        return []
    query = normalise_name(name)
    records = _cached(registry.name, query, lambda: registry.search_companies(name=name))
    return [
        Company(
            name=record["legal_name"],
            country=record["country"],
            city=record["city"],
            source=registry.name,
            source_record_id=record["lei"],
        )
        for record in records
        if _holds_every_word(record["legal_name"], name)
    ]


def _web_companies(name: str, domain: str) -> list[Company]:
    """The sites found whose title holds every word of `name` or whose domain is `domain`'s,
    as the database search takes its companies."""
    search = web_search()
    if search is None:
        raise SourceNotConfigured(WEB_SEARCH_OFF)
    query = f"{normalise_name(name)}\n{domain}"
    sites = _cached(search.name, query, lambda: search.find_companies(name=name, website=domain))
    return [
        Company(
            name=site["title"],
            domain=site["domain"],
            source=search.name,
            source_record_id=site["url"],
        )
        for site in sites
        if (name and _holds_every_word(site["title"], name))
        or (domain and _on_domain(site["domain"], domain))
    ]


def internet_search(*, name: str, website: str) -> InternetSearch:
    """Companies found outside the database by `name` or `website`, the registry's first.
    Raises SourceNotConfigured when every source is off, SourceError when none answered."""
    name, domain = name.strip(), clean_domain(website)
    searches = (lambda: _registry_companies(name), lambda: _web_companies(name, domain))
    companies: list[Company] = []
    off: list[str] = []
    failed: list[str] = []
    for search in searches:
        try:
            companies += search()
        except SourceNotConfigured as exc:
            off.append(str(exc))
        except SourceError as exc:
            failed.append(str(exc))
    if len(off) == len(searches):
        raise SourceNotConfigured(f"{NOT_AVAILABLE}: {'; '.join(off)}")
    if len(off) + len(failed) == len(searches):
        raise SourceError(f"{NOT_AVAILABLE}: {'; '.join(off + failed)}")
    return InternetSearch(companies, off + failed)
