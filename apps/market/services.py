"""Writes of the market app: importer contact requests. Loading shipment files is the
`apps.market.imports` package."""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils import timezone

from apps.accounts.models import User
from apps.market.models import ContactRequest


def request_importer_contacts(
    user: User, importer_name: str, importer_country: str
) -> ContactRequest:
    """Record a request for an importer's contacts; asking again while one is pending for the
    same importer returns that one instead of queueing a duplicate."""
    name, country = " ".join(importer_name.split()), importer_country
    pending = ContactRequest.objects.filter(
        user=user,
        importer_name__iexact=name,
        importer_country=country,
        status=ContactRequest.Status.PENDING,
    ).first()
    return pending or ContactRequest.objects.create(
        user=user, importer_name=name, importer_country=country
    )


def mark_contact_requests_sent(requests: QuerySet[ContactRequest]) -> int:
    """Operators emailed the contacts: the pending requests among `requests` become sent."""
    return requests.filter(status=ContactRequest.Status.PENDING).update(
        status=ContactRequest.Status.SENT, sent_at=timezone.now()
    )
