"""Screening names against the loaded lists: normalisation, threshold, no list loaded."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from apps.verification.sanctions.imports import import_sanctions
from apps.verification.sanctions.matching import MATCH_THRESHOLD
from apps.verification.sanctions.screening import ScreeningStatus, screen
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
