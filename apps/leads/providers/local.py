"""The embedded default: the contacts stored with the person (imports and the demo seed)."""

from __future__ import annotations

from apps.leads.models import Lead
from apps.leads.providers import FoundEmail


class LocalDatabase:
    name = "local"

    def find_email(self, lead: Lead) -> FoundEmail | None:
        if not lead.email:
            return None
        return FoundEmail(lead.email, lead.email_status or Lead.EmailStatus.UNKNOWN)

    def find_phone(self, lead: Lead) -> str | None:
        return lead.phone or None
