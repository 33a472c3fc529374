"""The legal-form word list derived from GLEIF's ELF code list: what is kept of it, what is
left out, and the forms added to it."""

from __future__ import annotations

import csv
import gzip
import io
from pathlib import Path

import pytest

from apps.verification.sanctions.legal_forms import (
    ABBREVIATION_COLUMNS,
    NAME_COLUMNS,
    derive_legal_forms,
    normalised,
)


@pytest.mark.parametrize(
    ("form", "phrase"),
    [
        ("Co., Ltd.", "co ltd"),
        ("Công ty TNHH", "cong ty tnhh"),
        ("S.A.R.L.", "sarl"),
        ("Gesellschaft mit beschränkter Haftung", "gesellschaft mit beschrankter haftung"),
    ],
)
def test_a_form_is_normalised_as_names_are(form: str, phrase: str) -> None:
    assert normalised(form) == phrase


def elf_file(tmp_path: Path, rows: list[dict[str, str]]) -> Path:
    columns = [*NAME_COLUMNS, *ABBREVIATION_COLUMNS]
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=columns)
    writer.writeheader()
    writer.writerows({column: row.get(column, "") for column in columns} for row in rows)
    path = tmp_path / "elf.csv.gz"
    path.write_bytes(gzip.compress(text.getvalue().encode("utf-8-sig")))
    return path


def test_the_elf_names_and_abbreviations_are_kept_but_not_words_that_name_companies(
    tmp_path: Path,
) -> None:
    local, abbreviations = NAME_COLUMNS[0], ABBREVIATION_COLUMNS[0]
    path = elf_file(
        tmp_path,
        [
            {local: "Gesellschaft mit beschränkter Haftung", abbreviations: "GmbH;mbH"},
            {local: "Eine Form mit sehr vielen langen Wörtern"},  # over six words
            {local: "Savings Bank", abbreviations: "SB"},  # 'bank' names companies
            {local: "Fund IV", abbreviations: "IV;X"},  # Roman numerals, one letter
        ],
    )

    forms = set(derive_legal_forms(path))

    assert {"gesellschaft mit beschrankter haftung", "gmbh", "mbh", "sb"} <= forms
    assert {"joint stock company", "cong ty tnhh", "ooo"} <= forms  # the forms added
    assert forms.isdisjoint(
        {"eine form mit sehr vielen langen wortern", "savings bank", "fund iv", "iv", "x"}
    )


@pytest.mark.parametrize(
    ("form", "kept"),
    [
        ("ii", False),  # a Roman numeral
        ("xiv", False),
        ("iv", False),
        ("ivs", True),  # not a numeral: the Danish IVS
        ("x", False),  # one letter
        ("ab", True),
    ],
)
def test_roman_numerals_and_one_letter_forms_are_left_out(
    tmp_path: Path, form: str, kept: bool
) -> None:
    path = elf_file(tmp_path, [{ABBREVIATION_COLUMNS[1]: form}])

    assert (form in derive_legal_forms(path)) is kept


def test_a_name_of_six_words_is_kept_and_one_of_seven_left_out(tmp_path: Path) -> None:
    six = "eins zwei drei vier funf sechs"
    path = elf_file(tmp_path, [{NAME_COLUMNS[1]: six}, {NAME_COLUMNS[1]: f"{six} sieben"}])

    forms = derive_legal_forms(path)

    assert six in forms
    assert f"{six} sieben" not in forms


def test_the_forms_come_sorted_once_each_from_both_abbreviation_columns(tmp_path: Path) -> None:
    path = elf_file(
        tmp_path,
        [
            {ABBREVIATION_COLUMNS[0]: "ZZ Ltd.;GmbH", ABBREVIATION_COLUMNS[1]: "gmbh"},
            {ABBREVIATION_COLUMNS[0]: "GmbH"},
        ],
    )

    forms = derive_legal_forms(path)

    assert forms == sorted(set(forms))
    assert forms.count("gmbh") == 1
    assert "zz ltd" in forms


def test_a_form_holding_a_word_that_names_companies_is_left_out_even_when_added(
    tmp_path: Path,
) -> None:
    path = elf_file(tmp_path, [{NAME_COLUMNS[0]: "Public Limited Company"}])

    forms = derive_legal_forms(path)

    assert "public limited company" not in forms  # 'public' is distinctive
    assert "private limited company" in forms
