"""The product under gunicorn with its settings (config/gunicorn.py, as bin/serve starts it):
an address too long for the API passes gunicorn and is refused by the API in its error shape,
not with gunicorn's HTML page."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from apps.core.middleware import MAX_URL_CHARS
from tests.providers import BASE_DIR, BIN_DIR, START_TIMEOUT_SECONDS, free_port, stop

SHIPMENTS = "/fast-ai/v1/shipments?product_details="


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    log = Path(tmp_path_factory.mktemp("gunicorn")) / "gunicorn.log"
    command = [
        str(BIN_DIR / "gunicorn"),
        "config.wsgi:application",
        "--config",
        "config/gunicorn.py",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        "1",
        "--no-control-socket",
    ]
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    process = subprocess.Popen(
        command, env=env, cwd=BASE_DIR, stdout=log.open("ab"), stderr=subprocess.STDOUT
    )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_listening(url, process, log)
        yield url
    finally:
        stop(process)


def _wait_until_listening(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited:\n{log.read_text()}")
        try:
            requests.get(f"{url}/fast-ai/v1/users", timeout=5)  # 401: no one signed in
            return
        except (requests.ConnectionError, requests.Timeout):
            time.sleep(0.1)  # not listening yet, or its worker still starting
    raise RuntimeError(f"gunicorn did not start:\n{log.read_text()}")


def test_an_address_too_long_for_the_api_is_refused_in_the_error_shape(served: str) -> None:
    response = requests.get(f"{served}{SHIPMENTS}{'a' * MAX_URL_CHARS}", timeout=10)

    assert response.status_code == 414
    assert response.json()["meta"]["code"] == "url_too_long"


def test_a_long_address_within_the_limit_reaches_the_api(served: str) -> None:
    response = requests.get(f"{served}{SHIPMENTS}{'a' * 6_000}", timeout=10)

    assert response.status_code == 401  # read, and answered: no one is signed in
    assert response.json()["meta"]["code"] == "not_authenticated"
