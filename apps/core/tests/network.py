"""A small network for the tests of outbound requests, with no internet: real HTTP servers on
127.0.0.1 that record what reaches them, a resolver that gives chosen names chosen addresses,
and routes that carry a connection to a public-looking address to one of the local servers (as
the internet would carry it to a real site)."""

from __future__ import annotations

import socket
import ssl
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
import urllib3.util.connection

from apps.core.outbound import IPAddress


@dataclass
class LocalServer:
    """A server on 127.0.0.1 that answers 200, or redirects every request to `redirect_to`;
    `seen` holds the Host header of each request it received."""

    port: int = 0
    redirect_to: str = ""
    seen: list[str] = field(default_factory=list)
    server_names: list[str] = field(default_factory=list)  # TLS SNI, when it speaks TLS

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@contextmanager
def local_server(redirect_to: str = "", tls: ssl.SSLContext | None = None) -> Iterator[LocalServer]:
    record = LocalServer(redirect_to=redirect_to)

    class Recording(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            record.seen.append(self.headers.get("Host", ""))
            self.send_response(302 if record.redirect_to else 200)
            if record.redirect_to:
                self.send_header("Location", record.redirect_to)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass  # keep the test output quiet

    server = ThreadingHTTPServer(("127.0.0.1", 0), Recording)
    if tls is not None:
        tls.sni_callback = lambda _socket, name, _context: record.server_names.append(name)
        server.socket = tls.wrap_socket(server.socket, server_side=True)
    record.port = server.server_address[1]
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    )
    thread.start()
    try:
        yield record
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


AddressInfo = list[tuple[Any, ...]]


@dataclass
class Resolver:
    """Answers the names in `names` with their addresses, one answer after the other when a
    name has several (the last one repeats); other names go to the real resolver."""

    names: dict[str, list[str]]
    asked: list[str] = field(default_factory=list)
    real: Callable[..., AddressInfo] = socket.getaddrinfo

    def __call__(self, host: Any, port: Any, *args: Any, **kwargs: Any) -> AddressInfo:
        name = host.decode() if isinstance(host, bytes) else str(host)
        if name not in self.names:
            return self.real(host, port, *args, **kwargs)
        self.asked.append(name)
        answers = self.names[name]
        address = answers[min(len(self.asked) - 1, len(answers) - 1)]
        return self.real(address, port, *args, **kwargs)


def resolve(monkeypatch: pytest.MonkeyPatch, **names: str | list[str]) -> Resolver:
    """Gives each name (dots spelled as underscores) its address, or its successive answers."""
    resolver = Resolver(
        {
            name.replace("_", "."): [answer] if isinstance(answer, str) else answer
            for name, answer in names.items()
        }
    )
    monkeypatch.setattr(socket, "getaddrinfo", resolver)
    return resolver


@dataclass
class Routes:
    """Where urllib3 opened connections (`opened`), and which public addresses lead to which
    local port (`to`)."""

    to: dict[str, int]
    opened: list[tuple[str, int]] = field(default_factory=list)


def route(monkeypatch: pytest.MonkeyPatch, to: dict[IPAddress | str, int]) -> Routes:
    """Connections that urllib3 opens to an address in `to` reach 127.0.0.1 at its port."""
    routes = Routes({str(address): port for address, port in to.items()})
    connect = urllib3.util.connection.create_connection

    def routed(address: tuple[str, int], *args: Any, **kwargs: Any) -> socket.socket:
        routes.opened.append(address)
        if address[0] in routes.to:
            return connect(("127.0.0.1", routes.to[address[0]]), *args, **kwargs)
        return connect(address, *args, **kwargs)

    monkeypatch.setattr(urllib3.util.connection, "create_connection", routed)
    return routes
