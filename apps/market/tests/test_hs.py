import gzip

import pytest

from apps.market.hs import import_hs_file, load_default_nomenclature
from apps.market.models import HSCode, HSSection

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


def test_unknown_layout_is_refused(tmp_path):
    path = tmp_path / "x.csv"
    path.write_text("a,b\n1,2\n", "utf-8")
    with pytest.raises(ValueError, match="Unknown HS file layout"):
        import_hs_file(path)
