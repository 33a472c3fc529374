"""Loading sanctions lists from their official files.

Which list a file holds is read from its name: `*sdn*.csv[.gz]` is the OFAC SDN list,
`*cons_prim*.csv[.gz]` the OFAC Consolidated list (with `*cons_alt*` aliases and `*cons_add*`
addresses when given alongside), `*.xml[.gz]` the UN Consolidated list. Loading a list replaces
its entries whole, in one transaction: a failed load leaves the previous copy in place."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

from django.db import transaction
from django.utils import timezone

from apps.verification.models import SanctionedParty, SanctionsList
from apps.verification.sanctions import ofac, un
from apps.verification.sanctions.names import match_key
from apps.verification.sanctions.records import BadRow, ParsedParty, unique

Progress = Callable[[int, float | None], None]

OFAC_SDN = "OFAC SDN"
OFAC_CONSOLIDATED = "OFAC Consolidated"
UN_CONSOLIDATED = "UN Consolidated"
BATCH = 2_000
DATE_IN_NAME = re.compile(r"(\d{4})-?(\d{2})-?(\d{2})")


class SanctionsFileError(ValueError):
    """A file that is no known list format, or a companion file without its list."""


@dataclass
class ListReport:
    list_name: str
    source_file: str
    published_on: date | None
    published_note: str
    loaded: int = 0
    bad_rows: list[BadRow] = field(default_factory=list)
    notes: list[BadRow] = field(default_factory=list)  # loaded, but read with a caveat
    seconds: float = 0.0


@dataclass(frozen=True)
class ListFiles:
    list_name: str
    primary: Path
    aliases: Path | None = None
    addresses: Path | None = None


def group_files(paths: Iterable[Path]) -> list[ListFiles]:
    """The lists the files hold, each with its companion files."""
    by_role: dict[str, Path] = {}
    lists: list[ListFiles] = []
    for path in paths:
        name = path.name.lower()
        role = next((r for r in ("cons_prim", "cons_alt", "cons_add") if r in name), None)
        if role:
            by_role[role] = path
        elif "sdn" in name and ".csv" in name:
            lists.append(ListFiles(OFAC_SDN, path))
        elif ".xml" in name:
            lists.append(ListFiles(UN_CONSOLIDATED, path))
        else:
            raise SanctionsFileError(f"{path}: not an OFAC CSV or UN XML list (by its name)")
    if "cons_prim" in by_role:
        lists.append(
            ListFiles(
                OFAC_CONSOLIDATED,
                by_role["cons_prim"],
                by_role.get("cons_alt"),
                by_role.get("cons_add"),
            )
        )
    elif by_role:
        raise SanctionsFileError("cons_alt / cons_add files need their cons_prim file")
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
    files: ListFiles, given: date | None, notes: list[BadRow]
) -> tuple[date | None, str, Iterable[ParsedParty | BadRow]]:
    """The list's publication date, how it is known, and its parsed rows."""
    if files.list_name == UN_CONSOLIDATED:
        generated, rows = un.read_un(files.primary)
        if generated:
            return generated, "dateGenerated in the file", rows
        return given, "given on import" if given else "unknown: no dateGenerated", rows
    rows = ofac.read_primary(files.primary, notes)
    if given:
        return given, "given on import", rows
    from_name = date_from_name(files.primary)
    if from_name:
        return from_name, "date in the file name", rows
    return None, "unknown: OFAC's CSV files carry no date", rows


def import_list(
    files: ListFiles, *, published: date | None = None, progress: Progress | None = None
) -> ListReport:
    started = time.monotonic()
    notes: list[BadRow] = []
    published_on, note, rows = publication(files, published, notes)
    aliases = ofac.read_aliases(files.aliases, notes) if files.aliases else {}
    countries = ofac.read_countries(files.addresses, notes) if files.addresses else {}
    report = ListReport(files.list_name, files.primary.name, published_on, note, notes=notes)
    with transaction.atomic():
        SanctionsList.objects.filter(name=files.list_name).delete()
        sanctions_list = SanctionsList.objects.create(
            name=files.list_name,
            published_on=published_on,
            published_note=note,
            source_file=files.primary.name,
            loaded_at=timezone.now(),
        )
        batch: list[SanctionedParty] = []
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
                report.bad_rows.append(row)
                continue
            seen[row.source_id] = replace(row)
            row.aliases = unique([*row.aliases, *aliases.get(row.source_id, [])])
            row.countries = unique([*row.countries, *countries.get(row.source_id, [])])
            batch.append(party(sanctions_list, row))
            if len(batch) >= BATCH:
                report.loaded += save(batch)
                if progress:
                    progress(report.loaded, None)
        report.loaded += save(batch)
        sanctions_list.entry_count = report.loaded
        sanctions_list.save(update_fields=["entry_count"])
    if progress:
        progress(report.loaded, 1.0)
    report.seconds = time.monotonic() - started
    return report


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


def save(batch: list[SanctionedParty]) -> int:
    SanctionedParty.objects.bulk_create(batch)
    count = len(batch)
    batch.clear()
    return count


def import_sanctions(
    paths: Iterable[Path], *, published: date | None = None, progress: Progress | None = None
) -> list[ListReport]:
    """Load each list the files hold; see the module's docstring."""
    return [
        import_list(files, published=published, progress=progress) for files in group_files(paths)
    ]
