"""Names as sanctions screening compares them: words in plain ASCII, numbers as digits,
abbreviations spelt out, and legal forms taken out of an organisation's name only."""

from __future__ import annotations

import pytest

from apps.verification.sanctions.names import match_key, strip_legal_forms, tokens


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("A.B.C. Trading", ["abc", "trading"]),  # dots join
        ("Qa'ida Group", ["qaida", "group"]),  # so do apostrophes
        ("Dong-Tam/Saigon", ["dong", "tam", "saigon"]),  # other marks split
        ("A&B Trading", ["a", "and", "b", "trading"]),
        ("Intl Mfg Bros", ["international", "manufacturing", "brothers"]),
        ("ĐÔNG Á", ["dong", "a"]),
    ],
)
def test_a_name_becomes_plain_ascii_words(name: str, words: list[str]) -> None:
    assert tokens(name) == words


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Forty Four Seasons", ["44", "seasons"]),
        ("forty 4", ["44"]),
        ("twenty first", ["21"]),
        ("1st Choice", ["1", "choice"]),
        ("First Choice", ["1", "choice"]),
        ("Seven Eleven", ["7", "11"]),
        ("Twenty Twenty", ["20", "20"]),  # two tens stay two numbers
    ],
)
def test_numbers_written_in_words_or_as_ordinals_become_digits(name: str, words: list[str]) -> None:
    assert tokens(name) == words


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("The Dong Tam Trading Co., Ltd", "dong tam trading"),
        ("Công ty TNHH Thương mại Đông Tâm", "thuong mai dong tam"),
        ("Rosneft Trading SA", "rosneft trading"),
        ("丹东宏达实业发展有限公司", "dan dong hong da shi ye fa zhan"),  # every syllable kept
        ("Co., Ltd", "co ltd"),  # nothing but a legal form: all of it is kept
        ("The", "the"),
    ],
)
def test_an_organisations_key_leaves_out_legal_forms_and_the_article(name: str, key: str) -> None:
    assert match_key(name) == key


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Rosneft Trading SA", "rosneft trading sa"),
        ("Công ty TNHH Thương mại Đông Tâm", "cong ty tnhh thuong mai dong tam"),
    ],
)
def test_a_persons_key_keeps_every_word(name: str, key: str) -> None:
    assert match_key(name, organisation=False) == key


def test_the_longest_legal_form_is_taken_out_first() -> None:
    words = ["cong", "ty", "trach", "nhiem", "huu", "han", "dong", "tam"]

    assert strip_legal_forms(words) == ["dong", "tam"]


def test_a_chinese_legal_form_is_taken_off_the_end_of_a_name_only() -> None:
    assert tokens("丹东有限公司") == ["dan", "dong"]
    assert tokens("有限公司丹东") == ["you", "xian", "gong", "si", "dan", "dong"]


def test_a_name_that_is_only_a_chinese_legal_form_keeps_it() -> None:
    assert tokens("有限公司") == ["you", "xian", "gong", "si"]


def test_full_width_letters_are_read_as_plain_ones() -> None:
    assert tokens("\uff21\uff22\uff23 Trading") == ["abc", "trading"]


def test_a_name_of_marks_only_has_no_key() -> None:
    assert (match_key("— / —"), match_key("...")) == ("", "")
