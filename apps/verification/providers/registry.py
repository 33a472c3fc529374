"""A company's legal-entity record from the company registry: GLEIF's public LEI index, read
through its JSON:API (`/lei-records`, no key). VERIFICATION_REGISTRY_URL empty turns it off.

A record counts only when one of its legal names has the company name's match key (case,
accents, punctuation and legal forms aside: apps.verification.sanctions.names.match_key), so a
name that matches only in part is "not found" rather than another company's record."""

from __future__ import annotations

from typing import Any, Protocol

from django.conf import settings

from apps.accounts.providers.oidc import HttpClient
from apps.core.outbound import PublicSession
from apps.verification.providers import SourceError, get_json
from apps.verification.sanctions.names import match_key

SOURCE = "GLEIF"
SOURCE_LABEL = f"company registry ({SOURCE})"
RECORDS_PER_QUERY = 20
# GLEIF's legal-name filter is near exact ('BNP Paribas SA' misses 'BNP PARIBAS'); the
# full-text search after it finds other spellings, among unrelated records the match key drops.
NAME_FILTERS = ("filter[entity.legalName]", "filter[fulltext]")
COUNTRY_FILTER = "filter[entity.legalAddress.country]"
# Other names that are still the legal name (in another language, or in ASCII). Previous legal
# names and trading names are left out: another company may carry them now.
LEGAL_NAME_TYPES = frozenset(
    {
        "ALTERNATIVE_LANGUAGE_LEGAL_NAME",
        "PREFERRED_ASCII_TRANSLITERATED_LEGAL_NAME",
        "AUTO_ASCII_TRANSLITERATED_LEGAL_NAME",
    }
)
JSON_API = {"Accept": "application/vnd.api+json"}


class CompanyRegistry(Protocol):
    name: str

    def find_company(self, *, name: str, country: str) -> dict[str, Any] | None:
        """The record (`record_fields` and `direct_parent`) of the company whose legal name
        matches `name`, in `country` when one is given; None when the registry holds none."""
        ...

    def search_companies(self, *, name: str) -> list[dict[str, Any]]:
        """The records (`record_fields`) a full-text search for `name` finds, the best first."""
        ...


def _date(moment: Any) -> str | None:
    return moment[:10] if isinstance(moment, str) and moment else None


def record_fields(record: dict[str, Any]) -> dict[str, Any]:
    """What the verification shows of an LEI record."""
    attributes = record.get("attributes") or {}
    entity = attributes.get("entity") or {}
    registration = attributes.get("registration") or {}
    address = entity.get("legalAddress") or {}
    return {
        "legal_name": (entity.get("legalName") or {}).get("name") or "",
        "lei": attributes.get("lei") or record.get("id") or "",
        "jurisdiction": entity.get("jurisdiction") or "",
        "city": address.get("city") or "",
        "country": address.get("country") or "",
        "entity_status": entity.get("status") or "",
        "registration_status": registration.get("status") or "",
        "initial_registration_date": _date(registration.get("initialRegistrationDate")),
        "next_renewal_date": _date(registration.get("nextRenewalDate")),
    }


def _legal_name_keys(record: dict[str, Any]) -> set[str]:
    entity = (record.get("attributes") or {}).get("entity") or {}
    others = (entity.get("otherNames") or []) + (entity.get("transliteratedOtherNames") or [])
    names = [(entity.get("legalName") or {}).get("name")] + [
        other.get("name")
        for other in others
        if isinstance(other, dict) and other.get("type") in LEGAL_NAME_TYPES
    ]
    return {match_key(name) for name in names if name}


def _standing(record: dict[str, Any]) -> tuple[bool, bool]:
    """Sorts an active entity with an issued LEI first."""
    fields = record_fields(record)
    return fields["entity_status"] != "ACTIVE", fields["registration_status"] != "ISSUED"


def _best_match(records: list[dict[str, Any]], name: str) -> dict[str, Any] | None:
    """The record whose legal name matches `name`, the one in best standing when several do
    (GLEIF's order among equals); None when none matches."""
    key = match_key(name)
    matching = [record for record in records if key in _legal_name_keys(record)]
    return min(matching, key=_standing, default=None)


class GleifRegistry:
    name = SOURCE

    def __init__(self, http: HttpClient | None = None) -> None:
        self.request = (http or PublicSession()).request
        self.base = settings.VERIFICATION_REGISTRY_URL.rstrip("/")

    def find_company(self, *, name: str, country: str) -> dict[str, Any] | None:
        where = {COUNTRY_FILTER: country} if country else {}
        for name_filter in NAME_FILTERS:
            found = _best_match(self._records({name_filter: name, **where}), name)
            if found is not None:
                return {**record_fields(found), "direct_parent": self._direct_parent(found)}
        return None

    def search_companies(self, *, name: str) -> list[dict[str, Any]]:
        return [record_fields(record) for record in self._records({"filter[fulltext]": name})]

    def _get(self, url: str, params: dict[str, str] | None = None) -> Any:
        return get_json(
            self.request,
            url,
            source=SOURCE_LABEL,
            timeout=settings.VERIFICATION_REGISTRY_TIMEOUT,
            params=params,
            headers=JSON_API,
            missing_ok=True,
        )

    def _records(self, filters: dict[str, str]) -> list[dict[str, Any]]:
        body = self._get(
            f"{self.base}/lei-records", {**filters, "page[size]": str(RECORDS_PER_QUERY)}
        )
        if body is None:
            return []
        records = body.get("data") if isinstance(body, dict) else None
        if not isinstance(records, list):
            raise SourceError(f"The {SOURCE_LABEL} answered in an unexpected form")
        return [record for record in records if isinstance(record, dict)]

    def _direct_parent(self, record: dict[str, Any]) -> dict[str, str] | None:
        """The direct parent's name and LEI. GLEIF links its record only when the relationship
        is reported; otherwise it links a reporting exception (no parent, or not disclosed)."""
        relationship = (record.get("relationships") or {}).get("direct-parent") or {}
        link = (relationship.get("links") or {}).get("lei-record")
        if not link:
            return None
        body = self._get(link)
        if not isinstance(body, dict) or not isinstance(body.get("data"), dict):
            return None
        parent = record_fields(body["data"])
        return {"name": parent["legal_name"], "lei": parent["lei"]}


def company_registry() -> CompanyRegistry | None:
    """The configured company registry, or None when VERIFICATION_REGISTRY_URL is empty."""
    return GleifRegistry() if settings.VERIFICATION_REGISTRY_URL else None
