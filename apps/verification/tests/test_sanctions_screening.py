"""Screening names against the loaded lists: normalisation, grades and thresholds, no list
loaded, and the index built before the first screening."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from django.db import OperationalError

from apps.verification.sanctions import screening
from apps.verification.sanctions.imports import import_sanctions
from apps.verification.sanctions.matching import (
    MATCH_THRESHOLD,
    REVIEW_THRESHOLD,
    Grade,
    Thresholds,
)
from apps.verification.sanctions.screening import (
    SanctionsMatch,
    ScreeningStatus,
    build_index,
    country_agrees,
    graded_screening,
    rank,
    screen,
    warm_up,
)
from apps.verification.tests.conftest import LIST_XML

pytestmark = pytest.mark.django_db


def test_an_empty_store_is_no_list_loaded_never_clear() -> None:
    result = screen("Dong Tam Trading")

    assert result.status == ScreeningStatus.NO_LIST_LOADED
    assert result.matches == []
    assert result.lists == []


@pytest.mark.usefixtures("loaded_list")
@pytest.mark.parametrize(
    "name",
    [
        "Công ty TNHH Thương mại Đông Tâm",
        "Cong ty TNHH Thuong mai Dong Tam",
        "CÔNG TY TRÁCH NHIỆM HỮU HẠN THƯƠNG MẠI ĐÔNG TÂM",
        "Thương mại Đông Tâm",
        "Dong Tam Trading Co., Ltd",
        "Dong Tam Trading LLC",
        "Trading Dong-Tam, Ltd.",
    ],
)
def test_vietnamese_names_match_with_or_without_diacritics_and_legal_forms(name: str) -> None:
    result = screen(name, country="VN")

    assert result.status == ScreeningStatus.POSSIBLE_MATCH
    [match] = result.matches
    assert match.name == "CONG TY TNHH THUONG MAI DONG TAM"
    assert match.score >= MATCH_THRESHOLD
    assert (match.list_name, match.list_published_on) == ("UN Consolidated", date(2026, 1, 15))
    assert match.programmes == ["DPRK"]
    assert match.same_country is True
    assert result.threshold == MATCH_THRESHOLD


@pytest.mark.usefixtures("loaded_list")
@pytest.mark.parametrize(
    ("name", "matched_name"),
    [
        ("丹东宏达实业发展有限公司", "丹东宏达实业发展有限公司"),
        ("丹东宏达实业发展", "丹东宏达实业发展有限公司"),
        ("丹東宏達實業發展有限公司", "丹东宏达实业发展有限公司"),
        ("Dandong Hongda Shiye Fazhan Youxian Gongsi", "丹东宏达实业发展有限公司"),
        (
            "Dandong Hongda Industrial Development Co., Ltd.",
            "DANDONG HONGDA INDUSTRIAL DEVELOPMENT CO LTD",
        ),
    ],
)
def test_chinese_names_match_in_characters_and_pinyin(name: str, matched_name: str) -> None:
    result = screen(name, country="VN")

    [match] = result.matches
    assert match.matched_name == matched_name
    assert match.same_country is False


@pytest.mark.usefixtures("loaded_list")
def test_aliases_are_screened_and_the_best_score_kept() -> None:
    result = screen("Saigon Coffee Export JSC", aliases=["Đông Tâm Thương Mại"])

    assert [match.source_id for match in result.matches] == ["1"]
    assert result.names == ["Saigon Coffee Export JSC", "Đông Tâm Thương Mại"]


@pytest.mark.usefixtures("loaded_list")
def test_a_weak_score_is_never_called_a_match() -> None:
    result = screen("Đông Á Trading Co., Ltd")

    assert result.status == ScreeningStatus.CLEAR
    assert result.matches == []
    assert result.nearest
    assert all(near.score < MATCH_THRESHOLD for near in result.nearest)
    assert result.lists[0].name == "UN Consolidated"


@pytest.mark.usefixtures("loaded_list")
def test_the_threshold_decides_and_is_reported() -> None:
    near = screen("Đông Á Trading Co., Ltd")
    assert near.status == ScreeningStatus.CLEAR
    score = near.nearest[0].score

    stricter = screen("Đông Á Trading Co., Ltd", threshold=score + 1)
    looser = screen("Đông Á Trading Co., Ltd", threshold=score)
    assert stricter.status == ScreeningStatus.CLEAR
    assert looser.status == ScreeningStatus.POSSIBLE_MATCH
    assert looser.threshold == score


@pytest.mark.usefixtures("loaded_list")
def test_a_reloaded_list_is_screened_at_once(tmp_path: Path) -> None:
    assert screen("Dong Tam Trading").status == ScreeningStatus.POSSIBLE_MATCH
    path = tmp_path / "un_list.xml"
    path.write_text(
        LIST_XML.replace("DONG TAM", "BINH MINH").replace("Dong Tam", "Binh Minh"), encoding="utf-8"
    )
    import_sanctions([path])

    assert screen("Dong Tam Trading").status == ScreeningStatus.CLEAR
    assert screen("Binh Minh Trading").status == ScreeningStatus.POSSIBLE_MATCH


# A fictitious list in the UN format: entries whose names share generic words with ordinary
# companies, and entries with names in other scripts.
GRADED_XML = """<?xml version="1.0" encoding="UTF-8"?>
<CONSOLIDATED_LIST dateGenerated="2026-02-01T00:00:00.000Z">
  <INDIVIDUALS/>
  <ENTITIES>
    <ENTITY><DATAID>11</DATAID><FIRST_NAME>NORDSTRAND LTD.</FIRST_NAME>
      <UN_LIST_TYPE>DPRK</UN_LIST_TYPE></ENTITY>
    <ENTITY><DATAID>12</DATAID><FIRST_NAME>INT LTD EOOD</FIRST_NAME>
      <UN_LIST_TYPE>DPRK</UN_LIST_TYPE></ENTITY>
    <ENTITY><DATAID>13</DATAID><FIRST_NAME>DUBAI TRADING COMPANY</FIRST_NAME>
      <UN_LIST_TYPE>DPRK</UN_LIST_TYPE></ENTITY>
    <ENTITY><DATAID>14</DATAID><FIRST_NAME>ALFA COMPANY FOR INTERNATIONAL TRADING</FIRST_NAME>
      <UN_LIST_TYPE>DPRK</UN_LIST_TYPE>
      <ENTITY_ALIAS><QUALITY>a.k.a.</QUALITY><ALIAS_NAME>ALFA TRADING COMPANY</ALIAS_NAME>
      </ENTITY_ALIAS></ENTITY>
    <ENTITY><DATAID>15</DATAID>
      <FIRST_NAME>KOREA MINING DEVELOPMENT TRADING CORPORATION</FIRST_NAME>
      <UN_LIST_TYPE>DPRK</UN_LIST_TYPE>
      <ENTITY_ALIAS><QUALITY>a.k.a.</QUALITY><ALIAS_NAME>KOMID</ALIAS_NAME></ENTITY_ALIAS>
    </ENTITY>
    <ENTITY><DATAID>16</DATAID><FIRST_NAME>SBERBANK OF RUSSIA</FIRST_NAME>
      <NAME_ORIGINAL_SCRIPT>ПАО Сбербанк России</NAME_ORIGINAL_SCRIPT>
      <UN_LIST_TYPE>RU</UN_LIST_TYPE></ENTITY>
    <ENTITY><DATAID>17</DATAID><FIRST_NAME>AL-QAIDA</FIRST_NAME>
      <NAME_ORIGINAL_SCRIPT>القاعدة</NAME_ORIGINAL_SCRIPT>
      <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE></ENTITY>
  </ENTITIES>
</CONSOLIDATED_LIST>
"""


@pytest.fixture
def graded_list(tmp_path: Path) -> None:
    path = tmp_path / "un_graded.xml"
    path.write_text(GRADED_XML, encoding="utf-8")
    import_sanctions([path])


@pytest.mark.usefixtures("graded_list")
@pytest.mark.parametrize(
    "name", ["Olam International Limited", "Nordic International Trading AB", "Asia Foods"]
)
def test_generic_words_alone_are_neither_a_match_nor_a_review(name: str) -> None:
    result = screen(name)

    assert result.status == ScreeningStatus.CLEAR
    assert (result.matches, result.reviews) == ([], [])


@pytest.mark.usefixtures("graded_list")
def test_a_generic_name_written_longer_is_a_review_never_a_match() -> None:
    result = screen("Dubai General Trading LLC")

    assert result.matches == []
    assert [review.name for review in result.reviews] == ["DUBAI TRADING COMPANY"]


@pytest.mark.usefixtures("graded_list")
@pytest.mark.parametrize(
    ("name", "entry"),
    [
        ("Nordstrand Seafood AS", "NORDSTRAND LTD."),
        ("Alfa Foods Trading", "ALFA COMPANY FOR INTERNATIONAL TRADING"),
    ],
)
def test_one_distinctive_word_in_common_is_a_review(name: str, entry: str) -> None:
    result = screen(name)

    assert result.status == ScreeningStatus.POSSIBLE_MATCH
    assert result.matches == []
    [review] = result.reviews
    assert (review.name, review.grade) == (entry, Grade.REVIEW)
    assert review.score >= result.review_threshold == REVIEW_THRESHOLD


@pytest.mark.usefixtures("graded_list")
@pytest.mark.parametrize(
    ("name", "entry"),
    [
        ("Korea Mining Development Trading Corp", "KOREA MINING DEVELOPMENT TRADING CORPORATION"),
        ("KOMID", "KOREA MINING DEVELOPMENT TRADING CORPORATION"),
        ("Nordstrand Ltd", "NORDSTRAND LTD."),
        ("ПАО Сбербанк России", "SBERBANK OF RUSSIA"),
        ("Sberbank Rossii", "SBERBANK OF RUSSIA"),
        ("القاعدة", "AL-QAIDA"),
        ("Al Qaida", "AL-QAIDA"),
    ],
)
def test_listed_names_in_any_script_are_matches(name: str, entry: str) -> None:
    result = screen(name)

    [match] = result.matches
    assert (match.name, match.grade) == (entry, Grade.MATCH)


@pytest.mark.usefixtures("graded_list")
def test_the_warm_up_builds_the_index_the_first_screening_uses() -> None:
    build_index.cache_clear()

    warm_up()
    built = build_index.cache_info()
    screen("Nordstrand Seafood AS")

    assert built.currsize == 1
    assert build_index.cache_info().misses == built.misses
    assert build_index.cache_info().hits > built.hits


def test_without_a_database_the_warm_up_leaves_the_index_to_the_first_screening(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def unavailable() -> None:
        raise OperationalError("no such table: verification_sanctionslist")

    monkeypatch.setattr(screening, "current_index", unavailable)

    warm_up()

    assert "first screening" in caplog.text


@pytest.mark.parametrize(
    ("country", "listed", "agrees"),
    [
        (None, ["Viet Nam"], None),
        ("VN", [], None),
        ("VN", ["Viet Nam"], True),
        ("VN", ["China", "Vietnam"], True),
        ("VN", ["China"], False),
        ("cn", ["CHINA"], True),
    ],
)
def test_a_matchs_country_agrees_by_the_countrys_name_in_any_spelling(
    country: str | None, listed: list[str], agrees: bool | None
) -> None:
    assert country_agrees(country, listed) is agrees


def found(name: str, score: float, grade: Grade) -> SanctionsMatch:
    return SanctionsMatch(
        score=score,
        grade=grade,
        party_id=1,
        source_id=name,
        list_name="UN Consolidated",
        list_published_on=None,
        name=name,
        matched_name=name,
        kind="entity",
        programmes=[],
        countries=[],
        listed_on=None,
        same_country=None,
    )


def test_the_nearest_names_shown_are_the_five_best_from_seventy() -> None:
    ranked = [found(f"NEAR {score}", score, Grade.NEAR) for score in (79, 78, 77, 76, 75, 74, 69)]
    ranked += [found("LISTED", 90.0, Grade.MATCH), found("MAYBE", 81.0, Grade.REVIEW)]

    screened = graded_screening(
        ScreeningStatus.POSSIBLE_MATCH, Thresholds(), ["Nordkern"], ranked, []
    )

    assert [match.name for match in screened.nearest] == [f"NEAR {n}" for n in (79, 78, 77, 76, 75)]
    assert [match.name for match in screened.matches] == ["LISTED"]
    assert [match.name for match in screened.reviews] == ["MAYBE"]


def test_a_party_found_through_several_names_keeps_its_best_grade_before_its_best_score() -> None:
    assert rank(found("A", 82.0, Grade.MATCH)) > rank(found("A", 95.0, Grade.REVIEW))
    assert rank(found("A", 82.0, Grade.REVIEW)) > rank(found("A", 81.0, Grade.REVIEW))


@pytest.mark.usefixtures("loaded_list")
def test_a_review_threshold_above_the_threshold_is_lowered_to_it() -> None:
    result = screen("Dong Tam Trading", threshold=75.0, review_threshold=90.0)

    assert (result.threshold, result.review_threshold) == (75.0, 75.0)
    assert [match.name for match in result.matches] == ["CONG TY TNHH THUONG MAI DONG TAM"]


@pytest.mark.usefixtures("loaded_list")
def test_the_names_screened_are_stripped_once_each_and_blanks_left_out() -> None:
    result = screen(" Dong Tam Trading ", aliases=["Dong Tam Trading", "", "  ", "Đông Tâm"])

    assert result.names == ["Dong Tam Trading", "Đông Tâm"]


@pytest.mark.usefixtures("loaded_list")
def test_a_name_without_letters_or_digits_has_no_words_to_screen_and_is_clear() -> None:
    result = screen("— / —")

    assert result.status == ScreeningStatus.CLEAR
    assert (result.matches, result.reviews, result.nearest) == ([], [], [])


@pytest.mark.usefixtures("loaded_list")
def test_a_match_through_an_alias_names_the_alias_it_matched() -> None:
    [match] = screen("Dong Tam Trading Co., Ltd.").matches

    assert (match.name, match.matched_name) == (
        "CONG TY TNHH THUONG MAI DONG TAM",
        "Dong Tam Trading Co., Ltd.",
    )
    assert (match.source_id, match.kind, match.listed_on) == ("1", "entity", date(2025, 3, 1))
    assert match.countries == ["Viet Nam"]
    assert match.same_country is None  # no country given


@pytest.mark.usefixtures("loaded_list")
def test_the_lists_screened_are_reported_with_their_date_note_and_size() -> None:
    [screened] = screen("Hamburg Coffee Roasters GmbH").lists

    assert (
        screened.name,
        screened.published_on,
        screened.published_note,
        screened.entry_count,
    ) == ("UN Consolidated", date(2026, 1, 15), "dateGenerated in the file", 2)


def test_an_alias_not_found_again_falls_back_to_the_listed_name() -> None:
    party = screening.ListedParty(
        pk=1,
        source_id="1",
        list_name="UN Consolidated",
        list_published_on=None,
        name="DONG TAM",
        kind="entity",
        aliases=["Dong Tam Trading Co., Ltd."],
        programmes=[],
        countries=[],
        listed_on=None,
    )

    assert screening.alias_for(party, "dong tam trading") == "Dong Tam Trading Co., Ltd."
    assert screening.alias_for(party, "no such key") == "DONG TAM"


def test_near_names_alone_are_shown_as_evidence_with_the_thresholds_used() -> None:
    ranked = [found("NEAR", 75.0, Grade.NEAR)]

    clear = graded_screening(ScreeningStatus.CLEAR, Thresholds(), ["X"], ranked, [])

    assert (clear.matches, clear.reviews, clear.nearest) == ([], [], ranked)
    assert (clear.threshold, clear.review_threshold) == (MATCH_THRESHOLD, REVIEW_THRESHOLD)


def test_candidates_are_looked_up_by_their_words_in_sorted_order() -> None:
    assert screening.sorted_words("trading dong tam") == "dong tam trading"
