"""Company and people import files: rules, bad rows, one transaction, re-runs."""

from __future__ import annotations

import gzip
from datetime import date
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from apps.leads.imports import import_companies, import_leads
from apps.leads.models import Company, Lead, text_list

pytestmark = pytest.mark.django_db

COMPANIES = """name,country,source,source_record_id,industries,employees,founded_year,revenue_usd
Hanse Nuts GmbH,de,crm,c1,Food & Beverages;Wholesale,120,1998,25000000
Rotterdam Spice B.V.,NL,crm,c2,Wholesale,40,2005,
No Country Ltd,,crm,c3,,,,
Bad Size Co,GB,crm,c4,,many,,
"""

LEADS = (
    "company_source_record_id,first_name,last_name,job_title,seniority,email,email_status,"
    "phone,source,source_record_id\n"
    """c1,Anna,Schneider,Head of Procurement,head,anna@hanse.example,valid,+49 40 1234567,crm,p1
c1,Jonas,Weber,Buyer,senior,,,,crm,p2
c9,Mia,Becker,Buyer,senior,,,,crm,p3
c2,Paul,Jansen,Buyer,boss,,,,crm,p4
"""
)


def write(tmp_path: Path, name: str, text: str, compressed: bool = False) -> Path:
    path = tmp_path / name
    if compressed:
        with gzip.open(path, "wt", encoding="utf-8") as out:
            out.write(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_companies_load_with_bad_rows_reported_by_line(tmp_path: Path) -> None:
    report = import_companies(write(tmp_path, "companies.csv", COMPANIES))

    assert (report.rows_read, report.added, report.bad_row_count) == (4, 2, 2)
    (line, reason), (other_line, other_reason) = report.bad_rows
    assert (line, other_line) == (4, 5)
    assert "country" in reason
    assert "employees" in other_reason
    hanse = Company.objects.get(source_record_id="c1")
    assert (hanse.country, hanse.normalized_name, hanse.employees) == ("DE", "hanse nuts gmbh", 120)
    assert text_list(hanse.industries) == ["Food & Beverages", "Wholesale"]


def test_a_second_load_adds_nothing_and_gzip_is_read(tmp_path: Path) -> None:
    import_companies(write(tmp_path, "companies.csv", COMPANIES))

    report = import_companies(write(tmp_path, "companies.csv.gz", COMPANIES, compressed=True))

    assert (report.added, report.skipped_existing) == (0, 2)
    assert Company.objects.count() == 2


def test_people_load_against_their_companies(tmp_path: Path) -> None:
    import_companies(write(tmp_path, "companies.csv", COMPANIES))

    report = import_leads(write(tmp_path, "leads.csv", LEADS))

    assert report.added == 2
    assert [line for line, _ in report.bad_rows] == [4, 5]
    assert "no company crm:c9" in report.bad_rows[0][1]
    assert "seniority" in report.bad_rows[1][1]
    anna = Lead.objects.get(source_record_id="p1")
    assert (anna.full_name, anna.email_status, anna.company.name) == (
        "Anna Schneider",
        "valid",
        "Hanse Nuts GmbH",
    )


def test_a_missing_column_fails_the_whole_file(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="missing column"):
        call_command("import_companies", str(write(tmp_path, "c.csv", "name,country\nA,DE\n")))
    assert not Company.objects.exists()


def test_the_command_reports_and_a_dry_run_loads_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "companies.csv", COMPANIES)

    call_command("import_companies", str(path), "--dry-run", "--no-progress")

    assert "would add 2" in capsys.readouterr().out
    assert not Company.objects.exists()


COMPANY_HEADER = "name,country,source,source_record_id,description,funding_date\n"


def test_an_oversized_line_is_a_bad_row_and_the_others_load(tmp_path: Path) -> None:
    path = tmp_path / "companies.csv"
    with path.open("wb") as out:
        out.write(COMPANY_HEADER.encode())
        out.write(b"A GmbH,DE,crm,c1,,\n")
        out.write(b"B GmbH,DE,crm,c2," + b"x" * 50_000_000 + b",\n")
        out.write(b"C GmbH,DE,crm,c3,,\n")

    report = import_companies(path)

    assert (report.rows_read, report.added, report.bad_row_count) == (3, 2, 1)
    assert report.bad_rows == [(3, "the line is longer than 1,048,576 bytes")]


def test_a_quoted_field_past_the_limit_is_a_bad_row(tmp_path: Path) -> None:
    long_field = '"' + ("y" * 600_000 + "\n") * 2 + '"'
    text = COMPANY_HEADER + f"A GmbH,DE,crm,c1,{long_field},\nC GmbH,DE,crm,c3,,\n"
    report = import_companies(write(tmp_path, "companies.csv", text))

    # Reported on the line where the record ends, as every bad row is; the next one loads.
    assert report.bad_rows == [(4, "a field is longer than 1,048,576 characters")]
    assert list(Company.objects.values_list("source_record_id", flat=True)) == ["c3"]


def test_lines_in_another_encoding_are_bad_rows_by_line(tmp_path: Path) -> None:
    path = tmp_path / "companies.csv"
    path.write_bytes(
        COMPANY_HEADER.encode()
        + "Café Hanse,DE,crm,c1,,\n".encode()
        + "Café Lübeck,DE,crm,c2,,\n".encode("cp1252")
        + b"Nuts Ltd,GB,crm,c3,,\n"
    )

    report = import_companies(path)

    assert report.added == 2
    ((line, reason),) = report.bad_rows
    assert line == 3
    assert reason.startswith("not UTF-8 text (byte 0xe9 at position 4 of the line)")


def test_a_damaged_gzip_file_ends_the_command_with_its_reason(tmp_path: Path) -> None:
    rows = "".join(f"Company {number},DE,crm,c{number},,\n" for number in range(3000))
    data = bytearray(gzip.compress((COMPANY_HEADER + rows).encode()))
    data[40:48] = bytes(byte ^ 0x5A for byte in data[40:48])  # inside the deflate stream
    path = tmp_path / "companies.csv.gz"
    path.write_bytes(bytes(data))

    with pytest.raises(CommandError, match="while decompressing data"):
        call_command("import_companies", str(path), "--no-progress")
    assert not Company.objects.exists()


def test_a_utf16_file_is_refused_naming_its_first_line(tmp_path: Path) -> None:
    path = tmp_path / "companies.csv"
    path.write_bytes((COMPANY_HEADER + "A GmbH,DE,crm,c1,,\n").encode("utf-16"))

    with pytest.raises(CommandError, match="line 1: the file is UTF-16 text"):
        call_command("import_companies", str(path), "--no-progress")


def test_a_key_repeated_with_other_values_is_reported_with_both_lines(tmp_path: Path) -> None:
    text = COMPANY_HEADER + (
        "A GmbH,DE,crm,c1,,\n"
        "B GmbH,DE,crm,c2,,\n"
        "A GmbH, de ,crm,c1,,\n"  # the same record, spelled otherwise: skipped
        "A GmbH,FR,crm,c1,,\n"
    )
    report = import_companies(write(tmp_path, "companies.csv", text))

    assert (report.added, report.skipped_existing) == (2, 1)
    assert report.bad_rows == [(5, "record crm:c1 repeats line 2 with other values")]
    assert Company.objects.get(source_record_id="c1").country == "DE"


@pytest.mark.parametrize(
    ("day", "accepted"),
    [("0001-01-01", False), ("1949-12-31", False), ("1950-01-01", True), ("9999-12-31", False)],
)
def test_dates_outside_the_plausible_range_are_bad_rows(
    tmp_path: Path, day: str, accepted: bool
) -> None:
    text = COMPANY_HEADER + f"A GmbH,DE,crm,c1,,{day}\n"
    report = import_companies(write(tmp_path, "companies.csv", text))

    assert report.added == int(accepted)
    if not accepted:
        ((line, reason),) = report.bad_rows
        assert line == 2
        assert reason.startswith("funding_date is outside 1950-01-01 to ")


def test_the_last_day_of_next_year_is_the_last_accepted(tmp_path: Path) -> None:
    year = date.today().year + 1
    text = COMPANY_HEADER + f"A GmbH,DE,crm,c1,,{year}-12-31\nB GmbH,DE,crm,c2,,{year + 1}-01-01\n"
    report = import_companies(write(tmp_path, "companies.csv", text))

    assert report.bad_rows == [
        (3, f"funding_date is outside 1950-01-01 to {year}-12-31"),
    ]


def test_a_repeated_person_with_other_values_is_reported(tmp_path: Path) -> None:
    import_companies(write(tmp_path, "companies.csv", COMPANIES))
    text = (
        "company_source_record_id,full_name,source,source_record_id\n"
        "c1,Anna Schneider,crm,p1\nc1,Anna Schneider,crm,p1\nc2,Anna Schneider,crm,p1\n"
    )
    report = import_leads(write(tmp_path, "leads.csv", text))

    assert (report.added, report.skipped_existing) == (1, 1)
    assert report.bad_rows == [(4, "record crm:p1 repeats line 2 with other values")]


def test_the_command_lists_unreadable_lines_by_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "companies.csv"
    path.write_bytes(
        COMPANY_HEADER.encode()
        + b"A GmbH,DE,crm,c1,," + b"x" * 2_000_000 + b"\n"
        + "Lübeck GmbH,DE,crm,c2,,\n".encode("latin-1")
        + b"C GmbH,DE,crm,c3,,\n"
    )  # fmt: skip

    call_command("import_companies", str(path), "--no-progress")

    out, err = capsys.readouterr()
    assert "line 2: the line is longer than 1,048,576 bytes" in err
    assert "line 3: not UTF-8 text (byte 0xfc at position 2 of the line)" in err
    assert "3 rows read: added 1, skipped 0 already loaded, 2 bad" in out
