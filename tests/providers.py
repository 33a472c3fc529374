"""Identity providers run as real server processes for the sign-in tests: the embedded
provider (apps/identity under gunicorn) and an independent OpenID Connect implementation
(node oidc-provider). Each gets its own port, files and database under a temporary directory."""

from __future__ import annotations

import email
import email.policy
import os
import re
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path
from typing import Any, cast

import requests

BASE_DIR = Path(__file__).resolve().parent.parent
BIN_DIR = Path(sys.executable).parent
# How long a started server may take to answer: a deadline for polling, far above a start on a
# loaded machine (a passing test waits only as long as the start takes).
START_TIMEOUT_SECONDS = 120


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for_discovery(issuer: str, process: subprocess.Popen[bytes], log: Path) -> dict[str, Any]:
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{issuer} exited:\n{log.read_text()}")
        try:
            response = requests.get(f"{issuer}/.well-known/openid-configuration", timeout=2)
            if response.status_code == 200:
                return dict(response.json())
        except (requests.ConnectionError, requests.Timeout):
            pass  # not listening yet, or still starting on a busy machine
        time.sleep(0.1)
    raise RuntimeError(f"{issuer} did not start:\n{log.read_text()}")


def stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


DISCOVERY_FIELDS = {
    "OIDC_OP_ISSUER": "issuer",
    "OIDC_OP_AUTHORIZATION_ENDPOINT": "authorization_endpoint",
    "OIDC_OP_TOKEN_ENDPOINT": "token_endpoint",
    "OIDC_OP_USER_ENDPOINT": "userinfo_endpoint",
    "OIDC_OP_JWKS_ENDPOINT": "jwks_uri",
    "OIDC_OP_LOGOUT_ENDPOINT": "end_session_endpoint",
    "OIDC_OP_REVOCATION_ENDPOINT": "revocation_endpoint",
}


@dataclass
class RunningProvider:
    """A provider process answering at `issuer`, described by its discovery document."""

    issuer: str
    discovery: dict[str, Any]
    process: subprocess.Popen[bytes]

    def product_settings(self) -> dict[str, str]:
        """The product's OIDC_* settings for this provider."""
        return {
            setting: self.discovery[field]
            for setting, field in DISCOVERY_FIELDS.items()
            if field in self.discovery
        }


@dataclass
class EmbeddedProvider(RunningProvider):
    """apps/identity: `url` is its origin; mail it sends lands as .eml files in `mail_dir`."""

    url: str
    mail_dir: Path
    demo_password: str

    def mail_to(self, address: str) -> list[EmailMessage]:
        messages = []
        for path in sorted(self.mail_dir.glob("*"), key=lambda path: path.stat().st_mtime):
            message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            if address in str(message["To"]):
                messages.append(cast(EmailMessage, message))
        return messages

    def link_in_mail_to(self, address: str, path: str) -> str:
        """The newest link under `path` (e.g. "/verify/") emailed to `address`."""
        pattern = re.compile(re.escape(f"{self.url}{path}") + r"\S+")
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            for message in reversed(self.mail_to(address)):
                found = pattern.search(message.get_body(("plain",)).get_content())
                if found:
                    return found.group(0)
            time.sleep(0.05)
        raise AssertionError(f"no {path} link emailed to {address}")


def _run(command: list[str], env: dict[str, str], log: Path) -> None:
    with log.open("ab") as output:
        subprocess.run(command, env=env, cwd=BASE_DIR, stdout=output, stderr=output, check=True)


def start_embedded_provider(
    workdir: Path, product_url: str, secrets: dict[str, str]
) -> EmbeddedProvider:
    """Migrate, bootstrap (product client, service client, demo users) and serve apps/identity."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    mail_dir = workdir / "mail"
    mail_dir.mkdir()
    env = {
        **os.environ,
        **secrets,
        "DJANGO_SETTINGS_MODULE": "config.identity_settings",
        "VAR_DIR": str(workdir),
        "IDENTITY_URL": url,
        "SITE_URL": product_url,
        "IDENTITY_DATABASE_URL": f"sqlite:///{workdir / 'identity.sqlite3'}",
        "IDENTITY_SIGNING_KEY_FILE": str(workdir / "oidc.key"),
        "IDENTITY_PRODUCT_REDIRECT_URIS": f"{product_url}/oidc/callback/",
        "EMAIL_URL": "consolemail://",
        "EMAIL_FILE_PATH": str(mail_dir),
        "DEMO_PASSWORD": "demo-password",
    }
    log = workdir / "identity.log"
    manage = [sys.executable, "manage.py"]
    _run([*manage, "migrate", "--no-input", "-v", "0"], env, log)
    _run([*manage, "bootstrap_identity", "--demo-users"], env, log)
    command = [str(BIN_DIR / "gunicorn"), "config.identity_wsgi:application", "--threads", "4"]
    command += ["--bind", f"127.0.0.1:{port}", "--workers", "1", "--no-control-socket"]
    command += ["--log-level", "warning"]
    process = subprocess.Popen(
        command, env=env, cwd=BASE_DIR, stdout=log.open("ab"), stderr=subprocess.STDOUT
    )
    issuer = f"{url}/o"
    discovery = wait_for_discovery(issuer, process, log)
    return EmbeddedProvider(issuer, discovery, process, url, mail_dir, env["DEMO_PASSWORD"])


INDEPENDENT_PROVIDER_SCRIPT = Path(__file__).parent / "oidc_provider" / "server.mjs"


def start_independent_provider(
    workdir: Path, product_url: str, client_secret: str, account: dict[str, str]
) -> RunningProvider:
    """node oidc-provider with one client for the product and one account (sub, email, name)."""
    port = free_port()
    env = {
        **os.environ,
        **{f"ACCOUNT_{claim.upper()}": value for claim, value in account.items()},
        "PORT": str(port),
        "CLIENT_ID": "workspace",
        "CLIENT_SECRET": client_secret,
        "REDIRECT_URI": f"{product_url}/oidc/callback/",
        "POST_LOGOUT_REDIRECT_URI": f"{product_url}/signin",
    }
    log = workdir / "independent-provider.log"
    process = subprocess.Popen(
        ["node", str(INDEPENDENT_PROVIDER_SCRIPT)],
        env=env,
        cwd=BASE_DIR,
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
    )
    issuer = f"http://127.0.0.1:{port}"
    return RunningProvider(issuer, wait_for_discovery(issuer, process, log), process)
