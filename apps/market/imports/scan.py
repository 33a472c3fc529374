"""The shipments file: reading it from a path or a stream, and `Scan`, the file as DuckDB reads
it (in parallel, every field as text) with the SQL that tells the plain rows, which load
without a Python object per row, from the rest."""

# The SQL here is assembled from constant fragments, column numbers and table names; the
# only outside text in it is the path of the file, quoted. Values travel as parameters.
# ruff: noqa: S608

from __future__ import annotations

import codecs
import csv
import gzip
import io
import os
import re
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, cast

import duckdb
from isal import igzip_threaded, isal_zlib

from apps.core.importfiles import (
    MAX_LINE_BYTES,
    BadLine,
    BoundedLines,
    line_problem,
    too_long,
)
from apps.market.fileformat import SHIPMENT_FILE_COLUMNS
from apps.market.imports.report import ImportFormatError
from apps.market.imports.rules import (
    COPY_COLUMNS,
    LIMITS,
    PLAIN_QUANTITY,
    TRANSPORT_MODES,
    header_positions,
)
from apps.market.index.storage import quoted


def local_file(source: str | Path | IO[Any], workdir: Path) -> tuple[str, bool]:
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


# ISA-L's error class (its stubs declare it as an instance), a bad checksum, a cut file.
_DAMAGED_GZIP = (cast(type[Exception], isal_zlib.error), gzip.BadGzipFile, EOFError)


@contextmanager
def _gzip_bytes(path: str) -> Iterator[IO[bytes]]:
    """A gzip file's bytes, decompressed by ISA-L on a thread of its own while the caller
    reads them (the line check of 50,000,000 shipments, 12.8 GB: 32 s, against 91 s with
    Python's gzip module on the calling thread). A damaged or cut file is a format error."""
    try:
        with igzip_threaded.open(path, "rb", threads=1) as raw:
            yield raw
    except _DAMAGED_GZIP as error:
        raise ImportFormatError(f"The file cannot be decompressed: {error}") from error


def _opened(path: str, compressed: bool) -> AbstractContextManager[IO[bytes]]:
    return _gzip_bytes(path) if compressed else open(path, "rb")


@contextmanager
def open_text(path: str, compressed: bool) -> Iterator[IO[str]]:
    """The file as text, as the CSV reader wants it (BOM dropped, line ends kept)."""
    with _opened(path, compressed) as raw:
        text = io.TextIOWrapper(raw, encoding="utf-8-sig", newline="")
        try:
            yield text
        finally:
            text.detach()


def read_header(path: str, compressed: bool) -> list[str]:
    with open_text(path, compressed) as text:
        header = next(csv.reader(text), None)
    if header is None:
        raise ImportFormatError("The file is empty: expected a header line.")
    return header


@dataclass
class CheckedFile:
    """The file DuckDB reads: the one given (uncompressed), or a copy with the lines that cannot
    be read (too long, not UTF-8) left empty, and those lines with their reasons; how many line
    feeds it holds and whether it ends with one."""

    path: str
    compressed: bool
    feeds: int
    final_feed: bool
    bad_lines: list[tuple[int, str]] = field(default_factory=list)


def check_lines(
    path: str, compressed: bool, workdir: Path, *, records: bool = False
) -> CheckedFile:
    """Check every line's length and encoding in one pass over the file's bytes; only when one
    fails is it read again line by line into a copy without them (never holding more than
    MAX_LINE_BYTES of one line). A header line that fails ends the import. With `records`,
    the copy is made whatever the lines, and a record (lines joined by line ends inside
    quotes) longer than MAX_LINE_BYTES is left out whole, as a bad row on its last line.

    A compressed file is written out uncompressed on the way, and DuckDB reads that copy:
    it reads a gzip file on one thread, decompressing it at every scan, and a plain file in
    parallel (the copy takes about three times the gzip file's space in `workdir`)."""
    if records:
        return _copy_readable_lines(path, compressed, workdir, records=True)
    decoder = codecs.getincrementaldecoder("utf-8")()
    feeds, run, readable, last = 0, 0, True, b""
    plain = str(workdir / "plain.csv") if compressed else path
    with (
        _opened(path, compressed) as raw,
        open(plain, "wb") if compressed else nullcontext() as out,
    ):
        # Small chunks stay in the CPU's caches: decoding a 16 MiB one costs three times more.
        while readable and (chunk := raw.read(1 << 17)):
            if not chunk.isascii() or decoder.getstate()[0]:
                try:
                    decoder.decode(chunk)
                except UnicodeDecodeError:
                    readable = False
            run, fits = _line_run(chunk, run)
            readable = readable and fits
            feeds += chunk.count(b"\n")
            last = chunk[-1:]
            if out is not None:
                out.write(chunk)
        try:
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            readable = False
    if readable:
        return CheckedFile(plain, False, feeds, last == b"\n")
    if compressed:
        os.unlink(plain)
    return _copy_readable_lines(path, compressed, workdir, records=False)


def _line_run(chunk: bytes, run: int) -> tuple[int, bool]:
    """Whether every line of the chunk fits MAX_LINE_BYTES, the one begun before it (`run`
    bytes so far) included; and the bytes of the last line begun so far. Jumps from line end to
    the last line end within the next MAX_LINE_BYTES + 1 bytes: a few searches per chunk."""
    last = -1 - run  # where the last line end is, before the chunk when negative
    while len(chunk) - last - 1 > MAX_LINE_BYTES:
        end = last + 2 + MAX_LINE_BYTES
        found = chunk.rfind(b"\n", max(last + 1, 0), end) if end > 0 else -1
        if found < 0:
            return 0, False
        last = found
    # The chunk's last line end, not the last one a jump landed on: the run must not count
    # bytes of lines already ended, or a later chunk's first line would seem too long.
    final = chunk.rfind(b"\n", max(last + 1, 0))
    last = final if final >= 0 else last
    return len(chunk) - last - 1, True


def _copy_readable_lines(
    path: str, compressed: bool, workdir: Path, *, records: bool
) -> CheckedFile:
    """The copy of `check_lines`: each line that cannot be read (or each line of a record
    too long, with `records`) is left empty, so that the others keep their numbers. A line left
    empty ends as the line before it did (CRLF in a CRLF file); with `records`, every record ends
    with LF (the way to read a file whose records end in more than one way)."""
    copy = str(workdir / ("records.csv" if records else "lines.csv"))
    checked = CheckedFile(copy, False, 0, False)
    pending: list[bytes] = []  # the lines of the record read so far (empty once it is bad)
    size, inside, reason = 0, False, ""
    with _opened(path, compressed) as raw, open(copy, "wb") as out:
        lines, written = BoundedLines(raw), _Copy(out, checked, line_feeds=records)
        while True:
            try:
                data = lines.read()
                problem = line_problem(data, lines.line)
            except BadLine as bad:
                data, problem = b"\n", bad.reason
            except StopIteration:
                break
            if records:
                inside ^= data.count(b'"') % 2 == 1
                size += len(data)
                if not reason and size > MAX_LINE_BYTES:
                    reason = f"the record is longer than {MAX_LINE_BYTES:,} bytes"
            reason = reason or problem or ""
            pending.append(_empty(lines.last, records) if reason else data)
            if reason and len(pending) > 1:
                pending = [b"\n"] * len(pending)
            if inside:
                continue
            if reason:
                if lines.line == 1:
                    raise ImportFormatError(f"line 1: {_first_line(path, compressed, reason)}")
                checked.bad_lines.append((lines.line, reason))
            written.write(pending)
            pending, size, reason = [], 0, ""
        written.write(pending)  # a quote left open at the end: the CSV reader's trouble
    return checked


def _first_line(path: str, compressed: bool, reason: str) -> str:
    """Why the first line cannot be read: a first line too long that holds a lone CR is the
    lines of a file whose lines end in one, read as one line."""
    if reason != too_long():
        return reason
    with _opened(path, compressed) as raw:
        head = raw.read(MAX_LINE_BYTES)
    if re.search(rb"\r(?!\n)", head) is None:
        return reason
    return "the lines end in a lone CR (old Mac text); save the file with LF or CRLF line ends"


def _empty(last: bytes, line_feeds: bool) -> bytes:
    """A line left empty, ending as the last line read did: DuckDB refuses a file whose
    records end in more than one way, and an empty line is a record to it."""
    return b"\r\n" if not line_feeds and last.endswith(b"\r\n") else b"\n"


@dataclass
class _Copy:
    """Writes the lines of the copy: as they are, or (`line_feeds`) each that ends a record,
    outside quotes, ending with LF. Line ends inside quotes are a field's text and stay."""

    out: IO[bytes]
    checked: CheckedFile
    line_feeds: bool
    inside: bool = False

    def write(self, lines: list[bytes]) -> None:
        if not lines:
            return
        written = b"".join(map(self._line_fed, lines) if self.line_feeds else lines)
        self.out.write(written)
        self.checked.feeds += written.count(b"\n")
        self.checked.final_feed = written.endswith(b"\n")

    def _line_fed(self, line: bytes) -> bytes:
        self.inside ^= line.count(b'"') % 2 == 1
        return line[:-2] + b"\n" if not self.inside and line.endswith(b"\r\n") else line


# DuckDB's bound on a record: a little above the one `check_lines` keeps to, so that a record
# it keeps is never refused here.
_MAX_RECORD_BYTES = MAX_LINE_BYTES + 4096

# Python's str.isspace() characters (what strip() and split() remove), as an RE2 class body.
_SPACE = "".join(f"\\x{{{code:x}}}" for code in range(0x3001) if chr(code).isspace())
_QUANTITY_PATTERN = PLAIN_QUANTITY.__self__.pattern  # type: ignore[attr-defined]
# Values under 10**9 only: their unit price stays within BIGINT and DECIMAL(18, 6) in SQL.
_SQL_VALUE_PATTERN = r"[0-9]{1,9}(?:\.[0-9]{0,2})?"
_MODE_SQL = (
    "CASE lower({0}) "
    + " ".join(f"WHEN '{alias}' THEN '{mode}'" for alias, mode in TRANSPORT_MODES.items())
    + " END"
)


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


class Scan:
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
        positions = header_positions(header)
        self.c = {
            name: f"s.c{position}"
            for name, position in zip(SHIPMENT_FILE_COLUMNS, positions, strict=True)
        }
        self.others = [f"s.c{i}" for i in range(self.width) if i not in positions]
        self.bad_columns: set[str] = set()  # columns of survey.VOCABULARY with a bad value
        self.repeated_keys = False  # whether `dup_keys` holds any
        self.all_rows_plain = False  # whether every row passes `row_checks`
        self.pair_hashes_unique = False  # whether the file's party pairs have distinct hashes
        self.rows_kept = 0  # rows of the right width
        self.feeds = (0, False)  # the file's line feeds and whether it ends with one

    def rows(self, *, keep_rejects: bool = False, numbered: bool = False) -> str:
        """The file's rows as a subquery `s` (with their number `n` counted in file order)."""
        columns = ", ".join(f"'c{i}': 'VARCHAR'" for i in range(self.width))
        options = (
            f"columns = {{{columns}}}, header = true, auto_detect = false, delim = ',', "
            "quote = '\"', escape = '\"', strict_mode = true, ignore_errors = true, "
            f"max_line_size = {_MAX_RECORD_BYTES}, "
            f"compression = '{'gzip' if self.compressed else 'none'}'"
        )
        if keep_rejects:
            options += (
                ", store_rejects = true, rejects_table = 'rejected_rows', "
                "rejects_scan = 'rejected_scans'"
            )
        values = ", ".join(f"coalesce(c{i}, '') AS c{i}" for i in range(self.width))
        number = "row_number() OVER () AS n, " if numbered else ""
        return f"(SELECT {number}{values} FROM read_csv({quoted(self.path)}, {options})) AS s"

    def row_checks(self) -> str:
        """A conservative check, row by row, of the columns that are not checked once per
        distinct value (party names and countries per pair, survey.VOCABULARY per value): the row
        passes the checks of `RowCheck` and needs no conversion beyond what `values` does."""
        c = self.c

        def number(column: str) -> str:
            return f"({column} = '' OR regexp_full_match({column}, '{_QUANTITY_PATTERN}'))"

        checks = [
            _trimmed_sql(c["product_description"], None),
            number(c["quantity"]),
            number(c["net_weight_kg"]),
            f"regexp_full_match({c['value_usd']}, '{_SQL_VALUE_PATTERN}')",
            f"{c['source_record_id']} <> ''",
            _trimmed_sql(c["source_record_id"], LIMITS["source_record_id"]),
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
        """The database values of a plain row, in COPY_COLUMNS order (x and i: its parties)."""
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
            f"{value} AS {name}" for value, name in zip(self.values(), COPY_COLUMNS, strict=True)
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
            f"CREATE OR REPLACE TABLE {name} AS SELECT * FROM read_csv({quoted(str(path))}, "
            f"columns = {{{types}}}, header = false, auto_detect = false, delim = ',', "
            f"quote = '\"', escape = '\"', force_not_null = [{texts}])"
        )
