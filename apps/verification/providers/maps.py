"""Place information (address, place name, business status, rating, place type, opening hours,
phone, website) of a company from a maps provider. The production adapter speaks the Google
Places API (Text Search, New) when VERIFICATION_MAPS_API_KEY is set; with no key there is no
maps source."""

from __future__ import annotations

from typing import Any, Protocol

import requests
from django.conf import settings

from apps.core.outbound import NotPublicAddress, PublicSession
from apps.verification.providers import SourceError

FIELDS = (
    "places.displayName,places.formattedAddress,places.businessStatus,places.rating,"
    "places.primaryType,places.types,places.regularOpeningHours.weekdayDescriptions,"
    "places.internationalPhoneNumber,places.websiteUri"
)


class MapsProvider(Protocol):
    name: str

    def find_place(self, *, name: str, country: str, city: str) -> dict[str, Any] | None: ...


class GooglePlaces:
    name = "google_places"

    def __init__(self, http: Any = None) -> None:
        self.http: Any = http or PublicSession()

    def find_place(self, *, name: str, country: str, city: str) -> dict[str, Any] | None:
        query = ", ".join(part for part in (name, city) if part)
        try:
            response = self.http.request(
                "POST",
                settings.VERIFICATION_MAPS_URL,
                json={"textQuery": query, "regionCode": country, "pageSize": 1},
                headers={
                    "X-Goog-Api-Key": settings.VERIFICATION_MAPS_API_KEY,
                    "X-Goog-FieldMask": FIELDS,
                },
                timeout=settings.VERIFICATION_WEBSITE_TIMEOUT,
            )
        except NotPublicAddress as exc:
            raise SourceError(f"The maps source is unreachable: {exc}") from exc
        except requests.RequestException as exc:
            raise SourceError("The maps source is unreachable") from exc
        if response.status_code != 200:
            raise SourceError(f"The maps source answered {response.status_code}")
        places = (response.json() or {}).get("places") or []
        return place_fields(places[0]) if places else None


def place_fields(place: dict[str, Any]) -> dict[str, Any]:
    return {
        "place_name": (place.get("displayName") or {}).get("text", ""),
        "address": place.get("formattedAddress", ""),
        "business_status": place.get("businessStatus", ""),
        "rating": place.get("rating"),
        "place_type": place.get("primaryType") or next(iter(place.get("types") or []), ""),
        "opening_hours": (place.get("regularOpeningHours") or {}).get("weekdayDescriptions", []),
        "phone": place.get("internationalPhoneNumber", ""),
        "website": place.get("websiteUri", ""),
    }


def maps_provider() -> MapsProvider | None:
    """The configured maps provider, or None."""
    return GooglePlaces() if settings.VERIFICATION_MAPS_API_KEY else None
