"""Lead-sourcing writes: revealing a person's email (1 credit, at once) and requesting their
phone number (5 credits, looked up in the background and emailed).

A user pays once per person and kind: asking again shows the same answer for free. Nothing
found means nothing paid: an email is charged only when one is found, and a phone request's
credits come back when no number is, or when its source never answers. Every phone lookup
ends: a source that fails is tried again after LEADS_PHONE_RETRY_DELAYS, then the request ends
failed (refunded, mailed, and open to be asked again), and a try whose worker died is found
past its deadline by the worker's sweep and counted as failed. An email source that fails
inside the web request answers 503 and charges nothing. Credits move only through billing's
ledger services."""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone

from apps.accounts.models import User
from apps.billing.services import charge_credits, refund_credits
from apps.core.errors import NotFound, ProviderUnavailable
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
EMAIL_SOURCE_UNAVAILABLE = "The email source did not answer: nothing was charged. Please try again."

Kind, State = ContactRequest.Kind, ContactRequest.State


def _lead(lead_id: int) -> Lead:
    lead = Lead.objects.select_related("company").filter(pk=lead_id).first()
    if lead is None:
        raise NotFound("Lead not found")
    return lead


def _reference(kind: str, lead_id: int, lookup: int = 1) -> str:
    """The ledger reference of a request's charge. A failed phone lookup asked again is charged
    anew, so each lookup after the first has a reference of its own."""
    base = f"lead-{kind}:{lead_id}"
    return base if lookup == 1 else f"{base}:{lookup}"


def _find_email(lead: Lead) -> tuple[FoundEmail | None, str]:
    """The first email the sources know; a source that cannot answer makes the reveal
    unavailable (503) rather than a server error."""
    for provider in contact_providers():
        try:
            found = provider.find_email(lead)
        except ProviderError as exc:
            logger.warning("Email lookup of lead %s failed at %s: %s", lead.pk, provider.name, exc)
            raise ProviderUnavailable(EMAIL_SOURCE_UNAVAILABLE) from exc
        if found is not None:
            return found, provider.name
    return None, ""


def reveal_email(*, user: User, lead_id: int) -> tuple[ContactRequest, int]:
    """The user's email reveal of a person and the credits it cost now (0 when revealed
    before or when there is no email). A short balance raises InsufficientCredit."""
    with transaction.atomic():
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
            reference=_reference(Kind.EMAIL, lead.pk),
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


def request_phone(*, user: User, lead_id: int, language: str = "en") -> tuple[ContactRequest, int]:
    """Charge the phone request and queue its lookup, whose result is emailed in `language`.
    Asking again costs nothing, unless the lookup failed: then a new one starts, charged anew."""
    with transaction.atomic():
        lead = _lead(lead_id)
        existing = (
            ContactRequest.objects.select_for_update()
            .filter(user=user, lead=lead, kind=Kind.PHONE)
            .first()
        )
        if existing is not None and existing.state != State.FAILED:
            return existing, 0
        lookup = existing.lookups + 1 if existing is not None else 1
        change = charge_credits(
            user,
            amount=PHONE_CREDITS,
            reason=lead.full_name,
            reference=_reference(Kind.PHONE, lead.pk, lookup),
        )
        if existing is None:
            # Under the credit account's lock: a simultaneous request of the same person is
            # committed and seen here, so its lookup is neither charged nor queued twice.
            request, created = ContactRequest.objects.get_or_create(
                user=user, lead=lead, kind=Kind.PHONE, defaults={"state": State.PROCESSING}
            )
            if not created:
                return request, 0
        else:
            request = existing
        request.state, request.credits, request.language = State.PROCESSING, PHONE_CREDITS, language
        request.lookups, request.attempts = lookup, 0
        request.completed_at = request.notified_at = None
        _queue_try(request, delay=0)
        request.save()
        return request, PHONE_CREDITS if change.changed else 0


def _queue_try(request: ContactRequest, *, delay: int) -> None:
    """Make the next try of the request's lookup the current one, due in `delay` seconds and
    queued once the transaction commits; the caller saves the request. Its deadline leaves
    LEADS_PHONE_TRY_LIMIT seconds for the try to be picked up and to end."""
    from apps.leads.tasks import look_up_phone

    due = timezone.now() + timedelta(seconds=delay)
    request.attempts += 1
    request.try_deadline = due + timedelta(seconds=settings.LEADS_PHONE_TRY_LIMIT)
    task = look_up_phone.using(run_after=due) if delay else look_up_phone
    request_id, lookup, attempt = request.pk, request.lookups, request.attempts
    transaction.on_commit(lambda: task.enqueue(request_id, lookup, attempt))


def _is_current_try(request: ContactRequest, lookup: int, attempt: int) -> bool:
    """Only the current try of a processing lookup may act: a try written off as stalled, or one
    of an earlier lookup, arriving late does nothing."""
    return (
        request.state == State.PROCESSING
        and request.lookups == lookup
        and request.attempts == attempt
    )


def try_phone_lookup(*, request_id: int, lookup: int, attempt: int) -> ContactRequest:
    """One try of a phone request's lookup: the number found is emailed, and no number gives
    the credits back. A source that fails (a time-out, an error) fails the try."""
    request = ContactRequest.objects.select_related("lead__company", "user").get(pk=request_id)
    if not _is_current_try(request, lookup, attempt):
        return request
    try:
        number, provider_name = _find_phone(request.lead)
    except ProviderError:
        logger.warning(
            "Phone lookup of request %s, try %s, failed", request_id, attempt, exc_info=True
        )
        return _fail_try(request_id, lookup, attempt)
    with transaction.atomic():
        locked = _locked_request(request_id)
        if locked.state != State.PROCESSING:
            return locked
        _end_lookup(locked, State.FOUND if number else State.NOT_FOUND, number, provider_name)
    _tell_user(locked)
    return locked


def _find_phone(lead: Lead) -> tuple[str, str]:
    """The first number a source knows and that source's name, or two empty strings."""
    for provider in contact_providers():
        number = provider.find_phone(lead)
        if number:
            return number, provider.name
    return "", ""


def end_stalled_phone_lookups() -> int:
    """Fail every phone try past its deadline: its worker died in it, or its task was lost or
    broke. Each is tried again or ended like any failed try. Returns the tries failed."""
    stalled = list(
        ContactRequest.objects.filter(
            kind=Kind.PHONE, state=State.PROCESSING, try_deadline__lt=timezone.now()
        ).values_list("pk", "lookups", "attempts")
    )
    for request_id, lookup, attempt in stalled:
        logger.warning("Phone lookup of request %s, try %s, stalled", request_id, attempt)
        _fail_try(request_id, lookup, attempt)
    return len(stalled)


def _fail_try(request_id: int, lookup: int, attempt: int) -> ContactRequest:
    """Queue the next try after its delay; after the last one, end the request failed with its
    credits back and tell the user."""
    with transaction.atomic():
        locked = _locked_request(request_id)
        if not _is_current_try(locked, lookup, attempt):
            return locked
        delays = settings.LEADS_PHONE_RETRY_DELAYS
        if attempt <= len(delays):
            _queue_try(locked, delay=delays[attempt - 1])
            locked.save(update_fields=["attempts", "try_deadline"])
            return locked
        _end_lookup(locked, State.FAILED)
    _tell_user(locked)
    return locked


def _locked_request(request_id: int) -> ContactRequest:
    return (
        ContactRequest.objects.select_for_update(of=("self",))
        .select_related("lead__company", "user")
        .get(pk=request_id)
    )


def _end_lookup(
    request: ContactRequest, state: str, number: str = "", provider_name: str = ""
) -> None:
    """Record the lookup's end; unless a number was found, its credits come back (once: the
    refund is keyed by the charge's reference)."""
    request.state, request.value, request.provider = state, number, provider_name
    request.completed_at, request.try_deadline = timezone.now(), None
    if state != State.FOUND:
        request.credits = 0
        refund_credits(
            request.user,
            reference=_reference(Kind.PHONE, request.lead_id, request.lookups),
            reason=request.lead.full_name,
        )
    request.save(
        update_fields=["state", "value", "credits", "provider", "completed_at", "try_deadline"]
    )


def _tell_user(request: ContactRequest) -> None:
    """Mail the lookup's end, then record that it was mailed: a worker that dies in between
    leaves the mail to the sweep, so it goes out at least once."""
    _send_phone_email(request)
    ContactRequest.objects.filter(pk=request.pk).update(notified_at=timezone.now())


def mail_unmailed_phone_results() -> int:
    """Mail the phone lookups that ended without their mail going out (their worker died
    between the two) at least LEADS_PHONE_TRY_LIMIT seconds ago; returns the mails sent."""
    ended_before = timezone.now() - timedelta(seconds=settings.LEADS_PHONE_TRY_LIMIT)
    unmailed = ContactRequest.objects.filter(
        kind=Kind.PHONE, completed_at__lt=ended_before, notified_at__isnull=True
    ).exclude(state=State.PROCESSING)
    with transaction.atomic():
        requests = list(
            unmailed.select_for_update(skip_locked=True, of=("self",)).select_related(
                "lead__company", "user"
            )
        )
        for request in requests:
            _tell_user(request)
    return len(requests)


def _send_phone_email(request: ContactRequest) -> None:
    lead = request.lead
    subject, body = phone_mail(
        request.language,
        outcome=request.state,
        person=lead.full_name,
        job_title=lead.job_title,
        company=lead.company.name,
        number=request.value,
        credits=PHONE_CREDITS,
    )
    send_mail(subject, body, None, [request.user.email])
