"""The sanctions check's adapter over the loaded lists: matches are hits, reviews travel apart
from them and near misses as evidence only, the lists screened are named, and an empty store is
an error, never 'clear'."""

from __future__ import annotations

from datetime import datetime

import pytest

from apps.verification.providers import SourceError
from apps.verification.providers.sanctions import (
    GRADE_MATCH,
    GRADE_NEAR,
    GRADE_REVIEW,
    NO_LIST_LOADED,
    ListScreener,
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
