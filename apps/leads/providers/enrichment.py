"""An HTTP enrichment service (people-match API): POST `<LEADS_ENRICHMENT_URL>/people/match`
with the person's name, company domain and social link, authenticated by the `X-Api-Key`
header; it answers `{"person": {"email", "email_status", "phone_numbers": [{"number",
"type"}]}}` or `{"person": null}`. Services with another shape get an adapter of their own."""

from __future__ import annotations

from typing import Any, Protocol

import requests
from django.conf import settings

from apps.leads.models import Lead
from apps.leads.providers import FoundEmail, ProviderError

STATUSES = {
    "valid": Lead.EmailStatus.VALID,
    "verified": Lead.EmailStatus.VALID,
    "accept_all": Lead.EmailStatus.ACCEPT_ALL,
    "catch_all": Lead.EmailStatus.ACCEPT_ALL,
}


class HttpClient(Protocol):
    def request(self, method: str, url: str, **kwargs: Any) -> requests.Response: ...


class EnrichmentService:
    name = "enrichment"

    def __init__(self, http: HttpClient | None = None) -> None:
        self.http: Any = http or requests
        self.url = f"{settings.LEADS_ENRICHMENT_URL.rstrip('/')}/people/match"

    def _person(self, lead: Lead, reveal: str) -> dict[str, Any] | None:
        body = {
            "first_name": lead.first_name,
            "last_name": lead.last_name,
            "name": lead.full_name,
            "domain": lead.company.domain,
            "organization_name": lead.company.name,
            "social_url": lead.social_url,
            "reveal": reveal,
        }
        try:
            response = self.http.request(
                "POST",
                self.url,
                json=body,
                headers={"X-Api-Key": settings.LEADS_ENRICHMENT_API_KEY},
                timeout=settings.LEADS_ENRICHMENT_TIMEOUT,
            )
        except requests.RequestException as exc:
            raise ProviderError(f"enrichment service unreachable: {exc}") from exc
        if response.status_code == 404:
            return None
        if response.status_code != 200:
            raise ProviderError(f"enrichment service answered {response.status_code}")
        try:
            person = response.json().get("person")
        except (ValueError, AttributeError) as exc:
            raise ProviderError("enrichment service sent no JSON object") from exc
        return person if isinstance(person, dict) else None

    def find_email(self, lead: Lead) -> FoundEmail | None:
        person = self._person(lead, "email") or {}
        address = str(person.get("email") or "").strip().lower()
        if not address:
            return None
        status = STATUSES.get(str(person.get("email_status", "")).lower(), "unknown")
        return FoundEmail(address, status)

    def find_phone(self, lead: Lead) -> str | None:
        person = self._person(lead, "phone")
        numbers = (person or {}).get("phone_numbers") or []
        mobiles = [n for n in numbers if isinstance(n, dict) and n.get("number")]
        mobiles.sort(key=lambda n: n.get("type") != "mobile")
        return str(mobiles[0]["number"]) if mobiles else None
