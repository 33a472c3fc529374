"""A domain's website (HTTP status and TLS, fetched with requests) and its registration (domain
age and expiry from RDAP, through the whoisit client). With no network both say the source is
unreachable; nothing is guessed."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

import requests
import whoisit
from django.conf import settings
from whoisit import errors as rdap_errors

from apps.verification.providers import SourceError

RDAP_UNREACHABLE = "The domain registry (RDAP) is unreachable"
WEBSITE_UNREACHABLE = "The website is unreachable"


class WebsiteProbe(Protocol):
    def fetch(self, domain: str) -> dict[str, Any]:
        """`{"url", "status_code", "tls"}`: tls is True when the HTTPS answer had a valid
        certificate, False when only plain HTTP answered or the certificate was refused."""
        ...


class Registry(Protocol):
    def registration(self, domain: str) -> dict[str, Any] | None:
        """`{"registered_at", "expires_at", "registrar"}` (ISO dates or None), or None when the
        registry holds no such domain."""
        ...


class HttpProbe:
    def fetch(self, domain: str) -> dict[str, Any]:
        timeout = settings.VERIFICATION_WEBSITE_TIMEOUT
        try:
            response = requests.get(f"https://{domain}", timeout=timeout, allow_redirects=True)
            return {"url": response.url, "status_code": response.status_code, "tls": True}
        except requests.exceptions.SSLError:
            tls = False
        except requests.RequestException:
            tls = False
        try:
            response = requests.get(f"http://{domain}", timeout=timeout, allow_redirects=True)
        except requests.RequestException as exc:
            raise SourceError(WEBSITE_UNREACHABLE) from exc
        return {
            "url": response.url,
            "status_code": response.status_code,
            "tls": response.url.startswith("https://") or tls,
        }


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


class RdapRegistry:
    def registration(self, domain: str) -> dict[str, Any] | None:
        try:
            if not whoisit.is_bootstrapped():
                whoisit.bootstrap()
            answer = whoisit.domain(domain, session=_session())
        except rdap_errors.ResourceDoesNotExist:
            return None
        except (rdap_errors.WhoisItError, requests.RequestException) as exc:
            raise SourceError(RDAP_UNREACHABLE) from exc
        return {
            "registered_at": _iso(answer.get("registration_date")),
            "expires_at": _iso(answer.get("expiration_date")),
            "registrar": (answer.get("entities", {}).get("registrar") or [{}])[0].get("name", ""),
        }


class _TimedSession(requests.Session):
    def request(self, *args: Any, **kwargs: Any) -> requests.Response:
        kwargs.setdefault("timeout", settings.VERIFICATION_RDAP_TIMEOUT)
        return super().request(*args, **kwargs)


def _session() -> requests.Session:
    return _TimedSession()


def website_probe() -> WebsiteProbe:
    return HttpProbe()


def registry() -> Registry:
    return RdapRegistry()
