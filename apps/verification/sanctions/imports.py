"""Loading sanctions lists from their official files.

Which list a file holds is read from its name: `*sdn*.csv[.gz]` is the OFAC SDN list (with
`*alt*` aliases and `*add*` addresses when given alongside), `*cons_prim*.csv[.gz]` the OFAC
Consolidated list (with `*cons_alt*` and `*cons_add*`), `*.xml[.gz]` the UN Consolidated list.

An empty list answers every screening "clear", so a list is read whole and checked before
anything is written: a file that is not the list's format (empty, an HTML page, a JSON
document, cut short), that yields no entries, or that yields under half the entries of the
copy loaded now (unless a shrink is allowed) is refused, and every list stays as it was. The
lists that pass replace their previous copies together, in one transaction."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

from django.db import transaction
from django.utils import timezone

from apps.core.importfiles import UNREADABLE_FILE_ERRORS
from apps.verification.models import SanctionedParty, SanctionsList
from apps.verification.sanctions import ofac, un
from apps.verification.sanctions.names import match_key
from apps.verification.sanctions.records import BadRow, ParsedParty, SanctionsFileError, unique

Progress = Callable[[int, float | None], None]

OFAC_SDN = "OFAC SDN"
OFAC_CONSOLIDATED = "OFAC Consolidated"
UN_CONSOLIDATED = "UN Consolidated"
# Each OFAC list's file roles, as found in the file names: primary, aliases, addresses.
OFAC_ROLES = {
    OFAC_SDN: ("sdn", "alt", "add"),
    OFAC_CONSOLIDATED: ("cons_prim", "cons_alt", "cons_add"),
}
CSV_ROLE = re.compile(r"(?<![a-z])(cons_prim|cons_alt|cons_add|sdn|alt|add)(?![a-z])")
# When a name has several, the companion's role wins: `sdn_alt.csv` holds the SDN aliases.
ROLE_ORDER = ("cons_prim", "cons_alt", "cons_add", "alt", "add", "sdn")
BATCH = 2_000
DATE_IN_NAME = re.compile(r"(\d{4})-?(\d{2})-?(\d{2})")
# A new copy with fewer entries than this share of the loaded one is refused unless allowed.
SMALLEST_SHARE = 0.5


@dataclass(frozen=True)
class Publication:
    """A list's publication date, and how it is known ("dateGenerated in the file")."""

    on: date | None
    note: str


@dataclass
class ListReport:
    list_name: str
    source_file: str
    published_on: date | None
    published_note: str
    loaded: int = 0
    replaced: int = 0  # entries of the copy it replaced
    bad_rows: list[BadRow] = field(default_factory=list)
    notes: list[BadRow] = field(default_factory=list)  # loaded, but read with a caveat
    seconds: float = 0.0


@dataclass(frozen=True)
class ListFiles:
    list_name: str
    primary: Path
    aliases: Path | None = None
    addresses: Path | None = None
    published: Publication | None = None  # given with the files: --published, a download's date

    @property
    def names(self) -> str:
        return ", ".join(path.name for path in (self.primary, self.aliases, self.addresses) if path)


@dataclass
class ReadList:
    """A list read whole from its files, not yet written."""

    files: ListFiles
    report: ListReport
    parties: list[ParsedParty]


def group_files(paths: Iterable[Path]) -> list[ListFiles]:
    """The lists the files hold, each with its companion files."""
    by_role: dict[str, Path] = {}
    un_files: list[Path] = []
    for path in paths:
        name = path.name.lower()
        role = csv_role(name) if ".csv" in name else None
        if role:
            if role in by_role:
                raise SanctionsFileError(f"{by_role[role]} and {path}: two {role} files")
            by_role[role] = path
        elif ".xml" in name:
            un_files.append(path)
        else:
            raise SanctionsFileError(f"{path}: not an OFAC CSV or UN XML list (by its name)")
    if len(un_files) > 1:
        raise SanctionsFileError(f"{', '.join(map(str, un_files))}: two UN list files")
    return [*ofac_lists(by_role), *(ListFiles(UN_CONSOLIDATED, path) for path in un_files)]


def csv_role(name: str) -> str | None:
    found = set(CSV_ROLE.findall(name))
    return next((role for role in ROLE_ORDER if role in found), None)


def ofac_lists(by_role: dict[str, Path]) -> list[ListFiles]:
    lists: list[ListFiles] = []
    for list_name, (primary, aliases, addresses) in OFAC_ROLES.items():
        if primary in by_role:
            lists.append(
                ListFiles(list_name, by_role[primary], by_role.get(aliases), by_role.get(addresses))
            )
        elif aliases in by_role or addresses in by_role:
            raise SanctionsFileError(f"{aliases} / {addresses} files need their {primary} file")
    return lists


def date_from_name(path: Path) -> date | None:
    found = DATE_IN_NAME.search(path.name)
    if not found:
        return None
    try:
        return date(*(int(part) for part in found.groups()))
    except ValueError:
        return None


def publication(
    files: ListFiles, notes: list[BadRow]
) -> tuple[Publication, Iterable[ParsedParty | BadRow]]:
    """The list's publication and its parsed rows. The UN file's own date comes first; OFAC's
    files carry none, so the date given with them, else one in the file name."""
    if files.list_name == UN_CONSOLIDATED:
        generated, rows = un.read_un(files.primary)
        if generated:
            return Publication(generated, "dateGenerated in the file"), rows
        return files.published or Publication(None, "unknown: no dateGenerated"), rows
    rows = ofac.read_primary(files.primary, notes)
    if files.published:
        return files.published, rows
    from_name = date_from_name(files.primary)
    if from_name:
        return Publication(from_name, "date in the file name"), rows
    return Publication(None, "unknown: OFAC's CSV files carry no date"), rows


def read_list(files: ListFiles) -> ReadList:
    """The list as its files hold it; a file that cannot be read raises SanctionsFileError
    with the files' names."""
    started = time.monotonic()
    notes: list[BadRow] = []
    try:
        published, rows = publication(files, notes)
        aliases = ofac.read_aliases(files.aliases, notes) if files.aliases else {}
        countries = ofac.read_countries(files.addresses, notes) if files.addresses else {}
        report = ListReport(
            files.list_name, files.primary.name, published.on, published.note, notes=notes
        )
        parties = list(distinct_parties(rows, report.bad_rows))
    except UNREADABLE_FILE_ERRORS as error:
        raise SanctionsFileError(f"{files.names}: cannot be read ({error})") from error
    for row in parties:
        row.aliases = unique([*row.aliases, *aliases.get(row.source_id, [])])
        row.countries = unique([*row.countries, *countries.get(row.source_id, [])])
    report.seconds = time.monotonic() - started
    return ReadList(files, report, parties)


def distinct_parties(
    rows: Iterable[ParsedParty | BadRow], bad_rows: list[BadRow]
) -> Iterator[ParsedParty]:
    """Each entry once: a repeat with the same values is let through, one with other values is
    a bad row (which of the two is right cannot be told)."""
    seen: dict[str, ParsedParty] = {}
    for row in rows:
        if isinstance(row, ParsedParty) and row.source_id in seen:
            first = seen[row.source_id]
            if replace(first, line=0) == replace(row, line=0):
                continue
            row = BadRow(
                row.line, f"entry {row.source_id} repeats line {first.line} with other values"
            )
        if isinstance(row, BadRow):
            bad_rows.append(row)
            continue
        seen[row.source_id] = row
        yield row


def loaded_count(list_name: str) -> int:
    """Entries of the copy of the list loaded now (0 when none is)."""
    count = SanctionsList.objects.filter(name=list_name).values_list("entry_count", flat=True)
    return count.first() or 0


def refusal(read: ReadList, *, allow_shrink: bool) -> str | None:
    """Why the list must not replace the copy loaded now, or None. A file without entries never
    loads; one with under half the entries loaded now is far likelier a broken file than a list
    that shrank, so it loads only when a shrink is allowed."""
    found, files = len(read.parties), read.files
    if not found:
        return (
            f"{files.primary.name}: no {files.list_name} entries in the file{bad_rows_hint(read)}"
        )
    current = loaded_count(files.list_name)
    if found < current * SMALLEST_SHARE and not allow_shrink:
        return (
            f"{files.primary.name}: {found:,} {files.list_name} entries, under half of the "
            f"{current:,} loaded now (if the list did shrink, load it with --allow-shrink)"
        )
    return None


def bad_rows_hint(read: ReadList) -> str:
    """The first bad row of a list without entries: what its lines hold instead."""
    if not read.report.bad_rows:
        return ""
    first = read.report.bad_rows[0]
    return f" ({len(read.report.bad_rows):,} bad rows; line {first.line}: {first.reason})"


def replace_list(read: ReadList, advance: Callable[[int], None]) -> None:
    """Replace the list's loaded copy with `read`, inside the caller's transaction."""
    started = time.monotonic()
    files, report = read.files, read.report
    report.replaced = loaded_count(files.list_name)
    SanctionsList.objects.filter(name=files.list_name).delete()
    sanctions_list = SanctionsList.objects.create(
        name=files.list_name,
        published_on=report.published_on,
        published_note=report.published_note,
        source_file=files.primary.name,
        loaded_at=timezone.now(),
        entry_count=len(read.parties),
    )
    for start in range(0, len(read.parties), BATCH):
        batch = read.parties[start : start + BATCH]
        SanctionedParty.objects.bulk_create(party(sanctions_list, row) for row in batch)
        report.loaded += len(batch)
        advance(len(batch))
    report.seconds += time.monotonic() - started


def party(sanctions_list: SanctionsList, row: ParsedParty) -> SanctionedParty:
    organisation = row.kind != SanctionedParty.Kind.INDIVIDUAL
    keys = unique([match_key(name, organisation=organisation) for name in [row.name, *row.aliases]])
    return SanctionedParty(
        sanctions_list=sanctions_list,
        source_id=row.source_id,
        name=row.name,
        kind=row.kind,
        programmes=row.programmes,
        aliases=row.aliases,
        countries=row.countries,
        listed_on=row.listed_on,
        remarks=row.remarks,
        match_keys=keys,
    )


def import_lists(
    lists: Iterable[ListFiles], *, allow_shrink: bool = False, progress: Progress | None = None
) -> list[ListReport]:
    """Read and check every list, then replace them all in one transaction; when one is
    refused, none is written (see the module's docstring)."""
    reads = [read_list(files) for files in lists]
    total = sum(len(read.parties) for read in reads)
    written = 0

    def advance(count: int) -> None:
        nonlocal written
        written += count
        if progress:
            progress(written, written / total)

    with transaction.atomic():
        refusals = [
            reason for read in reads if (reason := refusal(read, allow_shrink=allow_shrink))
        ]
        if refusals:
            raise SanctionsFileError("; ".join(refusals))
        for read in reads:
            replace_list(read, advance)
    return [read.report for read in reads]


def import_sanctions(
    paths: Iterable[Path],
    *,
    published: date | None = None,
    allow_shrink: bool = False,
    progress: Progress | None = None,
) -> list[ListReport]:
    """Load the lists the files hold (grouped by their names), `published` being the date the
    OFAC files were published on, which they do not carry."""
    lists = dated(group_files(paths), published)
    return import_lists(lists, allow_shrink=allow_shrink, progress=progress)


def dated(lists: list[ListFiles], published: date | None) -> list[ListFiles]:
    """The lists with `published` given as their publication date (the UN file's own date
    still comes first)."""
    if not published:
        return lists
    given = Publication(published, "given on import")
    return [replace(files, published=given) for files in lists]
