"""The sanctions check's adapter over the loaded lists: matches are hits, reviews travel apart
from them and near misses as evidence only, the lists screened are named, and an empty store is
an error, never 'clear'."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from apps.verification.providers import SourceError
from apps.verification.providers.sanctions import (
    GRADE_MATCH,
    GRADE_NEAR,
    GRADE_REVIEW,
    NO_LIST_LOADED,
    ListScreener,
    SanctionMatch,
    ScreeningResult,
    sanctions_screener,
)

pytestmark = pytest.mark.django_db


def test_no_list_loaded_is_an_error() -> None:
    with pytest.raises(SourceError, match=NO_LIST_LOADED):
        ListScreener().screen("Dong Tam Trading Co., Ltd.")


def test_a_listed_company_is_a_hit_with_its_list_and_programme(loaded_list: None) -> None:
    result = ListScreener().screen("Công ty TNHH Thương mại Đồng Tâm", country="VN")

    (hit,) = result.hits
    assert hit.list_name == "UN Consolidated"
    assert hit.programme == "DPRK"
    assert hit.list_date == "2026-01-15"
    assert hit.score >= result.threshold
    assert 0 < result.threshold < 1


def test_an_unrelated_company_has_no_hit(loaded_list: None) -> None:
    result = ListScreener().screen("Hamburg Coffee Roasters GmbH", country="DE")

    assert result.hits == ()
    assert all(match.score < result.threshold for match in result.matches)


def test_the_grades_travel_apart(loaded_list: None) -> None:
    listed = ListScreener().screen("Dong Tam Trading Co., Ltd.")
    review = ListScreener().screen("Hongda Industrial Development")
    near = ListScreener().screen("Đông Á Trading Co., Ltd")

    assert [hit.grade for hit in listed.hits] == [GRADE_MATCH]
    assert listed.reviews == ()
    assert [match.name for match in review.reviews] == [
        "DANDONG HONGDA INDUSTRIAL DEVELOPMENT CO LTD"
    ]
    assert review.hits == ()
    assert review.reviews[0].grade == GRADE_REVIEW
    assert (near.hits, near.reviews) == ((), ())
    assert {match.grade for match in near.matches} == {GRADE_NEAR}
    assert 0 < near.review_threshold < near.threshold < 1  # type: ignore[operator]


def test_the_lists_screened_are_named_with_their_dates_and_sizes(loaded_list: None) -> None:
    result = ListScreener().screen("Hamburg Coffee Roasters GmbH", country="DE")

    (screened,) = result.lists
    assert (screened.name, screened.published_on, screened.entry_count) == (
        "UN Consolidated",
        "2026-01-15",
        2,
    )
    assert datetime.fromisoformat(screened.loaded_at).tzinfo is not None


def test_the_scores_and_thresholds_travel_as_fractions_to_three_decimals(
    loaded_list: None,
) -> None:
    result = ListScreener().screen("Dong Tam Trading Co., Ltd.")

    assert (result.threshold, result.review_threshold) == (0.84, 0.8)
    assert all(round(match.score, 3) == match.score for match in result.matches)


def test_a_match_carries_its_listed_name_the_name_it_matched_and_its_list_date(
    loaded_list: None,
) -> None:
    (hit,) = ListScreener().screen("Dong Tam Trading Co., Ltd.").hits

    assert (hit.name, hit.matched_name, hit.list_date) == (
        "CONG TY TNHH THUONG MAI DONG TAM",
        "Dong Tam Trading Co., Ltd.",
        "2026-01-15",
    )


def test_the_screener_is_the_lists_loaded_here_without_a_yente_address(settings: Any) -> None:
    settings.VERIFICATION_YENTE_URL = ""

    assert isinstance(sanctions_screener(), ListScreener)


def test_a_screening_results_hits_and_reviews_are_picked_out_of_its_matches() -> None:
    near = SanctionMatch("C", 0.7, "UN", "DPRK", None)
    hit = SanctionMatch("A", 0.9, "UN", "DPRK", None, grade=GRADE_MATCH)
    review = SanctionMatch("B", 0.81, "UN", "DPRK", None, grade=GRADE_REVIEW)

    result = ScreeningResult(threshold=0.84, matches=(near, hit, review))

    assert (result.hits, result.reviews) == ((hit,), (review,))
    assert (result.review_threshold, result.lists) == (None, ())
    assert near.grade == GRADE_NEAR
