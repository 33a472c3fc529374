"""Outbound HTTP that a user's input can steer (the website of a company to check, a link in a
source's answer) reaches only public addresses (DESIGN.md §6): otherwise a domain that resolves
to, or redirects to, 127.0.0.1, a private network or the cloud's metadata address
(169.254.169.254) would turn a check into a probe of the servers behind the product.

`PublicSession` is a requests session whose transport resolves each host itself, refuses it
when any of its addresses is not public, and then connects to the address it checked, keeping
the host name for the `Host` header, TLS's SNI and the certificate check. Redirects are followed
by requests through the same transport, so every hop is checked the same way, and no second
lookup happens between the check and the connection (no DNS rebinding)."""

from __future__ import annotations

import ipaddress
import socket
from typing import Any
from urllib.parse import urlsplit

import requests
from requests.adapters import HTTPAdapter
from urllib3.connectionpool import HTTPConnectionPool

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

DEFAULT_PORTS = {"http": 80, "https": 443}

# Ranges that are not reachable on the internet although Python 3.11's `is_global` counts them
# (its tables predate these IANA entries): IETF protocol assignments, IPv6 documentation,
# segment routing and local-use NAT64.
NOT_GLOBAL = tuple(
    ipaddress.ip_network(network)
    for network in ("192.0.0.0/24", "3fff::/20", "5f00::/16", "64:ff9b:1::/48")
)
# IPv6 forms that carry an IPv4 address in their last 32 bits: NAT64 (a DNS64 resolver spells
# every IPv4-only site so) and the deprecated IPv4-compatible form (::a.b.c.d).
CARRIES_IPV4 = tuple(ipaddress.ip_network(network) for network in ("64:ff9b::/96", "::/96"))


class NotPublicAddress(requests.ConnectionError):
    """The host resolves to an address that is not public; nothing was sent to it."""

    def __init__(self, host: str) -> None:
        super().__init__(f"{host} resolves to a private address")
        self.host = host


def _ipv4_inside(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address stands for (IPv4-mapped, 6to4, NAT64), if any."""
    if address.ipv4_mapped or address.sixtofour:
        return address.ipv4_mapped or address.sixtofour
    if any(address in network for network in CARRIES_IPV4):
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return None


def is_public(address: IPAddress) -> bool:
    """Whether the address is on the public internet: not loopback, private, link-local,
    shared (carrier NAT), multicast, reserved, documentation or unspecified, also when it is
    spelled as an IPv6 form of such an IPv4 address."""
    if isinstance(address, ipaddress.IPv6Address):
        inside = _ipv4_inside(address)
        if inside is not None:
            return is_public(inside)
    if address.is_multicast or any(address in network for network in NOT_GLOBAL):
        return False
    return address.is_global


def public_address(host: str, port: int) -> str:
    """The address to connect to for `host`: the resolver's first, when every address the host
    resolves to is public. Any other address refuses the host whole, so that a name with one
    public and one private address cannot reach the private one on a later lookup."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise requests.ConnectionError(f"{host} does not resolve") from exc
    addresses = [ipaddress.ip_address(str(entry[4][0]).split("%")[0]) for entry in found]
    if not addresses or not all(is_public(address) for address in addresses):
        raise NotPublicAddress(host)
    return str(addresses[0])


def _host_header(url: str) -> str:
    parts = urlsplit(url)
    host = parts.hostname or ""
    named = f"[{host}]" if ":" in host else host
    if parts.port and parts.port != DEFAULT_PORTS.get(parts.scheme):
        return f"{named}:{parts.port}"
    return named


class PublicAddressAdapter(HTTPAdapter):
    """Connects to the checked address of the request's host, never through a proxy (a proxy
    would resolve the name again, out of this check's reach)."""

    def get_connection_with_tls_context(
        self,
        request: requests.PreparedRequest,
        verify: bool | str,
        proxies: dict[str, str] | None = None,
        cert: Any = None,
    ) -> HTTPConnectionPool:
        host_params, pool_kwargs = self.build_connection_pool_key_attributes(request, verify, cert)
        host, scheme = host_params["host"], host_params["scheme"]
        if scheme == "https":  # TLS speaks to, and checks the certificate of, the name
            pool_kwargs["server_hostname"] = host
            pool_kwargs["assert_hostname"] = host
        port = host_params["port"] or DEFAULT_PORTS[scheme]
        host_params["host"] = public_address(host, port)
        return self.poolmanager.connection_from_host(**host_params, pool_kwargs=pool_kwargs)

    def add_headers(self, request: requests.PreparedRequest, **kwargs: Any) -> None:
        """The connection goes to an address: the Host header names the host, at every hop."""
        request.headers["Host"] = _host_header(request.url or "")


class PublicSession(requests.Session):
    """A requests session that reaches only public addresses (see the module's docstring)."""

    def __init__(self) -> None:
        super().__init__()
        self.trust_env = False  # no proxy from the environment: see PublicAddressAdapter
        for scheme in DEFAULT_PORTS:
            self.mount(f"{scheme}://", PublicAddressAdapter())
