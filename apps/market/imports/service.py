"""`import_shipments`: the stages of an import, in order, in one transaction; then the
analytics index over the new rows, and the saved-search alerts queued."""

from __future__ import annotations

import heapq
import logging
import tempfile
import time
from contextlib import AbstractContextManager
from pathlib import Path
from typing import IO, Any

import duckdb
from django.db import connection, transaction

from apps.core.progress import logged_step
from apps.market import index
from apps.market.imports.parties import parties_table, special_rows_table
from apps.market.imports.report import (
    ImportFormatError,
    ImportReport,
    Meter,
    Progress,
    RecordsEndMixed,
    RecordTooLong,
)
from apps.market.imports.rules import RowCheck
from apps.market.imports.scan import CheckedFile, Scan, check_lines, local_file, read_header
from apps.market.imports.survey import (
    bad_values_table,
    check_rejected,
    check_unusual,
    first_per_key,
    rejected_rows,
    survey_file,
)
from apps.market.imports.targets import PostgresTarget, SqlTarget
from apps.market.tasks import alert_saved_searches

logger = logging.getLogger(__name__)


_MIXED_ENDS = (
    "The file cannot be read as CSV: its records end in more than one way (LF, CRLF, or a "
    "lone CR). Save it with one kind of line end."
)


def _step(name: str) -> AbstractContextManager[None]:
    return logged_step(logger, "Shipments import", name)


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
    (source, source_record_id) exists already are skipped. Once they are committed, the
    analytics index is built again over them, and searches switch to it. `dry_run` validates
    and rolls back."""
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="shipments-") as name:
        workdir = Path(name)
        path, compressed = local_file(stream_or_path, workdir)
        try:
            with _step("lines checked"):
                checked = check_lines(path, compressed, workdir)
            report = _import(checked, workdir, progress, dry_run)
        except (RecordTooLong, RecordsEndMixed):
            # Rare: a record of many lines too long for DuckDB, or records that end in more
            # than one way, which the copy ends alike. Before anything is loaded.
            checked = check_lines(path, compressed, workdir, records=True)
            report = _import(checked, workdir, progress, dry_run)
    report.seconds = time.monotonic() - started
    if report.added and not dry_run:
        started = time.monotonic()
        report.index_snapshot = index.build_snapshot()
        index.load_server()
        report.index_seconds = time.monotonic() - started
        # Saved searches are checked against the new snapshot by the task worker.
        alert_saved_searches.enqueue()
    return report


def _import(
    checked: CheckedFile, workdir: Path, progress: Progress | None, dry_run: bool
) -> ImportReport:
    """Read the checked file and load it, in one transaction."""
    header = read_header(checked.path, checked.compressed)
    check = RowCheck(header)
    config = {
        **index.build_config(),
        "temp_directory": str(workdir / "spill"),
        # Joins as written: the file's rows probe the small tables (DuckDB cannot tell
        # how many rows a CSV file holds and would build its hash table on the file).
        "disabled_optimizers": "join_order,build_side_probe_side",
    }
    with duckdb.connect(config=config) as duck, transaction.atomic():
        scan = Scan(duck, checked.path, checked.compressed, header, workdir)
        scan.feeds = (checked.feeds, checked.final_feed)
        try:
            report = _load(scan, check, checked, progress, dry_run)
        except duckdb.InvalidInputException as error:
            # The only one met: "The CSV Parser state machine reached an invalid state."
            logger.warning("DuckDB refuses %s: %s", checked.path, error)
            raise RecordsEndMixed(_MIXED_ENDS) from error
        except duckdb.IOException as error:
            raise ImportFormatError(f"The file cannot be read: {error}") from error
        if dry_run:
            transaction.set_rollback(True)
    return report


def _load(
    scan: Scan, check: RowCheck, checked: CheckedFile, progress: Progress | None, dry_run: bool
) -> ImportReport:
    """Survey the file, load its ordinary rows, then check the others in Python and load the
    good ones. The lines that could not be read are bad rows."""
    with _step("file surveyed"):
        survey = survey_file(scan)
    bad_values_table(scan, check, survey)
    rejected = rejected_rows(scan)
    specials = check_rejected(scan, check, rejected)
    parties_table(scan, {pair: check.pair(*pair) for pair in survey.pairs})
    meter = Meter(survey.rows, progress)
    target: PostgresTarget | SqlTarget = SqlTarget(scan, meter)
    if connection.vendor == "postgresql":
        sources = sorted(survey.values["source"])
        target = PostgresTarget(scan, meter, rows=survey.rows, sources=sources, dry_run=dry_run)
    with _step("rows loaded"):
        sent, added = target.load(scan.ordinary_rows(skip_existing=target.skips_existing))
    # Rows left out of the load (not plain, a key met twice, a bad party), rows DuckDB set
    # aside (and the line breaks that shift their line numbers) send us back to the file.
    known = scan.known_rows() if target.skips_existing else 0
    unusual = 0
    if sent + known < survey.rows or scan.repeated_keys or specials:
        unusual = check_unusual(scan, specials, check, rejected)
    rows_read = survey.rows + sum(not row.blank for row in rejected) + len(checked.bad_lines)
    report = ImportReport(rows_read=rows_read)
    rows, good, conflicts = first_per_key(specials)
    problems = (
        (special.line, "; ".join(special.result))
        for special in specials
        if isinstance(special.result, list)
    )
    for line, reason in heapq.merge(problems, conflicts, checked.bad_lines):
        report.add_bad_row(line, reason)
    with _step("indexes built again"):
        target.finish()
    if rows:
        special_rows_table(scan, rows, check.validator.names)
        added += target.load("SELECT * FROM special_rows")[1]
    report.added = added
    report.skipped_existing = survey.rows - unusual + good - added
    if progress is not None:
        progress(report.rows_read, 1.0)
    return report
