"""Readers of OFAC's CSV files: `sdn.csv` / `cons_prim.csv` (primary records, the same twelve
columns), `alt.csv` / `cons_alt.csv` (aliases) and `add.csv` / `cons_add.csv` (addresses).

The files have no header; `-0- ` (with its trailing space) means empty; lines end in CRLF and
the last one is a lone `\\x1a` end-of-file mark. Several programmes are written `SDGT] [IFSR`.
The SDN file carries its aliases only inside Remarks ("a.k.a. 'BNC'").

A file that is not OFAC's CSV at all (empty, an HTML page, a JSON document) or that ends
without the end-of-file mark (cut short) raises `SanctionsFileError`: read on, it would load
as a list with few or no entries."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

from apps.core.importfiles import BadLine, csv_records
from apps.verification.sanctions.records import (
    BadRow,
    ParsedParty,
    SanctionsFileError,
    foreign_content,
    open_binary,
    unique,
)

EMPTY = "-0-"
END_OF_FILE = "\x1a"
PRIMARY_COLUMNS = 12
KINDS = {"individual": "individual", "vessel": "vessel", "aircraft": "aircraft", "": "entity"}
REMARK_ALIAS = re.compile(r"\b[afn]\.k\.a\.,?\s+'(.+?)'(?=[;.,)]|\s*$)")
REMARK_COUNTRY = re.compile(r"\b(?:nationality|citizen)\s+([^;.()]+)", re.IGNORECASE)


def read_rows(path: Path, notes: list[BadRow]) -> Iterator[tuple[int, list[str] | str]]:
    """(line number, fields) of each data line, `-0-` read as empty, the EOF mark skipped;
    (line number, reason) for a line that cannot be read. A line that is not UTF-8 is read as
    Windows-1252, OFAC's older encoding, and noted in `notes`. A file that is not OFAC's CSV,
    or is cut short, raises `SanctionsFileError`."""

    def legacy(line: int) -> None:
        notes.append(BadRow(line, "not UTF-8 text: read as Windows-1252", path.name))

    foreign = foreign_content(path)
    if foreign:
        raise SanctionsFileError(f"{path.name} is {foreign}, not an OFAC CSV file")
    ended = False
    with open_binary(path) as raw:
        for line, fields in csv_records(raw, fallback=("cp1252", legacy)):
            if isinstance(fields, BadLine):
                ended = False
                yield line, fields.reason
            elif fields == [END_OF_FILE]:
                ended = True
            elif fields != [""]:
                ended = False
                yield line, ["" if value.strip() == EMPTY else value.strip() for value in fields]
    if not ended:
        raise SanctionsFileError(
            f"{path.name} ends without OFAC's end-of-file mark (\\x1a): the file is cut short"
        )


def read_primary(path: Path, notes: list[BadRow]) -> Iterator[ParsedParty | BadRow]:
    for line, fields in read_rows(path, notes):
        if isinstance(fields, str):
            yield BadRow(line, fields)
            continue
        if len(fields) != PRIMARY_COLUMNS:
            yield BadRow(line, f"{len(fields)} columns, expected {PRIMARY_COLUMNS}")
            continue
        ent_num, name, kind, programme, _title, *_vessel, flag, _owner, remarks = fields
        if not ent_num.isdigit() or not name:
            yield BadRow(line, "no entry number or no name")
            continue
        if kind.lower() not in KINDS:
            yield BadRow(line, f"unknown type {kind!r}")
            continue
        yield ParsedParty(
            source_id=ent_num,
            name=name,
            kind=KINDS[kind.lower()],
            programmes=unique(programme.strip("[]").split("] [")),
            aliases=unique(REMARK_ALIAS.findall(remarks)),
            countries=unique([flag, *REMARK_COUNTRY.findall(remarks)]),
            remarks=remarks,
            line=line,
        )


def read_aliases(path: Path, notes: list[BadRow]) -> dict[str, list[str]]:
    """Aliases by entry number (columns ent_num, alt_num, alt_type, alt_name, alt_remarks);
    lines that cannot be read go to `notes`."""
    aliases: dict[str, list[str]] = defaultdict(list)
    for line, fields in read_rows(path, notes):
        if isinstance(fields, str):
            notes.append(BadRow(line, fields, path.name))
        elif len(fields) >= 4 and fields[3]:
            aliases[fields[0]].append(fields[3])
    return aliases


def read_countries(path: Path, notes: list[BadRow]) -> dict[str, list[str]]:
    """Address countries by entry number (ent_num, add_num, address, city, country, remarks);
    lines that cannot be read go to `notes`."""
    countries: dict[str, list[str]] = defaultdict(list)
    for line, fields in read_rows(path, notes):
        if isinstance(fields, str):
            notes.append(BadRow(line, fields, path.name))
        elif len(fields) >= 5 and fields[4]:
            countries[fields[0]].append(fields[4])
    return countries
