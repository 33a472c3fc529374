"""Verification reads: the company search, a user's verifications, and a verification's result
with its recommendations and trust verdict. A user reads only their own verifications, and a
run's results only once it is paid (services.settle)."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from django.conf import settings
from django.db.models import Q, QuerySet
from django.utils import timezone

from apps.accounts.models import User
from apps.core.database import statement_time_limit
from apps.core.errors import Conflict, NotFound, Problem, ValidationFailed
from apps.leads.models import Company, text_list
from apps.market.names import normalise_name
from apps.verification import findings, services, texts, verdict
from apps.verification.checks import clean_domain, company_record
from apps.verification.findings import (
    CompanyRecord,
    Evidence,
    Findings,
    SanctionsFindings,
    TradeFindings,
)
from apps.verification.models import CHECKS, FINISHED, CheckState, Verification

NAME_OR_WEBSITE_REQUIRED = Problem(
    "Please enter company name or website to verify", "name_or_website_required"
)
STILL_RUNNING = "The verification is still running"
NOT_VERIFIED = "This company has not been verified yet"
SEARCH_LIMIT = 25
SMALL_COMPANY, LARGE_COMPANY = 50, 250
NEW_COMPANY_YEARS, LONG_COMPANY_YEARS = 3, 10
RECENT_MONTHS = 12
LOW_SHIPMENTS, STRONG_SHIPMENTS = 5, 24
STATES_SHOWN = {
    CheckState.PENDING: "pending",
    CheckState.IN_PROGRESS: "verifying",
    CheckState.SUCCESS: "done",
    CheckState.ERROR: "error",
}


# Search


def search_companies(*, name: str, website: str) -> list[dict[str, Any]]:
    """Companies of the database whose name holds every word of `name` or whose domain is
    `website`'s; free. On PostgreSQL its statement stops at COMPANY_SEARCH_TIMEOUT."""
    name, domain = name.strip(), clean_domain(website)
    if not name and not domain:
        message = NAME_OR_WEBSITE_REQUIRED
        raise ValidationFailed(message, fields={"name": [message]})
    matches = Q()
    if name:
        words = Q()
        for word in normalise_name(name).split():
            words &= Q(normalized_name__contains=word)
        matches |= words
    if domain:
        matches |= Q(domain__iexact=domain) | Q(domain__iendswith=f".{domain}")
    with statement_time_limit(settings.COMPANY_SEARCH_TIMEOUT):
        companies = list(Company.objects.filter(matches)[:SEARCH_LIMIT])
    return [company_data(company) for company in companies]


def company_data(company: Company) -> dict[str, Any]:
    return {
        "id": company.pk,
        "name": company.name,
        "domain": company.domain,
        "website": f"https://{company.domain}" if company.domain else "",
        "country": company.country,
        "city": company.city,
        "industries": text_list(company.industries),
        "industry": next(iter(text_list(company.industries)), ""),
        "employees": company.employees,
        "founded_year": company.founded_year,
        "is_demo": company.is_demo,
    }


def company(company_id: int) -> dict[str, Any]:
    found = Company.objects.filter(pk=company_id).first()
    if found is None:
        raise NotFound("Company not found")
    return company_data(found)


# A user's verifications


def _verifications(user: User) -> QuerySet[Verification]:
    return Verification.objects.filter(user=user).select_related("company")


def verification_for(user: User, company_id: int) -> Verification:
    verification = _verifications(user).filter(company_id=company_id).first()
    if verification is None:
        raise NotFound(NOT_VERIFIED)
    return verification


def progress(verification: Verification) -> dict[str, Any]:
    evidence = findings.all_of(verification)
    states = evidence.states
    finished = sum(1 for state in states.values() if state in FINISHED)
    return {
        "company_id": verification.company_id,
        "name": verification.company.name,
        "domain": verification.domain,
        "run": verification.run,
        "checker_states": states,
        "checker_labels": {check: STATES_SHOWN[CheckState(s)] for check, s in states.items()},
        "errors": {
            check: evidence.of(check).error or ""
            for check, state in states.items()
            if state == CheckState.ERROR
        },
        "progress": round(100 * finished / len(CHECKS)),
        "loading": finished < len(CHECKS),
        "is_done": all(state == CheckState.SUCCESS for state in states.values()),
        "finished": finished == len(CHECKS),
        "paid": verification.charged,
        "credits_charged": verification.credits_charged,
        "credits_held": 0 if verification.charged else services.MAX_CREDITS,
        "status": verdict.status(verdict.reasons(evidence, "en", demo=verification.company.is_demo))
        if verification.finished and verification.charged
        else None,
        "free_retry_until": services.free_retry_until(verification),
        "started_at": verification.started_at,
        "finished_at": verification.finished_at,
    }


def user_verifications(user: User) -> list[dict[str, Any]]:
    return [progress(verification) for verification in _verifications(user)]


# Results


def paid_verification(user: User, company_id: int) -> Verification:
    """The user's finished and paid verification of the company; settles an unpaid one
    (InsufficientCredit when the balance is still short)."""
    verification = verification_for(user, company_id)
    if not verification.finished:
        raise Conflict(STILL_RUNNING)
    return services.settle(verification)


def _section(state: str, found: Findings) -> dict[str, Any]:
    return {"state": state, **found.model_dump()}


def _check_section(verification: Verification, check: str) -> dict[str, Any]:
    return _section(verification.state(check), findings.of(verification, check))


def trade_section(user: User, company_id: int) -> dict[str, Any]:
    return _check_section(paid_verification(user, company_id), "trade_data")


def sanctions_section(user: User, company_id: int) -> dict[str, Any]:
    return _check_section(paid_verification(user, company_id), "sanctions")


def website_section(user: User, company_id: int, domain: str = "") -> dict[str, Any]:
    verification = paid_verification(user, company_id)
    if domain and clean_domain(domain) != verification.domain:
        raise NotFound("This domain was not checked in the verification")
    return _check_section(verification, "website")


def _sanction_level(sanctions: SanctionsFindings) -> str:
    if sanctions.match:
        return "yes"
    return "review" if sanctions.reviews else "no"


def _years_since(year: int | None, today: date) -> int | None:
    return None if year is None else today.year - year


def _recent_shipments(trade: TradeFindings, today: date) -> int:
    """The shipments of the RECENT_MONTHS months up to today's, today's month included."""
    first = today.year * 12 + today.month - RECENT_MONTHS  # months since the year 0, 0-based
    since = f"{first // 12:04d}-{first % 12 + 1:02d}"
    return sum(row.shipments for row in trade.monthly if row.month >= since)


def recommendations(evidence: Evidence) -> dict[str, dict[str, Any]]:
    """Each topic's value and its texts, for the topics a check could judge."""
    today = timezone.now().date()
    record = evidence.company.company
    trade, sanctions, site = evidence.trade, evidence.sanctions, evidence.website
    values: dict[str, str | None] = {"employee_size": None, "founded_age": None}
    employees = record.employees if record else None
    if employees is not None:
        values["employee_size"] = (
            "small"
            if employees < SMALL_COMPANY
            else "medium"
            if employees < LARGE_COMPANY
            else "large"
        )
    age = _years_since(record.founded_year if record else None, today)
    if age is not None:
        values["founded_age"] = (
            "new" if age < NEW_COMPANY_YEARS else "stable" if age < LONG_COMPANY_YEARS else "long"
        )
    values["sanction_match"] = (
        _sanction_level(sanctions) if evidence.succeeded("sanctions") else None
    )
    values["domain_state"] = site.domain_state
    if evidence.succeeded("website") and not site.domain:
        values["domain_state"] = "not_given"
    if evidence.succeeded("trade_data"):
        # Judged on the last twelve months; older shipments still prove the company imports.
        shipments = _recent_shipments(trade, today) if trade.monthly else trade.shipments
        values["transactions"] = (
            "none"
            if not trade.shipments
            else "low"
            if shipments < LOW_SHIPMENTS
            else "stable"
            if shipments < STRONG_SHIPMENTS
            else "strong"
        )
    else:
        values["transactions"] = None
    return {
        topic: {"value": value, "texts": texts.recommendation_texts(topic, value)}
        for topic, value in values.items()
        if value is not None
    }


def _criteria(evidence: Evidence) -> str:
    return json.dumps(
        [
            {
                "key": check,
                "state": evidence.state(check),
                "found_data": evidence.of(check).found_data,
                "error": evidence.of(check).error,
            }
            for check in CHECKS
        ]
    )


def results(user: User, company_id: int, language: str) -> dict[str, Any]:
    """The verification result of spec §3 for the user's paid verification of the company."""
    verification = paid_verification(user, company_id)
    evidence = findings.all_of(verification)
    record = evidence.company.company or CompanyRecord(**company_record(verification.company))
    place = evidence.company.place
    trade, sanctions, site = evidence.trade, evidence.sanctions, evidence.website
    judged = verdict.verdict(evidence, language, demo=verification.company.is_demo)
    return {
        "company_id": verification.company_id,
        "status": judged["status"],
        "verdict": judged,
        "industry": next(iter(record.industries), ""),
        "website": (site.website.url if site.website else None)
        or (f"https://{verification.domain}" if verification.domain else ""),
        "company_name": record.name,
        "country": record.country,
        "lead_verification_criteria": _criteria(evidence),
        "detail": {
            "phone": (place.phone if place else "") or None,
            "email": None,  # no source of company email addresses is connected
            "employees": record.employees,
            "founded_year": record.founded_year,
            "sanctions": sanctions if verification.result("sanctions") else None,
            "import_history": trade.import_history,
            "export_history": trade.export_history,
            "average_import_order_value": trade.average_import_order_value_usd,
            "last_transaction": trade.last_transaction,
            "place_information": place,
            "website_status": site.website,
            "domain": verification.domain,
            "domain_age_days": site.domain_age_days,
            "domain_age": texts.age_text(site.domain_age_days, language)
            if site.domain_age_days is not None
            else None,
            "domain_expires_at": site.registration.expires_at if site.registration else None,
            "verified_at": verification.finished_at,
            "last_sanction": sanctions.last_sanction,
            "credits_used": verification.credits_charged,
        },
        "checks": {check: _section(evidence.state(check), evidence.of(check)) for check in CHECKS},
        "recommendations": recommendations(evidence),
        "trust_verdict": [reason["text"] for reason in judged["reasons"]],
        "language": language,
        # What the run holds now: a check run again free may have found data since it settled.
        "message": None if services.run_credits(verification) else services.INSUFFICIENT_DATA,
        "free_retry_until": services.free_retry_until(verification),
        "is_demo": verification.company.is_demo,
    }
