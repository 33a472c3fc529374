"""The product lexicon that search and the AI box share."""

import pytest

from apps.market.products import description_words, product_synonyms


@pytest.mark.parametrize("name", ["cashew", "Hạt Điều", "腰果", "cashew nuts"])
def test_a_product_name_means_the_product_in_every_language(name: str) -> None:
    assert product_synonyms(name) == ("cashew", "cashews", "điều", "腰果")


def test_vietnamese_names_keep_their_accents() -> None:
    assert product_synonyms("chè") == ("tea", "chè", "trà", "茶")


def test_an_unknown_name_has_no_synonyms() -> None:
    assert product_synonyms("widgets") == ()


def test_description_words_keep_accents_and_drop_punctuation() -> None:
    assert description_words("Hạt điều, W320!") == "hạt điều w320"
