"""The yente adapter against exchanges with yente's `/match` API (recordings/yente/): yente's
scores and threshold travel as fractions, graded as the local lists are, and a server that
cannot answer is an error."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import requests

from apps.accounts.tests.http import FakeHttp, Replay, response
from apps.verification.providers import SourceError
from apps.verification.providers.sanctions import (
    GRADE_MATCH,
    GRADE_NEAR,
    GRADE_REVIEW,
    ListScreener,
    sanctions_screener,
)
from apps.verification.providers.yente import YENTE_UNREACHABLE, YenteScreener

RECORDINGS = Path(__file__).parent / "recordings" / "yente"
URL = "https://yente.tradewise.example/match/default"


def replay(name: str) -> Replay:
    return Replay(json.loads((RECORDINGS / f"{name}.json").read_text()))


@pytest.fixture(autouse=True)
def yente(settings: Any) -> None:
    settings.VERIFICATION_YENTE_URL = "https://yente.tradewise.example/"
    settings.VERIFICATION_YENTE_DATASET = "default"
    settings.VERIFICATION_YENTE_API_KEY = ""
    settings.VERIFICATION_YENTE_THRESHOLD = 0.7


def test_a_listed_company_is_a_hit_with_its_list_programme_and_date() -> None:
    http = replay("match_hit")

    result = YenteScreener(http).screen(
        "Dong Tam Trading Co., Ltd.", ["Đồng Tâm Trading"], country="VN"
    )

    assert http.finished
    assert result.threshold == 0.7
    (hit,) = result.hits
    assert hit.grade == GRADE_MATCH
    assert hit.name == "Dong Tam Trading Company Limited"
    assert hit.score == 0.93
    assert hit.list_name == "un_sc_sanctions"
    assert hit.programme == "UN-SCKP"
    assert hit.list_date == "2026-01-15"
    assert hit.matched_name.startswith("Dong Tam Trading Company Limited")
    (near_miss,) = [match for match in result.matches if match not in result.hits]
    assert near_miss.score == 0.52
    assert near_miss.programme == "sanction"
    assert near_miss.list_date == "2022-11-20"


def test_an_unrelated_company_has_no_match() -> None:
    http = replay("no_match")

    result = YenteScreener(http).screen("Hamburg Coffee Roasters GmbH", country="DE")

    assert http.finished
    assert result.matches == ()
    assert result.threshold == 0.7


def test_a_server_error_is_a_source_error() -> None:
    with pytest.raises(SourceError, match=YENTE_UNREACHABLE):
        YenteScreener(replay("unavailable")).screen("Hamburg Coffee Roasters GmbH", country="DE")


def test_an_unreachable_server_is_a_source_error() -> None:
    http = FakeHttp({("POST", URL): requests.ConnectTimeout("timed out")})

    with pytest.raises(SourceError, match=YENTE_UNREACHABLE):
        YenteScreener(http).screen("Hamburg Coffee Roasters GmbH")


def test_sends_the_api_key_threshold_and_check_timeout(settings: Any) -> None:
    settings.VERIFICATION_YENTE_API_KEY = "recorded-key"
    settings.VERIFICATION_CHECK_TIMEOUT = 6.0
    http = replay("no_match")

    YenteScreener(http).screen("Hamburg Coffee Roasters GmbH", country="DE")

    (call,) = http.calls
    assert call["headers"] == {"Authorization": "ApiKey recorded-key"}
    assert call["params"] == {"threshold": "0.7"}
    assert call["timeout"] == 6.0


def test_without_an_api_key_no_authorization_is_sent() -> None:
    http = replay("no_match")

    YenteScreener(http).screen("Hamburg Coffee Roasters GmbH", country="DE")

    assert "Authorization" not in http.calls[0]["headers"]


def test_the_screener_is_yente_when_its_url_is_set(settings: Any) -> None:
    assert isinstance(sanctions_screener(), YenteScreener)

    settings.VERIFICATION_YENTE_URL = ""
    assert isinstance(sanctions_screener(), ListScreener)


def yente_result(caption: str, score: float) -> dict[str, Any]:
    return {"caption": caption, "score": score, "properties": {"name": [caption]}, "datasets": []}


def test_the_grades_follow_the_threshold_and_the_band_below_it() -> None:
    body = {
        "responses": {
            "q": {
                "results": [
                    yente_result("Listed Trading Ltd", 0.7),
                    yente_result("Listed Traders Ltd", 0.67),
                    yente_result("Other Trading Ltd", 0.6),
                ]
            }
        }
    }
    http = FakeHttp({("POST", URL): response(200, body)})

    result = YenteScreener(http).screen("Listed Trading Co")

    assert [match.grade for match in result.matches] == [GRADE_MATCH, GRADE_REVIEW, GRADE_NEAR]
    assert [hit.name for hit in result.hits] == ["Listed Trading Ltd"]
    assert [review.name for review in result.reviews] == ["Listed Traders Ltd"]
    assert result.review_threshold == pytest.approx(0.66)
    assert result.lists == ()


def answered(*results: dict[str, Any]) -> FakeHttp:
    return FakeHttp(
        {("POST", URL): response(200, {"responses": {"q": {"results": list(results)}}})}
    )


def test_the_company_is_sent_with_its_aliases_and_country_to_the_dataset_asked(
    settings: Any,
) -> None:
    settings.VERIFICATION_YENTE_DATASET = "sanctions"
    url = "https://yente.tradewise.example/match/sanctions"
    http = FakeHttp({("POST", url): response(200, {"responses": {"q": {"results": []}}})})

    YenteScreener(http).screen("Dong Tam Trading", ["Đồng Tâm"], country="VN")
    YenteScreener(http).screen("Dong Tam Trading")

    assert [call["json"] for call in http.calls] == [
        {
            "queries": {
                "q": {
                    "schema": "Company",
                    "properties": {"name": ["Dong Tam Trading", "Đồng Tâm"], "country": ["VN"]},
                }
            }
        },
        {"queries": {"q": {"schema": "Company", "properties": {"name": ["Dong Tam Trading"]}}}},
    ]


def test_a_results_programme_is_its_first_property_of_programme_then_topics() -> None:
    http = answered(
        {"caption": "A", "score": 0.9, "properties": {"programId": ["UN-SCKP"], "topics": ["x"]}},
        {"caption": "B", "score": 0.9, "properties": {"program": ["", 7], "topics": ["sanction"]}},
        {"caption": "C", "score": 0.9, "properties": {"topics": ["sanction", "debarment"]}},
        {"caption": "D", "score": 0.9},
    )

    result = YenteScreener(http).screen("A")

    assert [match.programme for match in result.matches] == [
        "UN-SCKP",
        "",  # an empty string is a value; the number is not
        "sanction, debarment",
        "",
    ]


def test_a_results_date_is_its_last_change_else_first_seen_as_a_day() -> None:
    http = answered(
        {"caption": "A", "score": 0.1, "last_change": "2026-01-15T10:00:00", "first_seen": "2020"},
        {"caption": "B", "score": 0.1, "first_seen": "2022-11-20T08:00:00"},
        {"caption": "C", "score": 0.1},
    )

    result = YenteScreener(http).screen("A")

    assert [match.list_date for match in result.matches] == ["2026-01-15", "2022-11-20", None]


def test_a_result_lists_its_datasets_and_matched_names() -> None:
    http = answered(
        {
            "caption": "Dong Tam",
            "score": 0.8,
            "datasets": ["un_sc_sanctions", "us_ofac_sdn"],
            "properties": {"name": ["Dong Tam", "Đông Tâm"]},
        }
    )

    [match] = YenteScreener(http).screen("Dong Tam").matches

    assert (match.list_name, match.matched_name) == (
        "un_sc_sanctions, us_ofac_sdn",
        "Dong Tam, Đông Tâm",
    )


@pytest.mark.parametrize(
    "body", [{"responses": {}}, {"responses": {"q": {"results": None}}}, "not json"]
)
def test_an_answer_in_another_shape_is_a_source_error(body: Any) -> None:
    http = FakeHttp({("POST", URL): response(200, body)})

    with pytest.raises(SourceError) as failure:
        YenteScreener(http).screen("Dong Tam")

    assert str(failure.value) == YENTE_UNREACHABLE


def test_the_review_band_never_falls_below_zero(settings: Any) -> None:
    settings.VERIFICATION_YENTE_THRESHOLD = 0.01

    result = YenteScreener(answered()).screen("Dong Tam")

    assert (result.threshold, result.review_threshold) == (0.01, 0.0)
