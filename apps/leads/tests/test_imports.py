"""Company and people import files: rules, bad rows, one transaction, re-runs."""

from __future__ import annotations

import gzip
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
