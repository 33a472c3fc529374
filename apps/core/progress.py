"""Progress of long commands (imports, seeding), shown on one line of the terminal."""

from __future__ import annotations

import sys
import time
from typing import Any


class ProgressBar:
    """A one-line progress bar on stderr: share of the file, rows and rows per second."""

    def __init__(self, stream: Any = None, width: int = 30) -> None:
        self.stream = stream or sys.stderr
        self.width = width
        self.started = time.monotonic()

    def __call__(self, rows: int, fraction: float | None) -> None:
        elapsed = max(time.monotonic() - self.started, 1e-6)
        speed = f"{rows:,} rows  {rows / elapsed:,.0f} rows/s"
        if fraction is None:
            self.stream.write(f"\r{speed}")
        else:
            filled = int(self.width * fraction)
            bar = "#" * filled + "-" * (self.width - filled)
            self.stream.write(f"\r[{bar}] {fraction:4.0%}  {speed}")
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()
