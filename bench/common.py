"""What the benchmarks share: a database and index directory of their own, timing and
percentiles, and the demo shipments load."""

from __future__ import annotations

import os
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# How long the product served by a benchmark may take to give its first answer.
START_SECONDS = int(os.environ.get("BENCH_START_SECONDS", "300"))


def configure(database_url: str, index_dir: Path) -> None:
    """Point Django at the benchmark's database (created when missing on PostgreSQL) and its
    trade index directory; call before django.setup()."""
    os.environ["DATABASE_URL"] = database_url
    os.environ["TRADE_INDEX_DIR"] = str(index_dir)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # One user runs the whole mix, hundreds of searches a minute: the search limits still
    # count them (their cost is in the figures) but never refuse one.
    os.environ.setdefault("SEARCH_RATE_PER_MINUTE", "1000000000")
    if database_url.startswith("postgres"):
        import psycopg

        server, _, name = database_url.rpartition("/")
        with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
            exists = admin.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", [name]
            ).fetchone()
            if not exists:
                admin.execute(f'CREATE DATABASE "{name}"')


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[max(int(len(ordered) * share + 0.5) - 1, 0)]


def timed(
    act: Callable[[], Any], requests: int, *, before: Callable[[], Any] | None = None
) -> list[float]:
    """The milliseconds of `requests` calls of `act` after one to warm up; `before` runs,
    untimed, before each of them."""
    act()  # warm
    samples = []
    for _ in range(requests):
        if before is not None:
            before()
        started = time.perf_counter()
        act()
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def load_shipments(shipments: int, fresh: bool, keep_file: Path | None = None) -> dict[str, float]:
    """Migrate, then load `shipments` demo shipments through the generator and the import,
    which builds the trade index (emptied first when `fresh`; kept when enough are there, and
    the index built only when missing). With `keep_file`, the generated file is written there
    and kept, and a file already there is imported as it is: repeated loads of a large size
    skip the generation. Returns the import's rows per second and the index build's seconds,
    when it imported."""
    from django.core.management import call_command
    from django.db import connection

    from apps.market import demo
    from apps.market.imports import import_shipments
    from apps.market.models import Shipment

    call_command("migrate", verbosity=0)
    if fresh:
        with connection.cursor() as cursor:
            # PostgreSQL: TRUNCATE also gives the space back, so each run loads the same table.
            empty = "TRUNCATE" if connection.vendor == "postgresql" else "DELETE FROM"
            cursor.execute(f"{empty} {Shipment._meta.db_table}")
    present = Shipment.objects.count()
    if present >= shipments:
        print(f"{present:,} shipments already loaded")
        call_command("build_trade_index", "--if-missing")
        return {}
    with tempfile.TemporaryDirectory() as workdir:
        path = keep_file or Path(workdir) / "shipments.csv.gz"
        if not path.exists():
            started = time.perf_counter()
            demo.write_csv(path, shipments)
            print(f"generated {shipments:,} rows in {time.perf_counter() - started:.1f} s")
        report = import_shipments(path)
    print(
        f"import: {report.added:,} added in {report.seconds:.1f} s = "
        f"{report.rows_per_second:,.0f} rows/s ({connection.vendor})"
    )
    print(f"index build: {report.index_seconds:.1f} s")
    return {"import, rows/s": report.rows_per_second, "index build, s": report.index_seconds}


class CheckedClient:
    """A client's GET and POST (Django's test client, or `HttpClient`) that fail on any answer
    but 200, so that an error page never passes for a fast search."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def get(self, path: str, params: dict[str, Any] | None = None) -> Any:
        return self._checked(path, self.client.get(path, params))

    def post(self, path: str, data: dict[str, Any], content_type: str) -> Any:
        return self._checked(path, self.client.post(path, data, content_type=content_type))

    @staticmethod
    def _checked(path: str, response: Any) -> Any:
        if response.status_code != 200:
            raise RuntimeError(f"{path} answered {response.status_code}")
        return response


class HttpClient:
    """The test client's GET and POST, sent over HTTP to `base_url` as a signed-in browser
    sends them: the session cookie, and the CSRF cookie and header on a POST."""

    def __init__(self, base_url: str, session_cookie: tuple[str, str]) -> None:
        import requests
        from django.conf import settings
        from django.middleware.csrf import CSRF_ALLOWED_CHARS
        from django.utils.crypto import get_random_string

        self.base_url = base_url
        self.http = requests.Session()
        self.http.cookies.set(*session_cookie)
        self.csrf = get_random_string(32, CSRF_ALLOWED_CHARS)
        self.http.cookies.set(settings.CSRF_COOKIE_NAME, self.csrf)

    def get(self, path: str, params: dict[str, Any] | None = None) -> Any:
        return self.http.get(self.base_url + path, params=params, timeout=60)

    def post(self, path: str, data: dict[str, Any], content_type: str) -> Any:
        headers = {"Content-Type": content_type, "X-CSRFToken": self.csrf}
        return self.http.post(self.base_url + path, json=data, headers=headers, timeout=60)


@contextmanager
def served(workers: int, threads: int) -> Iterator[str]:
    """The product under gunicorn on a free local port, with this process's settings (its
    database and index), as `bin/serve` runs it; yields its base URL."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [
        str(ROOT / ".venv" / "bin" / "gunicorn"),
        "config.wsgi:application",
        "--config=config/gunicorn.py",
        f"--bind=127.0.0.1:{port}",
        f"--workers={workers}",
        f"--threads={threads}",
        "--no-control-socket",
        "--log-level=warning",
    ]
    server = subprocess.Popen(command, cwd=ROOT)  # noqa: S603
    base_url = f"http://127.0.0.1:{port}"
    try:
        _wait_for(base_url, server)
        yield base_url
    finally:
        server.terminate()
        server.wait(timeout=30)


def _wait_for(base_url: str, server: subprocess.Popen[bytes]) -> None:
    import requests

    # A first answer may take long on a big index (the worker loads it): wait for it as long
    # as the start is allowed to take, whatever the error of one try.
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline and server.poll() is None:
        try:
            requests.get(base_url + "/", timeout=max(deadline - time.monotonic(), 1))
            return
        except requests.RequestException:
            time.sleep(0.2)
    raise RuntimeError(f"the product did not start at {base_url} in {START_SECONDS} s")
