"""Loading the official list files: OFAC SDN and Consolidated CSV, UN Consolidated XML."""

from __future__ import annotations

import gzip
import re
import shutil
from datetime import date
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from apps.verification.models import SanctionedParty, SanctionsList
from apps.verification.sanctions.imports import (
    OFAC_CONSOLIDATED,
    OFAC_SDN,
    UN_CONSOLIDATED,
    ListFiles,
    SanctionsFileError,
    date_from_name,
    distinct_parties,
    group_files,
    import_sanctions,
)
from apps.verification.sanctions.records import BadRow, ParsedParty
from apps.verification.sanctions.screening import ScreeningStatus, screen

pytestmark = pytest.mark.django_db

DATA = Path(__file__).parent / "data" / "sanctions"
SDN = DATA / "ofac_sdn_2024-05-03.csv"
CONSOLIDATED = [DATA / "cons_prim.csv", DATA / "cons_alt.csv", DATA / "cons_add.csv"]
UN = DATA / "un_consolidated.xml.gz"


def party(list_name: str, source_id: str) -> SanctionedParty:
    return SanctionedParty.objects.get(sanctions_list__name=list_name, source_id=source_id)


def test_sdn_reads_empty_markers_programmes_and_remark_aliases() -> None:
    [report] = import_sanctions([SDN])

    assert report.loaded == 6  # the CRLF lines; the lone \x1a line is not a row
    assert report.bad_rows == []
    bank = party(OFAC_SDN, "306")
    assert bank.kind == "entity"  # `-0- ` type
    assert bank.aliases == ["BNC"]
    assert bank.remarks == "a.k.a. 'BNC'."
    assert party(OFAC_SDN, "2686").programmes == ["SDGT", "SYRIA"]
    assert party(OFAC_SDN, "3754").aliases == ["ABU-'UMAR"]
    vessel = party(OFAC_SDN, "4238")
    assert (vessel.kind, vessel.countries) == ("vessel", ["Cuba"])
    assert "banco nacional de cuba" in bank.match_keys
    assert "bnc" in bank.match_keys


def test_sdn_publication_date_from_file_name_or_option(tmp_path: Path) -> None:
    import_sanctions([SDN])
    listed = SanctionsList.objects.get(name=OFAC_SDN)
    assert (listed.published_on, listed.entry_count) == (date(2024, 5, 3), 6)

    undated = tmp_path / "sdn.csv"
    shutil.copy(SDN, undated)
    [report] = import_sanctions([undated])
    assert report.published_on is None
    assert report.published_note.startswith("unknown")

    [report] = import_sanctions([undated], published=date(2024, 6, 1))
    assert (report.published_on, report.published_note) == (date(2024, 6, 1), "given on import")


def test_consolidated_list_takes_aliases_and_address_countries() -> None:
    [report] = import_sanctions(CONSOLIDATED)

    assert (report.list_name, report.loaded) == (OFAC_CONSOLIDATED, 3)
    haniya = party(OFAC_CONSOLIDATED, "9639")
    assert haniya.kind == "individual"
    assert haniya.programmes == ["NS-PLC"]
    assert haniya.aliases == ["HANIYA, Ismail", "HANIYYA, Ismaeel"]
    assert party(OFAC_CONSOLIDATED, "9641").countries == ["Palestinian"]


def test_un_list_reads_names_aliases_countries_and_generation_date() -> None:
    [report] = import_sanctions([UN])

    assert report.published_on == date(2026, 2, 27)
    assert report.published_note == "dateGenerated in the file"
    adf = SanctionedParty.objects.get(sanctions_list__name=UN_CONSOLIDATED, name="ADF")
    assert adf.kind == "entity"
    assert adf.programmes == ["DRC"]
    assert adf.listed_on == date(2014, 6, 30)
    assert "Allied Democratic Forces" in adf.aliases
    assert adf.countries == ["Democratic Republic of the Congo"]
    person = SanctionedParty.objects.get(sanctions_list__name=UN_CONSOLIDATED, name="ERIC BADEGE")
    assert person.kind == "individual"
    assert person.countries == ["Democratic Republic of the Congo", "Rwanda"]
    original_script = SanctionedParty.objects.get(name__startswith="AL-ITIHAAD")
    assert "الاتحاد الاسلامي" in original_script.aliases


def test_reimport_replaces_the_list_and_bad_rows_are_reported(tmp_path: Path) -> None:
    import_sanctions([SDN])
    changed = tmp_path / "sdn_2024-05-04.csv"
    changed.write_bytes(
        b'306,"BANCO NACIONAL DE CUBA",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n'
        b'x1,"NO NUMBER",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n'
        b'7,"TOO SHORT",-0- \r\n\x1a'
    )
    [report] = import_sanctions([changed], allow_shrink=True)

    assert report.loaded == 1
    assert [bad.line for bad in report.bad_rows] == [2, 3]
    assert SanctionedParty.objects.filter(sanctions_list__name=OFAC_SDN).count() == 1
    assert SanctionsList.objects.get(name=OFAC_SDN).published_on == date(2024, 5, 4)


def test_a_failed_load_keeps_the_previous_copy(tmp_path: Path) -> None:
    import_sanctions([UN])
    broken = tmp_path / "un_consolidated.xml"
    broken.write_text("<CONSOLIDATED_LIST><INDIVIDUALS>", encoding="utf-8")

    with pytest.raises(SanctionsFileError, match="not well-formed XML"):
        import_sanctions([broken])

    assert SanctionsList.objects.get(name=UN_CONSOLIDATED).entry_count == 4
    assert SanctionedParty.objects.filter(sanctions_list__name=UN_CONSOLIDATED).count() == 4


def test_unknown_files_and_lone_companions_are_refused(tmp_path: Path) -> None:
    with pytest.raises(SanctionsFileError):
        import_sanctions([tmp_path / "people.csv"])
    with pytest.raises(SanctionsFileError):
        import_sanctions([DATA / "cons_alt.csv"])


def without_times(output: str) -> list[str]:
    """The command's summary lines without their (varying) durations."""
    return [line.rsplit(", in ", 1)[0] for line in output.splitlines()]


def test_command_loads_every_list_once_with_if_empty() -> None:
    out = StringIO()
    call_command("import_sanctions", SDN, *CONSOLIDATED, UN, "--no-progress", stdout=out)
    assert without_times(out.getvalue()) == [
        f"OFAC SDN: 6 entries from {SDN.name} (replacing 0), published 2024-05-03 "
        "(date in the file name), 0 bad rows",
        "OFAC Consolidated: 3 entries from cons_prim.csv (replacing 0), published unknown "
        "(unknown: OFAC's CSV files carry no date), 0 bad rows",
        f"UN Consolidated: 4 entries from {UN.name} (replacing 0), published 2026-02-27 "
        "(dateGenerated in the file), 0 bad rows",
    ]
    assert SanctionsList.objects.count() == 3

    out = StringIO()
    call_command("import_sanctions", "--if-empty", SDN, stdout=out)
    assert "already loaded" in out.getvalue()

    with pytest.raises(CommandError, match="No such file"):
        call_command("import_sanctions", DATA / "missing.csv")


def test_a_damaged_gzip_list_ends_the_command_with_its_reason(tmp_path: Path) -> None:
    data = bytearray(UN.read_bytes())
    data[40:48] = bytes(byte ^ 0x5A for byte in data[40:48])  # inside the deflate stream
    damaged = tmp_path / UN.name
    damaged.write_bytes(bytes(data))

    with pytest.raises(CommandError, match="while decompressing data"):
        call_command("import_sanctions", damaged, "--no-progress")
    assert not SanctionsList.objects.exists()


def sdn_line(number: str, name: bytes, remarks: bytes = b"-0- ") -> bytes:
    return (
        number.encode() + b',"' + name + b'",-0- ,"CUBA"' + b",-0- " * 7 + b"," + remarks + b"\r\n"
    )


def test_unreadable_and_conflicting_lines_are_reported_by_line(tmp_path: Path) -> None:
    path = tmp_path / "sdn.csv"
    path.write_bytes(
        sdn_line("306", b"BANCO NACIONAL DE CUBA")
        + sdn_line("751", "EMPRESA CUBANA DE PESCADOS Y MARISCOS, Ñ".encode("cp1252"))
        + sdn_line("752", b"LONG", b"x" * 2_000_000)
        + sdn_line("306", b"BANCO NACIONAL DE CUBA")  # the same entry again: let through
        + sdn_line("306", b"OTHER NAME")
        + b"\x1a"
    )
    out, err = StringIO(), StringIO()

    call_command("import_sanctions", path, "--no-progress", stdout=out, stderr=err)

    assert SanctionedParty.objects.get(source_id="751").name.endswith("MARISCOS, Ñ")
    assert SanctionedParty.objects.filter(sanctions_list__name=OFAC_SDN).count() == 2
    assert err.getvalue().splitlines() == [
        "sdn.csv line 3: the line is longer than 1,048,576 bytes",
        "sdn.csv line 5: entry 306 repeats line 1 with other values",
        "sdn.csv line 2: not UTF-8 text: read as Windows-1252",
    ]
    assert "2 bad rows" in out.getvalue()


def test_an_un_entry_listed_on_an_implausible_date_is_a_bad_row(tmp_path: Path) -> None:
    path = tmp_path / "un_consolidated.xml"
    entry = (
        "<INDIVIDUAL><DATAID>{id}</DATAID><FIRST_NAME>{name}</FIRST_NAME>"
        "<LISTED_ON>{day}</LISTED_ON></INDIVIDUAL>"
    )
    path.write_text(
        '<CONSOLIDATED_LIST dateGenerated="2026-02-27"><INDIVIDUALS>'
        + entry.format(id=1, name="ONE", day="2012-12-31")
        + entry.format(id=2, name="TWO", day="0001-01-01")
        + entry.format(id=3, name="THREE", day="2012-13-01")
        + "</INDIVIDUALS></CONSOLIDATED_LIST>",
        encoding="utf-8",
    )
    [report] = import_sanctions([path])

    assert report.loaded == 1
    assert [(bad.line, bad.reason.split(":")[1].strip()) for bad in report.bad_rows] == [
        (2, "LISTED_ON is outside 1950-01-01 to " + f"{date.today().year + 1}-12-31"),
        (3, "LISTED_ON is not a date"),
    ]


# A list wiped by a broken file would answer every screening "clear": such files are refused.

ERROR_PAGE = Path(__file__).parent / "recordings" / "sanctions_files" / "error_page.html"
KEPT = "No list was changed: the previous copies were kept."


def screening_data() -> list[tuple[object, ...]]:
    """Every list and every listed party as screening reads them."""
    lists = SanctionsList.objects.order_by("name").values_list(
        "name", "published_on", "published_note", "source_file", "loaded_at", "entry_count"
    )
    parties = SanctionedParty.objects.order_by("id").values_list(
        "id", "sanctions_list__name", "source_id", "name", "aliases", "countries", "match_keys"
    )
    return [*lists, *parties]


@pytest.fixture
def loaded() -> list[tuple[object, ...]]:
    """The SDN, Consolidated and UN test lists loaded; the screening data they make."""
    import_sanctions([SDN, *CONSOLIDATED, UN])
    assert screen("Banco Nacional de Cuba").status == ScreeningStatus.POSSIBLE_MATCH
    return screening_data()


def refused(path: Path, *options: str) -> str:
    """The command's error for loading `path`, which must be refused."""
    with pytest.raises(CommandError) as refusal:
        call_command("import_sanctions", path, "--no-progress", *options)
    return str(refusal.value)


def assert_unchanged(before: list[tuple[object, ...]]) -> None:
    assert screening_data() == before
    assert screen("Banco Nacional de Cuba").status == ScreeningStatus.POSSIBLE_MATCH


@pytest.mark.parametrize("name", ["sdn.csv", "cons_prim.csv", "un_consolidated.xml"])
def test_an_empty_file_is_refused_and_every_list_kept(
    tmp_path: Path, loaded: list[tuple[object, ...]], name: str
) -> None:
    empty = tmp_path / name
    empty.write_bytes(b"\r\n")

    message = refused(empty)

    assert message.startswith(f"{name} is empty, not ")
    assert message.endswith(KEPT)
    assert_unchanged(loaded)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("sdn.csv", "sdn.csv is an HTML page, not an OFAC CSV file"),
        ("ofac_sdn_2024-06-01.csv.gz", "is an HTML page, not an OFAC CSV file"),
        ("un_consolidated.xml", "un_consolidated.xml is an HTML page, not the UN list's XML"),
    ],
)
def test_an_html_error_page_saved_as_a_list_is_refused(
    tmp_path: Path, loaded: list[tuple[object, ...]], name: str, expected: str
) -> None:
    page = tmp_path / name
    body = ERROR_PAGE.read_bytes()
    page.write_bytes(gzip.compress(body) if name.endswith(".gz") else body)

    message = refused(page)

    assert expected in message
    assert_unchanged(loaded)


@pytest.mark.parametrize("name", ["sdn.csv", "un_consolidated.xml"])
def test_a_json_error_answer_saved_as_a_list_is_refused(
    tmp_path: Path, loaded: list[tuple[object, ...]], name: str
) -> None:
    answer = tmp_path / name
    answer.write_text('{"error": "Too Many Requests", "status": 429}', encoding="utf-8")

    assert f"{name} is a JSON document" in refused(answer)
    assert_unchanged(loaded)


def test_cut_short_files_are_refused(tmp_path: Path, loaded: list[tuple[object, ...]]) -> None:
    sdn = tmp_path / "sdn.csv"
    sdn.write_bytes(SDN.read_bytes()[:-300])  # mid-line, and without the end-of-file mark
    un_list = tmp_path / "un_consolidated.xml"
    un_list.write_bytes(gzip.decompress(UN.read_bytes())[:3_000])

    assert "sdn.csv ends without OFAC's end-of-file mark" in refused(sdn)
    assert "un_consolidated.xml is not well-formed XML" in refused(un_list)
    assert_unchanged(loaded)


def test_a_file_of_other_rows_has_no_entries_and_is_refused(
    tmp_path: Path, loaded: list[tuple[object, ...]]
) -> None:
    other = tmp_path / "sdn.csv"
    other.write_bytes(b"name,country,phone\r\nACME,VN,123\r\n\x1a")
    xml = tmp_path / "un_consolidated.xml"
    xml.write_text("<CONSOLIDATED_LIST><INDIVIDUALS/></CONSOLIDATED_LIST>", encoding="utf-8")
    feed = tmp_path / "un_feed.xml"
    feed.write_text("<rss><channel/></rss>", encoding="utf-8")

    assert refused(other).startswith(
        "sdn.csv: no OFAC SDN entries in the file (2 bad rows; line 1: 3 columns, expected 12)"
    )
    assert "un_consolidated.xml: no UN Consolidated entries in the file" in refused(xml)
    assert "un_feed.xml: its root element is <rss>" in refused(feed)
    assert_unchanged(loaded)


def first_sdn_lines(path: Path, count: int) -> Path:
    """`path`: the SDN test file's first `count` entries, as OFAC writes a file."""
    lines = SDN.read_bytes().split(b"\r\n")
    path.write_bytes(b"\r\n".join(lines[:count]) + b"\r\n\x1a")
    return path


def test_a_list_under_half_its_loaded_size_is_refused_unless_allowed(
    tmp_path: Path, loaded: list[tuple[object, ...]]
) -> None:
    shrunk = first_sdn_lines(tmp_path / "sdn.csv", 2)

    message = refused(shrunk)

    assert message.startswith(
        "sdn.csv: 2 OFAC SDN entries, under half of the 6 loaded now "
        "(if the list did shrink, load it with --allow-shrink)"
    )
    assert_unchanged(loaded)

    out = StringIO()
    call_command("import_sanctions", shrunk, "--allow-shrink", "--no-progress", stdout=out)
    assert "OFAC SDN: 2 entries from sdn.csv (replacing 6)" in out.getvalue()
    assert SanctionsList.objects.get(name=OFAC_SDN).entry_count == 2


def test_a_list_of_half_its_loaded_size_loads(tmp_path: Path) -> None:
    import_sanctions([SDN])

    [report] = import_sanctions([first_sdn_lines(tmp_path / "sdn.csv", 3)])

    assert (report.loaded, report.replaced) == (3, 6)


def test_one_refused_list_keeps_the_others_from_loading_too(
    tmp_path: Path, loaded: list[tuple[object, ...]]
) -> None:
    newer_sdn = tmp_path / "sdn_2024-06-01.csv"
    newer_sdn.write_bytes(SDN.read_bytes())
    page = tmp_path / "un_consolidated.xml"
    page.write_bytes(ERROR_PAGE.read_bytes())

    with pytest.raises(CommandError, match=re.escape("un_consolidated.xml is an HTML page")):
        call_command("import_sanctions", newer_sdn, page, "--no-progress")

    assert_unchanged(loaded)
    assert SanctionsList.objects.get(name=OFAC_SDN).published_on == date(2024, 5, 3)


def test_sdn_aliases_and_addresses_files_load_with_their_list(tmp_path: Path) -> None:
    recorded = Path(__file__).parent / "recordings" / "sanctions_files"
    alt, add = tmp_path / "alt.csv", tmp_path / "add.csv"
    shutil.copy(recorded / "sdn_alt.csv", alt)
    shutil.copy(recorded / "sdn_add.csv", add)

    [report] = import_sanctions([add, SDN, alt])

    assert (report.list_name, report.loaded) == (OFAC_SDN, 6)
    assert party(OFAC_SDN, "2686").aliases == ["NASRALLAH, Hassan"]
    assert party(OFAC_SDN, "306").countries == ["Cuba"]
    with pytest.raises(SanctionsFileError, match="need their sdn file"):
        import_sanctions([alt])


def test_the_command_wants_files_or_fetch() -> None:
    with pytest.raises(CommandError, match="Give the list files, or --fetch"):
        call_command("import_sanctions")
    with pytest.raises(CommandError, match="Give the list files, or --fetch"):
        call_command("import_sanctions", SDN, "--fetch")


# Which list a file holds, by its name, and the date a list is published on.


def test_a_companion_files_role_wins_over_the_list_named_beside_it() -> None:
    sdn, alt, add = Path("sdn.csv"), Path("sdn_alt.csv"), Path("ofac-sdn-add.csv.gz")

    [files] = group_files([add, alt, sdn])

    assert files == ListFiles(OFAC_SDN, sdn, alt, add)
    assert files.names == "sdn.csv, sdn_alt.csv, ofac-sdn-add.csv.gz"


def test_both_ofac_lists_and_the_un_list_are_told_apart_by_their_names() -> None:
    paths = [Path("un.xml.gz"), Path("CONS_PRIM.CSV"), Path("cons_alt.csv"), Path("SDN.CSV")]

    lists = group_files(paths)

    assert [(files.list_name, files.primary.name) for files in lists] == [
        (OFAC_SDN, "SDN.CSV"),
        (OFAC_CONSOLIDATED, "CONS_PRIM.CSV"),
        (UN_CONSOLIDATED, "un.xml.gz"),
    ]
    assert lists[1].aliases == Path("cons_alt.csv")
    assert lists[1].addresses is None


@pytest.mark.parametrize(
    ("paths", "message"),
    [
        (["sdn.csv", "ofac_sdn.csv"], "sdn.csv and ofac_sdn.csv: two sdn files"),
        (["a.xml", "b.xml.gz"], "a.xml, b.xml.gz: two UN list files"),
        (["list.csv"], "list.csv: not an OFAC CSV or UN XML list (by its name)"),
        (["sdn.txt"], "sdn.txt: not an OFAC CSV or UN XML list (by its name)"),
        (["cons_add.csv"], "cons_alt / cons_add files need their cons_prim file"),
    ],
)
def test_files_that_make_no_list_are_refused_with_the_reason(
    paths: list[str], message: str
) -> None:
    with pytest.raises(SanctionsFileError) as refusal:
        group_files(map(Path, paths))

    assert str(refusal.value) == message


@pytest.mark.parametrize(
    ("name", "day"),
    [
        ("sdn_2024-05-03.csv", date(2024, 5, 3)),
        ("sdn_20240503.csv", date(2024, 5, 3)),
        ("sdn-2024-0503.csv.gz", date(2024, 5, 3)),
        ("sdn_2024-13-03.csv", None),
        ("sdn.csv", None),
    ],
)
def test_a_date_in_a_file_name_is_read_with_or_without_dashes(name: str, day: date | None) -> None:
    assert date_from_name(Path(name)) == day


def test_an_un_file_without_its_own_date_takes_the_date_given_else_none(tmp_path: Path) -> None:
    path = tmp_path / "un_consolidated.xml"
    path.write_text(
        "<CONSOLIDATED_LIST><ENTITIES><ENTITY><DATAID>1</DATAID><FIRST_NAME>ACME</FIRST_NAME>"
        "</ENTITY></ENTITIES></CONSOLIDATED_LIST>",
        encoding="utf-8",
    )

    [undated] = import_sanctions([path])
    [given] = import_sanctions([path], published=date(2026, 3, 1))

    assert (undated.published_on, undated.published_note) == (None, "unknown: no dateGenerated")
    assert (given.published_on, given.published_note) == (date(2026, 3, 1), "given on import")


def test_the_un_files_own_date_comes_before_a_date_given_on_import() -> None:
    [report] = import_sanctions([UN], published=date(2020, 1, 1))

    assert (report.published_on, report.published_note) == (
        date(2026, 2, 27),
        "dateGenerated in the file",
    )


def test_a_date_given_on_import_comes_before_the_date_in_the_file_name() -> None:
    [report] = import_sanctions([SDN], published=date(2024, 6, 1))

    assert SanctionsList.objects.get(name=OFAC_SDN).published_on == date(2024, 6, 1)
    assert report.published_note == "given on import"


def test_the_progress_is_told_after_each_batch_as_entries_and_share_written() -> None:
    told: list[tuple[int, float | None]] = []

    import_sanctions([SDN, UN], progress=lambda written, share: told.append((written, share)))

    assert told == [(6, 0.6), (10, 1.0)]


def test_an_individuals_keys_keep_every_word_and_an_organisations_leave_out_legal_forms(
    tmp_path: Path,
) -> None:
    path = tmp_path / "un_consolidated.xml"
    path.write_text(
        '<CONSOLIDATED_LIST dateGenerated="2026-02-27">'
        "<INDIVIDUALS><INDIVIDUAL><DATAID>1</DATAID><FIRST_NAME>JOHN</FIRST_NAME>"
        "<SECOND_NAME>LTD</SECOND_NAME></INDIVIDUAL></INDIVIDUALS>"
        "<ENTITIES><ENTITY><DATAID>2</DATAID><FIRST_NAME>JOHN LTD</FIRST_NAME>"
        "<ENTITY_ALIAS><ALIAS_NAME>John Limited</ALIAS_NAME></ENTITY_ALIAS>"
        "</ENTITY></ENTITIES></CONSOLIDATED_LIST>",
        encoding="utf-8",
    )

    import_sanctions([path])

    assert party(UN_CONSOLIDATED, "1").match_keys == ["john ltd"]
    assert party(UN_CONSOLIDATED, "2").match_keys == ["john"]  # the alias adds no other key


def test_an_entry_repeated_with_the_same_values_is_loaded_once() -> None:
    first = ParsedParty("306", "BANCO", "entity", line=1)
    again = ParsedParty("306", "BANCO", "entity", line=7)
    bad_rows: list[BadRow] = []

    assert list(distinct_parties([first, again], bad_rows)) == [first]
    assert bad_rows == []


def test_a_list_without_entries_or_bad_rows_is_refused_without_a_hint(tmp_path: Path) -> None:
    path = tmp_path / "sdn.csv"
    path.write_bytes(b"\r\n\x1a")

    with pytest.raises(SanctionsFileError) as refusal:
        import_sanctions([path])

    assert str(refusal.value) == "sdn.csv: no OFAC SDN entries in the file"


# The command's options


def test_the_command_dates_the_ofac_files_by_the_published_option(tmp_path: Path) -> None:
    undated = tmp_path / "sdn.csv"
    shutil.copy(SDN, undated)
    out = StringIO()

    call_command(
        "import_sanctions", undated, "--published", "2024-06-01", "--no-progress", stdout=out
    )

    assert "published 2024-06-01 (given on import)" in out.getvalue()
    assert SanctionsList.objects.get(name=OFAC_SDN).published_on == date(2024, 6, 1)


def test_the_command_lists_no_more_bad_rows_than_asked(tmp_path: Path) -> None:
    path = tmp_path / "sdn.csv"
    path.write_bytes(
        sdn_line("306", b"BANCO NACIONAL DE CUBA")
        + b"".join(f'x{number},"NO NUMBER",-0- \r\n'.encode() for number in range(5))
        + b"\x1a"
    )
    out, err = StringIO(), StringIO()

    call_command(
        "import_sanctions", path, "--show-bad", "2", "--no-progress", stdout=out, stderr=err
    )

    assert err.getvalue().splitlines() == [
        "sdn.csv line 2: 3 columns, expected 12",
        "sdn.csv line 3: 3 columns, expected 12",
    ]
    assert "5 bad rows" in out.getvalue()


def test_the_command_names_a_companion_file_a_bad_line_is_in(tmp_path: Path) -> None:
    alt = tmp_path / "alt.csv"
    alt.write_bytes(b'306,1,"aka","' + b"x" * 1_100_000 + b'"\r\n\x1a')
    err = StringIO()

    call_command("import_sanctions", SDN, alt, "--no-progress", stdout=StringIO(), stderr=err)

    assert err.getvalue().splitlines() == [
        "alt.csv line 1: the line is longer than 1,048,576 bytes"
    ]


def test_the_command_refuses_files_that_make_no_list_by_their_names(tmp_path: Path) -> None:
    people = tmp_path / "people.csv"
    people.write_text("name\r\n", encoding="utf-8")

    with pytest.raises(CommandError) as refusal:
        call_command("import_sanctions", people, "--no-progress")

    assert str(refusal.value) == f"{people}: not an OFAC CSV or UN XML list (by its name)"
    assert not SanctionsList.objects.exists()


def test_the_command_with_if_empty_loads_when_no_list_is_loaded() -> None:
    out = StringIO()

    call_command("import_sanctions", "--if-empty", SDN, "--no-progress", stdout=out)

    assert out.getvalue().startswith("OFAC SDN: 6 entries from ofac_sdn_2024-05-03.csv")
    assert SanctionsList.objects.get().name == OFAC_SDN
