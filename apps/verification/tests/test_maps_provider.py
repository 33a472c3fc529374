"""The maps source (Google Places Text Search, New) with its HTTP replaced: what is asked, how a
place's answer maps to the place's fields, and each failure in the user's words."""

from __future__ import annotations

from typing import Any

import pytest
import requests

from apps.accounts.tests.http import FakeHttp, response
from apps.core.outbound import NotPublicAddress
from apps.verification.providers import SourceError
from apps.verification.providers.maps import FIELDS, GooglePlaces, maps_provider, place_fields

URL = "https://places.example/v1/places:searchText"

PLACE = {
    "displayName": {"text": "Dutch Nut Trading", "languageCode": "nl"},
    "formattedAddress": "Waalhaven 1, 3089 Rotterdam, Netherlands",
    "businessStatus": "OPERATIONAL",
    "rating": 4.4,
    "primaryType": "wholesaler",
    "types": ["food_store", "wholesaler"],
    "regularOpeningHours": {"weekdayDescriptions": ["Monday: 8:00 AM – 5:00 PM"]},  # noqa: RUF001
    "internationalPhoneNumber": "+31 10 555 0100",
    "websiteUri": "https://dutchnut.example/",
}


@pytest.fixture(autouse=True)
def maps_on(settings: Any) -> None:
    settings.VERIFICATION_MAPS_URL = URL
    settings.VERIFICATION_MAPS_API_KEY = "maps-key"
    settings.VERIFICATION_WEBSITE_TIMEOUT = 4.0


def places(answer: requests.Response | Exception) -> FakeHttp:
    return FakeHttp({("POST", URL): answer})


def test_the_place_is_asked_by_name_and_city_in_the_companys_region_with_the_key() -> None:
    http = places(response(200, {"places": [PLACE]}))

    GooglePlaces(http).find_place(name="Dutch Nut Trading B.V.", country="NL", city="Rotterdam")

    [call] = http.calls
    assert call["json"] == {
        "textQuery": "Dutch Nut Trading B.V., Rotterdam",
        "regionCode": "NL",
        "pageSize": 1,
    }
    assert call["headers"] == {"X-Goog-Api-Key": "maps-key", "X-Goog-FieldMask": FIELDS}
    assert call["timeout"] == 4.0


def test_a_company_without_a_city_is_asked_by_its_name_alone() -> None:
    http = places(response(200, {}))

    GooglePlaces(http).find_place(name="Dutch Nut Trading B.V.", country="NL", city="")

    assert http.calls[0]["json"]["textQuery"] == "Dutch Nut Trading B.V."


def test_the_first_place_found_maps_to_the_place_fields() -> None:
    second = {**PLACE, "displayName": {"text": "Another"}}
    http = places(response(200, {"places": [PLACE, second]}))

    place = GooglePlaces(http).find_place(name="Dutch Nut Trading", country="NL", city="")

    assert place == {
        "place_name": "Dutch Nut Trading",
        "address": "Waalhaven 1, 3089 Rotterdam, Netherlands",
        "business_status": "OPERATIONAL",
        "rating": 4.4,
        "place_type": "wholesaler",
        "opening_hours": ["Monday: 8:00 AM – 5:00 PM"],  # noqa: RUF001
        "phone": "+31 10 555 0100",
        "website": "https://dutchnut.example/",
    }


def test_a_place_without_a_primary_type_takes_its_first_type() -> None:
    assert place_fields({"types": ["food_store", "store"]})["place_type"] == "food_store"


def test_a_place_with_no_fields_has_empty_ones_and_no_rating() -> None:
    assert place_fields({}) == {
        "place_name": "",
        "address": "",
        "business_status": "",
        "rating": None,
        "place_type": "",
        "opening_hours": [],
        "phone": "",
        "website": "",
    }


@pytest.mark.parametrize("body", [{}, {"places": []}, None])
def test_an_answer_without_places_is_no_place(body: Any) -> None:
    answer = response(200, body if body is not None else "null")

    assert GooglePlaces(places(answer)).find_place(name="X", country="NL", city="") is None


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (response(403, {"error": {"status": "PERMISSION_DENIED"}}), "The maps source answered 403"),
        (response(500, ""), "The maps source answered 500"),
        (requests.Timeout(), "The maps source is unreachable"),
        (requests.ConnectionError("refused"), "The maps source is unreachable"),
        (
            NotPublicAddress("places.example"),
            "The maps source is unreachable: places.example resolves to a private address",
        ),
    ],
)
def test_a_maps_source_that_cannot_answer_fails_with_the_reason(
    answer: requests.Response | Exception, message: str
) -> None:
    with pytest.raises(SourceError) as failure:
        GooglePlaces(places(answer)).find_place(name="X", country="NL", city="")

    assert str(failure.value) == message


def test_the_maps_source_is_off_without_a_key(settings: Any) -> None:
    assert isinstance(maps_provider(), GooglePlaces)

    settings.VERIFICATION_MAPS_API_KEY = ""

    assert maps_provider() is None
