"""The product lexicon: the whole nomenclature in three languages, at the most specific code
the words support, with the words' place in the text and the qualifiers no code carries."""

import time

import pytest

from apps.market.lexicon import (
    code_name,
    hs_suggestions,
    match_products,
    names_for_code,
    product_names,
)


def only(text: str, language: str = "en"):  # type: ignore[no-untyped-def]
    matches = match_products(text, language)
    assert len(matches) == 1, matches
    return matches[0]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("durian", "081060"),
        ("mango", "080450"),
        ("cavendish banana", "080390"),
        ("plantain", "080310"),
        ("ground pepper", "090412"),
        ("raw coffee beans unroasted", "090111"),
        ("tapioca starch", "110814"),
    ],
)
def test_a_fruit_or_a_form_reaches_its_own_subheading(text: str, code: str) -> None:
    assert only(text).hs_code == code


def test_words_naming_a_whole_heading_stay_at_the_heading() -> None:
    match = only("coffee")
    assert match.hs_code == "0901"
    # Bananas include the plantains.
    assert only("banana").hs_code == only("香蕉", "zh").hs_code == "0803"
    assert match.hs_codes == ("0901",)


def test_words_fitting_several_subheadings_give_all_of_them() -> None:
    match = only("hạt điều", "vi")
    assert match.hs_code == "0801"
    assert match.hs_codes == ("080131", "080132")


@pytest.mark.parametrize(
    ("text", "language", "codes"),
    [
        # Frozen shrimp of cold water and the others; star anise whole and ground; green
        # tea packed and in bulk; pepper whole and ground; 'cashew' in shell and shelled.
        ("frozen shrimp", "en", ("030616", "030617")),
        ("star anise", "en", ("090961", "090962")),
        ("chè xanh", "vi", ("090210", "090220")),
        ("pepper", "en", ("090411", "090412")),
        ("腰果", "zh", ("080131", "080132")),
    ],
)
def test_a_name_that_fits_several_subheadings_equally_gives_all_of_them(
    text: str, language: str, codes: tuple[str, ...]
) -> None:
    assert only(text, language).hs_codes == codes


@pytest.mark.parametrize(
    ("text", "language", "code"),
    [
        ("natural rubber", "en", "4001"),
        ("gạo", "vi", "1006"),
        ("quế", "vi", "0906"),
        ("蜂蜜", "zh", "0409"),
    ],
)
def test_a_trade_name_covering_a_heading_gives_the_heading(
    text: str, language: str, code: str
) -> None:
    match = only(text, language)
    assert match.hs_codes == (code,)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        # Not among the hand-written products: found through the nomenclature's texts.
        ("lychee", "081090"),
        ("Persimmons", "081070"),
        ("frozen okra", "071029"),
        ("quả kiwi", "081050"),
        ("chôm chôm", "081090"),
    ],
)
def test_a_product_nobody_listed_is_found_through_the_nomenclature(text: str, code: str) -> None:
    assert only(text).hs_code == code


def test_the_match_gives_its_place_in_the_text_and_its_words() -> None:
    text = "how much durian did we ship to China in 2024"
    match = only(text)
    assert text[match.start : match.end] == "durian" == match.text
    assert match.words == ("durian",)


def test_a_variety_no_code_carries_is_a_qualifier() -> None:
    match = only("robusta coffee")
    assert match.hs_code == "090111"
    assert match.qualifiers == ("robusta",)
    assert only("organic cashew kernels").qualifiers == ("organic",)
    # A fruit among the other fruit of its code: its English name tells it apart.
    assert only("dragon fruit").qualifiers == ("dragon fruit",)
    assert only("thanh long", "vi").qualifiers == ("dragon fruit",)
    assert only("durian").qualifiers == ()


@pytest.mark.parametrize("text", ["sầu riêng", "sau rieng", "SẦU RIÊNG"])
def test_vietnamese_with_or_without_accents(text: str) -> None:
    assert only(text, "vi").hs_code == "081060"


def test_accents_tell_vietnamese_words_apart() -> None:
    # 'chè' is tea; 'chế biến' (processed) is not.
    assert only("chè xanh", "vi").hs_codes == ("090210", "090220")
    assert all(not m.hs_code.startswith("0902") for m in match_products("chế biến", "vi"))


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("大蕉", "080310"),
        ("越南罗布斯塔生咖啡豆", "090111"),
        ("木薯淀粉", "110814"),
        ("榴莲", "081060"),
    ],
)
def test_chinese(text: str, code: str) -> None:
    assert only(text, "zh").hs_code == code


def test_several_products_in_one_question() -> None:
    matches = match_products("cashew and black pepper exports to Germany", "en")
    assert [m.hs_code[:4] for m in matches] == ["0801", "0904"]
    # 'black pepper' is a trade name of the pepper subheadings: no qualifier.
    assert matches[1].qualifiers == ()
    assert matches[1].hs_codes == ("090411", "090412")


def test_words_naming_no_goods_find_nothing() -> None:
    assert match_products("who are the largest buyers in Germany last year", "en") == []


def test_names_in_three_languages() -> None:
    names = product_names("banana")
    assert "chuối" in names["vi"]
    assert "香蕉" in names["zh"]
    by_code = names_for_code("081060")
    assert "sầu riêng" in by_code["vi"]
    assert "榴莲" in by_code["zh"]


def test_code_names_in_the_interface_language() -> None:
    assert "Sầu riêng" in code_name("081060", "vi") or "sầu riêng" in code_name("081060", "vi")
    assert "榴莲" in code_name("081060", "zh")


def test_suggestions_for_digits_and_words() -> None:
    by_digits = hs_suggestions("0801", "en", 5)
    assert [s.code for s in by_digits][:2] == ["0801", "080111"]
    by_words = hs_suggestions("duri", "vi", 5)
    assert by_words[0].code in ("081060", "0810")
    assert any(s.code == "081060" for s in by_words)
    assert hs_suggestions("", "en", 5) == []


def test_matching_is_fast_once_loaded() -> None:
    match_products("warm up", "en")
    started = time.perf_counter()
    for text in ("raw coffee beans unroasted", "sầu riêng tươi", "越南香蕉", "frozen shrimp"):
        match_products(text, "en")
    assert (time.perf_counter() - started) / 4 < 0.05


@pytest.mark.parametrize(
    ("text", "code"), [("cashw", "0801"), ("coffe", "0901"), ("peper", "0904")]
)
def test_a_product_word_misspelt_by_one_letter_is_found(text: str, code: str) -> None:
    assert only(text).hs_code == code


def test_a_vietnamese_name_misspelt_by_one_letter_is_found() -> None:
    assert only("hạt điu", "vi").hs_codes == ("080131", "080132")


def test_a_word_known_to_the_lexicon_is_not_corrected() -> None:
    assert only("paper").hs_code[:2] != "09"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("tell me a joke", "en"),
        ("translate this sentence into French please", "en"),
        ("thời tiết ngày mai thế nào?", "vi"),
        ("làm sao để đổi mật khẩu?", "vi"),
        ("kể cho tôi một câu chuyện cười", "vi"),
    ],
)
def test_words_of_conversation_name_no_goods(text: str, language: str) -> None:
    assert match_products(text, language) == []


@pytest.mark.parametrize(("text", "code"), [("tỏi", "070320"), ("chôm chôm", "081090")])
def test_a_vietnamese_syllable_names_goods_as_a_whole_name(text: str, code: str) -> None:
    assert only(text, "vi").hs_code == code


@pytest.mark.parametrize("text", ["苹果手机", "苹果电脑", "橡胶手套"])
def test_a_chinese_name_describing_other_goods_is_not_those_goods(text: str) -> None:
    # An Apple phone, an Apple computer, rubber gloves: not apples, not natural rubber.
    assert match_products(text, "zh") == []


@pytest.mark.parametrize(("text", "code"), [("腰果进口商", "0801"), ("金枕榴莲", "081060")])
def test_a_chinese_name_before_trade_words_or_after_a_variety_is_the_goods(
    text: str, code: str
) -> None:
    assert only(text, "zh").hs_code == code
