"""Demo shipments written as an import file (CSV, gzip-compressed when the name ends in .gz)."""

from __future__ import annotations

import csv
import gzip
import io
from itertools import islice
from pathlib import Path
from typing import Any

from apps.market.demo.rows import generate_rows
from apps.market.fileformat import SHIPMENT_FILE_COLUMNS

CSV_HEADER = SHIPMENT_FILE_COLUMNS


def _open_text(path: Path) -> io.TextIOBase:
    if path.name.endswith(".gz"):
        # Level 1: ten million rows compress several times faster than at the default level.
        binary = gzip.GzipFile(path, "wb", compresslevel=1)
        return io.TextIOWrapper(binary, encoding="utf-8", newline="")
    return path.open("w", encoding="utf-8", newline="")


def write_csv(path: str | Path, count: int, **kwargs: Any) -> int:
    """Write `count` demo rows with a header to `path` (gzip when it ends in .gz), streaming;
    returns the number of rows written. Keyword arguments go to `generate_rows`."""
    written = 0
    rows = generate_rows(count, **kwargs)
    with _open_text(Path(path)) as handle:
        writer = csv.writer(handle)
        writer.writerow(CSV_HEADER)
        while chunk := list(islice(rows, 10_000)):
            writer.writerows(chunk)
            written += len(chunk)
    return written
