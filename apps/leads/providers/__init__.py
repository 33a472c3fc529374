"""Where contact details come from: the local database always, and an enrichment service when
one is configured (LEADS_ENRICHMENT_URL). An unconfigured service is simply not asked: nothing
stands in for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from django.conf import settings

from apps.leads.models import Lead


@dataclass(frozen=True)
class FoundEmail:
    address: str
    status: str  # Lead.EmailStatus


class ProviderError(Exception):
    """The provider could not answer (network, authentication, its own failure)."""


class ContactProvider(Protocol):
    name: str

    def find_email(self, lead: Lead) -> FoundEmail | None: ...
    def find_phone(self, lead: Lead) -> str | None: ...


def contact_providers() -> list[ContactProvider]:
    """The providers to ask, in order."""
    from apps.leads.providers.enrichment import EnrichmentService
    from apps.leads.providers.local import LocalDatabase

    providers: list[ContactProvider] = [LocalDatabase()]
    if settings.LEADS_ENRICHMENT_URL:
        providers.append(EnrichmentService())
    return providers
