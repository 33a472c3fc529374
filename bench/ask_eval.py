"""AI box evaluation: a labelled set of exporters' questions in English, Vietnamese and Chinese
(bench/ask_eval_set.py) read against the demo data, and the ask endpoint's latency.

    .venv/bin/python bench/ask_eval.py [--shipments 20000] [--requests 60] [--verbose]

It loads N demo shipments into a temporary SQLite database and trade index of its own (never
the product's), reads every question offline (no language model) with a fixed 'today', and
prints per language: the share of questions with every filter right (and with every filter
but the goods' HS codes and text right), the accuracy of each field, and HS accuracy at
heading (4 digits) and subheading (6 digits) level over the questions that name goods. A
company counts as right when the name found is any spelling the data holds of the labelled
company. Then it times POST /shipments/ai/ask through Django's test client (the whole request
path, in-process) on a mix of the set's questions: p50 / p95 in ms."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import defaultdict
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.ask_eval_more import INTENT_CASES, PARTY_CASES
from bench.ask_eval_set import CASES, TODAY, Case
from bench.common import configure, load_shipments, percentile

FIELDS = (
    "hs_code",
    "product_details",
    "exporter_name",
    "importer_name",
    "exporter_country",
    "importer_country",
    "period",
    "understood",
)
EXTRA_FIELDS = ("figures", "ranked", "comparison", "suggestions", "future", "no figures")


def _heading(codes: list[str]) -> set[str]:
    return {code[:4] for code in codes}


def _companies() -> dict[str, set[str]]:
    """Each spelling's key to the keys of every spelling of its demo company."""
    from apps.market.demo import demo_companies
    from apps.market.names import normalise_name

    spellings: dict[str, set[str]] = {}
    for company in demo_companies():
        keys = {normalise_name(name) for name in (company.name, *company.spellings)}
        for key in keys:
            spellings.setdefault(key, set()).update(keys)
    return spellings


def _same_company(found: str, expected: str, companies: dict[str, set[str]]) -> bool:
    from apps.market.names import normalise_name

    if not found or not expected:
        return found == expected
    found_key, expected_key = normalise_name(found), normalise_name(expected)
    return found_key == expected_key or found_key in companies.get(expected_key, set())


def _check(
    case: Case, parsed: Any, default: tuple[date, date], companies: dict[str, set[str]]
) -> dict[str, bool]:
    if case.future:  # no filter matters: the question gets no figure
        return {"future": parsed.future, "no figures": _without_figures(parsed)}
    if case.suggest:  # nor here: the answer asks which company is meant
        return {
            "suggestions": bool(parsed.suggestions),
            "understood": not parsed.understood or bool(parsed.suggestions),
        }
    filters = parsed.filters
    start, end = case.period or default
    understood = case.understood and not case.suggest
    checks = {
        "hs_code": sorted(filters.hs_codes) == sorted(case.hs),
        "product_details": filters.product_details.strip().lower() == case.details.lower(),
        "exporter_name": _same_company(filters.exporter_name, case.exporter, companies),
        "importer_name": _same_company(filters.importer_name, case.importer, companies),
        "exporter_country": filters.exporter_country == case.exporter_country,
        "importer_country": filters.importer_country == case.importer_country,
        "period": filters.period == (start, end),
        "understood": (parsed.understood and not parsed.suggestions) == understood,
    }
    if case.future is False or case.figures or case.ranked or case.compare:
        checks["future"] = not parsed.future
    if case.figures is not None:
        checks["figures"] = parsed.figures == case.figures
    if case.ranked is not None:
        checks["ranked"] = parsed.ranked == case.ranked
    checks["comparison"] = _compared(parsed) == case.compare
    if case.suggest is not None:
        checks["suggestions"] = bool(parsed.suggestions) == case.suggest
    return checks


def _compared(parsed: Any) -> tuple[str, tuple[object, ...]] | None:
    comparison = parsed.comparison
    if comparison is None:
        return None
    if comparison.field == "period":
        return "period", tuple(start.year for start, _ in comparison.values)
    return comparison.field, tuple(comparison.values)


def _without_figures(parsed: Any) -> bool:
    from apps.market.ask import beyond_the_data

    return parsed.future and not any(char.isdigit() for char in beyond_the_data(parsed))


def _broader(case: Case, parsed: Any) -> bool:
    """Whether the search would be broader than the question: a party, country or product it
    names left out, with no question back (which one is meant?) instead."""
    if case.future or parsed.suggestions or parsed.future:
        return False
    filters = parsed.filters
    named = {
        "exporter_name": case.exporter,
        "importer_name": case.importer,
        "exporter_country": case.exporter_country,
        "importer_country": case.importer_country,
    }
    compared_field = case.compare[0] if case.compare else ""
    dropped = [
        field
        for field, value in named.items()
        if value and not getattr(filters, field) and field != compared_field
    ]
    return bool(dropped) or (bool(case.hs) and not filters.hs_codes and not filters.product_details)


def evaluate(cases: list[Case], title: str, verbose: bool) -> None:
    from apps.market import selectors
    from apps.market.ask import parse_with_model
    from apps.market.ask.dates import default_period

    context = selectors.ask_context()
    default = default_period(TODAY, context.last_date)
    companies = _companies()
    right: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    asked: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    totals: dict[str, int] = defaultdict(int)
    broader: dict[str, int] = defaultdict(int)
    heading: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    subheading: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for case in cases:
        parsed = parse_with_model(case.question, TODAY, context)
        checks = _check(case, parsed, default, companies)
        language = case.language
        totals[language] += 1
        broader[language] += _broader(case, parsed)
        for name, ok in checks.items():
            right[language][name] += ok
            asked[language][name] += 1
        everything = all(checks.values())
        right[language]["all"] += everything
        goods = ("hs_code", "product_details")
        right[language]["all but goods"] += all(ok for k, ok in checks.items() if k not in goods)
        if case.hs and not case.future:
            heading[language][1] += 1
            heading[language][0] += _heading(parsed.filters.hs_codes) == _heading(case.hs)
            subheading[language][1] += 1
            subheading[language][0] += sorted(parsed.filters.hs_codes) == sorted(case.hs)
        if verbose and not everything:
            wrong = [name for name, ok in checks.items() if not ok]
            shown = {k: v for k, v in parsed.filters.items() if v}
            print(f"[{language}] {case.question}\n    wrong: {wrong}\n    got: {shown}")
    languages = ("en", "vi", "zh")
    data = f"data {context.first_date} .. {context.last_date}"
    print(f"\n{title}: {len(cases)} questions, today = {TODAY}, {data}")
    print(f"{'':18}" + "".join(f"{lang:>8}" for lang in languages))
    print(f"{'questions':18}" + "".join(f"{totals[lang]:>8}" for lang in languages))

    def row(label: str, values: list[float]) -> None:
        print(f"{label:18}" + "".join(f"{value:>7.1f}%" for value in values))

    def share(lang: str, name: str) -> float:
        count = asked[lang][name] if name in asked[lang] else totals[lang]
        return 100 * right[lang][name] / max(count, 1)

    row("every filter", [100 * right[lang]["all"] / max(totals[lang], 1) for lang in languages])
    row(
        "  but the goods",
        [100 * right[lang]["all but goods"] / max(totals[lang], 1) for lang in languages],
    )
    names = [*FIELDS, *(n for n in EXTRA_FIELDS if any(asked[lang][n] for lang in languages))]
    for name in names:
        row(f"  {name}", [share(lang, name) for lang in languages])
    row("HS heading", [100 * heading[lang][0] / max(heading[lang][1], 1) for lang in languages])
    row(
        "HS subheading",
        [100 * subheading[lang][0] / max(subheading[lang][1], 1) for lang in languages],
    )
    print(f"{'  (questions)':18}" + "".join(f"{heading[lang][1]:>8}" for lang in languages))
    print(f"{'broader scope':18}" + "".join(f"{broader[lang]:>8}" for lang in languages))


def latency(requests: int) -> None:
    from django.test import Client

    from apps.accounts.models import User
    from apps.billing.services import set_up_paid_demo
    from apps.market.ask.warm import warm_up

    user, _ = User.objects.get_or_create(email="ask-eval@example.com")
    set_up_paid_demo(user)
    client = Client()
    client.force_login(user)
    warm_up()  # as the web server does when it starts
    questions = [case.question for case in CASES if case.understood][::7]
    client.post(
        "/fast-ai/v1/shipments/ai/ask", {"question": questions[0]}, content_type="application/json"
    )
    samples = []
    for number in range(requests):
        question = questions[number % len(questions)]
        started = time.perf_counter()
        response = client.post(
            "/fast-ai/v1/shipments/ai/ask", {"question": question}, content_type="application/json"
        )
        samples.append((time.perf_counter() - started) * 1000)
        if response.status_code != 200:
            print(f"{response.status_code} for {question!r}: {response.content[:200]!r}")
    print(
        f"\nPOST /shipments/ai/ask, {requests} requests over {len(questions)} questions: "
        f"p50 {percentile(samples, 0.5):.1f} ms, p95 {percentile(samples, 0.95):.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--shipments", type=int, default=20_000)
    parser.add_argument("--requests", type=int, default=60)
    parser.add_argument("--verbose", action="store_true", help="Print every question missed.")
    parser.add_argument("--workdir", default="", help="Keep the database and index here.")
    options = parser.parse_args()
    if options.workdir:
        run(options, Path(options.workdir))
        return
    with tempfile.TemporaryDirectory(prefix="tradewise-ask-eval-") as workdir:
        run(options, Path(workdir))


def run(options: argparse.Namespace, workdir: Path) -> None:
    workdir.mkdir(parents=True, exist_ok=True)
    configure(f"sqlite:///{workdir / 'ask-eval.sqlite3'}", workdir / "index")
    os.environ["AI_BASE_URL"] = ""  # the offline reading only

    import django

    django.setup()
    from django.test.utils import setup_test_environment

    setup_test_environment()
    load_shipments(options.shipments, fresh=False)
    evaluate(CASES, "Filters", options.verbose)
    evaluate(INTENT_CASES, "Rankings, prices, trends, comparisons, forecasts", options.verbose)
    evaluate(PARTY_CASES, "Companies as people write them", options.verbose)
    latency(options.requests)


if __name__ == "__main__":
    main()
