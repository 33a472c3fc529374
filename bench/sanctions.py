"""Sanctions name matching, measured: precision, recall and F1 of the scorer on labelled name
pairs, overall and for company and organisation pairs, at the threshold screening uses and
around it; the time per pair; and the time of one screening against the loaded lists.

    make bench        # or: .venv/bin/python bench/sanctions.py [PAIRS_CSV] [--screenings N]

PAIRS_CSV defaults to ../shared/data/benchmarks/sanctions/name_pairs.csv beside the
repository, else the copy under apps/verification/tests/data/."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from apps.verification.sanctions.benchmark import (  # noqa: E402
    LabelledPair,
    figures,
    organisation_pairs,
    pair_score,
    read_pairs,
)
from apps.verification.sanctions.matching import MATCH_THRESHOLD  # noqa: E402
from apps.verification.sanctions.screening import ScreeningStatus, screen  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SHARED_PAIRS = ROOT.parent / "shared/data/benchmarks/sanctions/name_pairs.csv"
COMMITTED_PAIRS = ROOT / "apps/verification/tests/data/name_pairs.csv"
SCREENED_NAMES = [
    "Công ty TNHH Xuất nhập khẩu Đồng Tâm",
    "Banco Nacional de Cuba S.A.",
    "Tactical Missiles Corporation JSC",
    "北京华为技术有限公司",
    "Vietnam National Coffee Corporation",
    "Rosneft Trading SA",
]


def report_pairs(pairs: list[LabelledPair]) -> None:
    started = time.perf_counter()
    scores = [pair_score(pair) for pair in pairs]
    per_pair_ms = (time.perf_counter() - started) * 1000 / len(pairs)
    labelled = [(score, pair.is_match) for score, pair in zip(scores, pairs, strict=True)]
    organisations = {id(pair) for pair in organisation_pairs(pairs)}
    company = [
        item for item, pair in zip(labelled, pairs, strict=True) if id(pair) in organisations
    ]
    print(f"{len(pairs)} labelled pairs ({len(company)} company and organisation), "
          f"{per_pair_ms:.3f} ms a pair")  # fmt: skip
    print(
        f"{'threshold':>9}  {'all P':>6} {'R':>6} {'F1':>6}   {'company P':>9} {'R':>6} {'F1':>6}"
    )
    for threshold in range(int(MATCH_THRESHOLD) - 6, int(MATCH_THRESHOLD) + 7, 1):
        overall, organisation = figures(labelled, threshold), figures(company, threshold)
        mark = "  <- used" if threshold == MATCH_THRESHOLD else ""
        print(f"{threshold:>9}  {overall.precision:6.3f} {overall.recall:6.3f} {overall.f1:6.3f}"
              f"   {organisation.precision:9.3f} {organisation.recall:6.3f} "
              f"{organisation.f1:6.3f}{mark}")  # fmt: skip


def report_screening(repeats: int) -> None:
    if screen("warm-up").status == ScreeningStatus.NO_LIST_LOADED:
        print("Screening: no list loaded (run `make seed`), not timed")
        return
    samples = []
    for _ in range(repeats):
        for name in SCREENED_NAMES:
            started = time.perf_counter()
            result = screen(name, country="VN")
            samples.append((time.perf_counter() - started) * 1000)
    entries = sum(item.entry_count for item in result.lists)
    print(f"Screening one name against {len(result.lists)} lists ({entries:,} entries): "
          f"median {statistics.median(samples):.1f} ms, "
          f"p95 {statistics.quantiles(samples, n=20)[-1]:.1f} ms "
          f"over {len(samples)} screenings")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = SHARED_PAIRS if SHARED_PAIRS.exists() else COMMITTED_PAIRS
    parser.add_argument("pairs", nargs="?", type=Path, default=default)
    parser.add_argument("--screenings", type=int, default=20, help="Rounds of the sample names.")
    options = parser.parse_args()
    print(f"Sanctions name matching: {options.pairs}")
    report_pairs(read_pairs(options.pairs))
    report_screening(options.screenings)


if __name__ == "__main__":
    main()
