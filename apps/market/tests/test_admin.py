import pytest
from django.test import Client

from apps.accounts.models import User
from apps.core.models import AuditEntry
from apps.market.models import ContactRequest
from tests.fixtures import signed_in

pytestmark = pytest.mark.django_db


def test_marking_contact_requests_sent_is_audited(member: User) -> None:
    operator = User.objects.create_user("ops@tradewise.example", is_staff=True, is_superuser=True)
    pending = ContactRequest.objects.create(
        user=member, importer_name="Acme", importer_country="US"
    )
    done = ContactRequest.objects.create(
        user=member, importer_name="Bolt", status=ContactRequest.Status.SENT
    )

    signed_in(operator).post(
        "/admin/market/contactrequest/",
        {"action": "mark_sent", "_selected_action": [pending.pk, done.pk]},
    )

    pending.refresh_from_db()
    assert pending.status == ContactRequest.Status.SENT
    assert pending.sent_at is not None
    [entry] = AuditEntry.objects.all()
    assert (entry.actor, entry.action, entry.object_id) == (
        "ops@tradewise.example",
        "mark_sent",
        str(pending.pk),
    )
    assert (entry.before, entry.after) == ({"status": "pending"}, {"status": "sent"})


def test_operators_cannot_edit_a_contact_request_by_hand(member: User) -> None:
    operator = User.objects.create_user("ops@tradewise.example", is_staff=True, is_superuser=True)
    request = ContactRequest.objects.create(user=member, importer_name="Acme")
    client: Client = signed_in(operator)

    client.post(f"/admin/market/contactrequest/{request.pk}/change/", {"status": "sent"})

    request.refresh_from_db()
    assert request.status == ContactRequest.Status.PENDING
