"""Reading OFAC's CSV files line by line: the `-0-` empty marker, the end-of-file mark, the
twelve primary columns, the kinds, programmes, aliases and countries read from a row, and the
alias and address companions."""

from __future__ import annotations

from pathlib import Path

import pytest

from apps.verification.sanctions.ofac import (
    read_aliases,
    read_countries,
    read_primary,
    read_rows,
)
from apps.verification.sanctions.records import BadRow, ParsedParty, SanctionsFileError

EOF = b"\x1a"


def primary_line(
    number: str = "306",
    name: str = "BANCO NACIONAL DE CUBA",
    kind: str = "-0- ",
    programme: str = "CUBA",
    flag: str = "-0- ",
    remarks: str = "-0- ",
) -> bytes:
    """One line of sdn.csv: ent_num, name, type, programme, title, four vessel columns, flag
    (vess_flag), owner, remarks."""
    fields = [number, f'"{name}"', kind, f'"{programme}"', "-0- ", *["-0- "] * 4, flag, "-0- "]
    return (",".join(fields) + "," + remarks + "\r\n").encode("utf-8")


def csv_file(tmp_path: Path, content: bytes, name: str = "sdn.csv") -> Path:
    path = tmp_path / name
    path.write_bytes(content)
    return path


def primary(tmp_path: Path, *lines: bytes) -> list[ParsedParty | BadRow]:
    return list(read_primary(csv_file(tmp_path, b"".join(lines) + EOF), []))


def test_the_empty_marker_is_read_as_an_empty_value_and_values_are_stripped(
    tmp_path: Path,
) -> None:
    path = csv_file(tmp_path, b'1,"A ",-0- ,-0-\r\n' + EOF)

    assert list(read_rows(path, [])) == [(1, ["1", "A", "", ""])]


def test_blank_lines_are_skipped_but_keep_their_line_numbers(tmp_path: Path) -> None:
    path = csv_file(tmp_path, b'1,"A"\r\n\r\n2,"B"\r\n' + EOF)

    assert list(read_rows(path, [])) == [(1, ["1", "A"]), (3, ["2", "B"])]


def test_a_file_whose_end_of_file_mark_is_followed_by_more_lines_is_cut_short(
    tmp_path: Path,
) -> None:
    path = csv_file(tmp_path, b'1,"A"\r\n' + EOF + b'\r\n2,"B"\r\n')

    with pytest.raises(SanctionsFileError) as refusal:
        list(read_rows(path, []))

    assert str(refusal.value) == (
        "sdn.csv ends without OFAC's end-of-file mark (\\x1a): the file is cut short"
    )


def test_a_json_answer_saved_as_an_ofac_file_is_refused_by_name(tmp_path: Path) -> None:
    path = csv_file(tmp_path, b'{"error": "not found"}', name="cons_prim.csv")

    with pytest.raises(SanctionsFileError) as refusal:
        list(read_rows(path, []))

    assert str(refusal.value) == "cons_prim.csv is a JSON document, not an OFAC CSV file"


def test_a_line_in_windows_1252_is_read_and_noted(tmp_path: Path) -> None:
    path = csv_file(tmp_path, '7,"PESCADOS Ñ"\r\n'.encode("cp1252") + EOF)
    notes: list[BadRow] = []

    assert list(read_rows(path, notes)) == [(1, ["7", "PESCADOS Ñ"])]
    assert notes == [BadRow(1, "not UTF-8 text: read as Windows-1252", "sdn.csv")]


def test_a_primary_row_is_read_into_its_party(tmp_path: Path) -> None:
    [party] = primary(
        tmp_path,
        primary_line(
            "4238",
            "AVIATION CO",
            kind="vessel",
            programme="SDGT] [IFSR",
            flag="Iran",
            remarks="a.k.a. 'AVCO'; nationality Syria.",
        ),
    )

    assert party == ParsedParty(
        source_id="4238",
        name="AVIATION CO",
        kind="vessel",
        programmes=["SDGT", "IFSR"],
        aliases=["AVCO"],
        countries=["Iran", "Syria"],
        remarks="a.k.a. 'AVCO'; nationality Syria.",
        line=1,
    )


@pytest.mark.parametrize(
    ("kind", "read_as"),
    [
        ("-0- ", "entity"),
        ("individual", "individual"),
        ("Individual", "individual"),
        ("vessel", "vessel"),
        ("aircraft", "aircraft"),
    ],
)
def test_the_type_column_gives_the_kind_and_an_empty_type_is_an_entity(
    tmp_path: Path, kind: str, read_as: str
) -> None:
    [party] = primary(tmp_path, primary_line(kind=kind))

    assert isinstance(party, ParsedParty)
    assert party.kind == read_as


def test_an_unknown_type_is_a_bad_row_naming_it(tmp_path: Path) -> None:
    assert primary(tmp_path, primary_line(kind="company")) == [BadRow(1, "unknown type 'company'")]


@pytest.mark.parametrize(("number", "name"), [("A12", "BANCO"), ("", "BANCO"), ("12", "-0- ")])
def test_a_row_without_an_entry_number_or_name_is_a_bad_row(
    tmp_path: Path, number: str, name: str
) -> None:
    assert primary(tmp_path, primary_line(number, name)) == [
        BadRow(1, "no entry number or no name")
    ]


def test_a_row_of_other_than_twelve_columns_is_a_bad_row_with_its_count(tmp_path: Path) -> None:
    rows = primary(tmp_path, b'1,"A",-0- \r\n', primary_line("2"))

    assert rows[0] == BadRow(1, "3 columns, expected 12")
    assert isinstance(rows[1], ParsedParty)
    assert rows[1].line == 2


@pytest.mark.parametrize(
    ("remarks", "aliases"),
    [
        ("a.k.a. 'BNC'.", ["BNC"]),
        ("f.k.a. 'OLD NAME'; n.k.a. 'NEW NAME'.", ["OLD NAME", "NEW NAME"]),
        ("a.k.a., 'COMMA FORM'; a.k.a. 'BNC'; a.k.a. 'BNC'.", ["COMMA FORM", "BNC"]),
        ("(a.k.a. 'IN BRACKETS')", ["IN BRACKETS"]),
        ("a.k.a. 'AT THE END'", ["AT THE END"]),
        ("Website www.bnc.example.", []),
    ],
)
def test_the_sdn_aliases_are_read_from_the_remarks(
    tmp_path: Path, remarks: str, aliases: list[str]
) -> None:
    [party] = primary(tmp_path, primary_line(remarks=f'"{remarks}"'))

    assert isinstance(party, ParsedParty)
    assert party.aliases == aliases


def test_nationality_and_citizenship_in_the_remarks_are_countries_after_the_flag(
    tmp_path: Path,
) -> None:
    remarks = '"Nationality Cuba; citizen Spain (dual); nationality Cuba."'
    [party] = primary(tmp_path, primary_line(flag="Panama", remarks=remarks))

    assert isinstance(party, ParsedParty)
    assert party.countries == ["Panama", "Cuba", "Spain"]


def test_aliases_are_read_by_entry_number_and_empty_names_left_out(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path,
        b'306,1,"aka","BNC",-0- \r\n'
        b'306,2,"aka","BANCO NACIONAL",-0- \r\n'
        b'307,3,"aka",-0- ,-0- \r\n'
        b"308,4\r\n" + EOF,
        name="alt.csv",
    )

    assert read_aliases(path, []) == {"306": ["BNC", "BANCO NACIONAL"]}


def test_address_countries_are_read_by_entry_number_from_the_fifth_column(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path,
        b'306,1,"Calle 1","Havana","Cuba",-0- \r\n'
        b'306,2,-0- ,-0- ,"Spain",-0- \r\n'
        b'307,3,"Street",-0- ,-0- ,-0- \r\n' + EOF,
        name="add.csv",
    )

    assert read_countries(path, []) == {"306": ["Cuba", "Spain"]}


def test_an_unreadable_companion_line_is_noted_with_the_companions_name(tmp_path: Path) -> None:
    path = csv_file(
        tmp_path,
        b'306,1,"aka","BNC",-0- \r\n306,2,"aka","' + b"x" * 1_100_000 + b'"\r\n' + EOF,
        name="alt.csv",
    )
    notes: list[BadRow] = []

    assert read_aliases(path, notes) == {"306": ["BNC"]}
    assert notes == [BadRow(2, "the line is longer than 1,048,576 bytes", "alt.csv")]
