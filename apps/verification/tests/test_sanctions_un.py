"""Reading the UN Consolidated List XML: the list's date, each entry's name parts, aliases,
countries, listing date and remarks, and the entries or files that cannot be read."""

from __future__ import annotations

import gzip
from datetime import date
from pathlib import Path

import pytest

from apps.verification.sanctions.records import BadRow, ParsedParty, SanctionsFileError
from apps.verification.sanctions.un import read_un


def un_file(tmp_path: Path, body: str, generated: str = "2026-01-15T00:00:00.000Z") -> Path:
    path = tmp_path / "un_consolidated.xml"
    attribute = f' dateGenerated="{generated}"' if generated else ""
    path.write_text(f"<CONSOLIDATED_LIST{attribute}>{body}</CONSOLIDATED_LIST>", encoding="utf-8")
    return path


def parties(tmp_path: Path, body: str) -> list[ParsedParty | BadRow]:
    _, rows = read_un(un_file(tmp_path, body))
    return list(rows)


def test_the_lists_date_is_the_day_of_its_date_generated(tmp_path: Path) -> None:
    published, _ = read_un(un_file(tmp_path, "<INDIVIDUALS/>"))

    assert published == date(2026, 1, 15)


def test_a_list_without_date_generated_has_no_date(tmp_path: Path) -> None:
    published, _ = read_un(un_file(tmp_path, "<INDIVIDUALS/>", generated=""))

    assert published is None


def test_a_date_generated_that_is_not_a_date_refuses_the_file(tmp_path: Path) -> None:
    with pytest.raises(SanctionsFileError) as refusal:
        read_un(un_file(tmp_path, "<INDIVIDUALS/>", generated="15/01/2026"))

    assert str(refusal.value) == "un_consolidated.xml: dateGenerated '15/01/2026' is not a date"


def test_an_individuals_name_joins_its_four_parts_and_its_white_space(tmp_path: Path) -> None:
    [person] = parties(
        tmp_path,
        "<INDIVIDUALS><INDIVIDUAL><DATAID> 110 </DATAID><FIRST_NAME>ERIC</FIRST_NAME>"
        "<SECOND_NAME>  BADEGE\n  </SECOND_NAME><THIRD_NAME/><FOURTH_NAME>JR</FOURTH_NAME>"
        "</INDIVIDUAL></INDIVIDUALS>",
    )

    assert isinstance(person, ParsedParty)
    assert (person.source_id, person.name, person.kind) == ("110", "ERIC BADEGE JR", "individual")


def test_an_entity_is_read_with_its_programme_aliases_countries_and_remarks(
    tmp_path: Path,
) -> None:
    [entity] = parties(
        tmp_path,
        "<ENTITIES><ENTITY><DATAID>7</DATAID><FIRST_NAME>ADF</FIRST_NAME>"
        "<NAME_ORIGINAL_SCRIPT>丹东</NAME_ORIGINAL_SCRIPT><UN_LIST_TYPE>DRC</UN_LIST_TYPE>"
        "<REFERENCE_NUMBER>CDe.001</REFERENCE_NUMBER><COMMENTS1>Armed group.</COMMENTS1>"
        "<LISTED_ON>2014-06-30</LISTED_ON>"
        "<ENTITY_ALIAS><ALIAS_NAME>Allied Democratic Forces</ALIAS_NAME></ENTITY_ALIAS>"
        "<ENTITY_ALIAS><ALIAS_NAME>ADF</ALIAS_NAME></ENTITY_ALIAS>"
        "<ENTITY_ADDRESS><COUNTRY>Uganda</COUNTRY></ENTITY_ADDRESS>"
        "<ENTITY_ADDRESS><COUNTRY>Uganda</COUNTRY></ENTITY_ADDRESS>"
        "</ENTITY></ENTITIES>",
    )

    assert entity == ParsedParty(
        source_id="7",
        name="ADF",
        kind="entity",
        programmes=["DRC"],
        aliases=["丹东", "Allied Democratic Forces", "ADF"],
        countries=["Uganda"],
        listed_on=date(2014, 6, 30),
        remarks="CDe.001 Armed group.",
        line=1,
    )


def test_a_persons_nationalities_come_before_the_countries_of_its_addresses(
    tmp_path: Path,
) -> None:
    [person] = parties(
        tmp_path,
        "<INDIVIDUALS><INDIVIDUAL><DATAID>1</DATAID><FIRST_NAME>A</FIRST_NAME>"
        "<NATIONALITY><VALUE>Rwanda</VALUE><VALUE>Uganda</VALUE></NATIONALITY>"
        "<INDIVIDUAL_ADDRESS><COUNTRY>Congo</COUNTRY></INDIVIDUAL_ADDRESS>"
        "<INDIVIDUAL_ALIAS><ALIAS_NAME>AKA ONE</ALIAS_NAME></INDIVIDUAL_ALIAS>"
        "<ENTITY_ALIAS><ALIAS_NAME>NOT A PERSONS ALIAS</ALIAS_NAME></ENTITY_ALIAS>"
        "</INDIVIDUAL></INDIVIDUALS>",
    )

    assert isinstance(person, ParsedParty)
    assert person.countries == ["Rwanda", "Uganda", "Congo"]
    assert person.aliases == ["AKA ONE"]


def test_a_listing_date_with_a_time_is_read_as_its_day_and_none_is_no_date(
    tmp_path: Path,
) -> None:
    dated, undated = parties(
        tmp_path,
        "<INDIVIDUALS>"
        "<INDIVIDUAL><DATAID>1</DATAID><FIRST_NAME>A</FIRST_NAME>"
        "<LISTED_ON>2012-12-31T00:00:00</LISTED_ON></INDIVIDUAL>"
        "<INDIVIDUAL><DATAID>2</DATAID><FIRST_NAME>B</FIRST_NAME></INDIVIDUAL>"
        "</INDIVIDUALS>",
    )

    assert isinstance(dated, ParsedParty)
    assert isinstance(undated, ParsedParty)
    assert (dated.listed_on, undated.listed_on) == (date(2012, 12, 31), None)


@pytest.mark.parametrize(
    "entry",
    [
        "<ENTITY><FIRST_NAME>NO NUMBER</FIRST_NAME></ENTITY>",
        "<ENTITY><DATAID>9</DATAID><FIRST_NAME>  </FIRST_NAME></ENTITY>",
    ],
)
def test_an_entry_without_dataid_or_name_is_a_bad_row_by_its_number(
    tmp_path: Path, entry: str
) -> None:
    rows = parties(
        tmp_path,
        "<ENTITIES><ENTITY><DATAID>1</DATAID><FIRST_NAME>FIRST</FIRST_NAME></ENTITY>"
        + entry
        + "</ENTITIES>",
    )

    assert rows[1] == BadRow(2, "entity 2: no DATAID or no name")


def test_individuals_and_entities_are_numbered_together_in_file_order(tmp_path: Path) -> None:
    rows = parties(
        tmp_path,
        "<INDIVIDUALS><INDIVIDUAL><DATAID>1</DATAID><FIRST_NAME>A</FIRST_NAME></INDIVIDUAL>"
        "</INDIVIDUALS><ENTITIES><ENTITY><DATAID>2</DATAID><FIRST_NAME>B</FIRST_NAME></ENTITY>"
        "<ENTITY><DATAID>3</DATAID></ENTITY></ENTITIES>",
    )

    assert [(row.line, type(row).__name__) for row in rows] == [
        (1, "ParsedParty"),
        (2, "ParsedParty"),
        (3, "BadRow"),
    ]
    assert rows[2] == BadRow(3, "entity 3: no DATAID or no name")


def test_a_gzipped_list_is_read_unzipped(tmp_path: Path) -> None:
    path = tmp_path / "un_consolidated.xml.gz"
    path.write_bytes(
        gzip.compress(
            b'<CONSOLIDATED_LIST dateGenerated="2026-02-27"><ENTITIES><ENTITY><DATAID>5'
            b"</DATAID><FIRST_NAME>ZIPPED</FIRST_NAME></ENTITY></ENTITIES></CONSOLIDATED_LIST>"
        )
    )

    published, rows = read_un(path)

    assert published == date(2026, 2, 27)
    assert [row.name for row in rows if isinstance(row, ParsedParty)] == ["ZIPPED"]


def test_an_empty_file_is_refused_as_not_the_uns_xml(tmp_path: Path) -> None:
    path = tmp_path / "un_consolidated.xml"
    path.write_bytes(b"")

    with pytest.raises(SanctionsFileError) as refusal:
        read_un(path)

    assert str(refusal.value) == "un_consolidated.xml is empty, not the UN list's XML"


def test_xml_of_another_root_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "un_consolidated.xml"
    path.write_text("<sanctionsList><entry/></sanctionsList>", encoding="utf-8")

    with pytest.raises(SanctionsFileError) as refusal:
        read_un(path)

    assert str(refusal.value) == (
        "un_consolidated.xml: its root element is <sanctionsList>, "
        "not the UN list's <CONSOLIDATED_LIST>"
    )
