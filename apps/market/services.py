"""Writes of the market app: loading shipment files.

`import_shipments` reads a CSV (optionally gzip-compressed) as a stream, validates every row,
resolves the trade parties in bulk per batch and loads the good rows in one transaction:
a failure leaves nothing of the file behind. Rows whose (source, source_record_id) already
exists are skipped, so loading a file twice adds nothing. On PostgreSQL each batch is COPYed
straight into the shipments table while the next one is read (batches that meet known keys go
through a staging table and INSERT ... ON CONFLICT DO NOTHING), and large loads rebuild the
plain indexes at the end; elsewhere rows are written with batched bulk_create."""

from __future__ import annotations

import csv
import gzip
import io
import os
import re
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Context, Decimal, InvalidOperation
from operator import itemgetter
from pathlib import Path
from typing import IO, Any

import psycopg
from django.db import connection, transaction
from django.db.models import QuerySet
from django.utils import timezone

from apps.accounts.models import User
from apps.market.countries import ISO_COUNTRIES
from apps.market.fileformat import SHIPMENT_FILE_COLUMNS
from apps.market.models import ContactRequest, HSCode, Shipment, TradeParty
from apps.market.names import clean_display_name, normalise_name

COLUMNS = SHIPMENT_FILE_COLUMNS
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
_ID_LIMIT = _LIMITS["source_record_id"]

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

# Numbers that need no conversion: plain digits under the column's limit with no more decimals
# than it keeps. Anything else goes through Decimal and is rounded like the database would.
_PLAIN_QUANTITY = re.compile(r"[0-9]{1,15}(?:\.[0-9]{0,3})?").fullmatch
_PLAIN_VALUE = re.compile(r"[0-9]{1,16}(?:\.[0-9]{0,2})?").fullmatch
_QUANTITY_PLACES = Decimal("0.001")
_VALUE_PLACES = Decimal("0.01")
_EXACT = Context(prec=60)  # wide enough for value / quantity at 6 places without rounding
NULL = "\\N"  # a missing number, as COPY's text format spells it
_COPY_SPECIAL = ("\\", "\t", "\n", "\r")


def _number(text: str, name: str, errors: list[str], limit: Decimal, places: Decimal) -> str | None:
    """The number as text for the database, rounded to its places, or None when empty."""
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
    elif value >= limit or value.quantize(places, ROUND_HALF_UP, _EXACT) >= limit:
        errors.append(f"{name} is too large ({text})")
    else:
        return format(value.quantize(places, ROUND_HALF_UP, _EXACT), "f")
    return None


def _plain_unit_price(value: str, quantity: str) -> str:
    """_unit_price for plain numbers (digits, an optional point and decimals), in integers."""
    units, _, cents = value.partition(".")
    whole, _, part = quantity.partition(".")
    divisor = int(whole + part) * 10 ** len(cents)
    if not divisor:
        return NULL
    price, rest = divmod(int(units + cents) * 10 ** (len(part) + 6), divisor)
    if 2 * rest >= divisor:
        price += 1
    return f"{price // 1_000_000}.{price % 1_000_000:06d}"


def _unit_price(value: str, quantity: str) -> str:
    """value / quantity at 6 places (half away from zero, as PostgreSQL's round), or NULL."""
    amount = Decimal(quantity)
    if not amount:
        return NULL
    price = _EXACT.divide(Decimal(value), amount).quantize(_PRICE_PLACES, ROUND_HALF_UP, _EXACT)
    return format(price, "f")


# A validated row: the database values in _COPY_COLUMNS order (text, NULL for a missing
# number), the exporter's and importer's matching keys, and whether a value holds characters
# that COPY's text format must escape.
_Row = tuple[tuple[str, ...], tuple[str, str], tuple[str, str], bool]
_COPY_COLUMNS = (
    "date",
    "hs_code_id",
    "product_description",
    "exporter_country",
    "importer_country",
    "quantity",
    "quantity_unit",
    "net_weight_kg",
    "value_usd",
    "unit_price_usd",
    "port_of_loading",
    "port_of_discharge",
    "transport_mode",
    "source",
    "source_record_id",
    "exporter_id",
    "importer_id",
)
_TEXT_POSITIONS = (2, 6, 10, 11, 12, 13, 14)  # the values that may need escaping for COPY


class _Validator:
    """Checks rows. Values that repeat across a file (dates, codes, parties, ports, units,
    modes, sources) are checked once and remembered."""

    def __init__(self) -> None:
        self.hs6 = frozenset(HSCode.objects.filter(level=6).values_list("code", flat=True))
        self.names: dict[tuple[str, str], str] = {}  # matching key -> display name (batch)
        # Raw (name, country[, role]) -> (matching key, display name, errors): names repeat.
        self.seen: dict[tuple[str, ...], tuple[tuple[str, str], str, tuple[str, ...]]] = {}
        # Raw text -> (clean value, errors) for the small-vocabulary columns.
        self.dates: dict[str, tuple[str, tuple[str, ...]]] = {}
        self.codes: dict[str, tuple[str, tuple[str, ...]]] = {}
        self.modes: dict[str, tuple[str, tuple[str, ...]]] = {}
        self.units: dict[str, tuple[str, tuple[str, ...]]] = {}
        self.ports: dict[str, tuple[str, tuple[str, ...]]] = {}  # both columns: same rules
        self.sources: dict[str, tuple[str, tuple[str, ...]]] = {}

    def _date(self, text: str) -> tuple[str, tuple[str, ...]]:
        day_text = text.strip()
        if not day_text:
            return "", ("missing date",)
        try:
            if len(day_text) != 10 or day_text[4] != "-":
                raise ValueError
            date.fromisoformat(day_text)
        except ValueError:
            return "", (f"bad date {day_text!r} (expected yyyy-mm-dd)",)
        return day_text, ()

    def _hs(self, text: str) -> tuple[str, tuple[str, ...]]:
        code = text.strip()
        if code in self.hs6:
            return code, ()
        code = code.replace(".", "").replace(" ", "")
        if not code:
            return "", ("missing hs_code",)
        if not code.isdigit() or len(code) not in (6, 8, 10):
            return "", (f"hs_code must have 6 digits ({text!r})",)
        if code[:6] not in self.hs6:
            return "", (f"unknown HS code {code[:6]}",)
        return code[:6], ()

    @staticmethod
    def _mode(text: str) -> tuple[str, tuple[str, ...]]:
        mode = text.strip().lower()
        if mode:
            mode = TRANSPORT_MODES.get(mode, "")
            if not mode:
                return "", (f"unknown transport_mode {text.strip()!r}",)
        return mode, ()

    @staticmethod
    def _text(name: str, text: str) -> tuple[str, tuple[str, ...]]:
        clean = " ".join(text.split()) if name.startswith("port") else text.strip()
        if not clean and name == "source":
            return clean, ("missing source",)
        if len(clean) > _LIMITS[name]:
            return clean, (f"{name} is longer than {_LIMITS[name]} characters",)
        return clean, ()

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

    def _remembered(
        self, cache: dict[Any, tuple[str, tuple[str, ...]]], key: Any, check: Any, *args: str
    ) -> tuple[str, tuple[str, ...]]:
        found = check(*args)
        if len(cache) > 100_000:
            cache.clear()
        cache[key] = found
        return found

    def row(self, fields: tuple[str, ...], special: bool) -> _Row | list[str]:
        (
            day_text,
            hs_text,
            description,
            exporter_name,
            exporter_country,
            importer_name,
            importer_country,
            quantity_text,
            unit_text,
            weight_text,
            value_text,
            loading_text,
            discharge_text,
            mode_text,
            source_text,
            record_id,
        ) = fields
        day, e1 = self.dates.get(day_text) or self._remembered(
            self.dates, day_text, self._date, day_text
        )
        hs_code, e2 = self.codes.get(hs_text) or self._remembered(
            self.codes, hs_text, self._hs, hs_text
        )
        mode, e3 = self.modes.get(mode_text) or self._remembered(
            self.modes, mode_text, self._mode, mode_text
        )
        unit, e4 = self.units.get(unit_text) or self._remembered(
            self.units, unit_text, self._text, "quantity_unit", unit_text
        )
        loading, e5 = self.ports.get(loading_text) or self._remembered(
            self.ports, loading_text, self._text, "port_of_loading", loading_text
        )
        discharge, e6 = self.ports.get(discharge_text) or self._remembered(
            self.ports, discharge_text, self._text, "port_of_discharge", discharge_text
        )
        source, e7 = self.sources.get(source_text) or self._remembered(
            self.sources, source_text, self._text, "source", source_text
        )
        seen = self.seen
        known = seen.get((exporter_name, exporter_country))
        if known is None:
            found: list[str] = []
            key, display = self._party(exporter_name, exporter_country, "exporter", found)
            known = seen[(exporter_name, exporter_country)] = (key, display, tuple(found))
        exporter, exporter_display, e8 = known
        known = seen.get((importer_name, importer_country, ""))
        if known is None:
            found = []
            key, display = self._party(importer_name, importer_country, "importer", found)
            known = seen[(importer_name, importer_country, "")] = (key, display, tuple(found))
        importer, importer_display, e9 = known
        if len(seen) > 200_000:
            seen.clear()
        errors: list[str] | None = None
        if e1 or e2 or e8 or e9:
            errors = [*e1, *e2, *e8, *e9]
        plain = True
        if _PLAIN_QUANTITY(quantity_text):
            quantity: str | None = quantity_text
        else:
            plain = False
            errors = errors or []
            quantity = _number(quantity_text, "quantity", errors, _MAX_QUANTITY, _QUANTITY_PLACES)
        if _PLAIN_QUANTITY(weight_text):
            weight: str | None = weight_text
        else:
            errors = errors or []
            weight = _number(weight_text, "net_weight_kg", errors, _MAX_QUANTITY, _QUANTITY_PLACES)
        if _PLAIN_VALUE(value_text):
            value: str | None = value_text
        else:
            plain = False
            errors = errors or []
            value = _number(value_text, "value_usd", errors, _MAX_VALUE, _VALUE_PLACES)
            if value is None and not value_text.strip():
                errors.append("missing value_usd")
        if record_id[:1].isspace() or record_id[-1:].isspace():
            record_id = record_id.strip()
        if e3 or e4 or e5 or e6 or e7 or not record_id or len(record_id) > _ID_LIMIT:
            errors = errors or []
            errors.extend(e3)
            missing_source = [problem for problem in e7 if problem.startswith("missing")]
            errors.extend(missing_source)
            if not record_id:
                errors.append("missing source_record_id")
            errors.extend((*e4, *e5, *e6))
            errors.extend(problem for problem in e7 if problem not in missing_source)
            if len(record_id) > _ID_LIMIT:
                errors.append(f"source_record_id is longer than {_ID_LIMIT} characters")
        if errors:
            return errors
        assert value is not None
        names = self.names
        if exporter not in names:
            names[exporter] = exporter_display
        if importer not in names:
            names[importer] = importer_display
        return (
            (
                day,
                hs_code,
                description.strip(),
                exporter[1],
                importer[1],
                NULL if quantity is None else quantity,
                unit,
                NULL if weight is None else weight,
                value,
                NULL
                if quantity is None
                else (_plain_unit_price if plain else _unit_price)(value, quantity),
                loading,
                discharge,
                mode,
                source,
                record_id,
            ),
            exporter,
            importer,
            special,
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
        sources = {values[13] for values, *_ in rows}
        ids = [values[14] for values, *_ in rows]
        existing: set[tuple[str, str]] = set()
        for start in range(0, len(ids), 900):
            existing.update(
                Shipment.objects.filter(
                    source__in=sources, source_record_id__in=ids[start : start + 900]
                ).values_list("source", "source_record_id")
            )

        def number(text: str) -> Decimal | None:
            return None if text == NULL else Decimal(text)

        objects = []
        for values, exporter, importer, _special in rows:
            key = (values[13], values[14])
            if key in existing or key in self.seen:
                continue
            self.seen.add(key)
            objects.append(
                Shipment(
                    date=date.fromisoformat(values[0]),
                    hs_code_id=values[1],
                    product_description=values[2],
                    exporter_id=parties[exporter],
                    importer_id=parties[importer],
                    exporter_country=values[3],
                    importer_country=values[4],
                    quantity=number(values[5]),
                    quantity_unit=values[6],
                    net_weight_kg=number(values[7]),
                    value_usd=Decimal(values[8]),
                    unit_price_usd=number(values[9]),
                    port_of_loading=values[10],
                    port_of_discharge=values[11],
                    transport_mode=values[12],
                    source=values[13],
                    source_record_id=values[14],
                )
            )
        Shipment.objects.bulk_create(objects, batch_size=1000)
        self.added += len(objects)

    def finish(self) -> tuple[int, int]:
        return self.added, self.candidates - self.added


_STAGING = "market_shipment_staging"
_STAGING_COLUMNS = (
    "date date, hs_code_id varchar(6), product_description text, exporter_country varchar(2), "
    "importer_country varchar(2), quantity numeric(18,3), quantity_unit varchar(20), "
    "net_weight_kg numeric(18,3), value_usd numeric(18,2), unit_price_usd numeric(30,6), "
    "port_of_loading varchar(120), port_of_discharge varchar(120), transport_mode varchar(12), "
    "source varchar(60), source_record_id varchar(120), exporter_id bigint, importer_id bigint"
)
_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})
_REBUILD_AFTER = 200_000  # rows in a file from which a load may rebuild the plain indexes


class _CopyWriter:
    """PostgreSQL: each batch is COPYed straight into the shipments table inside a savepoint,
    in a background thread while the next batch is read and checked. A batch that meets a key
    already loaded (by an earlier import, or earlier in this file) is rolled back to its
    savepoint and goes through a temporary staging table and INSERT ... ON CONFLICT DO NOTHING.

    A large load into a table smaller than the file drops the table's plain (non-unique)
    indexes inside the transaction and builds them again at the end, which is several times
    faster than maintaining them row by row; the unique key stays, so duplicates are still
    caught. Readers of the shipments table wait for the load's commit in that case."""

    batch_size = 50_000

    def __init__(self, *, rebuild_indexes: bool = True) -> None:
        self.added = 0
        self.candidates = 0
        self.direct = True
        self.conflicts = 0
        self.rebuild_allowed = rebuild_indexes
        self.dropped: list[str] = []  # CREATE INDEX statements to run at the end
        self.staging = False
        self.ids: dict[tuple[str, str], str] = {}
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="shipment-copy")
        self.pending: Future[int] | None = None
        self.table = Shipment._meta.db_table
        with connection.cursor() as cursor:
            # The psycopg connection, in this transaction, for the loading thread (Django's
            # `connection` is per thread).
            self.raw: Any = cursor.connection
            cursor.execute("SET LOCAL synchronous_commit = off")
            cursor.execute("SET LOCAL maintenance_work_mem = '256MB'")

    def maybe_rebuild(self, rows_read: int, fraction: float | None) -> None:
        """Once the file looks like _REBUILD_AFTER rows or more (judged by the share of it read,
        or by the rows read when its size is unknown): drop the plain indexes when the file is
        at least as large as the table."""
        if not self.rebuild_allowed:
            return
        expected = rows_read / fraction if fraction else rows_read
        if expected < _REBUILD_AFTER:
            return
        self.rebuild_allowed = False
        self.wait()
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT reltuples::bigint FROM pg_class WHERE oid = %s::regclass", [self.table]
            )
            estimate = cursor.fetchone()[0]
            if estimate < 0:  # never analysed: count, up to what matters
                cursor.execute(
                    f"SELECT count(*) FROM (SELECT 1 FROM {self.table} "  # noqa: S608
                    "LIMIT %s) AS head",
                    [int(expected) + 1],
                )
                estimate = cursor.fetchone()[0]
            if estimate - self.added > expected:
                return
            cursor.execute(
                "SELECT c.relname, pg_get_indexdef(i.indexrelid) FROM pg_index i "
                "JOIN pg_class c ON c.oid = i.indexrelid "
                "WHERE i.indrelid = %s::regclass AND NOT i.indisunique AND NOT i.indisprimary "
                "AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)",
                [self.table],
            )
            found = cursor.fetchall()
            for name, definition in found:
                cursor.execute(f'DROP INDEX "{name}"')
                self.dropped.append(definition)

    def write(self, rows: list[_Row], parties: dict[tuple[str, str], int]) -> None:
        self.candidates += len(rows)
        ids = self.ids
        for key in parties.keys() - ids.keys():
            ids[key] = str(parties[key])
        lines: list[str] = []
        append = lines.append
        join = "\t".join
        for values, exporter, importer, special in rows:
            if special:
                values = _escaped(values)
            append(f"{join(values)}\t{ids[exporter]}\t{ids[importer]}\n")
        data = "".join(lines).encode()
        self.wait()
        self.pending = self.pool.submit(self._load, data)

    def wait(self) -> None:
        """Let the batch being loaded finish (and raise its error, if any)."""
        if self.pending is not None:
            pending, self.pending = self.pending, None
            self.added += pending.result()

    def _load(self, data: bytes) -> int:
        raw = self.raw
        columns = ", ".join(_COPY_COLUMNS)
        with raw.cursor() as cursor:
            if self.direct:
                cursor.execute("SAVEPOINT market_shipment_batch")
                try:
                    with cursor.copy(f"COPY {self.table} ({columns}) FROM STDIN") as copy:
                        copy.write(data)
                except psycopg.errors.UniqueViolation:
                    cursor.execute("ROLLBACK TO SAVEPOINT market_shipment_batch")
                    self.conflicts += 1
                    self.direct = self.conflicts < 3  # mostly known rows: stage from now on
                else:
                    cursor.execute("RELEASE SAVEPOINT market_shipment_batch")
                    return data.count(b"\n")
            if not self.staging:
                cursor.execute(f"DROP TABLE IF EXISTS {_STAGING}")
                cursor.execute(
                    f"CREATE TEMPORARY TABLE {_STAGING} ({_STAGING_COLUMNS}) ON COMMIT DROP"
                )
                self.staging = True
            else:
                cursor.execute(f"TRUNCATE {_STAGING}")
            with cursor.copy(f"COPY {_STAGING} FROM STDIN") as copy:
                copy.write(data)
            cursor.execute(
                f"INSERT INTO {self.table} ({columns}) "  # noqa: S608
                f"SELECT {columns} FROM {_STAGING} "
                "ON CONFLICT (source, source_record_id) DO NOTHING"
            )
            return int(cursor.rowcount)

    def finish(self) -> tuple[int, int]:
        try:
            self.wait()
        finally:
            self.pool.shutdown(wait=True)
        with connection.cursor() as cursor:
            for definition in self.dropped:
                cursor.execute(definition)
            if self.staging:
                cursor.execute(f"DROP TABLE {_STAGING}")
        return self.added, self.candidates - self.added

    def close(self) -> None:
        """After a failure: let the background load end before the transaction rolls back."""
        if self.pending is not None:
            with suppress(Exception):  # the first error is the one raised
                self.pending.result()
            self.pending = None
        self.pool.shutdown(wait=True)


def _escaped(values: tuple[str, ...]) -> tuple[str, ...]:
    out = list(values)
    for position in _TEXT_POSITIONS:
        out[position] = out[position].translate(_ESCAPES)
    return tuple(out)


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
        check = validator.row
        writer: _CopyWriter | _SqlWriter = (
            _CopyWriter(rebuild_indexes=not dry_run)
            if connection.vendor == "postgresql"
            else _SqlWriter()
        )
        parties: dict[tuple[str, str], int] = {}
        batch: list[_Row] = []
        bad_rows = report.bad_rows
        size = writer.batch_size

        def flush() -> None:
            _resolve_parties(validator.names, parties)
            validator.names = {}
            writer.write(batch, parties)
            batch.clear()
            if len(parties) > 1_000_000:
                parties.clear()
            if isinstance(writer, _CopyWriter):
                writer.maybe_rebuild(report.rows_read, fraction())
            if progress is not None:
                progress(report.rows_read, fraction())

        try:
            rows_read = 0
            for row in reader:
                if not row or (len(row) == 1 and not row[0].strip()):
                    continue
                rows_read += 1
                joined = "".join(row)
                if len(row) != width:
                    result: _Row | list[str] = [f"expected {width} fields, found {len(row)}"]
                elif "\x00" in joined:
                    result = ["contains a NUL character"]
                else:
                    result = check(
                        get(row),
                        "\\" in joined or "\t" in joined or "\n" in joined or "\r" in joined,
                    )
                if result.__class__ is list:
                    report.bad_row_count += 1
                    if len(bad_rows) < MAX_BAD_ROWS:
                        bad_rows.append((reader.line_num, "; ".join(result)))
                    continue
                batch.append(result)  # type: ignore[arg-type]
                if len(batch) >= size:
                    report.rows_read = rows_read
                    flush()
            report.rows_read = rows_read
            flush()
            report.added, report.skipped_existing = writer.finish()
        except BaseException:
            if isinstance(writer, _CopyWriter):
                writer.close()
            raise
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
    name, country = " ".join(importer_name.split()), importer_country
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
