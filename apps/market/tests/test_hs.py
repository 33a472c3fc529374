import gzip
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from apps.market import index, selectors
from apps.market.filters import ShipmentFilters
from apps.market.hs import (
    apply_subheading_names,
    embedded_translation,
    ensure_default_nomenclature,
    import_hs_file,
    load_default_nomenclature,
)
from apps.market.models import HSCode, HSSection
from apps.market.tests.factories import party, ship

pytestmark = pytest.mark.django_db


def test_the_default_nomenclature_is_loaded_with_its_hierarchy():
    assert HSSection.objects.count() == 21
    assert HSCode.objects.filter(level=2).count() == 97
    assert HSCode.objects.filter(level=4).count() == 1229
    assert HSCode.objects.filter(level=6).count() == 5613
    coffee = HSCode.objects.select_related("parent__parent", "section").get(code="090111")
    assert coffee.level == HSCode.Level.SUBHEADING
    assert coffee.parent.code == "0901"
    assert coffee.parent.parent.code == "09"
    assert coffee.parent.parent.parent is None
    assert coffee.section.code == "II"
    assert coffee.description_en == "Coffee; not roasted or decaffeinated"


@pytest.mark.parametrize("code", ["090111", "180100", "400110", "440349", "0901", "44"])
def test_eudr_commodities_are_flagged(code):
    assert HSCode.objects.get(code=code).eudr


def test_other_flags():
    assert not HSCode.objects.get(code="100630").eudr  # rice
    assert HSCode.objects.get(code="440349").eutr
    assert HSCode.objects.filter(cbam=True, code__startswith="72").exists()  # steel
    assert HSCode.objects.get(code="400110").commodity == "rubber"


def test_three_languages_for_chapters_and_agricultural_headings():
    chapter = HSCode.objects.get(code="09")
    assert chapter.description_vi == "Cà phê, chè, chè Paragoay và các loại gia vị"
    assert chapter.description_zh == "咖啡、茶、马黛茶及调味香料"
    heading = HSCode.objects.get(code="0901")
    assert heading.description_vi.startswith("Cà phê")
    assert heading.description("zh").startswith("咖啡")
    for code in ("0801", "0904", "1006", "4001", "4403", "5201"):
        item = HSCode.objects.get(code=code)
        assert item.description_vi
        assert item.description_zh
    assert HSSection.objects.get(code="II").name_zh == "植物产品"
    # Without a translation the English text stands in.
    machine = HSCode.objects.get(code="8471")
    assert machine.description("vi") == machine.description_en


def test_reloading_the_default_changes_nothing():
    assert load_default_nomenclature() == 6939
    assert HSCode.objects.count() == 6939


def test_vietnamese_nomenclature_fills_headings_and_subheadings(tmp_path):
    path = tmp_path / "vn.csv.gz"
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.write(
            "seq,level,hs_code,description_vi,description_en\n"
            '1,0,0101,"Ngựa, lừa, la sống","Live horses, asses, mules and hinnies"\n'
            "2,1,,- Ngựa:,- Horses:\n"
            "3,2,01012100,- - Loại thuần chủng để nhân giống (SEN),- - Pure-bred\n"
            "4,2,01012900,- - Loại khác,- - Other\n"
            "5,1,010130,- Lừa:,- Asses:\n"
            "6,2,01013010,- - Loại thuần chủng để nhân giống,- - Pure-bred\n"
            "7,0,0901,Cà phê,Coffee\n"
            "8,1,,- Cà phê chưa rang:,- Coffee not roasted:\n"
            "9,2,090111,- - Chưa khử chất caffeine:,- - Not decaffeinated:\n"
            "10,3,09011110,- - - Arabica WIB hoặc Robusta OIB,- - - Arabica\n"
            "11,0,01999900,Không có,None\n"
        )
    report = import_hs_file(path)
    assert report.format == "vietnamese nomenclature"
    assert HSCode.objects.get(code="0101").description_vi == "Ngựa, lừa, la sống"
    assert (
        HSCode.objects.get(code="010121").description_vi == "Ngựa: Loại thuần chủng để nhân giống"
    )
    assert HSCode.objects.get(code="010129").description_vi == "Ngựa: Loại khác"
    assert HSCode.objects.get(code="010130").description_vi == "Lừa"
    assert (
        HSCode.objects.get(code="090111").description_vi
        == "Cà phê chưa rang: Chưa khử chất caffeine"
    )
    assert report.unknown_codes == ["0199", "019999"]


def test_translation_table(tmp_path):
    path = tmp_path / "zh.csv"
    path.write_text("hs_code,description_zh\n0901.11,未焙炒未浸除咖啡碱的咖啡\n090112,\n", "utf-8")
    report = import_hs_file(path)
    assert report.format == "translations"
    assert report.updated == 1
    assert HSCode.objects.get(code="090111").description_zh == "未焙炒未浸除咖啡碱的咖啡"


def test_edition_file_adds_and_updates_codes(tmp_path):
    path = tmp_path / "hs.csv"
    path.write_text(
        "section,hscode,description,parent,level\n"
        "II,09,Coffee and tea,TOTAL,2\n"
        "II,0901,Coffee,09,4\n"
        "II,090199,Coffee; test subheading,0901,6\n",
        "utf-8",
    )
    report = import_hs_file(path, edition="HS2027")
    assert (report.format, report.created, report.updated) == ("edition", 1, 2)
    added = HSCode.objects.get(code="090199")
    assert (added.parent_id, added.section_id, added.edition) == ("0901", "II", "HS2027")
    assert HSCode.objects.get(code="09").description_en == "Coffee and tea"


def test_unreadable_lines_and_conflicting_repeats_are_bad_rows_by_line(tmp_path):
    path = tmp_path / "zh.csv"
    path.write_bytes(
        "hs_code,description_vi\n090111,Cà phê\n".encode()
        + "090112,Cà phê rang\n".encode("cp1258")
        + b"090121," + b"x" * 2_000_000 + b"\n"
        + "0901.11,Cà phê\n090111,Khác\n".encode()
    )  # fmt: skip
    report = import_hs_file(path)
    assert [line for line, _ in report.bad_rows] == [3, 4, 6]
    assert report.bad_rows[0][1].startswith("not UTF-8 text")
    assert report.bad_rows[1][1] == "the line is longer than 1,048,576 bytes"
    assert report.bad_rows[2][1] == "code 090111 repeats line 2 with other values"
    assert HSCode.objects.get(code="090111").description_vi == "Cà phê"


def test_an_edition_with_a_conflicting_repeat_keeps_the_first(tmp_path):
    path = tmp_path / "hs.csv"
    path.write_text(
        "section,hscode,description,parent,level\n"
        "II,0901,Coffee,09,4\n"
        "II,0901,Coffee,09,4\n"
        "II,0901,Tea,09,4\n",
        "utf-8",
    )
    report = import_hs_file(path, edition="HS2027")
    assert report.bad_rows == [(4, "code 0901 repeats line 2 with other values")]
    assert HSCode.objects.get(code="0901").description_en == "Coffee"


def test_a_utf16_file_is_refused_by_its_first_line(tmp_path):
    path = tmp_path / "zh.csv"
    path.write_bytes("hs_code,description_zh\n090111,咖啡\n".encode("utf-16"))
    with pytest.raises(ValueError, match="line 1: the file is UTF-16 text"):
        import_hs_file(path)


def test_unknown_layout_is_refused(tmp_path):
    path = tmp_path / "x.csv"
    path.write_text("a,b\n1,2\n", "utf-8")
    with pytest.raises(ValueError, match="Unknown HS file layout"):
        import_hs_file(path)


# The subheadings of the goods Vietnam exports most (the demo data's codes).
TRADED_SUBHEADINGS = [
    "030462", "030617", "030743", "070960", "070999", "071090", "071410", "080131",
    "080132", "080390", "080450", "081060", "081090", "081340", "090111", "090121",
    "090220", "090230", "090240", "090411", "090412", "100630", "100640", "110814",
    "400110", "400122", "400129", "440122", "440131", "440711", "440799", "940360",
]  # fmt: skip


@pytest.mark.parametrize("code", TRADED_SUBHEADINGS)
def test_traded_subheadings_have_vietnamese_and_chinese_names(code):
    item = HSCode.objects.get(code=code)
    assert item.level == HSCode.Level.SUBHEADING
    assert item.description_vi == embedded_translation(code, "vi") != ""
    assert item.description_zh == embedded_translation(code, "zh") != ""
    heading = HSCode.objects.get(code=code[:4])
    assert item.description_vi != heading.description_vi
    assert item.description_zh != heading.description_zh


def test_subheading_names_tell_the_goods_apart():
    names = {code: HSCode.objects.get(code=code) for code in ("080131", "080132", "400122")}
    assert "còn vỏ" in names["080131"].description_vi
    assert names["080131"].description_zh == "带壳腰果"
    assert "bóc vỏ" in names["080132"].description_vi
    assert "去壳" in names["080132"].description_zh
    assert "TSNR" in names["400122"].description_vi
    assert "TSNR" in names["400122"].description_zh
    # Each name is its own: no two subheadings share one.
    for language in ("vi", "zh"):
        texts = [embedded_translation(code, language) for code in TRADED_SUBHEADINGS]
        assert len(set(texts)) == len(texts)


def test_a_subheading_without_a_name_of_its_own_keeps_it_empty():
    coconuts = HSCode.objects.get(code="080119")
    assert (coconuts.description_vi, coconuts.description_zh) == ("", "")
    assert embedded_translation("080119", "vi") == ""
    assert embedded_translation("080132", "en") == ""


def test_an_older_table_gets_the_subheading_names():
    HSCode.objects.filter(code__in=TRADED_SUBHEADINGS).update(description_vi="", description_zh="")
    assert apply_subheading_names() == len(TRADED_SUBHEADINGS)
    assert HSCode.objects.get(code="090111").description_vi.startswith("Cà phê nhân chưa rang")
    HSCode.objects.filter(code="100640").update(description_zh="")
    ensure_default_nomenclature()
    assert HSCode.objects.get(code="100640").description_zh == "碎米"


@pytest.fixture
def top_hs(settings: Any, tmp_path: Path) -> Any:
    settings.TRADE_INDEX_DIR = tmp_path / "trade-index"
    vn, us = party("Công ty Dừa Bến Tre", "VN"), party("Island Foods Inc", "US")
    ship(date(2024, 4, 1), "080119", "Dừa tươi gọt vỏ", vn, us)
    ship(date(2024, 4, 2), "080119", "Dừa xiêm", vn, us)
    ship(date(2024, 4, 3), "080132", "Hạt điều nhân WW320", vn, us)
    ship(date(2024, 4, 4), "847130", "Máy tính xách tay", vn, us)
    index.build_snapshot()

    def top() -> dict[str, dict[str, str]]:
        filters = ShipmentFilters(date(2024, 1, 1), date(2024, 12, 31))
        return {row["hs_code"]: row["descriptions"] for row in selectors.top_hs_codes(filters)}

    return top


def test_top_hs_codes_show_a_subheading_by_its_own_name_else_its_headings(top_hs):
    top = top_hs()
    cashew, coconuts, laptops = top["080132"], top["080119"], top["847130"]
    assert cashew["vi"] == "Hạt điều đã bóc vỏ (điều nhân)"
    assert cashew["zh"] == HSCode.objects.get(code="080132").description_zh
    assert cashew["zh"].startswith("去壳腰果")
    heading = HSCode.objects.get(code="0801")
    assert (coconuts["vi"], coconuts["zh"]) == (heading.description_vi, heading.description_zh)
    assert coconuts["en"] == HSCode.objects.get(code="080119").description_en
    # Neither the subheading nor its heading (8471) has a name: English stands in.
    english = HSCode.objects.get(code="847130").description_en
    assert laptops == {"en": english, "vi": english, "zh": english}


def test_top_hs_codes_show_names_given_after_the_index_was_built(top_hs):
    HSCode.objects.filter(code="080119").update(description_vi="Dừa tươi loại khác")
    assert top_hs()["080119"]["vi"] == "Dừa tươi loại khác"
