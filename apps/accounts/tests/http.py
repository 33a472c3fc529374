"""Stand-ins for providers in tests: outside providers' answers, given through the adapters'
`http` parameter (a table of answers, or a recorded conversation replayed); and, for the
embedded identity provider, which is otherwise real, a local server answering every request
with one fixed page, as a failing gateway or a maintenance page in front of it does."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import requests

RECORDINGS = Path(__file__).parent / "recordings"


@contextmanager
def answering(status: int, page: str) -> Iterator[str]:
    """The address of a local HTTP server that answers every request with `status` and the
    HTML `page`."""

    class FixedPage(BaseHTTPRequestHandler):
        def _answer(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            body = page.encode()
            self.send_response(status)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST = _answer

        def log_message(self, format: str, *args: Any) -> None:
            pass  # keep the test output quiet

    server = ThreadingHTTPServer(("127.0.0.1", 0), FixedPage)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def response(
    status: int, body: Any = None, headers: dict[str, str] | None = None, url: str = ""
) -> requests.Response:
    answer = requests.Response()
    answer.status_code = status
    answer.url = url
    answer.headers.update(headers or {})
    if body is None:
        answer._content = b""
    elif isinstance(body, str):
        answer._content = body.encode()
    else:
        answer._content = json.dumps(body).encode()
        answer.headers.setdefault("Content-Type", "application/json")
    return answer


@dataclass
class FakeHttp:
    """Answers each (method, url) from a table; remembers every call."""

    answers: dict[tuple[str, str], requests.Response | Exception] = field(default_factory=dict)
    calls: list[dict[str, Any]] = field(default_factory=list)

    def request(self, method: str, url: str, **kwargs: Any) -> requests.Response:
        self.calls.append({"method": method, "url": url, **kwargs})
        answer = self.answers[(method, url)]
        if isinstance(answer, Exception):
            raise answer
        return answer


@dataclass
class Replay:
    """Replays a recorded conversation: each request must match the next recorded one."""

    exchanges: list[dict[str, Any]]
    calls: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def of(cls, *names: str) -> Replay:
        exchanges: list[dict[str, Any]] = []
        for name in names:
            exchanges += json.loads((RECORDINGS / f"{name}.json").read_text())
        return cls(exchanges)

    def request(self, method: str, url: str, **kwargs: Any) -> requests.Response:
        self.calls.append({"method": method, "url": url, **kwargs})
        assert self.exchanges, f"unexpected request {method} {url}"
        recorded = self.exchanges.pop(0)
        expected = recorded["request"]
        assert (method, url) == (expected["method"], expected["url"])
        for part in ("params", "json", "data"):
            assert kwargs.get(part) == expected.get(part), part
        answer = recorded["response"]
        return response(answer["status"], answer.get("body"), answer.get("headers"), url)

    @property
    def finished(self) -> bool:
        return not self.exchanges
