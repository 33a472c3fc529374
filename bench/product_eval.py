"""Product understanding benchmark on the labelled set of `bench/product_search_set.py`.

    .venv/bin/python bench/product_eval.py                    # HS precision only
    BENCH_DATABASE_URL=sqlite:////path/bench.sqlite3 \\
        .venv/bin/python bench/product_eval.py --data          # and recall on demo shipments

Prints, per language:
- HS precision of the top code the lexicon reads in each text: at heading level, and at
  subheading level for the texts whose words tell the subheading (exact code; and the
  subheading among the codes meant when the words fit several);
- with `--data`, on the demo shipments loaded by `bench/market.py` (same database and index
  options): recall of the intended goods (the shipments under the intended subheading, else
  heading, that the product filter finds, over all of them; texts whose goods the demo does
  not hold are left out) and precision (of the shipments found, those under that code);
- with `--data`, the parity table of `PARITY_SET`: per product, the shipments its name finds
  in English, Vietnamese with and without accents and Chinese, and those a typical invoice
  line of it finds (and of them, under the product's code); whether the four names make the
  same filter (which holds on any data); and a summary: products whose names' counts are
  within 2 % of each other, invoice lines finding their product.

`product_search_figures()` and `hs_precision()` return the figures for other benchmarks."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.product_search_set import PARITY_SET, PRODUCT_SEARCH_SET

LANGUAGES = ("en", "vi", "zh")


Row = tuple[str, str, str, str | None]


def hs_precision(rows: list[Row] = PRODUCT_SEARCH_SET) -> dict[str, Any]:
    """Per language: texts, heading hits, subheading texts, exact and 'among' subheading hits,
    misses, and the lexicon's time per text."""
    from apps.market.lexicon import match_products

    match_products("warm up", "en")
    out: dict[str, Any] = {lang: defaultdict(int, misses=[]) for lang in LANGUAGES}
    times: list[float] = []
    for text, language, heading, subheading in rows:
        started = time.perf_counter()
        matches = match_products(text, language)
        times.append((time.perf_counter() - started) * 1000)
        figures = out[language]
        figures["texts"] += 1
        top = matches[0] if matches else None
        code = top.hs_code if top else ""
        figures["heading"] += code[:4] == heading
        if subheading:
            figures["sub_texts"] += 1
            figures["subheading"] += code == subheading
            figures["sub_among"] += bool(top) and subheading in (top.hs_codes if top else ())
        if code[:4] != heading or (subheading and code != subheading):
            figures["misses"].append((text, heading, subheading, code))
    out["ms_p50"] = statistics.median(times)
    out["ms_max"] = max(times)
    return out


def product_search_figures(rows: list[Row] = PRODUCT_SEARCH_SET) -> dict[str, Any]:
    """Recall and precision of the product filter on the current trade index, per language."""
    from apps.market import index
    from apps.market.filters import ShipmentFilters

    trade = index.trade_index()
    facts = trade.facts()
    period = {"start_date": facts["first_date"], "end_date": facts["last_date"]}
    out: dict[str, Any] = {lang: defaultdict(float, rows=[]) for lang in LANGUAGES}
    for text, language, heading, subheading in rows:
        target = subheading or heading
        intended = trade.count(ShipmentFilters(**period, hs_codes=(target,)))
        if not intended:
            continue
        started = time.perf_counter()
        found = trade.count(ShipmentFilters(**period, product_details=text))
        ms = (time.perf_counter() - started) * 1000
        hit = trade.count(ShipmentFilters(**period, product_details=text, hs_codes=(target,)))
        figures = out[language]
        figures["texts"] += 1
        figures["intended"] += intended
        figures["found"] += found
        figures["hit"] += hit
        figures["recall_sum"] += hit / intended
        figures["precision_sum"] += hit / found if found else 0.0
        figures["rows"].append((text, target, intended, found, hit, ms))
    return out


PARITY_FORMS = ("en", "vi", "vi-", "zh")
_PARITY_TOLERANCE = 0.02


def parity_rows() -> list[dict[str, Any]]:
    """Per product of `PARITY_SET`: the shipments each form of its name finds, those its
    invoice line finds and, of them, under its code; whether the names make one filter."""
    from apps.market import index
    from apps.market.filters import ShipmentFilters
    from apps.market.lexicon.search import product_query
    from apps.market.names import normalise_name

    trade = index.trade_index()
    facts = trade.facts()
    period = {"start_date": facts["first_date"], "end_date": facts["last_date"]}
    out = []
    for code, en, vi, zh, line in PARITY_SET:
        forms = dict(zip(PARITY_FORMS, (en, vi, normalise_name(vi), zh), strict=True))
        counts = {
            form: trade.count(ShipmentFilters(**period, product_details=text))
            for form, text in forms.items()
        }
        out.append(
            {
                "code": code,
                "name": en,
                "counts": counts,
                "same_filter": len({product_query(text) for text in forms.values()}) == 1,
                "line": trade.count(ShipmentFilters(**period, product_details=line)),
                "line_hit": trade.count(
                    ShipmentFilters(**period, product_details=line, hs_codes=(code,))
                ),
                "in_code": trade.count(ShipmentFilters(**period, hs_codes=(code,))),
            }
        )
        # The demo holds the product when its names find shipments, or when its code holds
        # nothing else (a code the demo fills with other fruit does not hold lychees).
        row = out[-1]
        row["held"] = max(counts.values()) or (0 if product_query(en).groups else row["in_code"])
    return out


def _within_tolerance(counts: dict[str, int]) -> bool:
    top = max(counts.values())
    return top == 0 or (top - min(counts.values())) / top <= _PARITY_TOLERANCE


def print_parity(rows: list[dict[str, Any]]) -> None:
    forms = " ".join(f"{form:>8}" for form in PARITY_FORMS)
    print(f"\n{'product':24} {'code':6} {forms} {'same':>5} {'line':>8} {'in code':>8}")
    for row in rows:
        counts = " ".join(f"{row['counts'][form]:8,}" for form in PARITY_FORMS)
        same = "yes" if row["same_filter"] else "no"
        print(
            f"{row['name'][:24]:24} {row['code']:6} {counts} {same:>5} "
            f"{row['line']:8,} {row['line_hit']:8,}"
        )
    held = [row for row in rows if row["held"]]
    level = [row for row in held if _within_tolerance(row["counts"])]
    lines = [row for row in held if row["line_hit"]]
    same = [row for row in rows if row["same_filter"]]
    lost = [row["name"] for row in rows if row["in_code"] and not max(row["counts"].values())]
    print(
        f"\n{len(rows)} products, {len(held)} with demo shipments: names within "
        f"{_PARITY_TOLERANCE:.0%} of each other {len(level)}/{len(held)}; invoice line finds "
        f"its product {len(lines)}/{len(held)}; one filter for all four names "
        f"{len(same)}/{len(rows)}"
    )
    print(f"found by none of their names though their code holds shipments: {lost or 'none'}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", action="store_true", help="Also measure on demo shipments.")
    default_index = Path(tempfile.gettempdir()) / "tradewise-bench-index"
    parser.add_argument("--index-dir", default=str(default_index))
    parser.add_argument("--verbose", action="store_true")
    options = parser.parse_args()
    from bench.common import configure

    database = os.environ.get("BENCH_DATABASE_URL", "")
    if options.data:
        default = "postgres://postgres@127.0.0.1:5432/tradewise_bench"
        configure(database or default, Path(options.index_dir))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    precision = hs_precision()
    print(
        f"{len(PRODUCT_SEARCH_SET)} product texts; lexicon {precision['ms_p50']:.2f} ms p50, "
        f"{precision['ms_max']:.1f} ms max"
    )
    print(f"\n{'language':9} {'texts':>5} {'heading':>8} {'subheading':>11} {'sub among':>10}")
    for lang in LANGUAGES:
        f = precision[lang]
        subs = max(f["sub_texts"], 1)
        print(
            f"{lang:9} {f['texts']:5d} {f['heading'] / f['texts']:8.1%} "
            f"{f['subheading'] / subs:11.1%} {f['sub_among'] / subs:10.1%}"
        )
        if options.verbose:
            for miss in f["misses"]:
                print("    miss:", miss)
    if not options.data:
        return
    search = product_search_figures()
    header = f"{'language':9} {'texts':>5} {'recall':>7} {'precision':>10} {'recall (rows)':>14}"
    print("\n" + header)
    for lang in LANGUAGES:
        f = search[lang]
        if not f["texts"]:
            continue
        print(
            f"{lang:9} {int(f['texts']):5d} {f['recall_sum'] / f['texts']:7.1%} "
            f"{f['precision_sum'] / f['texts']:10.1%} {f['hit'] / f['intended']:14.1%}"
        )
        if options.verbose:
            for row in f["rows"]:
                print("    ", row)
    print_parity(parity_rows())


if __name__ == "__main__":
    main()
