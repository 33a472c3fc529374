"""Writes of the market app: loading shipment files.

`import_shipments` loads a shipments CSV (optionally gzip-compressed) in one transaction: a
failure leaves nothing of the file behind. DuckDB reads the file, in parallel and without a
Python object per row, in two scans:

1. A survey: the distinct (name, country) pairs of the parties, the record keys that occur
   more than once, the sources, and how many rows a conservative SQL check does not accept
   plainly. Party names are checked and keyed in Python, once per distinct pair.
2. The load: every plain row, its parties' ids joined in, is written as CSV and streamed to
   PostgreSQL's COPY through a pipe (or fetched in batches and bulk-inserted elsewhere).

Rows that are not plain (odd spellings, bad values, keys that repeat, unknown pairs, rows of
the wrong width) are few; they are read again with their positions and go through the
Python checks of `_Validator`, which are the rules and the only source of the messages. The
good ones join the load; the bad ones are reported with the line where they end, as a CSV
reader counts lines.

Rows whose (source, source_record_id) exists already are skipped, and a key repeated in the
file loads once (its first good row). A large load into a table not larger than the file
drops the unique key and the plain indexes inside the transaction, leaves out the keys that
are already loaded and builds the indexes again at the end, which is several times faster than
maintaining them row by row; other loads go through a staging table and
INSERT ... ON CONFLICT DO NOTHING."""

# The SQL here is assembled from constant fragments, column numbers and table names; the
# only outside text in it is the path of the file, quoted. Values travel as parameters.
# ruff: noqa: S608

from __future__ import annotations

import csv
import fcntl
import gzip
import io
import os
import re
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Context, Decimal, InvalidOperation
from operator import itemgetter
from pathlib import Path
from typing import IO, Any

import duckdb
from django.db import connection, transaction
from django.db.models import QuerySet
from django.utils import timezone
from psycopg import sql

from apps.accounts.models import User
from apps.market.countries import ISO_COUNTRIES
from apps.market.fileformat import SHIPMENT_FILE_COLUMNS
from apps.market.index import DUCKDB_CONFIG
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
"""Called now and then with the rows done so far and the share of the work done (0..1), and
once at the end with all the rows read and 1.0."""


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


# Validation ---------------------------------------------------------------------------------

# Numbers that need no conversion: plain digits under the column's limit with no more decimals
# than it keeps. Anything else goes through Decimal and is rounded like the database would.
_PLAIN_QUANTITY = re.compile(r"[0-9]{1,15}(?:\.[0-9]{0,3})?").fullmatch
_PLAIN_VALUE = re.compile(r"[0-9]{1,16}(?:\.[0-9]{0,2})?").fullmatch
_QUANTITY_PLACES = Decimal("0.001")
_VALUE_PLACES = Decimal("0.01")
_EXACT = Context(prec=60)  # wide enough for value / quantity at 6 places without rounding


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


def _plain_unit_price(value: str, quantity: str) -> str | None:
    """_unit_price for plain numbers (digits, an optional point and decimals), in integers.
    _unit_price_sql is the same computation."""
    units, _, cents = value.partition(".")
    whole, _, part = quantity.partition(".")
    divisor = int(whole + part) * 10 ** len(cents)
    if not divisor:
        return None
    price, rest = divmod(int(units + cents) * 10 ** (len(part) + 6), divisor)
    if 2 * rest >= divisor:
        price += 1
    return f"{price // 1_000_000}.{price % 1_000_000:06d}"


def _unit_price(value: str, quantity: str) -> str | None:
    """value / quantity at 6 places (half away from zero, as PostgreSQL's round), or None."""
    amount = Decimal(quantity)
    if not amount:
        return None
    price = _EXACT.divide(Decimal(value), amount).quantize(_PRICE_PLACES, ROUND_HALF_UP, _EXACT)
    return format(price, "f")


# A validated row: the database values in _COPY_COLUMNS order without the party ids (text,
# None for a missing number) and the exporter's and importer's matching keys.
_Row = tuple[tuple[str | None, ...], tuple[str, str], tuple[str, str]]
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


class _Validator:
    """Checks rows: the rules of a shipment row and the only source of their messages."""

    def __init__(self) -> None:
        self.hs6 = frozenset(HSCode.objects.filter(level=6).values_list("code", flat=True))
        self.names: dict[tuple[str, str], str] = {}  # matching key -> display name

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
            unit_text,
            weight_text,
            value_text,
            loading_text,
            discharge_text,
            mode_text,
            source_text,
            record_id,
        ) = fields
        day, e1 = self._date(day_text)
        hs_code, e2 = self._hs(hs_text)
        mode, e3 = self._mode(mode_text)
        unit, e4 = self._text("quantity_unit", unit_text)
        loading, e5 = self._text("port_of_loading", loading_text)
        discharge, e6 = self._text("port_of_discharge", discharge_text)
        source, e7 = self._text("source", source_text)
        party_errors: list[str] = []
        exporter, exporter_display = self._party(
            exporter_name, exporter_country, "exporter", party_errors
        )
        importer, importer_display = self._party(
            importer_name, importer_country, "importer", party_errors
        )
        errors: list[str] | None = None
        if e1 or e2 or party_errors:
            errors = [*e1, *e2, *party_errors]
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
                quantity,
                unit,
                weight,
                value,
                None
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
        )


class _RowCheck:
    """The Python checks of one raw row, as a CSV reader splits it: the rules' only home."""

    def __init__(self, header: list[str]) -> None:
        self.width = len(header)
        self.get = _header_getter(header)
        self.validator = _Validator()

    def __call__(self, fields: list[str]) -> _Row | list[str]:
        if len(fields) != self.width:
            return [f"expected {self.width} fields, found {len(fields)}"]
        if "\x00" in "".join(fields):
            return ["contains a NUL character"]
        return self.validator.row(self.get(fields))

    def pair(self, name: str, country: str) -> tuple[tuple[str, str], str] | None:
        """A party's matching key and display name, or None when its name or country is bad
        (or holds a NUL)."""
        errors: list[str] = []
        key, display = self.validator._party(name, country, "exporter", errors)
        return None if errors or "\x00" in name + country else (key, display)

    def plain_value(self, column: str, text: str) -> bool:
        """Whether a value of a _VOCABULARY column passes its check and is stored as the SQL of
        `_Scan.values` writes it."""
        validator = self.validator
        if "\x00" in text:
            return False
        if column == "date":
            day, errors = validator._date(text)
            return not errors and day == text and bool(_PLAIN_DATE(text))
        if column == "hs_code":
            code, errors = validator._hs(text)
            return not errors and code == text.replace(".", "").replace(" ", "")[:6]
        if column == "transport_mode":
            mode, errors = validator._mode(text)
            return not errors and text.isascii() and mode == TRANSPORT_MODES.get(text.lower(), "")
        clean, errors = validator._text(column, text)
        return not errors and clean == text


def _header_getter(header: list[str]) -> Callable[[list[str]], tuple[str, ...]]:
    return itemgetter(*_header_positions(header))


def _header_positions(header: list[str]) -> list[int]:
    """The position in the file of each of COLUMNS."""
    names = [name.strip().lower() for name in header]
    missing = [name for name in COLUMNS if name not in names]
    if missing:
        raise ImportFormatError(
            "The header lacks the column(s) "
            + ", ".join(missing)
            + ". Expected: "
            + ",".join(COLUMNS)
        )
    return [names.index(name) for name in COLUMNS]


# Reading ------------------------------------------------------------------------------------


def _local_file(source: str | Path | IO[Any], workdir: Path) -> tuple[str, bool]:
    """A path DuckDB can read (the path given, or the stream copied into `workdir` as UTF-8
    bytes) and whether the file is gzip-compressed (told by its first bytes)."""
    if isinstance(source, str | Path):
        path = os.fspath(source)
    else:
        path = str(workdir / "input")
        with open(path, "wb") as out:
            while chunk := source.read(1 << 20):
                out.write(chunk.encode() if isinstance(chunk, str) else chunk)
    with open(path, "rb") as handle:
        return path, handle.read(2) == b"\x1f\x8b"


@contextmanager
def _text(path: str, compressed: bool) -> Iterator[IO[str]]:
    """The file as text, as the CSV reader wants it (BOM dropped, line ends kept)."""
    with gzip.open(path) if compressed else open(path, "rb") as raw:
        text = io.TextIOWrapper(raw, encoding="utf-8-sig", newline="")
        try:
            yield text
        finally:
            text.detach()


def _read_header(path: str, compressed: bool) -> list[str]:
    with _text(path, compressed) as text:
        header = next(csv.reader(text), None)
    if header is None:
        raise ImportFormatError("The file is empty: expected a header line.")
    return header


def _line_feeds(path: str, compressed: bool) -> tuple[int, bool]:
    """How many line feeds the file holds, and whether it ends with one."""
    count, last = 0, b""
    with gzip.open(path) if compressed else open(path, "rb") as raw:
        while chunk := raw.read(1 << 24):
            count += chunk.count(b"\n")
            last = chunk[-1:]
    return count, last == b"\n"


# The file in DuckDB -------------------------------------------------------------------------

# Python's str.isspace() characters (what strip() and split() remove), as an RE2 class body.
_SPACE = "".join(f"\\x{{{code:x}}}" for code in range(0x3001) if chr(code).isspace())
_PLAIN_DATE = re.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}").fullmatch
_QUANTITY_PATTERN = _PLAIN_QUANTITY.__self__.pattern  # type: ignore[attr-defined]
# Values under 10**9 only: their unit price stays within BIGINT and DECIMAL(18, 6) in SQL.
_SQL_VALUE_PATTERN = r"[0-9]{1,9}(?:\.[0-9]{0,2})?"
_MODE_SQL = (
    "CASE lower({0}) "
    + " ".join(f"WHEN '{alias}' THEN '{mode}'" for alias, mode in TRANSPORT_MODES.items())
    + " END"
)


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _stripped_sql(column: str) -> str:
    """The text has no whitespace at either end (Python's strip() would leave it as it is)."""
    return f"NOT regexp_matches({column}, '^[{_SPACE}]|[{_SPACE}]$')"


def _trimmed_sql(column: str, limit: int | None) -> str:
    """The text needs no strip() and holds no NUL; and it fits."""
    check = f"{_stripped_sql(column)} AND NOT contains({column}, chr(0))"
    return f"{check} AND length({column}) <= {limit}" if limit else check


def _hs_digits_sql(column: str) -> str:
    return f"replace(replace({column}, '.', ''), ' ', '')"


def _unit_price_sql(value: str, quantity: str) -> str:
    """_plain_unit_price in SQL, for a plain quantity and a value under 10**9:
    value / quantity at 6 places, half up, in BIGINT integers, as a DECIMAL(18, 6)."""
    cents = f"CAST(CAST({value} AS DECIMAL(18,2)) * 100 AS BIGINT)"
    milli = f"CAST(CAST({quantity} AS DECIMAL(18,3)) * 1000 AS BIGINT)"
    micro = f"((2 * {cents} * 10000000 + {milli}) // (2 * {milli}))"
    return (
        f"CASE WHEN {quantity} = '' OR {milli} = 0 THEN NULL "
        f"ELSE CAST(CAST({micro} AS DECIMAL(18,0)) * CAST(0.000001 AS DECIMAL(7,6)) "
        "AS DECIMAL(18,6)) END"
    )


class _Scan:
    """The file as DuckDB reads it: every field as text ('' when empty), in columns c0, c1, ...
    in the file's order; rows of the wrong width are set aside (in `rejected_rows` when the
    scan keeps them)."""

    def __init__(
        self,
        duck: duckdb.DuckDBPyConnection,
        path: str,
        compressed: bool,
        header: list[str],
        workdir: Path,
    ) -> None:
        self.duck = duck
        self.workdir = workdir
        self.path, self.compressed = path, compressed
        self.width = len(header)
        positions = _header_positions(header)
        self.c = {name: f"s.c{position}" for name, position in zip(COLUMNS, positions, strict=True)}
        self.others = [f"s.c{i}" for i in range(self.width) if i not in positions]
        self.bad_columns: set[str] = set()  # columns of _VOCABULARY with a bad value
        self.repeated_keys = False  # whether `dup_keys` holds any
        self.all_rows_plain = False  # whether every row passes `row_checks`
        self.pair_hashes_unique = False  # whether the file's party pairs have distinct hashes
        self.rows_kept = 0  # rows of the right width

    def rows(self, *, keep_rejects: bool = False, numbered: bool = False) -> str:
        """The file's rows as a subquery `s` (with their number `n` counted in file order)."""
        columns = ", ".join(f"'c{i}': 'VARCHAR'" for i in range(self.width))
        options = (
            f"columns = {{{columns}}}, header = true, auto_detect = false, delim = ',', "
            "quote = '\"', escape = '\"', strict_mode = true, ignore_errors = true, "
            f"compression = '{'gzip' if self.compressed else 'none'}'"
        )
        if keep_rejects:
            options += (
                ", store_rejects = true, rejects_table = 'rejected_rows', "
                "rejects_scan = 'rejected_scans'"
            )
        values = ", ".join(f"coalesce(c{i}, '') AS c{i}" for i in range(self.width))
        number = "row_number() OVER () AS n, " if numbered else ""
        return f"(SELECT {number}{values} FROM read_csv({_quoted(self.path)}, {options})) AS s"

    def row_checks(self) -> str:
        """A conservative check, row by row, of the columns that are not checked once per
        distinct value (party names and countries per pair, _VOCABULARY per value): the row
        passes _Validator's checks and needs no conversion beyond what `values` does."""
        c = self.c

        def number(column: str) -> str:
            return f"({column} = '' OR regexp_full_match({column}, '{_QUANTITY_PATTERN}'))"

        checks = [
            _trimmed_sql(c["product_description"], None),
            number(c["quantity"]),
            number(c["net_weight_kg"]),
            f"regexp_full_match({c['value_usd']}, '{_SQL_VALUE_PATTERN}')",
            f"{c['source_record_id']} <> ''",
            _trimmed_sql(c["source_record_id"], _LIMITS["source_record_id"]),
        ]
        checks += [f"NOT contains({column}, chr(0))" for column in self.others]
        return "(" + " AND ".join(checks) + ")"

    def ordinary(self) -> str:
        """The rows loaded straight from the file (x and i joined from `parties`): plain, with
        a key that occurs once in the file."""
        c = self.c
        parties = [
            self.party_match("x", c["exporter_name"], c["exporter_country"]),
            self.party_match("i", c["importer_name"], c["importer_country"]),
        ]
        return " AND ".join([*parties, self.row_filter()])

    def row_filter(self) -> str:
        """`ordinary` but for the parties. Checks the survey found every row to pass are left
        out."""
        c = self.c
        checks = ["true"]
        if not self.all_rows_plain:
            checks.append(self.row_checks())
        checks += [
            f"{c[name]} NOT IN (SELECT value FROM bad_values WHERE name = '{name}')"
            for name in sorted(self.bad_columns)
        ]
        if self.repeated_keys:
            checks.append(f"{self.key_hash()} NOT IN (SELECT hash FROM dup_keys)")
        return " AND ".join(checks)

    def party_match(self, alias: str, name: str, country: str) -> str:
        """The row's party in `parties`: by the hash of its pair when no two pairs of the file
        share a hash (a join on integers), else by the pair."""
        if self.pair_hashes_unique:
            return f"{alias}.hash = hash({name}, {country})"
        return f"{alias}.name = {name} AND {alias}.country = {country}"

    def key_hash(self) -> str:
        """A hash of the row's key as the Python checks strip it (whitespace trimmed at the
        ends when there is some), so that spellings of one key meet."""
        parts = []
        for column in (self.c["source"], self.c["source_record_id"]):
            trimmed = f"regexp_replace({column}, '^[{_SPACE}]+|[{_SPACE}]+$', '', 'g')"
            parts.append(f"CASE WHEN {_stripped_sql(column)} THEN {column} ELSE {trimmed} END")
        return f"hash({parts[0]}, {parts[1]})"

    def broken(self) -> str:
        """The row holds a line break in a (quoted) field."""
        columns = [*self.c.values(), *self.others]
        return (
            "("
            + " OR ".join(
                f"contains({column}, chr(10)) OR contains({column}, chr(13))" for column in columns
            )
            + ")"
        )

    def line_breaks(self) -> str:
        """How many lines a CSV reader sees end inside the row's fields."""
        joined = "concat_ws(chr(1), " + ", ".join([*self.c.values(), *self.others]) + ")"
        return f"len(regexp_extract_all({joined}, '\\r\\n|\\r|\\n'))"

    def values(self) -> list[str]:
        """The database values of a plain row, in _COPY_COLUMNS order (x and i: its parties)."""
        c = self.c
        return [
            c["date"],
            f"left({_hs_digits_sql(c['hs_code'])}, 6)",
            c["product_description"],
            "x.clean_country",
            "i.clean_country",
            f"nullif({c['quantity']}, '')",
            c["quantity_unit"],
            f"nullif({c['net_weight_kg']}, '')",
            c["value_usd"],
            _unit_price_sql(c["value_usd"], c["quantity"]),
            c["port_of_loading"],
            c["port_of_discharge"],
            f"coalesce({_MODE_SQL.format(c['transport_mode'])}, '')",
            c["source"],
            c["source_record_id"],
            "x.id",
            "i.id",
        ]

    def known_rows(self) -> int:
        """How many ordinary rows have a key in `existing` (left out of the load)."""
        found = self.duck.execute(
            f"SELECT count(*) FROM {self.rows()}, parties x, parties i WHERE {self.ordinary()} "
            "AND EXISTS (SELECT 1 FROM existing e WHERE e.source = "
            f"{self.c['source']} AND e.record_id = {self.c['source_record_id']})"
        ).fetchone()
        return int(found[0]) if found else 0

    def ordinary_rows(self, *, skip_existing: bool) -> str:
        """The ordinary rows' database values (without the keys in `existing`)."""
        values = ", ".join(
            f"{value} AS {name}" for value, name in zip(self.values(), _COPY_COLUMNS, strict=True)
        )
        query = f"SELECT {values} FROM {self.rows()}, parties x, parties i WHERE {self.ordinary()}"
        if not skip_existing:
            return query
        return (
            f"SELECT * FROM ({query}) AS o WHERE NOT EXISTS (SELECT 1 FROM existing e "
            "WHERE e.source = o.source AND e.record_id = o.source_record_id)"
        )

    def table(
        self,
        name: str,
        columns: dict[str, str],
        rows: list[tuple[Any, ...]],
        nullable: tuple[str, ...] = (),
    ) -> None:
        """Create (or replace) a DuckDB table with Python rows, through a CSV file: None is
        NULL in the `nullable` text columns and in the others that are not text."""
        path = self.workdir / f"{name}.csv"
        with open(path, "w", encoding="utf-8", newline="") as out:
            csv.writer(out, lineterminator="\n").writerows(rows)
        types = ", ".join(f"'{column}': '{kind}'" for column, kind in columns.items())
        texts = ", ".join(
            f"'{column}'"
            for column, kind in columns.items()
            if kind == "VARCHAR" and column not in nullable
        )
        self.duck.execute(
            f"CREATE OR REPLACE TABLE {name} AS SELECT * FROM read_csv({_quoted(str(path))}, "
            f"columns = {{{types}}}, header = false, auto_detect = false, delim = ',', "
            f"quote = '\"', escape = '\"', force_not_null = [{texts}])"
        )


# Columns with few distinct values, checked once per value.
_VOCABULARY = (
    "date",
    "hs_code",
    "quantity_unit",
    "port_of_loading",
    "port_of_discharge",
    "transport_mode",
    "source",
)


@dataclass
class _Survey:
    rows: int = 0  # rows of the right width
    repeated: int = 0  # rows whose key occurs more than once
    pairs: set[tuple[str, str]] = field(default_factory=set)
    values: dict[str, set[str]] = field(default_factory=dict)  # _VOCABULARY's, by column


def _survey(scan: _Scan) -> _Survey:
    """One parallel pass over the file: the party pairs, the distinct values of the columns
    of _VOCABULARY, the number of rows and the hashes of the keys that occur more than once
    (into `dup_keys`)."""
    c = scan.c
    names = [f"v_{name}" for name in _VOCABULARY]
    kinds = " ".join(
        f"WHEN GROUPING({n}) = 0 THEN '{name}'" for n, name in zip(names, _VOCABULARY, strict=True)
    )
    columns = ", ".join(f"{c[name]} AS v_{name}" for name in _VOCABULARY)
    sets = ", ".join(f"({n})" for n in names)
    scan.duck.execute(
        "CREATE OR REPLACE TABLE survey AS SELECT CASE WHEN GROUPING(xn) = 0 THEN 'pair' "
        "WHEN GROUPING(iname) = 0 THEN 'pair' WHEN GROUPING(h) = 0 THEN 'key' "
        f"{kinds} ELSE 'rows' END AS kind, "
        f"coalesce(xn, iname, {', '.join(names)}) AS a, coalesce(xc, ic) AS b, h, plain, "
        "count(*) AS count FROM ("
        f"SELECT {c['exporter_name']} AS xn, {c['exporter_country']} AS xc, "
        f"{c['importer_name']} AS iname, {c['importer_country']} AS ic, {columns}, "
        f"{scan.key_hash()} AS h, {scan.row_checks()} AS plain "
        f"FROM {scan.rows(keep_rejects=True)}) "
        f"GROUP BY GROUPING SETS ((xn, xc), (iname, ic), (h), {sets}, (plain)) "
        "HAVING GROUPING(h) = 1 OR count(*) > 1"
    )
    scan.duck.execute(
        "CREATE OR REPLACE TABLE dup_keys AS SELECT h AS hash FROM survey WHERE kind = 'key'"
    )
    survey = _Survey(values={name: set() for name in _VOCABULARY})
    found = scan.duck.execute("SELECT kind, a, b, plain, count FROM survey").fetchall()
    unplain = 0
    for kind, a, b, plain, count in found:
        if kind == "pair":
            survey.pairs.add((a, b))
        elif kind == "key":
            survey.repeated += count
        elif kind == "rows":
            survey.rows += count
            unplain += 0 if plain else count
        else:
            survey.values[kind].add(a)
    scan.repeated_keys = bool(survey.repeated)
    scan.rows_kept = survey.rows
    scan.all_rows_plain = not unplain
    return survey


def _vocabulary_table(scan: _Scan, check: _RowCheck, survey: _Survey) -> None:
    """`bad_values`: the values of _VOCABULARY's columns that are not plain."""
    bad = [
        (name, value)
        for name, values in survey.values.items()
        for value in values
        if not check.plain_value(name, value)
    ]
    scan.table("bad_values", {"name": "VARCHAR", "value": "VARCHAR"}, bad)
    scan.bad_columns = {name for name, _ in bad}


@dataclass
class _Rejected:
    """A row DuckDB set aside (wrong width), by DuckDB's line number (which counts a record as
    one line), as the CSV reader splits it."""

    line: int
    fields: list[str]
    line_breaks: int
    blank: bool  # only whitespace: skipped, as the CSV reader's empty rows are


def _rejected(scan: _Scan) -> list[_Rejected]:
    found = scan.duck.execute(
        "SELECT line, any_value(error_type)::VARCHAR, any_value(csv_line) FROM rejected_rows "
        "GROUP BY line ORDER BY line"
    ).fetchall()
    rows = []
    for line, error, text in found:
        if error in ("INVALID ENCODING", "LINE SIZE OVER MAXIMUM"):
            raise ImportFormatError(f"line {line}: {error.lower()}")
        record = text.strip("\r\n")
        fields = next((row for row in csv.reader(io.StringIO(record, newline="")) if row), [])
        blank = not fields or (len(fields) == 1 and not fields[0].strip())
        breaks = record.count("\n") + record.count("\r") - record.count("\r\n")
        rows.append(_Rejected(line, fields, breaks, blank))
    return rows


@dataclass
class _Special:
    """A row checked in Python: where it is, and what the checks made of it."""

    number: int  # its number among the rows DuckDB kept, or 0 for a rejected row
    duck_line: int  # DuckDB's line for a rejected row
    result: _Row | list[str]
    line: int = 0


def _unusual_rows(scan: _Scan) -> tuple[list[tuple[int, list[str]]], dict[int, int]]:
    """Read again, numbered: the rows that are not ordinary (with their fields) and the line
    breaks inside the rows that hold some (by row number)."""
    c = scan.c
    fields = "[" + ", ".join(f"s.c{i}" for i in range(scan.width)) + "]"
    exporter = scan.party_match("x", c["exporter_name"], c["exporter_country"])
    importer = scan.party_match("i", c["importer_name"], c["importer_country"])
    found = scan.duck.execute(
        f"SELECT n, CASE WHEN special THEN {fields} END, "
        f"CASE WHEN broken THEN {scan.line_breaks()} ELSE 0 END FROM ("
        "SELECT s.*, x.id IS NULL OR i.id IS NULL "
        f"OR NOT ({scan.row_filter()}) AS special, {scan.broken()} AS broken "
        f"FROM {scan.rows(numbered=True)} LEFT JOIN parties x ON {exporter} "
        f"LEFT JOIN parties i ON {importer}) AS s WHERE special OR broken ORDER BY n"
    ).fetchall()
    special = [(n, row) for n, row, _ in found if row is not None]
    breaks = {n: count for n, _, count in found if count}
    return special, breaks


def _end_lines(
    wanted: set[int], breaks: dict[int, int], rejected: list[_Rejected]
) -> tuple[dict[int, int], dict[int, int]]:
    """The lines where rows end as a CSV reader counts them (kept rows by number, rejected rows
    by DuckDB line), for a file without empty lines: DuckDB numbers records, the reader also
    counts the line breaks inside quoted fields."""
    kept_lines: dict[int, int] = {}
    reject_lines: dict[int, int] = {}
    pending = sorted(rejected, key=lambda row: row.line)
    done = 0
    extra = 0  # line breaks inside the rows so far
    for number in sorted(wanted | breaks.keys()):
        while done < len(pending) and pending[done].line <= 1 + number + done:
            extra += pending[done].line_breaks
            reject_lines[pending[done].line] = pending[done].line + extra
            done += 1
        extra += breaks.get(number, 0)
        if number in wanted:
            kept_lines[number] = 1 + number + done + extra
    for row in pending[done:]:
        extra += row.line_breaks
        reject_lines[row.line] = row.line + extra
    return kept_lines, reject_lines


def _end_lines_by_reading(
    scan: _Scan, wanted: set[int], rejected: list[_Rejected]
) -> tuple[dict[int, int], dict[int, int]]:
    """_end_lines for any file, by reading it with the CSV reader (slow, for files with
    empty lines)."""
    kept_lines: dict[int, int] = {}
    reject_lines: dict[int, int] = {}
    rejected_at = {row.line for row in rejected}
    with _text(scan.path, scan.compressed) as text:
        reader = csv.reader(text)
        next(reader, None)
        records = empty = number = 0
        for row in reader:
            if not row:
                empty += 1
                continue
            records += 1
            duck_line = 1 + records + empty
            if duck_line in rejected_at:
                reject_lines[duck_line] = reader.line_num
                continue
            number += 1
            if number in wanted:
                kept_lines[number] = reader.line_num
    return kept_lines, reject_lines


def _check_rejected(scan: _Scan, check: _RowCheck, rejected: list[_Rejected]) -> list[_Special]:
    """The rows DuckDB set aside, checked in Python. The keys of the good ones (rows the CSV
    reader reads well) join `dup_keys`, so that their other rows are checked in Python too."""
    specials = [_Special(0, row.line, check(row.fields)) for row in rejected if not row.blank]
    keys = [row[0][13:15] for special in specials if isinstance(row := special.result, tuple)]
    if keys:
        scan.table("rejected_keys", {"source": "VARCHAR", "record_id": "VARCHAR"}, keys)
        scan.duck.execute("INSERT INTO dup_keys SELECT hash(source, record_id) FROM rejected_keys")
        scan.repeated_keys = True
    return specials


def _check_unusual(
    scan: _Scan, specials: list[_Special], check: _RowCheck, rejected: list[_Rejected]
) -> int:
    """Read the file again for the rows that are not ordinary, check them in Python, add them
    to `specials` and place them all on their lines (in line order); return how many rows
    were read again."""
    kept, breaks = _unusual_rows(scan)
    specials += [_Special(number, 0, check(fields)) for number, fields in kept]
    _place(scan, specials, breaks, rejected)
    return len(kept)


def _place(
    scan: _Scan, specials: list[_Special], breaks: dict[int, int], rejected: list[_Rejected]
) -> None:
    """Set each special row's line (where it ends, as the CSV reader counts lines)."""
    if not specials:
        return
    wanted = {special.number for special in specials if special.number}
    kept_lines, reject_lines = _end_lines(wanted, breaks, rejected)
    if any(isinstance(special.result, list) for special in specials) and _has_empty_lines(
        scan, breaks, rejected
    ):
        kept_lines, reject_lines = _end_lines_by_reading(scan, wanted, rejected)
    for special in specials:
        special.line = (
            kept_lines[special.number] if special.number else reject_lines[special.duck_line]
        )
    specials.sort(key=lambda special: special.line)


def _has_empty_lines(scan: _Scan, breaks: dict[int, int], rejected: list[_Rejected]) -> bool:
    """Whether the file holds more line feeds than its records and their inner line breaks
    account for: empty lines, which DuckDB skips without numbering them (or line breaks of
    another kind, which need the slow count just as well)."""
    records = scan.rows_kept + len(rejected)
    inner = sum(breaks.values()) + sum(row.line_breaks for row in rejected)
    feeds, final = _line_feeds(scan.path, scan.compressed)
    return feeds != 1 + records + inner - (0 if final else 1)


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
            f"INSERT INTO {table} (name, normalized_name, country, created_at) "
            "SELECT DISTINCT ON (normalized_name, country) name, normalized_name, country, now() "
            "FROM market_party_keys ON CONFLICT (normalized_name, country) DO NOTHING"
        )
        cursor.execute(
            f"SELECT p.id, p.normalized_name, p.country FROM {table} p "
            "JOIN market_party_keys k USING (normalized_name, country)"
        )
        for pk, name, country in cursor.fetchall():
            cache[(name, country)] = pk


# Loading ------------------------------------------------------------------------------------


class _Meter:
    """Progress during the load, at most once a second."""

    def __init__(self, expected: int, progress: Progress | None) -> None:
        self.expected = max(expected, 1)
        self.progress = progress
        self.done = 0
        self.next = time.monotonic() + 1.0

    def add(self, rows: int) -> None:
        self.done += rows
        if self.progress is not None and time.monotonic() >= self.next:
            done = min(self.done, self.expected)
            self.progress(done, min(done / self.expected, 0.99))
            self.next = time.monotonic() + 1.0


class _SqlTarget:
    """SQLite and other databases: rows fetched from DuckDB in batches and bulk-created,
    skipping keys that exist already."""

    batch_size = 5_000
    skips_existing = False

    def __init__(self, scan: _Scan, meter: _Meter) -> None:
        self.scan = scan
        self.meter = meter

    def load(self, query: str) -> tuple[int, int]:
        """Load the rows of a DuckDB query: how many it had, how many were added."""
        sent = added = 0
        result = self.scan.duck.execute(query)
        while batch := result.fetchmany(self.batch_size):
            sent += len(batch)
            added += self.write(batch)
            self.meter.add(len(batch))
        return sent, added

    def write(self, rows: list[tuple[Any, ...]]) -> int:
        sources = {row[13] for row in rows}
        ids = [row[14] for row in rows]
        existing: set[tuple[str, str]] = set()
        for start in range(0, len(ids), 900):
            existing.update(
                Shipment.objects.filter(
                    source__in=sources, source_record_id__in=ids[start : start + 900]
                ).values_list("source", "source_record_id")
            )
        objects = [_shipment(row) for row in rows if (row[13], row[14]) not in existing]
        Shipment.objects.bulk_create(objects, batch_size=1000)
        return len(objects)

    def finish(self) -> None:
        pass


def _shipment(row: tuple[Any, ...]) -> Shipment:
    values = dict(zip(_COPY_COLUMNS, row, strict=True))
    values["date"] = date.fromisoformat(values["date"])
    for name in ("quantity", "net_weight_kg", "value_usd", "unit_price_usd"):
        if values[name] is not None:
            values[name] = Decimal(values[name])
    return Shipment(**values)


_STAGING = "market_shipment_staging"
_STAGING_COLUMNS = (
    "date date, hs_code_id varchar(6), product_description text, exporter_country varchar(2), "
    "importer_country varchar(2), quantity numeric(18,3), quantity_unit varchar(20), "
    "net_weight_kg numeric(18,3), value_usd numeric(18,2), unit_price_usd numeric(30,6), "
    "port_of_loading varchar(120), port_of_discharge varchar(120), transport_mode varchar(12), "
    "source varchar(60), source_record_id varchar(120), exporter_id bigint, importer_id bigint"
)
_REBUILD_AFTER = 200_000  # rows from which a load into a table not larger may rebuild indexes


class _PostgresTarget:
    """PostgreSQL: rows COPYed from DuckDB through a pipe. A large load into a table not
    larger than the file locks the table against other writers, leaves out the keys it holds
    and goes straight into it; when most of the file is new, without the table's unique key
    and plain indexes (dropped inside the transaction, which locks out readers too until the
    commit, and built again by `finish`). Any other load, and the rows loaded after `finish`,
    go through a staging table and INSERT ... ON CONFLICT."""

    def __init__(self, scan: _Scan, meter: _Meter, *, rows: int, sources: list[str], dry_run: bool):
        self.scan = scan
        self.meter = meter
        self.table = Shipment._meta.db_table
        self.rebuild: list[str] = []
        self.direct = self.skips_existing = False
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit = off")
            cursor.execute("SET LOCAL maintenance_work_mem = '512MB'")
            if not dry_run and _loads_in_bulk(cursor, self.table, rows):
                cursor.execute(f"LOCK TABLE {self.table} IN SHARE ROW EXCLUSIVE MODE")
                known = _fetch_existing_keys(scan, cursor, self.table, sources)
                self.direct, self.skips_existing = True, known > 0
                if known <= rows // 2:
                    self.rebuild = _drop_secondary_indexes(cursor, self.table)

    def load(self, query: str) -> tuple[int, int]:
        """Load the rows of a DuckDB query: how many it had, how many were added."""
        columns = ", ".join(_COPY_COLUMNS)
        if self.direct:
            copy = f"COPY {self.table} ({columns}) FROM STDIN (FORMAT csv)"
            sent = _stream_to_postgres(self.scan, query, copy, self.meter)
            return sent, sent
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TABLE IF EXISTS {_STAGING}")
            cursor.execute(f"CREATE TEMPORARY TABLE {_STAGING} ({_STAGING_COLUMNS}) ON COMMIT DROP")
            copy = f"COPY {_STAGING} FROM STDIN (FORMAT csv)"
            sent = _stream_to_postgres(self.scan, query, copy, self.meter)
            cursor.execute(
                f"INSERT INTO {self.table} ({columns}) SELECT {columns} FROM {_STAGING} "
                "ON CONFLICT (source, source_record_id) DO NOTHING"
            )
            added = int(cursor.rowcount)
            cursor.execute(f"DROP TABLE {_STAGING}")
        return sent, added

    def finish(self) -> None:
        """Build the dropped indexes again; later loads go through the staging table."""
        with connection.cursor() as cursor:
            for statement in self.rebuild:
                cursor.execute(statement)
        self.rebuild = []
        self.direct = False


def _loads_in_bulk(cursor: Any, table: str, rows: int) -> bool:
    """Whether the load is large and the table not larger (by the planner's estimate, or by
    counting up to what matters when the table was never analysed)."""
    if rows < _REBUILD_AFTER:
        return False
    cursor.execute("SELECT reltuples::bigint FROM pg_class WHERE oid = %s::regclass", [table])
    estimate = cursor.fetchone()[0]
    if estimate < 0:
        cursor.execute(f"SELECT count(*) FROM (SELECT 1 FROM {table} LIMIT %s) AS head", [rows + 1])
        estimate = cursor.fetchone()[0]
    return bool(estimate <= rows)


def _drop_secondary_indexes(cursor: Any, table: str) -> list[str]:
    """Drop the table's unique constraints and indexes but its primary key; return the
    statements that build them again, the unique constraints first."""
    rebuild = []
    cursor.execute(
        "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
        "WHERE conrelid = %s::regclass AND contype = 'u'",
        [table],
    )
    for name, definition in cursor.fetchall():
        cursor.execute(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
        rebuild.append(f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}')
    cursor.execute(
        "SELECT c.relname, pg_get_indexdef(i.indexrelid) FROM pg_index i "
        "JOIN pg_class c ON c.oid = i.indexrelid "
        "WHERE i.indrelid = %s::regclass AND NOT i.indisprimary "
        "AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)",
        [table],
    )
    for name, definition in cursor.fetchall():
        cursor.execute(f'DROP INDEX "{name}"')
        rebuild.append(definition)
    return rebuild


def _fetch_existing_keys(scan: _Scan, cursor: Any, table: str, sources: list[str]) -> int:
    """Copy the keys the table holds for the file's sources into DuckDB's `existing`; return
    how many there are."""
    cursor.execute(f"SELECT EXISTS (SELECT 1 FROM {table} WHERE source = ANY(%s))", [sources])
    if not cursor.fetchone()[0]:
        return 0
    path = scan.workdir / "existing.csv"
    statement = sql.SQL(
        "COPY (SELECT source, source_record_id FROM {} WHERE source = ANY({})) "
        "TO STDOUT (FORMAT csv)"
    ).format(sql.Identifier(table), sql.Literal(sources))
    with open(path, "wb") as out, cursor.cursor.copy(statement) as copy:
        for data in copy:
            out.write(data)
    scan.duck.execute(
        f"CREATE OR REPLACE TABLE existing AS SELECT * FROM read_csv({_quoted(str(path))}, "
        "columns = {'source': 'VARCHAR', 'record_id': 'VARCHAR'}, header = false, "
        "auto_detect = false, delim = ',', quote = '\"', escape = '\"')"
    )
    found = scan.duck.execute("SELECT count(*) FROM existing").fetchone()
    return int(found[0]) if found else 0


_PIPE_SIZE = 1 << 20


def _stream_to_postgres(scan: _Scan, query: str, copy_statement: str, meter: _Meter) -> int:
    """DuckDB writes the rows of `query` as CSV into a pipe, on its own threads; this thread
    moves the bytes to PostgreSQL's COPY. Returns the rows written."""
    pipe = scan.workdir / "rows.pipe"
    pipe.unlink(missing_ok=True)
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
    keeper = os.open(pipe, os.O_WRONLY)  # no end of file before DuckDB is done
    os.set_blocking(reader, True)
    with suppress(OSError):  # a larger pipe: fewer switches between writer and reader
        fcntl.fcntl(reader, fcntl.F_SETPIPE_SZ, _PIPE_SIZE)
    worker = scan.duck.cursor()
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="shipment-csv") as pool:
        job = pool.submit(_write_csv, worker, query, str(pipe))
        job.add_done_callback(lambda _: os.close(keeper))
        try:
            with connection.cursor() as cursor, cursor.cursor.copy(copy_statement) as copy:
                while chunk := os.read(reader, 1 << 20):
                    copy.write(chunk)
                    meter.add(chunk.count(b"\n"))
                return job.result()
        except BaseException:
            worker.interrupt()
            while os.read(reader, 1 << 20):
                pass
            raise
        finally:
            os.close(reader)
            worker.close()


def _write_csv(duck: duckdb.DuckDBPyConnection, query: str, path: str) -> int:
    """Run the query into a CSV file (the pipe), in whatever order the rows come."""
    duck.execute("SET preserve_insertion_order = false")
    try:
        found = duck.execute(f"COPY ({query}) TO {_quoted(path)} (FORMAT csv, HEADER false)")
        return int(found.fetchone()[0])  # type: ignore[index]
    finally:
        duck.execute("RESET preserve_insertion_order")


def _first_per_key(specials: list[_Special]) -> tuple[list[_Row], int]:
    """The good unusual rows, the first of each key (they come in line order); and how many
    good ones there were."""
    rows: list[_Row] = []
    seen: set[tuple[str | None, str | None]] = set()
    good = 0
    for special in specials:
        if isinstance(row := special.result, tuple):
            good += 1
            key = (row[0][13], row[0][14])
            if key not in seen:
                seen.add(key)
                rows.append(row)
    return rows, good


def _parties_table(
    scan: _Scan, pairs: dict[tuple[str, str], tuple[tuple[str, str], str] | None]
) -> None:
    """Resolve the parties of the good pairs (creating the new ones) into DuckDB's `parties`,
    by the pairs as the file spells them (and their hash)."""
    wanted = {found[0]: found[1] for found in pairs.values() if found is not None}
    ids: dict[tuple[str, str], int] = {}
    _resolve_parties(wanted, ids)
    scan.table(
        "parties",
        {"name": "VARCHAR", "country": "VARCHAR", "clean_country": "VARCHAR", "id": "BIGINT"},
        [(*pair, found[0][1], ids[found[0]]) for pair, found in pairs.items() if found is not None],
    )
    scan.duck.execute("ALTER TABLE parties ADD COLUMN hash UBIGINT")
    scan.duck.execute("UPDATE parties SET hash = hash(name, country)")
    scan.table("file_pairs", {"name": "VARCHAR", "country": "VARCHAR"}, list(pairs))
    found = scan.duck.execute(
        "SELECT count(DISTINCT hash(name, country)) = count(*) FROM file_pairs"
    ).fetchone()
    scan.pair_hashes_unique = bool(found and found[0])


def _special_rows_table(scan: _Scan, rows: list[_Row], names: dict[tuple[str, str], str]) -> None:
    """Resolve the parties of the good unusual rows into DuckDB's `special_rows`."""
    wanted = {key: names[key] for _, exporter, importer in rows for key in (exporter, importer)}
    ids: dict[tuple[str, str], int] = {}
    _resolve_parties(wanted, ids)
    scan.table(
        "special_rows",
        {
            name: "BIGINT" if name in ("exporter_id", "importer_id") else "VARCHAR"
            for name in _COPY_COLUMNS
        },
        [(*values, ids[exporter], ids[importer]) for values, exporter, importer in rows],
        nullable=("quantity", "net_weight_kg", "unit_price_usd"),
    )


def _report_bad_rows(report: ImportReport, specials: list[_Special]) -> None:
    for special in specials:
        if isinstance(special.result, list):
            report.bad_row_count += 1
            if len(report.bad_rows) < MAX_BAD_ROWS:
                report.bad_rows.append((special.line, "; ".join(special.result)))


def import_shipments(
    stream_or_path: str | Path | IO[Any],
    *,
    progress: Progress | None = None,
    dry_run: bool = False,
) -> ImportReport:
    """Load a shipments CSV (plain or gzip) from a path or a stream (a stream is copied to a
    temporary file first).

    Every row is validated; bad rows are reported by line number and reason and left out.
    The good rows are loaded in one transaction, parties created as needed, and rows whose
    (source, source_record_id) exists already are skipped. `dry_run` validates and rolls back."""
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="shipments-") as name:
        workdir = Path(name)
        path, compressed = _local_file(stream_or_path, workdir)
        header = _read_header(path, compressed)
        check = _RowCheck(header)
        config = {
            **DUCKDB_CONFIG,
            "temp_directory": str(workdir / "spill"),
            # Joins as written: the file's rows probe the small tables (DuckDB cannot tell
            # how many rows a CSV file holds and would build its hash table on the file).
            "disabled_optimizers": "join_order,build_side_probe_side",
        }
        with duckdb.connect(config=config) as duck, transaction.atomic():
            scan = _Scan(duck, path, compressed, header, workdir)
            try:
                report = _load(scan, check, progress, dry_run)
            except (duckdb.IOException, duckdb.InvalidInputException) as error:
                raise ImportFormatError(f"The file cannot be read: {error}") from error
            if dry_run:
                transaction.set_rollback(True)
    report.seconds = time.monotonic() - started
    return report


def _load(scan: _Scan, check: _RowCheck, progress: Progress | None, dry_run: bool) -> ImportReport:
    """Survey the file, load its ordinary rows, then check the others in Python and load the
    good ones."""
    survey = _survey(scan)
    _vocabulary_table(scan, check, survey)
    rejected = _rejected(scan)
    specials = _check_rejected(scan, check, rejected)
    _parties_table(scan, {pair: check.pair(*pair) for pair in survey.pairs})
    meter = _Meter(survey.rows, progress)
    target: _PostgresTarget | _SqlTarget = _SqlTarget(scan, meter)
    if connection.vendor == "postgresql":
        sources = sorted(survey.values["source"])
        target = _PostgresTarget(scan, meter, rows=survey.rows, sources=sources, dry_run=dry_run)
    sent, added = target.load(scan.ordinary_rows(skip_existing=target.skips_existing))
    # Rows left out of the load (not plain, a key met twice, a bad party), rows DuckDB set
    # aside (and the line breaks that shift their line numbers) send us back to the file.
    known = scan.known_rows() if target.skips_existing else 0
    unusual = 0
    if sent + known < survey.rows or scan.repeated_keys or specials:
        unusual = _check_unusual(scan, specials, check, rejected)
    report = ImportReport(rows_read=survey.rows + sum(not row.blank for row in rejected))
    _report_bad_rows(report, specials)
    rows, good = _first_per_key(specials)
    target.finish()
    if rows:
        _special_rows_table(scan, rows, check.validator.names)
        added += target.load("SELECT * FROM special_rows")[1]
    report.added = added
    report.skipped_existing = survey.rows - unusual + good - added
    if progress is not None:
        progress(report.rows_read, 1.0)
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
