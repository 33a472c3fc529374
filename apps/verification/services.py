"""Verification writes: running a check, charging a finished run, and storing report requests.

A run starts with the first check call on a company the user has not verified yet, or whose
last run has finished. Starting holds the most a run can cost (MAX_CREDITS) from the user's
credits: held credits cannot be spent elsewhere, so a balance backs only as many runs as it
covers, and a run that cannot be backed stops before any source is asked. Each check runs on
its own and ends in success or error. When the last of the four ends, the hold settles once
to `run_credits` and the rest is released:

    nothing when no check found data ('Insufficient data to complete verification');
    otherwise 70 credits, plus 10 for each further check that found data (at most 100).

A check found data when it succeeded with something to show: a registry or map record of the
company (our own stored record alone is not), shipments on record, a screening against loaded
lists, an answer about the website or domain. A check that errored costs nothing, and can be
run again free (`retry`) for FREE_RETRY_DAYS after its run started. Results are served only
once the run is paid, so nobody reads a verification they did not pay for."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from apps.accounts.models import User
from apps.billing.services import hold_credits, settle_hold
from apps.core.errors import NotFound
from apps.core.languages import normalize
from apps.core.mail import send_or_log
from apps.core.names import full_name
from apps.leads.models import Company
from apps.verification import checks, findings, texts, verdict
from apps.verification.models import CHECKS, CheckState, ReportRequest, Verification
from apps.verification.providers import SourceError

logger = logging.getLogger(__name__)

BASE_CREDITS = 70
CREDITS_PER_FURTHER_CHECK = 10
MAX_CREDITS = 100
FREE_RETRY_DAYS = 7
INSUFFICIENT_DATA = "Insufficient data to complete verification"
REPORT_RECEIVED = (
    "Your report request has been received. Our staff will contact you; we reply within 24 hours."
)
CONTACT_RECEIVED = (
    "Your custom report request has been received. Our staff will contact you; "
    "we reply within 24 hours."
)
UNEXPECTED = "The check failed unexpectedly"


def _company(company_id: int) -> Company:
    company = Company.objects.filter(pk=company_id).first()
    if company is None:
        raise NotFound("Company not found")
    return company


def run_lifetime() -> timedelta:
    """How long a run's checks may take before the run counts as abandoned (their process
    ended): it may then be started again, and its hold lapses."""
    return timedelta(seconds=10 * settings.VERIFICATION_CHECK_TIMEOUT)


def _abandoned(verification: Verification) -> bool:
    if verification.started_at is None:
        return True
    return timezone.now() - verification.started_at > run_lifetime()


def _hold_reference(verification: Verification) -> str:
    return f"verification:{verification.pk}:{verification.run}"


def free_retry_until(verification: Verification) -> datetime | None:
    """Until when the run's errored checks can be run again free; None when none errored."""
    errored = any(verification.state(check) == CheckState.ERROR for check in CHECKS)
    if not (verification.finished and verification.charged and errored):
        return None
    assert verification.started_at is not None  # a finished run has started
    return verification.started_at + timedelta(days=FREE_RETRY_DAYS)


def _start_run(verification: Verification, domain: str, language: str) -> None:
    if verification.run and not verification.charged:  # an abandoned run gives its hold back
        settle_hold(verification.user, reference=_hold_reference(verification), amount=0, reason="")
    verification.run += 1
    hold_credits(
        verification.user,
        amount=MAX_CREDITS,
        reason=verification.company.name,
        reference=_hold_reference(verification),
        lifetime=run_lifetime(),
    )
    verification.domain = checks.clean_domain(domain or verification.company.domain)
    verification.language = language
    for check in CHECKS:
        verification.mark(check, CheckState.PENDING, {})
    verification.credits_charged = 0
    verification.charged = False
    verification.started_at = timezone.now()
    verification.finished_at = None


def _retrying(verification: Verification, check: str, retry: bool) -> bool:
    until = free_retry_until(verification)
    return (
        retry
        and until is not None
        and timezone.now() < until
        and verification.state(check) == CheckState.ERROR
    )


def _begin(
    user: User, company: Company, check: str, domain: str, retry: bool, language: str
) -> tuple[Verification, bool]:
    """The user's verification of the company with `check` marked in progress, and whether the
    caller should run it (not when this run already has it running or done). `retry` runs an
    errored check of a finished run again, free, instead of starting a new run."""
    with transaction.atomic():
        Verification.objects.get_or_create(user=user, company=company)
        verification = (
            Verification.objects.select_for_update()
            .select_related("company", "user")
            .get(user=user, company=company)
        )
        if not _retrying(verification, check, retry):
            if verification.run == 0 or verification.finished or _abandoned(verification):
                _start_run(verification, domain, language)
            elif verification.state(check) != CheckState.PENDING:
                return verification, False
        verification.mark(check, CheckState.IN_PROGRESS)
        verification.save()
        return verification, True


def _record(verification_id: int, run: int, check: str, state: str, result: dict) -> Verification:
    with transaction.atomic():
        verification = (
            Verification.objects.select_for_update()
            .select_related("company", "user")
            .get(pk=verification_id)
        )
        if verification.run != run:  # a newer run replaced this one
            return verification
        verification.mark(check, state, result)
        if verification.finished:
            verification.finished_at = timezone.now()
        verification.save()
        return verification


def run_credits(verification: Verification) -> int:
    found = sum(
        1
        for check in CHECKS
        if verification.state(check) == CheckState.SUCCESS
        and verification.result(check).get("found_data")
    )
    if not found:
        return 0
    return min(BASE_CREDITS + CREDITS_PER_FURTHER_CHECK * (found - 1), MAX_CREDITS)


def settle(verification: Verification) -> Verification:
    """Settle a finished run's hold once, to what it delivered. A run without a hold (its hold
    lapsed) is charged from the balance: a short one raises InsufficientCredit and leaves the
    run unpaid (its results stay hidden until it is paid)."""
    with transaction.atomic():
        locked = (
            Verification.objects.select_for_update()
            .select_related("company")
            .get(pk=verification.pk)
        )
        if not locked.finished or locked.charged:
            return locked
        amount = run_credits(locked)
        settle_hold(
            locked.user,
            reference=_hold_reference(locked),
            amount=amount,
            reason=locked.company.name,
        )
        locked.credits_charged = amount
        locked.charged = True
        locked.save(update_fields=["credits_charged", "charged"])
        transaction.on_commit(lambda: _send_result_mail(locked))
        return locked


def _send_result_mail(verification: Verification) -> None:
    """The verdict by email, in the user's language, once the run is settled."""
    language = normalize(verification.language) or "en"
    evidence = findings.all_of(verification)
    judged = verdict.verdict(evidence, language, demo=verification.company.is_demo)
    subject, body = texts.result_mail(
        language,
        company=verification.company.name,
        status=judged["status"],
        reasons=[reason["text"] for reason in judged["reasons"]],
        credits=verification.credits_charged,
        url=f"{settings.SITE_URL}/lead-verification/{verification.company_id}",
    )
    send_or_log(subject, body, [verification.user.email], f"verification {verification.pk}")


def run_check(
    *,
    user: User,
    company_id: int,
    check: str,
    domain: str,
    retry: bool = False,
    language: str = "en",
) -> Verification:
    """Run one of the four checks of the user's verification of a company; when it is the
    last to finish, settle the run's hold."""
    company = _company(company_id)
    verification, should_run = _begin(user, company, check, domain, retry, language)
    if should_run:
        try:
            outcome = checks.CHECKS[check](company, verification.domain)
            found = {**outcome.result, "found_data": outcome.found_data}
            state, result = CheckState.SUCCESS, findings.stored(check, found)
        except SourceError as exc:
            state, result = CheckState.ERROR, {"error": str(exc)}
        except Exception:
            # A fault in one check must not leave it running for ever nor stop the others.
            logger.exception("The %s check of verification %s failed", check, verification.pk)
            state, result = CheckState.ERROR, {"error": UNEXPECTED}
        verification = _record(verification.pk, verification.run, check, state, result)
    if verification.finished:
        verification = settle(verification)
    return verification


# Report requests


@dataclass(frozen=True)
class ReportForm:
    first_name: str
    last_name: str
    email: str
    phone: str
    company_name: str
    job_title: str = ""
    message: str = ""


def request_report(
    *,
    user: User,
    form: ReportForm,
    report_types: list[str],
    company_id: int | None = None,
    language: str = "en",
) -> ReportRequest:
    """Store an advanced report request (with `report_types` and a company) or a custom one,
    for operators to answer, and confirm it to the user by email."""
    company = _company(company_id) if company_id is not None else None
    kind = ReportRequest.Kind.ADVANCED if company is not None else ReportRequest.Kind.CUSTOM
    request = ReportRequest.objects.create(
        user=user,
        company=company,
        kind=kind,
        report_types=report_types,
        first_name=form.first_name,
        last_name=form.last_name,
        email=form.email,
        phone=form.phone,
        company_name=form.company_name,
        job_title=form.job_title,
        message=form.message,
    )
    transaction.on_commit(lambda: _confirm_report(request, language))
    return request


def _confirm_report(request: ReportRequest, language: str) -> None:
    """The confirmation to the requester in their language, and the operators' notice."""
    about = f"report request {request.pk}"
    company = request.company.name if request.company else None
    name = full_name(request.first_name, request.last_name)
    subject, body = texts.report_mail(
        language, name=name, report_types=request.report_types, company=company
    )
    recipients = list(dict.fromkeys([request.email, request.user.email]))
    send_or_log(subject, body, recipients, about)
    if settings.OPERATORS_EMAIL:
        _, english = texts.report_mail(
            "en", name=name, report_types=request.report_types, company=company
        )
        send_or_log(
            f"New {request.kind} report request #{request.pk}",
            f"{english}\nRequester's company: {request.company_name}\n"
            f"Phone: {request.phone}\nMessage: {request.message}\n",
            [settings.OPERATORS_EMAIL],
            about,
        )


def mark_answered(requests: list[ReportRequest]) -> int:
    ids = [request.pk for request in requests]
    return ReportRequest.objects.filter(pk__in=ids, status=ReportRequest.Status.OPEN).update(
        status=ReportRequest.Status.ANSWERED, answered_at=timezone.now()
    )
