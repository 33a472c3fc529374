"""Server time of the signed-in pages, the profile and billing calls, measured in-process
with Django's test client on the configured database (no network, no browser).

    make bench        # or: .venv/bin/python bench/pages.py [--requests N]

Prints the median and 95th percentile per URL. Figures are for comparison between changes on
the same machine, not absolute promises."""

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

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

SIGNED_IN_URLS = [
    "/market-insights",
    "/find-global-company/1",
    "/profile",
    "/fast-ai/v1/users",
    "/fast-ai/v1/users/billing",
    "/oms-backend/v1/orders",
]
PUBLIC_URLS = ["/signin", "/signup", "/fast-ai/v1/plans"]
BENCH_EMAIL = "bench@example.com"


def timings(client: Client, url: str, requests: int) -> list[float]:
    client.get(url)  # warm caches and templates
    samples = []
    for _ in range(requests):
        start = time.perf_counter()
        response = client.get(url)
        samples.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=300)
    requests = parser.parse_args().requests
    setup_test_environment()
    print(f"{'url':28} {'median ms':>10} {'p95 ms':>8}  ({requests} requests each)")
    # The bench user and its session are rolled back: the database is left as it was.
    with transaction.atomic():
        member = Client()
        member.force_login(get_user_model().objects.create_user(email=BENCH_EMAIL))
        for client, urls in ((member, SIGNED_IN_URLS), (Client(), PUBLIC_URLS)):
            for url in urls:
                report(url, sorted(timings(client, url, requests)))
        transaction.set_rollback(True)


def report(url: str, samples: list[float]) -> None:
    p95 = samples[int(len(samples) * 0.95) - 1]
    print(f"{url:28} {statistics.median(samples):10.2f} {p95:8.2f}")


if __name__ == "__main__":
    main()
