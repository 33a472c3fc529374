"""Lighthouse scores of a signed-in page of a running product (mobile form factor and
throttling, Lighthouse's defaults), a few runs each, with their median.

    .venv/bin/python bench/lighthouse.py [--base-url http://127.0.0.1:8000] [--runs 3]
        [--language en|vi|zh] [PATH]

PATH defaults to Market insights showing the results of a search. Lighthouse is not one of the
project's packages (it is heavy): install it anywhere, e.g. `npm install lighthouse` in a
directory of its own, and point LIGHTHOUSE at its CLI (default: `lighthouse` on PATH).
Chromium comes from CHROME_PATH (default /usr/bin/chromium), started headless by Playwright
and handed to Lighthouse on a debugging port. The visitor is signed in as
BENCH_EMAIL (default the paid demo user) with a session created on the configured database,
which must be the running product's (DATABASE_URL)."""

from __future__ import annotations

import argparse
import json
import os
import shlex
import socket
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.test import Client  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

DEFAULT_PATH = (
    "/market-insights?product_details=cashew&exporter_country=VN"
    "&start_date=01-01-2024&end_date=31-12-2024"
)
TRIES = 3
CATEGORIES = ("performance", "accessibility", "best-practices")
# The interface languages, by the code the language cookie holds.
LANGUAGE_COOKIES = {"en": "en", "vi": "vi", "zh": "zh-hans"}
METRICS = {
    "FCP ms": "first-contentful-paint",
    "LCP ms": "largest-contentful-paint",
    "TBT ms": "total-blocking-time",
    "CLS": "cumulative-layout-shift",
}


def session_key(email: str) -> str:
    """A session for the user with `email`, signed in without the identity provider."""
    client = Client()
    client.force_login(get_user_model().objects.get(email=email))
    return client.cookies[settings.SESSION_COOKIE_NAME].value


@contextmanager
def signed_in_chromium(base_url: str, session: str, language: str) -> Iterator[int]:
    """A headless Chromium holding the session and language cookies, open to Lighthouse on a
    debugging port (a Cookie header of Lighthouse's own would give way to the cookies the page
    sets)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=os.environ.get("CHROME_PATH", "/usr/bin/chromium"),
            args=[f"--remote-debugging-port={port}", "--no-sandbox"],
        )
        context.add_cookies(
            [
                {"name": settings.SESSION_COOKIE_NAME, "value": session, "url": base_url},
                {"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base_url},
            ]
        )
        try:
            yield port
        finally:
            context.close()


def run_once(lighthouse: list[str], url: str, port: int, report: Path) -> dict[str, float]:
    command = [
        *lighthouse,
        url,
        "--quiet",
        "--output=json",
        f"--output-path={report}",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--port={port}",
    ]
    # Lighthouse now and then fails to record a load's trace ("Please run Lighthouse again",
    # NO_NAVSTART): such a run is tried again, up to TRIES in all.
    for _ in range(TRIES):
        # The command is the developer's own LIGHTHOUSE.
        if subprocess.run(command, check=False).returncode == 0:  # noqa: S603
            break
    else:
        raise SystemExit(f"Lighthouse failed {TRIES} times on {url}")
    result = json.loads(report.read_text())
    final_url = result.get("finalDisplayedUrl") or result.get("finalUrl", "")
    if "/signin" in final_url:
        raise SystemExit(f"Lighthouse was sent to sign-in ({final_url}): is the session valid?")
    figures = {name: result["categories"][name]["score"] * 100 for name in CATEGORIES}
    for label, audit in METRICS.items():
        figures[label] = result["audits"][audit]["numericValue"]
    return figures


def shown(name: str, value: float) -> str:
    return f"{value:>13.3f}" if name == "CLS" else f"{value:>13.0f}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("path", nargs="?", default=DEFAULT_PATH)
    parser.add_argument("--base-url", default=f"http://127.0.0.1:{os.environ.get('PORT', '8000')}")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--language", choices=LANGUAGE_COOKIES, default="en")
    parser.add_argument(
        "--reports", type=Path, help="keep each run's JSON report in this directory"
    )
    args = parser.parse_args()
    lighthouse = shlex.split(os.environ.get("LIGHTHOUSE", "lighthouse"))
    session = session_key(os.environ.get("BENCH_EMAIL", "demo@example.com"))
    base_url = args.base_url.rstrip("/")
    url = base_url + args.path
    print(url)
    columns = [*CATEGORIES, *METRICS]
    print("run  " + " ".join(f"{name:>13}" for name in columns))
    runs = []
    with (
        tempfile.TemporaryDirectory() as scratch,
        signed_in_chromium(base_url, session, LANGUAGE_COOKIES[args.language]) as port,
    ):
        directory = args.reports or Path(scratch)
        directory.mkdir(parents=True, exist_ok=True)
        for number in range(1, args.runs + 1):
            figures = run_once(lighthouse, url, port, directory / f"run{number}.json")
            runs.append(figures)
            print(f"{number:<4} " + " ".join(shown(name, figures[name]) for name in columns))
    medians = {name: statistics.median(run[name] for run in runs) for name in columns}
    print("med  " + " ".join(shown(name, medians[name]) for name in columns))


if __name__ == "__main__":
    main()
