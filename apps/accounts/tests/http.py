"""Stand-ins for the HTTP layer of the provider adapters (anything with `request()`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests

RECORDINGS = Path(__file__).parent / "recordings"
ISSUER = "https://id.tradewise.example/o"


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
