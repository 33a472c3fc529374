"""Comparing a screened name with a list entry: words weighed by how distinctive they are, and
the grade the words in common allow (no database: the committed generic words alone, or a
vocabulary given here)."""

from __future__ import annotations

import pytest

from apps.verification.sanctions.matching import (
    GENERIC_WEIGHT,
    MATCH_THRESHOLD,
    REVIEW_THRESHOLD,
    Agreement,
    Comparison,
    Grade,
    Thresholds,
    Vocabulary,
    agreed_share,
    agreement_ceiling,
    agreement_of,
    compare,
    counterparts,
    folded,
    generic_positions,
    letters_score,
    penalty,
    similarity,
    string_score,
    weighed,
)
from apps.verification.sanctions.names import match_key


def compared(name: str, entry: str) -> Comparison:
    return compare(weighed(match_key(name)), weighed(match_key(entry)))


@pytest.mark.parametrize(
    ("name", "entry"),
    [
        ("Olam International Limited", "INT LTD EOOD"),
        ("Nordic International Trading AB", "NPC International"),
        ("Bank of Armenia", "Bank of America"),
        ("Vietnam National Coffee Corporation", "Korea National Coffee Company"),
        ("Golden Harvest Agro Foods", "Agro Foods Trading FZE"),
        ("Shanghai Foods Industries Co", "Foods Industries Group"),
    ],
)
def test_words_every_company_uses_are_no_evidence(name: str, entry: str) -> None:
    comparison = compared(name, entry)

    assert comparison.grade == Grade.NEAR
    assert comparison.score < REVIEW_THRESHOLD


@pytest.mark.parametrize(
    ("name", "entry"),
    [
        ("Dubai General Trading LLC", "Dubai Trading Company"),
        ("Saigon Seafood Import Export JSC", "Seafood Export Company"),
        ("Korea Natl Insurance", "Korea National Insurance Company"),
    ],
)
def test_a_generic_name_written_longer_is_at_most_a_review(name: str, entry: str) -> None:
    assert compared(name, entry).grade == Grade.REVIEW


@pytest.mark.parametrize(
    ("name", "entry"),
    [
        ("Nordstrand Seafood AS", "Nordstrand Ltd"),
        ("Alfa Foods Trading", "Alfa Trading Company"),
        ("Sberbank", "Sberbank of Russia"),
        ("Galaxy Trading Co", "Galax Trading Co., Ltd."),
    ],
)
def test_a_single_distinctive_word_in_common_is_at_most_a_review(name: str, entry: str) -> None:
    comparison = compared(name, entry)

    assert comparison.score >= MATCH_THRESHOLD
    assert comparison.grade == Grade.REVIEW


@pytest.mark.parametrize(
    ("name", "entry"),
    [
        ("Korea Mining Development Trading Corp", "KOREA MINING DEVELOPMENT TRADING CORPORATION"),
        ("Gazprom Neft PJSC", "PUBLIC JOINT STOCK COMPANY GAZPROM NEFT"),
        ("Hongxiang Industrial Development (Dandong)", "DANDONG HONGXIANG INDUSTRIAL DEVELOPMENT"),
        ("Nordstrand", "NORDSTRAND LTD."),
        ("Rosneft Trading SA", "ROSNEFT TRADING S.A."),
    ],
)
def test_a_listed_name_written_another_way_is_a_match(name: str, entry: str) -> None:
    assert compared(name, entry).grade == Grade.MATCH


@pytest.mark.parametrize(
    ("name", "entry"),
    [
        ("АО «Концерн «Калашников»", "Concern Kalashnikov"),  # noqa: RUF001 (Cyrillic)
        ("ПАО Сбербанк России", "SBERBANK ROSSII"),
        ("Ladozhskiy Elevator", "LADOZHSKI ELEVATOR, OAO"),
        ("丹东宏达实业发展", "Dandong Hongda Shiye Fazhan"),
        ("Đông Tâm Thương Mại", "CONG TY TNHH THUONG MAI DONG TAM"),
    ],
)
def test_scripts_and_transliterations_still_match(name: str, entry: str) -> None:
    assert compared(name, entry).grade == Grade.MATCH


def test_a_weak_score_is_near_and_the_band_below_the_threshold_a_review() -> None:
    name = weighed(match_key("Hafez Darya Shipping"))
    entry = weighed(match_key("HAFEZ DARYA ARYA SHIPPING COMPANY"))
    score = compare(name, entry).score

    assert compare(name, entry, Thresholds(score + 1, score + 1)).grade == Grade.NEAR
    assert compare(name, entry, Thresholds(score + 1, score)).grade == Grade.REVIEW
    assert compare(name, entry, Thresholds(score, score)).grade == Grade.MATCH


def test_generic_words_places_and_legal_forms_weigh_little() -> None:
    key = weighed(match_key("Công ty TNHH Xuất nhập khẩu Hải Phòng Ryonbong"))

    assert key.words == ("xuat", "nhap", "khau", "hai", "phong", "ryonbong")
    assert key.weights == (GENERIC_WEIGHT,) * 5 + (1.0,)
    assert weighed("germany vietnamese trading").weights == (GENERIC_WEIGHT,) * 3


def test_a_word_many_listed_entries_carry_weighs_less() -> None:
    entries = [[f"gazprom unit{number}"] for number in range(20)]
    entries += [[f"company{number}"] for number in range(2_980)]
    vocabulary = Vocabulary.of(entries)

    assert vocabulary.entries == 3_000
    assert vocabulary.weight("unit7") == 1.0
    assert GENERIC_WEIGHT < vocabulary.weight("gazprom") < 1.0
    assert Vocabulary.of([["gazprom"], ["gazprom neft"]]).weight("gazprom") == 1.0


@pytest.mark.parametrize(
    ("score", "ceiling", "grade"),
    [
        (MATCH_THRESHOLD, Grade.MATCH, Grade.MATCH),
        (83.9, Grade.MATCH, Grade.REVIEW),
        (REVIEW_THRESHOLD, Grade.MATCH, Grade.REVIEW),
        (79.9, Grade.MATCH, Grade.NEAR),
        (99.0, Grade.REVIEW, Grade.REVIEW),
        (99.0, Grade.NEAR, Grade.NEAR),
    ],
)
def test_a_score_earns_its_grade_up_to_the_ceiling_the_words_allow(
    score: float, ceiling: Grade, grade: Grade
) -> None:
    assert Thresholds().grade(score, ceiling) == grade


def test_a_review_band_above_the_threshold_reviews_from_the_threshold() -> None:
    assert Thresholds(match=80.0, review=90.0).grade(85.0, Grade.REVIEW) == Grade.REVIEW


@pytest.mark.parametrize(
    ("word", "other"),
    [
        ("kontsern", "concern"),
        ("ladozhskiy", "ladozhski"),
        ("torgovyi", "torgovy"),
        ("khimprom", "himprom"),
        ("phillips", "filips"),
    ],
)
def test_transliteration_variants_fold_to_one_spelling(word: str, other: str) -> None:
    assert folded(word) == folded(other)


def test_words_that_differ_in_more_than_their_transliteration_do_not_fold_together() -> None:
    assert folded("armenia") != folded("america")


@pytest.mark.parametrize(
    ("word", "other", "single", "generic", "agreement"),
    [
        ("sberbank", "sberbank", True, False, Agreement.EXACT),
        ("kontsern", "concern", True, False, Agreement.ALIKE),
        ("ryonbong", "ryongbong", True, False, Agreement.ALIKE),  # a typo
        ("armenia", "america", True, True, Agreement.NONE),  # generic look-alikes
        ("tech", "technology", True, True, Agreement.ALIKE),  # one inside the other
        ("santander", "santanderchile", False, False, Agreement.NONE),  # joined: nearly equal
        ("dandong", "dandong", False, False, Agreement.EXACT),
    ],
)
def test_how_one_word_meets_another(
    word: str, other: str, single: bool, generic: bool, agreement: Agreement
) -> None:
    spelt = (word, folded(word))
    other_spelt = (other, folded(other))

    assert agreement_of(spelt, other_spelt, single=single, generic=generic) == agreement


@pytest.mark.parametrize(
    ("carried_by", "weight"),
    [(0, 1.0), (2, 1.0), (6, 0.618), (20, GENERIC_WEIGHT), (400, GENERIC_WEIGHT)],
)
def test_a_word_weighs_less_the_more_of_the_entries_carry_it(
    carried_by: int, weight: float
) -> None:
    vocabulary = Vocabulary({"word": carried_by}, 1_000)

    assert vocabulary.weight("word") == pytest.approx(weight, abs=0.001)


def test_the_same_key_scores_a_hundred_and_an_empty_one_nothing() -> None:
    assert similarity("sberbank", "sberbank") == 100.0
    assert compare(weighed(""), weighed("sberbank")) == Comparison(0.0, Grade.NEAR)


def test_words_written_together_score_as_the_words_apart() -> None:
    assert string_score("good will", "goodwill") == 100.0
    assert compare(weighed("dandong hongda"), weighed("dan dong hongda")) == Comparison(
        100.0, Grade.MATCH
    )


def test_a_name_inside_a_longer_one_is_raised_halfway_to_the_containment_score() -> None:
    # token sort 82.4 (siemens / siemens ag), no-space ratio 87.5, token set 100
    assert string_score("siemens", "siemens ag") == 93.75


def test_a_transliteration_variant_scores_as_the_same_letters() -> None:
    assert string_score("kontsern", "concern") == pytest.approx(66.667, abs=0.001)
    assert letters_score(weighed("kontsern"), weighed("concern")) == 100.0


def test_below_the_floor_the_letters_score_is_kept_and_the_grade_is_near() -> None:
    assert compare(weighed("ryonbong"), weighed("ryonbang"), floor=99.0) == Comparison(
        87.5, Grade.NEAR
    )


@pytest.mark.parametrize(
    ("name", "entry", "missing", "score"),
    [
        ("ryonbong sinhung", "ryonbong kapsan trading", 10.0, 56.7),  # the shorter name's word
        ("ryonbong sinhung", "ryonbong kapsan", 10.0, 51.3),  # equally long: the worse side
        ("ryonbong trading", "ryonbong", 0.0, 84.8),  # the longer name's words cost nothing
    ],
)
def test_each_unmatched_word_of_the_shorter_name_costs_ten_points_by_its_weight(
    name: str, entry: str, missing: float, score: float
) -> None:
    key, listed = weighed(name), weighed(entry)
    agreed, entry_agreed = counterparts(key, listed)

    assert penalty(key, agreed, listed, entry_agreed) == missing
    assert compare(key, listed).score == score


@pytest.mark.parametrize(
    ("name", "entry", "comparison"),
    [
        ("galax ryonbong", "galaxy ryonbong", Comparison(96.6, Grade.MATCH)),  # two in common
        ("galax shipping", "galaxy shipping", Comparison(96.6, Grade.REVIEW)),  # one, misspelt
        ("korea national insurance", "korea national", Comparison(87.1, Grade.REVIEW)),
        ("bank of armenia", "bank of america", Comparison(56.5, Grade.NEAR)),
    ],
)
def test_the_words_in_common_set_the_best_grade_whatever_the_letters_score(
    name: str, entry: str, comparison: Comparison
) -> None:
    assert compare(weighed(match_key(name)), weighed(match_key(entry))) == comparison


def test_names_with_no_word_in_common_are_scaled_to_nothing() -> None:
    name, entry = weighed("olam international"), weighed("int")
    agreed, entry_agreed = counterparts(name, entry)

    assert agreement_ceiling(name, agreed, entry, entry_agreed) == Grade.NEAR
    assert (agreed_share(name, agreed), agreed_share(entry, entry_agreed)) == (0.0, 0.0)
    assert compare(name, entry) == Comparison(0.0, Grade.NEAR)


def test_a_word_meeting_words_written_apart_marks_them_all() -> None:
    name, entry = weighed("dandong hongda"), weighed("dan dong hongda")

    assert counterparts(name, entry) == (
        [Agreement.EXACT, Agreement.EXACT],
        [Agreement.EXACT, Agreement.EXACT, Agreement.EXACT],
    )


def test_the_longest_generic_phrase_is_taken_first_and_one_letter_weighs_as_generic() -> None:
    assert generic_positions(("xuat", "nhap", "khau", "ryonbong")) == {0, 1, 2}
    assert weighed("a ryonbong").weights == (GENERIC_WEIGHT, 1.0)
    assert weighed("a ryonbong").distinctive == (False, True)


def test_a_word_shorter_than_four_letters_is_not_found_inside_a_longer_one() -> None:
    spelt = ("tec", folded("tec"))
    longer = ("technology", folded("technology"))

    assert agreement_of(spelt, longer, single=True, generic=False) == Agreement.NONE


def test_an_entrys_word_is_counted_once_however_many_of_its_names_carry_it() -> None:
    vocabulary = Vocabulary.of([["gazprom", "gazprom neft"], ["neft"]])

    assert vocabulary == Vocabulary({"gazprom": 1, "neft": 2}, 2)


def test_with_the_review_band_above_the_threshold_a_score_under_the_threshold_is_near() -> None:
    thresholds = Thresholds(match=80.0, review=90.0)

    assert thresholds.grade(79.9, Grade.MATCH) == Grade.NEAR
    assert thresholds.grade(80.0, Grade.MATCH) == Grade.MATCH


def test_doubled_letters_fold_to_one_and_the_thresholds_are_eighty_four_and_eighty() -> None:
    assert (folded("phillips"), folded("kontsern")) == ("filips", "concern")
    assert (MATCH_THRESHOLD, REVIEW_THRESHOLD) == (84.0, 80.0)
