"""What the file holds, and the rows that need a closer look.

The survey, one parallel pass, finds the party pairs, the distinct values of the few-valued
columns, the keys that repeat and how many rows the SQL check does not pass. The rows DuckDB
sets aside and the rows that are not plain are checked in Python, and each is placed on the
line where it ends, as a CSV reader counts lines."""

# The SQL here is assembled from constant fragments, column numbers and table names.
# ruff: noqa: S608

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from decimal import Decimal

from apps.market.imports.report import RecordTooLong
from apps.market.imports.rules import COPY_COLUMNS, Row, RowCheck
from apps.market.imports.scan import Scan, open_text

_NUMBER_COLUMNS = ("quantity", "net_weight_kg", "value_usd", "unit_price_usd")

# Columns with few distinct values, checked once per value.
VOCABULARY = (
    "date",
    "hs_code",
    "quantity_unit",
    "port_of_loading",
    "port_of_discharge",
    "transport_mode",
    "source",
)


@dataclass
class Survey:
    rows: int = 0  # rows of the right width
    repeated: int = 0  # rows whose key occurs more than once
    pairs: set[tuple[str, str]] = field(default_factory=set)
    values: dict[str, set[str]] = field(default_factory=dict)  # VOCABULARY's, by column


def survey_file(scan: Scan) -> Survey:
    """One parallel pass over the file: the party pairs, the distinct values of the columns
    of VOCABULARY, the number of rows and the hashes of the keys that occur more than once
    (into `dup_keys`)."""
    c = scan.c
    names = [f"v_{name}" for name in VOCABULARY]
    kinds = " ".join(
        f"WHEN GROUPING({n}) = 0 THEN '{name}'" for n, name in zip(names, VOCABULARY, strict=True)
    )
    columns = ", ".join(f"{c[name]} AS v_{name}" for name in VOCABULARY)
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
    survey = Survey(values={name: set() for name in VOCABULARY})
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


def bad_values_table(scan: Scan, check: RowCheck, survey: Survey) -> None:
    """`bad_values`: the values of VOCABULARY's columns that are not plain."""
    bad = [
        (name, value)
        for name, values in survey.values.items()
        for value in values
        if not check.plain_value(name, value)
    ]
    scan.table("bad_values", {"name": "VARCHAR", "value": "VARCHAR"}, bad)
    scan.bad_columns = {name for name, _ in bad}


@dataclass
class Rejected:
    """A row DuckDB set aside (wrong width), by DuckDB's line number (which counts a record as
    one line), as the CSV reader splits it."""

    line: int
    fields: list[str]
    line_breaks: int
    blank: bool  # only whitespace: skipped, as the CSV reader's empty rows are


def rejected_rows(scan: Scan) -> list[Rejected]:
    found = scan.duck.execute(
        "SELECT line, any_value(error_type)::VARCHAR, any_value(csv_line) FROM rejected_rows "
        "GROUP BY line ORDER BY line"
    ).fetchall()
    rows = []
    for line, error, text in found:
        if error in ("INVALID ENCODING", "LINE SIZE OVER MAXIMUM"):
            # Lines are checked before: a record of several lines is too long.
            raise RecordTooLong(f"record {line}: {error.lower()}")
        record = text.strip("\r\n")
        fields = next((row for row in csv.reader(io.StringIO(record, newline="")) if row), [])
        blank = not fields or (len(fields) == 1 and not fields[0].strip())
        breaks = record.count("\n") + record.count("\r") - record.count("\r\n")
        rows.append(Rejected(line, fields, breaks, blank))
    return rows


@dataclass
class Special:
    """A row checked in Python: where it is, and what the checks made of it."""

    number: int  # its number among the rows DuckDB kept, or 0 for a rejected row
    duck_line: int  # DuckDB's line for a rejected row
    result: Row | list[str]
    line: int = 0


def _unusual_rows(scan: Scan) -> tuple[list[tuple[int, list[str]]], dict[int, int]]:
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
    wanted: set[int], breaks: dict[int, int], rejected: list[Rejected]
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
    scan: Scan, wanted: set[int], rejected: list[Rejected]
) -> tuple[dict[int, int], dict[int, int]]:
    """_end_lines for any file, by reading it with the CSV reader (slow, for files with
    empty lines)."""
    kept_lines: dict[int, int] = {}
    reject_lines: dict[int, int] = {}
    rejected_at = {row.line for row in rejected}
    with open_text(scan.path, scan.compressed) as text:
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


def check_rejected(scan: Scan, check: RowCheck, rejected: list[Rejected]) -> list[Special]:
    """The rows DuckDB set aside, checked in Python. The keys of the good ones (rows the CSV
    reader reads well) join `dup_keys`, so that their other rows are checked in Python too."""
    specials = [Special(0, row.line, check(row.fields)) for row in rejected if not row.blank]
    keys = [row[0][13:15] for special in specials if isinstance(row := special.result, tuple)]
    if keys:
        scan.table("rejected_keys", {"source": "VARCHAR", "record_id": "VARCHAR"}, keys)
        scan.duck.execute("INSERT INTO dup_keys SELECT hash(source, record_id) FROM rejected_keys")
        scan.repeated_keys = True
    return specials


def check_unusual(
    scan: Scan, specials: list[Special], check: RowCheck, rejected: list[Rejected]
) -> int:
    """Read the file again for the rows that are not ordinary, check them in Python, add them
    to `specials` and place them all on their lines (in line order); return how many rows
    were read again."""
    kept, breaks = _unusual_rows(scan)
    specials += [Special(number, 0, check(fields)) for number, fields in kept]
    _place(scan, specials, breaks, rejected)
    return len(kept)


def _place(
    scan: Scan, specials: list[Special], breaks: dict[int, int], rejected: list[Rejected]
) -> None:
    """Set each special row's line (where it ends, as the CSV reader counts lines)."""
    if not specials:
        return
    wanted = {special.number for special in specials if special.number}
    kept_lines, reject_lines = _end_lines(wanted, breaks, rejected)
    if _has_empty_lines(scan, breaks, rejected):
        kept_lines, reject_lines = _end_lines_by_reading(scan, wanted, rejected)
    for special in specials:
        special.line = (
            kept_lines[special.number] if special.number else reject_lines[special.duck_line]
        )
    specials.sort(key=lambda special: special.line)


def _has_empty_lines(scan: Scan, breaks: dict[int, int], rejected: list[Rejected]) -> bool:
    """Whether the file holds more line feeds than its records and their inner line breaks
    account for: empty lines, which DuckDB skips without numbering them (or line breaks of
    another kind, which need the slow count just as well)."""
    records = scan.rows_kept + len(rejected)
    inner = sum(breaks.values()) + sum(row.line_breaks for row in rejected)
    feeds, final = scan.feeds
    return feeds != 1 + records + inner - (0 if final else 1)


_NUMBERS = frozenset(COPY_COLUMNS.index(name) for name in _NUMBER_COLUMNS)


def _stored(row: Row) -> tuple[object, ...]:
    """What the database would hold of a row (numbers as numbers, whatever their spelling)."""
    values = tuple(
        Decimal(value) if value is not None and index in _NUMBERS else value
        for index, value in enumerate(row[0])
    )
    return (values, row[1], row[2])


def first_per_key(specials: list[Special]) -> tuple[list[Row], int, list[tuple[int, str]]]:
    """The good unusual rows, the first of each key (they come in line order); how many good
    ones there were, a later row with the same values counted among them; and the later rows
    whose key repeats an earlier row's with other values, as bad rows (line, reason)."""
    rows: list[Row] = []
    seen: dict[tuple[str | None, str | None], tuple[int, Row]] = {}
    conflicts: list[tuple[int, str]] = []
    good = 0
    for special in specials:
        if isinstance(row := special.result, tuple):
            key = (row[0][13], row[0][14])
            if key not in seen:
                seen[key] = (special.line, row)
                rows.append(row)
                good += 1
                continue
            line, first = seen[key]
            if _stored(first) == _stored(row):
                good += 1
            else:
                conflicts.append(
                    (
                        special.line,
                        f"record {key[0]}:{key[1]} repeats line {line} with other values",
                    )
                )
    return rows, good, conflicts
