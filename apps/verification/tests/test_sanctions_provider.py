"""The sanctions check's adapter over the loaded lists: matches above the threshold are hits,
near misses travel as evidence only, and an empty store is an error, never 'clear'."""

from __future__ import annotations

import pytest

from apps.verification.providers import SourceError
from apps.verification.providers.sanctions import NO_LIST_LOADED, ListScreener

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
