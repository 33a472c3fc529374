"""Loading companies and people from CSV or CSV.gz files.

The file streams row by row; each row is checked, the good ones are written in batches, and
the whole load is one transaction, so an interrupted import leaves nothing behind. A record is
identified by (source, source_record_id): one already loaded, or repeated in the file with the
same values, is skipped, so loading a file twice adds nothing. Bad rows are reported with their
line number: a line too long or not UTF-8, and a record that repeats an earlier line's key
with other values, are bad rows too."""

from __future__ import annotations

import gzip
import io
import os
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from functools import partial
from pathlib import Path
from typing import IO, Any

from django.db import transaction
from django.db.models import Model

from apps.core.importfiles import BadLine, ImportReport, csv_records, implausible_date
from apps.core.validation import is_valid_email
from apps.leads import selectors
from apps.leads.models import DEMO_SOURCE, Company, Lead, list_text
from apps.market.countries import is_country
from apps.market.names import clean_display_name, normalise_name

Progress = Callable[[int, float | None], None]

BATCH = 2_000
LIST_SPLIT = re.compile(r"[;|]")

COMPANY_COLUMNS = (
    "name", "country", "source", "source_record_id", "domain", "city", "industries",
    "technologies", "keywords", "funding_stage", "funding_date", "job_postings",
    "job_posting_date", "revenue_usd", "revenue_range", "employees", "founded_year",
    "retail_locations", "business_type", "description", "source_date",
)  # fmt: skip
COMPANY_REQUIRED = ("name", "country", "source", "source_record_id")
LEAD_COLUMNS = (
    "company_source_record_id", "company_source", "full_name", "first_name", "last_name",
    "social_url", "country", "location", "job_title", "seniority", "department", "email",
    "email_status", "phone", "source", "source_record_id",
)  # fmt: skip
LEAD_REQUIRED = ("company_source_record_id", "source", "source_record_id")


class ImportFormatError(ValueError):
    """The file cannot be read as an import file (e.g. a required column is missing)."""


class BadRow(ValueError):
    pass


# Reading


class _CountingReader(io.RawIOBase):
    """Counts the bytes read from the file, for the progress bar's share of it."""

    def __init__(self, raw: IO[bytes]) -> None:
        self.raw = raw
        self.count = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self.raw.read(len(buffer))
        buffer[: len(data)] = data
        self.count += len(data)
        return len(data)


Records = Iterator[tuple[int, list[str] | BadLine]]


@contextmanager
def _rows(source: str | Path | IO[bytes]) -> Iterator[tuple[Records, Callable[[], float | None]]]:
    """The file's records (see `csv_records`) and the share of the file read so far."""
    raw: IO[bytes] = open(source, "rb") if isinstance(source, str | Path) else source  # noqa: SIM115
    size = os.fstat(raw.fileno()).st_size if isinstance(source, str | Path) else 0
    try:
        counted = _CountingReader(raw)
        buffered = io.BufferedReader(counted)
        compressed = buffered.peek(2)[:2] == b"\x1f\x8b"
        binary: Any = gzip.GzipFile(fileobj=buffered) if compressed else buffered
        yield csv_records(binary), lambda: (counted.count / size) if size else None
    finally:
        raw.close()


def _header(records: Records, known: tuple[str, ...], required: tuple[str, ...]) -> list[str]:
    first = next(records, None)
    if first is None:
        raise ImportFormatError("the file is empty: expected a header line")
    if isinstance(first[1], BadLine):
        raise ImportFormatError(str(first[1]))
    header = [name.strip() for name in first[1]]
    missing = [name for name in required if name not in header]
    if missing:
        raise ImportFormatError(f"missing column(s): {', '.join(missing)}")
    unknown = [name for name in header if name and name not in known]
    if unknown:
        raise ImportFormatError(f"unknown column(s): {', '.join(unknown)}")
    return header


# Values


def _text(row: dict[str, str | None], name: str, limit: int, *, required: bool = False) -> str:
    value = " ".join((row.get(name) or "").split())
    if required and not value:
        raise BadRow(f"{name} is required")
    if len(value) > limit:
        raise BadRow(f"{name} is longer than {limit} characters")
    return value


def _whole(row: dict[str, str | None], name: str, low: int = 0, high: int = 2**62) -> int | None:
    value = (row.get(name) or "").strip().replace(",", "")
    if not value:
        return None
    if not value.isdigit() or not low <= int(value) <= high:
        raise BadRow(f"{name} must be a whole number from {low} to {high}")
    return int(value)


def _date(row: dict[str, str | None], name: str) -> date | None:
    value = (row.get(name) or "").strip()
    if not value:
        return None
    try:
        day = date.fromisoformat(value)
    except ValueError:
        raise BadRow(f"{name} must be a date yyyy-mm-dd") from None
    problem = implausible_date(day)
    if problem:
        raise BadRow(f"{name} {problem}")
    return day


def _country(row: dict[str, str | None], name: str, *, required: bool = False) -> str:
    code = (row.get(name) or "").strip().upper()
    if (code or required) and not is_country(code):
        raise BadRow(f"{name} must be an ISO 3166-1 alpha-2 country code")
    return code


def _list(row: dict[str, str | None], name: str) -> str:
    return list_text(LIST_SPLIT.split(row.get(name) or ""))


def _choice(row: dict[str, str | None], name: str, choices: list[str]) -> str:
    value = (row.get(name) or "").strip().lower().replace("-", "_").replace(" ", "_")
    if value and value not in choices:
        raise BadRow(f"{name} must be one of {', '.join(choices)}")
    return value


def company_from_row(row: dict[str, str | None]) -> Company:
    name = clean_display_name(_text(row, "name", 300, required=True))
    this_year = date.today().year
    source = _text(row, "source", 60, required=True)
    return Company(
        name=name,
        normalized_name=normalise_name(name),
        country=_country(row, "country", required=True),
        domain=_text(row, "domain", 255).lower().removeprefix("www."),
        city=_text(row, "city", 120),
        industries=_list(row, "industries"),
        technologies=_list(row, "technologies"),
        keywords=_list(row, "keywords"),
        funding_stage=_text(row, "funding_stage", 40),
        funding_date=_date(row, "funding_date"),
        job_postings=_whole(row, "job_postings", 0, 10**6) or 0,
        job_posting_date=_date(row, "job_posting_date"),
        revenue_usd=_whole(row, "revenue_usd"),
        revenue_range=_text(row, "revenue_range", 40),
        employees=_whole(row, "employees", 0, 10**8),
        founded_year=_whole(row, "founded_year", 1000, this_year),
        retail_locations=_whole(row, "retail_locations", 0, 10**6),
        business_type=_text(row, "business_type", 60),
        description=(row.get("description") or "").strip(),
        source=source,
        source_record_id=_text(row, "source_record_id", 120, required=True),
        source_date=_date(row, "source_date"),
        is_demo=source == DEMO_SOURCE,
    )


def lead_from_row(row: dict[str, str | None]) -> tuple[Lead, tuple[str, str]]:
    """The person and the (source, source_record_id) of their company."""
    first, last = _text(row, "first_name", 120), _text(row, "last_name", 120)
    full_name = _text(row, "full_name", 250) or f"{first} {last}".strip()
    if not full_name:
        raise BadRow("full_name (or first_name and last_name) is required")
    email = _text(row, "email", 254).lower()
    if email and not is_valid_email(email):
        raise BadRow("email is not a valid email address")
    status = _choice(row, "email_status", Lead.EmailStatus.values)
    source = _text(row, "source", 60, required=True)
    social_url = _text(row, "social_url", 500)
    if social_url and not social_url.startswith(("https://", "http://")):
        raise BadRow("social_url must start with https://")
    lead = Lead(
        first_name=first,
        last_name=last,
        full_name=full_name,
        social_url=social_url,
        country=_country(row, "country"),
        location=_text(row, "location", 200),
        job_title=_text(row, "job_title", 200),
        seniority=_choice(row, "seniority", Lead.Seniority.values),
        department=_text(row, "department", 80),
        email=email,
        email_status=(status or Lead.EmailStatus.UNKNOWN) if email else "",
        phone=_text(row, "phone", 40),
        source=source,
        source_record_id=_text(row, "source_record_id", 120, required=True),
        is_demo=source == DEMO_SOURCE,
    )
    company_key = (
        _text(row, "company_source", 60) or source,
        _text(row, "company_source_record_id", 120, required=True),
    )
    return lead, company_key


# Loading


def _existing_keys(model: type[Model], keys: list[tuple[str, str]]) -> set[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    by_source: dict[str, list[str]] = {}
    for source, record in keys:
        by_source.setdefault(source, []).append(record)
    for source, records in by_source.items():
        found |= {
            (source, record)
            for record in model._default_manager.filter(
                source=source, source_record_id__in=records
            ).values_list("source_record_id", flat=True)
        }
    return found


def _company_ids(keys: set[tuple[str, str]]) -> dict[tuple[str, str], int]:
    ids: dict[tuple[str, str], int] = {}
    by_source: dict[str, list[str]] = {}
    for source, record in keys:
        by_source.setdefault(source, []).append(record)
    for source, records in by_source.items():
        for pk, record in Company.objects.filter(
            source=source, source_record_id__in=records
        ).values_list("id", "source_record_id"):
            ids[(source, record)] = pk
    return ids


def _fingerprint(item: Any) -> int:
    """A hash of what a parsed row would store, to tell a repeated record from another one
    under the same key."""
    record, extra = item if isinstance(item, tuple) else (item, None)
    fields = record._meta.concrete_fields
    return hash((tuple(getattr(record, f.attname) for f in fields if not f.primary_key), extra))


def _load(
    source: str | Path | IO[bytes],
    *,
    columns: tuple[str, ...],
    required: tuple[str, ...],
    parse: Callable[[dict[str, str | None]], Any],
    write: Callable[[list[tuple[int, Any]], ImportReport], None],
    progress: Progress | None,
    dry_run: bool,
) -> ImportReport:
    report = ImportReport()
    started = time.perf_counter()
    with _rows(source) as (records, share), transaction.atomic():
        header = _header(records, columns, required)
        batch: list[tuple[int, Any]] = []
        seen: dict[tuple[str, str], tuple[int, int]] = {}  # key -> its first line, fingerprint
        for line, fields in records:
            report.rows_read += 1
            if isinstance(fields, BadLine):
                report.add_bad_row(line, fields.reason)
                continue
            if len(fields) > len(header):
                report.add_bad_row(line, "more values than columns")
                continue
            try:
                item = parse(dict(zip(header, fields, strict=False)))
            except BadRow as problem:
                report.add_bad_row(line, str(problem))
                continue
            record = item[0] if isinstance(item, tuple) else item
            key = (record.source, record.source_record_id)
            fingerprint = _fingerprint(item)
            if key in seen:
                first, known = seen[key]
                if known == fingerprint:
                    report.skipped_existing += 1
                else:
                    report.add_bad_row(
                        line,
                        f"record {key[0]}:{key[1]} repeats line {first} with other values",
                    )
                continue
            seen[key] = (line, fingerprint)
            batch.append((line, item))
            if len(batch) >= BATCH:
                write(batch, report)
                batch = []
                if progress is not None:
                    progress(report.rows_read, share())
        write(batch, report)
        if progress is not None:
            progress(report.rows_read, share())
        if dry_run:
            transaction.set_rollback(True)
    report.bad_rows.sort()
    report.seconds = time.perf_counter() - started
    return report


def _write_companies(
    items: list[tuple[int, Any]], report: ImportReport, parties: dict[tuple[str, str], int]
) -> None:
    companies: list[Company] = [company for _, company in items]
    existing = _existing_keys(Company, [(c.source, c.source_record_id) for c in companies])
    new = [c for c in companies if (c.source, c.source_record_id) not in existing]
    report.skipped_existing += len(companies) - len(new)
    for company in new:
        company.trade_party_id = parties.get((company.normalized_name, company.country))
    Company.objects.bulk_create(new)
    report.added += len(new)


def _write_leads(items: list[tuple[int, Any]], report: ImportReport) -> None:
    existing = _existing_keys(
        Lead, [(lead.source, lead.source_record_id) for _, (lead, _) in items]
    )
    companies = _company_ids({company for _, (_, company) in items})
    new: list[Lead] = []
    for line, (lead, company) in items:
        if (lead.source, lead.source_record_id) in existing:
            report.skipped_existing += 1
        elif company not in companies:
            report.add_bad_row(line, f"no company {company[0]}:{company[1]}")
        else:
            lead.company_id = companies[company]
            new.append(lead)
    Lead.objects.bulk_create(new)
    report.added += len(new)


def import_companies(
    source: str | Path | IO[bytes], *, progress: Progress | None = None, dry_run: bool = False
) -> ImportReport:
    """Load companies from a CSV or CSV.gz file (columns: COMPANY_COLUMNS)."""
    return _load(
        source,
        columns=COMPANY_COLUMNS,
        required=COMPANY_REQUIRED,
        parse=company_from_row,
        write=partial(_write_companies, parties=selectors.importer_parties()),
        progress=progress,
        dry_run=dry_run,
    )


def import_leads(
    source: str | Path | IO[bytes], *, progress: Progress | None = None, dry_run: bool = False
) -> ImportReport:
    """Load people from a CSV or CSV.gz file (columns: LEAD_COLUMNS); each names its company
    by the company's source_record_id (and source, when it differs from the person's)."""
    return _load(
        source,
        columns=LEAD_COLUMNS,
        required=LEAD_REQUIRED,
        parse=lead_from_row,
        write=_write_leads,
        progress=progress,
        dry_run=dry_run,
    )
