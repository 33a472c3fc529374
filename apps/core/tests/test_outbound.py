"""Outbound requests reach only public addresses: a host that resolves to, or a redirect that
leads to, loopback, a private network, link-local (the cloud's metadata address) or any other
non-public address is refused before anything is sent, whatever spelling the address takes, and
the connection goes to the very address that was checked."""

from __future__ import annotations

import datetime
import ipaddress
import ssl
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from apps.core.outbound import NotPublicAddress, PublicSession, is_public
from apps.core.tests.network import LocalServer, local_server, resolve, route

PUBLIC = "93.184.215.14"  # a public address; routed to a local server where a test needs it
METADATA = "http://169.254.169.254/latest/meta-data/"


@pytest.fixture
def target() -> Iterator[LocalServer]:
    """The internal service a hostile request wants to reach."""
    with local_server() as server:
        yield server


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "10.0.0.7",
        "172.16.0.1",
        "192.168.1.1",
        "100.64.0.1",  # carrier-grade NAT
        "169.254.169.254",
        "0.0.0.0",
        "224.0.0.251",
        "240.0.0.1",
        "255.255.255.255",
        "192.0.0.8",
        "198.18.0.1",
        "203.0.113.5",
        "::1",
        "::",
        "fe80::1",
        "fd00::1",
        "ff02::1",
        "2001:db8::1",
        "::ffff:127.0.0.1",
        "::ffff:169.254.169.254",
        "::127.0.0.1",
        "2002:7f00:1::",  # 6to4 of 127.0.0.1
        "64:ff9b::a00:1",  # NAT64 of 10.0.0.1
        "64:ff9b:1::1",
    ],
)
def test_addresses_that_are_not_public(address: str) -> None:
    assert not is_public(ipaddress.ip_address(address))


@pytest.mark.parametrize(
    "address", [PUBLIC, "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"]
)
def test_public_addresses(address: str) -> None:
    assert is_public(ipaddress.ip_address(address))


@pytest.mark.parametrize(
    "host",
    [
        "127.0.0.1",
        "2130706433",  # 127.0.0.1 as one decimal number
        "0177.0.0.1",  # octal
        "0x7f000001",  # hexadecimal
        "127.1",
        "localhost",
        "[::ffff:127.0.0.1]",
    ],
)
def test_every_spelling_of_loopback_is_refused(target: LocalServer, host: str) -> None:
    with pytest.raises(NotPublicAddress, match="resolves to a private address"):
        PublicSession().get(f"http://{host}:{target.port}/", timeout=2)

    assert target.seen == []


def test_a_domain_resolving_to_loopback_is_refused(
    monkeypatch: pytest.MonkeyPatch, target: LocalServer
) -> None:
    resolve(monkeypatch, shop_example="127.0.0.1")

    with pytest.raises(NotPublicAddress, match=r"shop\.example resolves to a private address"):
        PublicSession().get(f"http://shop.example:{target.port}/", timeout=2)

    assert target.seen == []


def test_a_domain_resolving_to_ipv6_loopback_is_refused(
    monkeypatch: pytest.MonkeyPatch, target: LocalServer
) -> None:
    resolve(monkeypatch, shop_example="::1")

    with pytest.raises(NotPublicAddress):
        PublicSession().get(f"http://shop.example:{target.port}/", timeout=2)

    assert target.seen == []


@pytest.mark.parametrize("internal", ["loopback", "metadata"])
def test_a_redirect_from_a_public_address_to_an_internal_one_is_refused(
    monkeypatch: pytest.MonkeyPatch, target: LocalServer, internal: str
) -> None:
    location = f"{target.url}/admin/users" if internal == "loopback" else METADATA
    with local_server(redirect_to=location) as hostile:
        resolve(monkeypatch, hostile_example=PUBLIC)
        routes = route(monkeypatch, {PUBLIC: hostile.port})

        with pytest.raises(NotPublicAddress):
            PublicSession().get("http://hostile.example/", timeout=2)

    assert hostile.seen == ["hostile.example"]  # the public hop was asked
    assert target.seen == []
    assert routes.opened == [(PUBLIC, 80)]  # and no connection was opened to the internal one


def test_a_redirect_to_a_name_resolving_to_a_private_address_is_refused(
    monkeypatch: pytest.MonkeyPatch, target: LocalServer
) -> None:
    with local_server(redirect_to=f"http://intranet.example:{target.port}/") as hostile:
        resolve(monkeypatch, hostile_example=PUBLIC, intranet_example="10.0.0.7")
        route(monkeypatch, {PUBLIC: hostile.port, "10.0.0.7": target.port})

        with pytest.raises(NotPublicAddress, match=r"intranet\.example"):
            PublicSession().get("http://hostile.example/", timeout=2)

    assert target.seen == []


def test_a_name_with_one_private_address_among_public_ones_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = resolve(monkeypatch).real

    def two_addresses(host: str, port: int, *args: object, **kwargs: object) -> list[tuple]:
        if host != "mixed.example":
            return real(host, port, *args, **kwargs)
        return real(PUBLIC, port, *args, **kwargs) + real("10.0.0.7", port, *args, **kwargs)

    monkeypatch.setattr("socket.getaddrinfo", two_addresses)

    with pytest.raises(NotPublicAddress):
        PublicSession().get("http://mixed.example/", timeout=2)


def test_the_connection_goes_to_the_address_checked_and_names_the_host(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A second lookup would answer 127.0.0.1 (DNS rebinding): there is none."""
    with local_server() as site:
        resolver = resolve(monkeypatch, shop_example=[PUBLIC, "127.0.0.1"])
        routes = route(monkeypatch, {PUBLIC: site.port})

        response = PublicSession().get("http://shop.example:8080/catalogue", timeout=2)

    assert response.status_code == 200
    assert resolver.asked == ["shop.example"]
    assert routes.opened == [(PUBLIC, 8080)]
    assert site.seen == ["shop.example:8080"]


def test_a_redirect_between_public_sites_is_followed_with_each_host_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    other = "8.8.4.4"
    with local_server() as site, local_server(redirect_to="http://www.shop.example/") as bare:
        resolve(monkeypatch, shop_example=PUBLIC, www_shop_example=other)
        route(monkeypatch, {PUBLIC: bare.port, other: site.port})

        response = PublicSession().get("http://shop.example/", timeout=2)

    assert response.status_code == 200
    assert response.url == "http://www.shop.example/"
    assert bare.seen == ["shop.example"]
    assert site.seen == ["www.shop.example"]


def _certificate_for(name: str, folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for `name` (its own authority) and its key, as PEM files."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    certificate_file, key_file = folder / "site.pem", folder / "site.key"
    certificate_file.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return certificate_file, key_file


def test_https_to_the_checked_address_keeps_the_name_for_sni_and_the_certificate(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    certificate, key = _certificate_for("shop.example", tmp_path)
    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(certificate, key)
    with local_server(tls=tls) as site:
        resolve(monkeypatch, shop_example=PUBLIC)
        route(monkeypatch, {PUBLIC: site.port})

        response = PublicSession().get("https://shop.example/", timeout=2, verify=str(certificate))

    assert response.status_code == 200
    assert site.server_names == ["shop.example"]
    assert site.seen == ["shop.example"]


def test_a_name_that_does_not_resolve_is_unreachable() -> None:
    with pytest.raises(requests.ConnectionError, match="does not resolve"):
        PublicSession().get("http://no-such-host.invalid/", timeout=2)


def test_no_proxy_from_the_environment_is_used(
    monkeypatch: pytest.MonkeyPatch, target: LocalServer
) -> None:
    """A proxy would resolve the name itself, past the check."""
    monkeypatch.setenv("HTTP_PROXY", target.url)
    with local_server() as site:
        resolve(monkeypatch, shop_example=PUBLIC)
        route(monkeypatch, {PUBLIC: site.port})

        PublicSession().get("http://shop.example/", timeout=2)

    assert site.seen == ["shop.example"]
    assert target.seen == []
