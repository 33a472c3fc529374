import pytest

from apps.market.names import clean_display_name, normalise_name


def test_two_spellings_of_one_company_meet():
    assert normalise_name("CONG TY TNHH ABC") == normalise_name("Cong ty TNHH A.B.C.")
    assert normalise_name("CONG TY TNHH ABC") == "cong ty tnhh abc"


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Công ty TNHH Đại Phát", "cong ty tnhh dai phat"),
        ("CÔNG TY CỔ PHẦN XUẤT NHẬP KHẨU ĐẮK LẮK", "cong ty co phan xuat nhap khau dak lak"),
        ("  Nguyễn   Văn  Ảnh ", "nguyen van anh"),
        ("Simexco Dak Lak Co., Ltd.", "simexco dak lak co ltd"),
        ("SIMEXCO DAK LAK CO.,LTD", "simexco dak lak co ltd"),
        ("Müller & Söhne GmbH", "muller sohne gmbh"),
        ("O'Neil (Trading) - Ltd", "oneil trading ltd"),
    ],
)
def test_diacritics_case_and_punctuation(name, key):
    assert normalise_name(name) == key


def test_chinese_names_keep_their_characters():
    assert normalise_name("上海  咖啡 贸易有限公司") == "上海 咖啡 贸易有限公司"
    assert normalise_name("\u3000广州市天河区\t贸易有限公司 ") == "广州市天河区 贸易有限公司"


def test_other_scripts_keep_their_marks():
    # Japanese voiced kana decompose into a base and a mark: the mark is not an accent.
    assert normalise_name("ガス株式会社") == "ガス株式会社"


def test_a_name_of_punctuation_only_has_no_key():
    assert normalise_name("...") == ""


def test_display_name_collapses_whitespace_only():
    assert clean_display_name("  Công ty  TNHH\tA.B.C. ") == "Công ty TNHH A.B.C."
