"""Lead-sourcing writes: revealing a person's email (1 credit, at once) and requesting their
phone number (5 credits, looked up in the background and emailed).

A user pays once per person and kind: asking again shows the same answer for free. Nothing
found means nothing paid: an email is charged only when one is found, and a phone request's
credits come back when no number is. Credits move only through billing's ledger services."""

from __future__ import annotations

import logging

from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone

from apps.accounts.models import User
from apps.billing.services import charge_credits, refund_credits
from apps.core.errors import NotFound
from apps.leads.models import ContactRequest, Lead
from apps.leads.providers import FoundEmail, ProviderError, contact_providers
from apps.leads.texts import phone_mail

logger = logging.getLogger(__name__)

EMAIL_CREDITS = 1
PHONE_CREDITS = 5
NO_EMAIL = "No email"
NO_MOBILE_NUMBER = "No mobile number"
EMAIL_FOUND = "Email revealed"
PHONE_REQUESTED = "Phone number requested: it will be emailed to you (it may take 5 minutes)"
PHONE_FOUND = "Phone number found"

Kind, State = ContactRequest.Kind, ContactRequest.State


def _lead(lead_id: int) -> Lead:
    lead = Lead.objects.select_related("company").filter(pk=lead_id).first()
    if lead is None:
        raise NotFound("Lead not found")
    return lead


def _reference(kind: str, lead: Lead) -> str:
    return f"lead-{kind}:{lead.pk}"


def _find_email(lead: Lead) -> tuple[FoundEmail | None, str]:
    for provider in contact_providers():
        found = provider.find_email(lead)
        if found is not None:
            return found, provider.name
    return None, ""


@transaction.atomic
def reveal_email(*, user: User, lead_id: int) -> tuple[ContactRequest, int]:
    """The user's email reveal of a person and the credits it cost now (0 when revealed
    before or when there is no email). A short balance raises InsufficientCredit."""
    lead = _lead(lead_id)
    existing = ContactRequest.objects.filter(user=user, lead=lead, kind=Kind.EMAIL).first()
    if existing is not None and existing.state == State.FOUND:
        return existing, 0
    found, provider = _find_email(lead)
    if found is None:
        request, _ = ContactRequest.objects.update_or_create(
            user=user,
            lead=lead,
            kind=Kind.EMAIL,
            defaults={"state": State.NOT_FOUND, "completed_at": timezone.now()},
        )
        return request, 0
    change = charge_credits(
        user,
        amount=EMAIL_CREDITS,
        reason=lead.full_name,
        reference=_reference(Kind.EMAIL, lead),
    )
    # Under the credit account's lock: a simultaneous reveal of the same person is committed
    # and seen here, so it is neither charged nor stored twice.
    request, _ = ContactRequest.objects.update_or_create(
        user=user,
        lead=lead,
        kind=Kind.EMAIL,
        defaults={
            "state": State.FOUND,
            "value": found.address,
            "email_status": found.status,
            "provider": provider,
            "credits": EMAIL_CREDITS,
            "completed_at": timezone.now(),
        },
    )
    return request, EMAIL_CREDITS if change.changed else 0


@transaction.atomic
def request_phone(*, user: User, lead_id: int, language: str = "en") -> tuple[ContactRequest, int]:
    """Charge the phone request and queue its lookup, whose result is emailed in `language`;
    asking again costs nothing."""
    from apps.leads.tasks import look_up_phone

    lead = _lead(lead_id)
    existing = ContactRequest.objects.filter(user=user, lead=lead, kind=Kind.PHONE).first()
    if existing is not None:
        return existing, 0
    change = charge_credits(
        user,
        amount=PHONE_CREDITS,
        reason=lead.full_name,
        reference=_reference(Kind.PHONE, lead),
    )
    request, created = ContactRequest.objects.get_or_create(
        user=user,
        lead=lead,
        kind=Kind.PHONE,
        defaults={"state": State.PROCESSING, "credits": PHONE_CREDITS, "language": language},
    )
    if created:
        transaction.on_commit(lambda: look_up_phone.enqueue(request.pk))
    return request, PHONE_CREDITS if change.changed else 0


def complete_phone_request(*, request_id: int) -> ContactRequest:
    """Look the number up; email it to the user, or give the credits back when there is none.
    A provider failure leaves the request processing (the task fails and can be run again)."""
    request = ContactRequest.objects.select_related("lead__company", "user").get(pk=request_id)
    if request.state != State.PROCESSING:
        return request
    number, provider_name = None, ""
    for provider in contact_providers():
        try:
            number = provider.find_phone(request.lead)
        except ProviderError:
            logger.exception("Phone lookup of request %s failed at %s", request.pk, provider.name)
            raise
        if number:
            provider_name = provider.name
            break
    with transaction.atomic():
        locked = ContactRequest.objects.select_for_update().get(pk=request.pk)
        if locked.state != State.PROCESSING:
            return locked
        locked.completed_at = timezone.now()
        locked.provider = provider_name
        if number:
            locked.state, locked.value = State.FOUND, number
        else:
            locked.state, locked.credits = State.NOT_FOUND, 0
            refund_credits(
                request.user,
                reference=_reference(Kind.PHONE, request.lead),
                reason=NO_MOBILE_NUMBER,
            )
        locked.save(update_fields=["state", "value", "credits", "provider", "completed_at"])
    _send_phone_email(locked)
    return locked


def _send_phone_email(request: ContactRequest) -> None:
    lead = request.lead
    subject, body = phone_mail(
        request.language,
        found=request.state == State.FOUND,
        person=lead.full_name,
        job_title=lead.job_title,
        company=lead.company.name,
        number=request.value,
        credits=PHONE_CREDITS,
    )
    send_mail(subject, body, None, [request.user.email])
