"""Sanctions name matching and screening, measured.

1. The labelled name pairs: precision, recall and F1 of the pairs graded match, and of those
   graded match or review (flagged), overall and for company and organisation pairs, at the
   match threshold screening uses and around it.
2. The labelled screening set (apps/verification/tests/data/screening_names.csv), screened
   against the loaded lists: precision of the names graded match, recall of the listed names
   found as a match, and as a match or review, on their entry; the clean names landing in
   review; each screening's time (median, p95).
3. The first screening after a fresh process start: a new Python process loads the product as
   the web server does (config.wsgi, which builds the index) and times its first screening.

    make bench        # or: .venv/bin/python bench/sanctions.py [PAIRS_CSV] [--names CSV]

PAIRS_CSV defaults to ../shared/data/benchmarks/sanctions/name_pairs.csv beside the
repository, else the copy under apps/verification/tests/data/. The thresholds come from
apps.verification.sanctions.matching and were chosen on the pairs, not on the screening set."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from apps.verification.sanctions.benchmark import (  # noqa: E402
    LabelledName,
    LabelledPair,
    Outcome,
    organisation_pairs,
    outcome,
    pair_figures,
    read_labelled_names,
    read_pairs,
    screening_figures,
)
from apps.verification.sanctions.matching import (  # noqa: E402
    MATCH_THRESHOLD,
    REVIEW_THRESHOLD,
    Grade,
    Thresholds,
)
from apps.verification.sanctions.screening import ScreeningStatus, screen, warm_up  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SHARED_PAIRS = ROOT.parent / "shared/data/benchmarks/sanctions/name_pairs.csv"
COMMITTED_PAIRS = ROOT / "apps/verification/tests/data/name_pairs.csv"
SCREENING_SET = ROOT / "apps/verification/tests/data/screening_names.csv"
FIRST_SCREENED = "Công ty TNHH Xuất nhập khẩu Đồng Tâm"
FRESH_STARTS = 3


def report_pairs(pairs: list[LabelledPair]) -> None:
    companies = organisation_pairs(pairs)
    print(f"{len(pairs)} labelled pairs ({len(companies)} company and organisation); "
          f"review band from {REVIEW_THRESHOLD:g} (or the threshold, when lower)")  # fmt: skip
    print(f"{'':>9}  {'graded match':^20}   {'match or review':^20}   "
          f"{'company: match':^20}   {'company: match or review':^24}")  # fmt: skip
    print(f"{'threshold':>9}" + "   {:>6} {:>6} {:>6}".format("P", "R", "F1") * 4)
    for threshold in range(int(MATCH_THRESHOLD) - 6, int(MATCH_THRESHOLD) + 7):
        thresholds = Thresholds(threshold, min(REVIEW_THRESHOLD, threshold))
        cells = [*pair_figures(pairs, thresholds), *pair_figures(companies, thresholds)]
        mark = "  <- used" if threshold == MATCH_THRESHOLD else ""
        print(f"{threshold:>9}" + "".join(
            f"   {cell.precision:6.3f} {cell.recall:6.3f} {cell.f1:6.3f}" for cell in cells
        ) + mark)  # fmt: skip


def report_screening_set(names: list[LabelledName]) -> None:
    warm_up()
    if screen("warm-up").status == ScreeningStatus.NO_LIST_LOADED:
        print("Screening set: no list loaded (run `make seed`), not measured")
        return
    outcomes: list[tuple[LabelledName, Outcome]] = []
    samples = []
    for labelled in names:
        started = time.perf_counter()
        result = screen(labelled.name)
        samples.append((time.perf_counter() - started) * 1000)
        outcomes.append((labelled, outcome(labelled, result)))
    found = screening_figures(outcomes)
    entries = sum(item.entry_count for item in result.lists)
    print(f"\nScreening set {SCREENING_SET.name}: {found.listed} listed and {found.clean} clean "
          f"names against {len(result.lists)} lists ({entries:,} entries)")  # fmt: skip
    print(f"  precision (graded match): {found.precision:.3f}  "
          f"({found.clean_matched} clean names graded match)")  # fmt: skip
    print(f"  recall, match only:       {found.recall_match:.3f}  "
          f"({found.found_as_match} of {found.listed})")  # fmt: skip
    print(f"  recall, match or review:  {found.recall_match_or_review:.3f}  "
          f"({found.found_as_match + found.found_as_review} of {found.listed})")  # fmt: skip
    print(f"  clean names in review:    {found.clean_reviewed} of {found.clean}")
    for labelled, graded in outcomes:
        if labelled.listed and graded.found is None:
            print(f"    listed, not found: {labelled.name} ({labelled.note})")
        elif not labelled.listed and graded.found == Grade.MATCH:
            print(f"    clean, graded match: {labelled.name} ({labelled.note})")
    print(f"  screening time: median {statistics.median(samples):.1f} ms, "
          f"p95 {statistics.quantiles(samples, n=20)[-1]:.1f} ms over {len(samples)} "
          "screenings, after the index was built")  # fmt: skip


def first_screening() -> None:
    """Run in a fresh process: load the product as the web server does, then screen once."""
    started = time.perf_counter()
    import config.wsgi  # noqa: F401

    loaded = time.perf_counter()
    screen(FIRST_SCREENED, country="VN")
    done = time.perf_counter()
    print(json.dumps({"start_ms": (loaded - started) * 1000, "first_ms": (done - loaded) * 1000}))
    # The web server's other warm-up (the AI box's) runs on a thread: it must end before the
    # interpreter does.
    for thread in threading.enumerate():
        if thread is not threading.main_thread():
            thread.join()


def report_first_screening() -> None:
    timings = [started_fresh() for _ in range(FRESH_STARTS)]
    firsts = ", ".join(f"{timed['first_ms']:.1f}" for timed in timings)
    starts = ", ".join(f"{timed['start_ms']:.0f}" for timed in timings)
    print(f"\nFirst screening in {FRESH_STARTS} fresh processes: {firsts} ms, each after "
          "loading the product as the web server does "
          f"(config.wsgi, the index built: {starts} ms)")  # fmt: skip


def started_fresh() -> dict[str, float]:
    answer = subprocess.run(  # noqa: S603 (this script, run again by the same interpreter)
        [sys.executable, __file__, "--first-screening"],
        capture_output=True,
        text=True,
        check=True,
    )
    timed: dict[str, float] = json.loads(answer.stdout.strip().splitlines()[-1])
    return timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = SHARED_PAIRS if SHARED_PAIRS.exists() else COMMITTED_PAIRS
    parser.add_argument("pairs", nargs="?", type=Path, default=default)
    parser.add_argument("--names", type=Path, default=SCREENING_SET)
    parser.add_argument("--first-screening", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.first_screening:
        first_screening()
        return
    print(f"Sanctions name matching: {options.pairs}")
    print(f"Thresholds: match {MATCH_THRESHOLD:g}, review {REVIEW_THRESHOLD:g} (0 to 100)")
    report_pairs(read_pairs(options.pairs))
    report_screening_set(read_labelled_names(options.names))
    report_first_screening()


if __name__ == "__main__":
    main()
