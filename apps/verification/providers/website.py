"""A domain's website (HTTP status and TLS, fetched with requests) and its registration (domain
age and expiry from RDAP, through the whoisit client). With no network both say the source is
unreachable; nothing is guessed. The domain is the user's input: both go only to public
addresses (apps.core.outbound), and say so when the domain, or a redirect, leads elsewhere."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

import requests
import whoisit
from django.conf import settings
from whoisit import errors as rdap_errors

from apps.core.outbound import NotPublicAddress, PublicSession
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
        with PublicSession() as session:
            return self._fetch(session, domain)

    def _fetch(self, session: requests.Session, domain: str) -> dict[str, Any]:
        timeout = settings.VERIFICATION_WEBSITE_TIMEOUT
        try:
            response = session.get(f"https://{domain}", timeout=timeout, allow_redirects=True)
            return {"url": response.url, "status_code": response.status_code, "tls": True}
        except NotPublicAddress as exc:
            raise SourceError(f"{WEBSITE_UNREACHABLE}: {exc}") from exc
        except requests.RequestException:
            tls = False  # a refused certificate, or no HTTPS at all: plain HTTP is tried
        try:
            response = session.get(f"http://{domain}", timeout=timeout, allow_redirects=True)
        except NotPublicAddress as exc:
            raise SourceError(f"{WEBSITE_UNREACHABLE}: {exc}") from exc
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
            raise SourceError(_rdap_failure(exc)) from exc
        return {
            "registered_at": _iso(answer.get("registration_date")),
            "expires_at": _iso(answer.get("expiration_date")),
            "registrar": (answer.get("entities", {}).get("registrar") or [{}])[0].get("name", ""),
        }


def _rdap_failure(exc: Exception) -> str:
    """whoisit wraps the transport's error in its own: a refused address is told as such."""
    cause = exc if isinstance(exc, NotPublicAddress) else exc.__cause__
    if isinstance(cause, NotPublicAddress):
        return f"{RDAP_UNREACHABLE}: {cause}"
    return RDAP_UNREACHABLE


class _TimedSession(PublicSession):
    """RDAP servers are named by the registry's bootstrap file and may redirect anywhere."""

    def request(self, *args: Any, **kwargs: Any) -> requests.Response:
        # whoisit always passes its own default; the installation's limit wins.
        kwargs["timeout"] = settings.VERIFICATION_RDAP_TIMEOUT
        return super().request(*args, **kwargs)


def _session() -> requests.Session:
    return _TimedSession()


def website_probe() -> WebsiteProbe:
    return HttpProbe()


def registry() -> Registry:
    return RdapRegistry()
