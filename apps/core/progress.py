"""Progress of long commands (imports, seeding), shown on one line of the terminal, and the
time each step of a long job takes, in the log."""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def logged_step(logger: logging.Logger, job: str, step: str) -> Iterator[None]:
    """Log how long `step` of `job` took ("Trade index build: roll-ups in 26.7 s")."""
    started = time.perf_counter()
    yield
    logger.info("%s: %s in %.1f s", job, step, time.perf_counter() - started)


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
