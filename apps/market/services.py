"""Writes of the market app: loading shipment files.

`import_shipments` reads a CSV (optionally gzip-compressed) as a stream, validates every row,
resolves the trade parties in bulk per batch and loads the good rows in one transaction:
a failure leaves nothing of the file behind. Rows whose (source, source_record_id) already
exists are skipped, so loading a file twice adds nothing. On PostgreSQL the rows go through
COPY into a temporary staging table and one INSERT ... ON CONFLICT DO NOTHING; elsewhere they
are written with batched bulk_create."""

from __future__ import annotations

import csv
import gzip
import io
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation
from operator import itemgetter
from pathlib import Path
from typing import IO, Any

from django.db import connection, transaction
from django.db.models import QuerySet
from django.utils import timezone

from apps.accounts.models import User
from apps.market.countries import ISO_COUNTRIES
from apps.market.models import ContactRequest, HSCode, Shipment, TradeParty
from apps.market.names import clean_display_name, normalise_name

COLUMNS = (
    "date",
    "hs_code",
    "product_description",
    "exporter_name",
    "exporter_country",
    "importer_name",
    "importer_country",
    "quantity",
    "quantity_unit",
    "net_weight_kg",
    "value_usd",
    "port_of_loading",
    "port_of_discharge",
    "transport_mode",
    "source",
    "source_record_id",
)
TRANSPORT_MODES = {mode.value: mode.value for mode in Shipment.TransportMode} | {
    "ocean": "sea",
    "vessel": "sea",
    "maritime": "sea",
    "truck": "road",
    "land": "road",
    "train": "rail",
    "railway": "rail",
}
MAX_BAD_ROWS = 100_000  # kept in the report; the count goes on past it
_LIMITS = {  # text columns and their widths in the database
    "exporter_name": 300,
    "importer_name": 300,
    "quantity_unit": 20,
    "port_of_loading": 120,
    "port_of_discharge": 120,
    "source": 60,
    "source_record_id": 120,
}
_MAX_QUANTITY = Decimal(10) ** 15  # numeric(18, 3)
_MAX_VALUE = Decimal(10) ** 16  # numeric(18, 2)
_PRICE_PLACES = Decimal("0.000001")

Progress = Callable[[int, float | None], None]
"""Called after each batch with the rows read so far and the share of the file read (0..1),
or None when the size is unknown."""


class ImportFormatError(ValueError):
    """The file cannot be read as a shipments file at all (e.g. a wrong header)."""


@dataclass
class ImportReport:
    added: int = 0
    skipped_existing: int = 0
    bad_rows: list[tuple[int, str]] = field(default_factory=list)
    bad_row_count: int = 0
    rows_read: int = 0
    seconds: float = 0.0

    @property
    def rows_per_second(self) -> float:
        return self.rows_read / self.seconds if self.seconds else 0.0


# Reading ------------------------------------------------------------------------------------


@contextmanager
def _open_text(
    source: str | Path | IO[Any],
) -> Iterator[tuple[IO[str], Callable[[], float | None]]]:
    """A text stream over a path or stream, gunzipped when it starts with the gzip magic,
    and a function telling the share of the input read so far."""
    owned: IO[bytes] | None = None
    if isinstance(source, str | Path):
        owned = open(source, "rb")  # noqa: SIM115 - closed below
        raw: IO[Any] = owned
    else:
        raw = source
    try:
        if isinstance(raw, io.TextIOBase):
            yield raw, lambda: None
            return
        buffered: Any = raw if hasattr(raw, "peek") else io.BufferedReader(raw)
        try:
            size: int | None = os.fstat(buffered.fileno()).st_size or None
        except (OSError, AttributeError, io.UnsupportedOperation):
            size = None
        binary: Any = (
            gzip.GzipFile(fileobj=buffered) if buffered.peek(2)[:2] == b"\x1f\x8b" else buffered
        )

        def fraction() -> float | None:
            if not size:
                return None
            try:
                return min(1.0, buffered.tell() / size)
            except (OSError, ValueError):
                return None

        text = io.TextIOWrapper(binary, encoding="utf-8-sig", newline="")
        try:
            yield text, fraction
        finally:
            text.detach()
            if binary is not buffered:
                binary.close()
    finally:
        if owned is not None:
            owned.close()


def _header_getter(header: list[str]) -> Callable[[list[str]], tuple[str, ...]]:
    names = [name.strip().lower() for name in header]
    missing = [name for name in COLUMNS if name not in names]
    if missing:
        raise ImportFormatError(
            "The header lacks the column(s) "
            + ", ".join(missing)
            + ". Expected: "
            + ",".join(COLUMNS)
        )
    return itemgetter(*(names.index(name) for name in COLUMNS))


# Validation ---------------------------------------------------------------------------------


def _number(text: str, name: str, errors: list[str], limit: Decimal) -> Decimal | None:
    text = text.strip()
    if not text:
        return None
    try:
        value = Decimal(text)
    except InvalidOperation:
        errors.append(f"{name} is not a number ({text!r})")
        return None
    if not value.is_finite():
        errors.append(f"{name} is not a number ({text!r})")
    elif value < 0:
        errors.append(f"{name} is negative ({text})")
    elif value >= limit:
        errors.append(f"{name} is too large ({text})")
    else:
        return value
    return None


@dataclass
class _Row:
    """A validated row: database values, parties by their matching keys."""

    day: date
    iso_date: str
    hs_code: str
    description: str
    exporter: tuple[str, str]
    importer: tuple[str, str]
    quantity: Decimal | None
    unit: str
    net_weight: Decimal | None
    value: Decimal
    port_of_loading: str
    port_of_discharge: str
    mode: str
    source: str
    record_id: str


class _Validator:
    def __init__(self) -> None:
        self.hs6 = frozenset(HSCode.objects.filter(level=6).values_list("code", flat=True))
        self.names: dict[tuple[str, str], str] = {}  # matching key -> display name (batch)
        # Raw (name, country[, role]) -> (matching key, display name, errors): names repeat.
        self.seen: dict[tuple[str, ...], tuple[tuple[str, str], str, tuple[str, ...]]] = {}

    def _hs(self, text: str, errors: list[str]) -> str:
        code = text.strip()
        if code in self.hs6:
            return code
        code = code.replace(".", "").replace(" ", "")
        if not code:
            errors.append("missing hs_code")
        elif not code.isdigit() or len(code) not in (6, 8, 10):
            errors.append(f"hs_code must have 6 digits ({text!r})")
        elif code[:6] not in self.hs6:
            errors.append(f"unknown HS code {code[:6]}")
        else:
            return code[:6]
        return ""

    def _party(
        self, name: str, country: str, role: str, errors: list[str]
    ) -> tuple[tuple[str, str], str]:
        country = country.strip().upper()
        if not country:
            errors.append(f"missing {role}_country")
        elif country not in ISO_COUNTRIES:
            errors.append(f"{role}_country is not an ISO 3166 alpha-2 code ({country!r})")
        display = clean_display_name(name)
        if not display:
            errors.append(f"missing {role}_name")
            return ("", country), display
        if len(display) > _LIMITS["exporter_name"]:
            errors.append(f"{role}_name is longer than {_LIMITS['exporter_name']} characters")
            return ("", country), display
        key = normalise_name(display)[: _LIMITS["exporter_name"]]
        if not key:
            errors.append(f"{role}_name has no letters or digits")
        return (key, country), display

    def row(self, fields: tuple[str, ...]) -> _Row | list[str]:
        (
            day_text,
            hs_text,
            description,
            exporter_name,
            exporter_country,
            importer_name,
            importer_country,
            quantity_text,
            unit,
            weight_text,
            value_text,
            port_of_loading,
            port_of_discharge,
            mode_text,
            source,
            record_id,
        ) = fields
        errors: list[str] = []
        day_text = day_text.strip()
        day = date.min
        if not day_text:
            errors.append("missing date")
        else:
            try:
                if len(day_text) != 10 or day_text[4] != "-":
                    raise ValueError
                day = date.fromisoformat(day_text)
            except ValueError:
                errors.append(f"bad date {day_text!r} (expected yyyy-mm-dd)")
        hs_code = self._hs(hs_text, errors)
        seen = self.seen
        known = seen.get((exporter_name, exporter_country))
        if known is None:
            found: list[str] = []
            key, display = self._party(exporter_name, exporter_country, "exporter", found)
            known = seen[(exporter_name, exporter_country)] = (key, display, tuple(found))
        exporter, exporter_display, problems = known
        errors.extend(problems)
        known = seen.get((importer_name, importer_country, ""))
        if known is None:
            found = []
            key, display = self._party(importer_name, importer_country, "importer", found)
            known = seen[(importer_name, importer_country, "")] = (key, display, tuple(found))
        importer, importer_display, problems = known
        errors.extend(problems)
        if len(seen) > 200_000:
            seen.clear()
        quantity = _number(quantity_text, "quantity", errors, _MAX_QUANTITY)
        net_weight = _number(weight_text, "net_weight_kg", errors, _MAX_QUANTITY)
        value = _number(value_text, "value_usd", errors, _MAX_VALUE)
        if value is None and not value_text.strip():
            errors.append("missing value_usd")
        mode = mode_text.strip().lower()
        if mode:
            mode = TRANSPORT_MODES.get(mode, "")
            if not mode:
                errors.append(f"unknown transport_mode {mode_text.strip()!r}")
        source = source.strip()
        record_id = record_id.strip()
        unit = unit.strip()
        port_of_loading = " ".join(port_of_loading.split())
        port_of_discharge = " ".join(port_of_discharge.split())
        if not source:
            errors.append("missing source")
        if not record_id:
            errors.append("missing source_record_id")
        for name, text in (
            ("quantity_unit", unit),
            ("port_of_loading", port_of_loading),
            ("port_of_discharge", port_of_discharge),
            ("source", source),
            ("source_record_id", record_id),
        ):
            if len(text) > _LIMITS[name]:
                errors.append(f"{name} is longer than {_LIMITS[name]} characters")
        if errors:
            return errors
        assert value is not None
        self.names.setdefault(exporter, exporter_display)
        self.names.setdefault(importer, importer_display)
        return _Row(
            day,
            day_text,
            hs_code,
            description.strip(),
            exporter,
            importer,
            quantity,
            unit,
            net_weight,
            value,
            port_of_loading,
            port_of_discharge,
            mode,
            source,
            record_id,
        )


# Parties ------------------------------------------------------------------------------------


def _resolve_parties(wanted: dict[tuple[str, str], str], cache: dict[tuple[str, str], int]) -> None:
    """Fill `cache` with the ids of the parties in `wanted` (key -> display name), creating the
    missing ones: read, bulk-create what is missing (ignoring conflicts), read again."""
    missing = [key for key in wanted if key not in cache]
    if not missing:
        return
    if connection.vendor == "postgresql":
        _resolve_parties_by_copy(missing, wanted, cache)
        return

    def read(keys: list[tuple[str, str]]) -> None:
        for start in range(0, len(keys), 900):
            part = keys[start : start + 900]
            names = {name for name, _ in part}
            countries = {country for _, country in part}
            rows = TradeParty.objects.filter(normalized_name__in=names, country__in=countries)
            for pk, name, country in rows.values_list("id", "normalized_name", "country"):
                cache[(name, country)] = pk

    read(missing)
    new = [key for key in missing if key not in cache]
    if new:
        TradeParty.objects.bulk_create(
            [TradeParty(name=wanted[key], normalized_name=key[0], country=key[1]) for key in new],
            batch_size=500,
            ignore_conflicts=True,
        )
        read(new)


def _resolve_parties_by_copy(
    missing: list[tuple[str, str]],
    wanted: dict[tuple[str, str], str],
    cache: dict[tuple[str, str], int],
) -> None:
    """PostgreSQL: the same in three statements, whatever the number of parties: COPY the keys
    into a temporary table, insert the missing parties, read the ids back."""
    table = TradeParty._meta.db_table
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(
        (wanted[key], key[0], key[1]) for key in missing
    )
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TEMPORARY TABLE IF NOT EXISTS market_party_keys "
            "(name varchar(300), normalized_name varchar(300), country varchar(2)) "
            "ON COMMIT DROP"
        )
        cursor.execute("TRUNCATE market_party_keys")
        raw: Any = cursor.cursor
        with raw.copy("COPY market_party_keys FROM STDIN WITH (FORMAT csv)") as copy:
            copy.write(buffer.getvalue())
        cursor.execute(
            f"INSERT INTO {table} (name, normalized_name, country, created_at) "  # noqa: S608
            "SELECT DISTINCT ON (normalized_name, country) name, normalized_name, country, now() "
            "FROM market_party_keys ON CONFLICT (normalized_name, country) DO NOTHING"
        )
        cursor.execute(
            f"SELECT p.id, p.normalized_name, p.country FROM {table} p "  # noqa: S608
            "JOIN market_party_keys k USING (normalized_name, country)"
        )
        for pk, name, country in cursor.fetchall():
            cache[(name, country)] = pk


# Loading ------------------------------------------------------------------------------------


class _SqlWriter:
    """Writes with bulk_create, skipping keys that exist or came earlier in the file."""

    batch_size = 5_000

    def __init__(self) -> None:
        self.seen: set[tuple[str, str]] = set()
        self.added = 0
        self.candidates = 0

    def write(self, rows: list[_Row], parties: dict[tuple[str, str], int]) -> None:
        self.candidates += len(rows)
        sources = {row.source for row in rows}
        ids = [row.record_id for row in rows]
        existing: set[tuple[str, str]] = set()
        for start in range(0, len(ids), 900):
            existing.update(
                Shipment.objects.filter(
                    source__in=sources, source_record_id__in=ids[start : start + 900]
                ).values_list("source", "source_record_id")
            )
        objects = []
        for row in rows:
            key = (row.source, row.record_id)
            if key in existing or key in self.seen:
                continue
            self.seen.add(key)
            price = (row.value / row.quantity).quantize(_PRICE_PLACES) if row.quantity else None
            objects.append(
                Shipment(
                    date=row.day,
                    hs_code_id=row.hs_code,
                    product_description=row.description,
                    exporter_id=parties[row.exporter],
                    importer_id=parties[row.importer],
                    exporter_country=row.exporter[1],
                    importer_country=row.importer[1],
                    quantity=row.quantity,
                    quantity_unit=row.unit,
                    net_weight_kg=row.net_weight,
                    value_usd=row.value,
                    unit_price_usd=price,
                    port_of_loading=row.port_of_loading,
                    port_of_discharge=row.port_of_discharge,
                    transport_mode=row.mode,
                    source=row.source,
                    source_record_id=row.record_id,
                )
            )
        Shipment.objects.bulk_create(objects, batch_size=1000)
        self.added += len(objects)

    def finish(self) -> tuple[int, int]:
        return self.added, self.candidates - self.added


_STAGING = "market_shipment_staging"
_STAGING_COLUMNS = (
    "date date, hs_code_id varchar(6), product_description text, exporter_id bigint, "
    "importer_id bigint, exporter_country varchar(2), importer_country varchar(2), "
    "quantity numeric(18,3), quantity_unit varchar(20), net_weight_kg numeric(18,3), "
    "value_usd numeric(18,2), port_of_loading varchar(120), port_of_discharge varchar(120), "
    "transport_mode varchar(12), source varchar(60), source_record_id varchar(120)"
)


class _CopyWriter:
    """PostgreSQL: COPY every batch into a temporary staging table, then one INSERT ... SELECT
    ... ON CONFLICT DO NOTHING into the shipments table when the file is done."""

    batch_size = 50_000

    def __init__(self) -> None:
        self.candidates = 0
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TABLE IF EXISTS {_STAGING}")
            cursor.execute(f"CREATE TEMPORARY TABLE {_STAGING} ({_STAGING_COLUMNS}) ON COMMIT DROP")

    def write(self, rows: list[_Row], parties: dict[tuple[str, str], int]) -> None:
        self.candidates += len(rows)
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerows(
            (
                row.iso_date,
                row.hs_code,
                row.description,
                parties[row.exporter],
                parties[row.importer],
                row.exporter[1],
                row.importer[1],
                row.quantity,
                row.unit,
                row.net_weight,
                row.value,
                row.port_of_loading,
                row.port_of_discharge,
                row.mode,
                row.source,
                row.record_id,
            )
            for row in rows
        )
        with connection.cursor() as cursor:
            raw: Any = cursor.cursor  # the psycopg 3 cursor under Django's wrapper
            with raw.copy(f"COPY {_STAGING} FROM STDIN WITH (FORMAT csv)") as copy:
                copy.write(buffer.getvalue())

    def finish(self) -> tuple[int, int]:
        text = (
            "product_description, quantity_unit, port_of_loading, port_of_discharge, transport_mode"
        )
        coalesced = ", ".join(f"coalesce({name}, '')" for name in text.split(", "))
        table = Shipment._meta.db_table
        columns = (
            "date, hs_code_id, exporter_id, importer_id, exporter_country, importer_country, "
            "quantity, net_weight_kg, value_usd"
        )
        price = "CASE WHEN quantity > 0 THEN round(value_usd / quantity, 6) END"
        sql = (
            f"INSERT INTO {table} ({columns}, unit_price_usd, source, source_record_id, {text}) "  # noqa: S608
            f"SELECT {columns}, {price}, source, source_record_id, {coalesced} FROM {_STAGING} "
            "ON CONFLICT (source, source_record_id) DO NOTHING"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql)
            added = cursor.rowcount
            cursor.execute(f"DROP TABLE {_STAGING}")
        return added, self.candidates - added


def import_shipments(
    stream_or_path: str | Path | IO[Any],
    *,
    progress: Progress | None = None,
    dry_run: bool = False,
) -> ImportReport:
    """Load a shipments CSV (plain or gzip) from a path or a stream.

    Every row is validated; bad rows are reported by line number and reason and left out.
    The good rows are loaded in one transaction, parties created as needed, and rows whose
    (source, source_record_id) exists already are skipped. `dry_run` validates and rolls back."""
    started = time.monotonic()
    report = ImportReport()
    with _open_text(stream_or_path) as (text, fraction), transaction.atomic():
        reader = csv.reader(text)
        try:
            header = next(reader)
        except StopIteration:
            raise ImportFormatError("The file is empty: expected a header line.") from None
        get = _header_getter(header)
        width = len(header)
        validator = _Validator()
        writer: _CopyWriter | _SqlWriter = (
            _CopyWriter() if connection.vendor == "postgresql" else _SqlWriter()
        )
        parties: dict[tuple[str, str], int] = {}
        batch: list[_Row] = []

        def flush() -> None:
            _resolve_parties(validator.names, parties)
            validator.names = {}
            writer.write(batch, parties)
            batch.clear()
            if len(parties) > 1_000_000:
                parties.clear()
            if progress is not None:
                progress(report.rows_read, fraction())

        for row in reader:
            if not row or (len(row) == 1 and not row[0].strip()):
                continue
            report.rows_read += 1
            if len(row) != width:
                result: _Row | list[str] = [f"expected {width} fields, found {len(row)}"]
            elif "\x00" in "".join(row):
                result = ["contains a NUL character"]
            else:
                result = validator.row(get(row))
            if isinstance(result, list):
                report.bad_row_count += 1
                if len(report.bad_rows) < MAX_BAD_ROWS:
                    report.bad_rows.append((reader.line_num, "; ".join(result)))
                continue
            batch.append(result)
            if len(batch) >= writer.batch_size:
                flush()
        flush()
        report.added, report.skipped_existing = writer.finish()
        if dry_run:
            transaction.set_rollback(True)
    report.seconds = time.monotonic() - started
    return report


# Importer contact requests


def request_importer_contacts(
    user: User, importer_name: str, importer_country: str
) -> ContactRequest:
    """Record a request for an importer's contacts; asking again while one is pending for the
    same importer returns that one instead of queueing a duplicate."""
    name, country = " ".join(importer_name.split()), importer_country.strip().upper()
    pending = ContactRequest.objects.filter(
        user=user,
        importer_name__iexact=name,
        importer_country=country,
        status=ContactRequest.Status.PENDING,
    ).first()
    return pending or ContactRequest.objects.create(
        user=user, importer_name=name, importer_country=country
    )


def mark_contact_requests_sent(requests: QuerySet[ContactRequest]) -> int:
    """Operators emailed the contacts: the pending requests among `requests` become sent."""
    return requests.filter(status=ContactRequest.Status.PENDING).update(
        status=ContactRequest.Status.SENT, sent_at=timezone.now()
    )
