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
from apps.core.errors import Conflict, NotFound, ValidationFailed
from apps.leads.models import Company, text_list
from apps.leads.selectors import database_time_limit
from apps.market.names import normalise_name
from apps.verification import services, texts, verdict
from apps.verification.checks import clean_domain
from apps.verification.models import CHECKS, FINISHED, CheckState, Verification

NAME_OR_WEBSITE_REQUIRED = "Please enter company name or website to verify"
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
    with database_time_limit(settings.COMPANY_SEARCH_TIMEOUT):
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
    states = verification.states()
    finished = sum(1 for state in states.values() if state in FINISHED)
    return {
        "company_id": verification.company_id,
        "name": verification.company.name,
        "domain": verification.domain,
        "run": verification.run,
        "checker_states": states,
        "checker_labels": {check: STATES_SHOWN[CheckState(s)] for check, s in states.items()},
        "errors": {
            check: verification.result(check)["error"]
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
        "status": verdict.status(verdict.reasons(verification, "en"))
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


def _section(verification: Verification, check: str) -> dict[str, Any]:
    return {"state": verification.state(check), **verification.result(check)}


def trade_section(user: User, company_id: int) -> dict[str, Any]:
    return _section(paid_verification(user, company_id), "trade_data")


def sanctions_section(user: User, company_id: int) -> dict[str, Any]:
    return _section(paid_verification(user, company_id), "sanctions")


def website_section(user: User, company_id: int, domain: str = "") -> dict[str, Any]:
    verification = paid_verification(user, company_id)
    if domain and clean_domain(domain) != verification.domain:
        raise NotFound("This domain was not checked in the verification")
    return _section(verification, "website")


def _sanction_level(sanctions: dict[str, Any]) -> str:
    if sanctions.get("match"):
        return "yes"
    return "review" if sanctions.get("reviews") else "no"


def _years_since(year: int | None, today: date) -> int | None:
    return None if year is None else today.year - year


def _recent_shipments(trade: dict[str, Any], today: date) -> int:
    since = f"{today.year - 1:04d}-{today.month:02d}"
    return sum(row["shipments"] for row in trade.get("monthly", []) if row["month"] >= since)


def recommendations(verification: Verification) -> dict[str, dict[str, Any]]:
    """Each topic's value and its texts, for the topics a check could judge."""
    today = timezone.now().date()
    record = verification.result("company_profile").get("company", {})
    trade, sanctions = verification.result("trade_data"), verification.result("sanctions")
    site = verification.result("website")
    values: dict[str, str | None] = {"employee_size": None, "founded_age": None}
    employees = record.get("employees")
    if employees is not None:
        values["employee_size"] = (
            "small"
            if employees < SMALL_COMPANY
            else "medium"
            if employees < LARGE_COMPANY
            else "large"
        )
    age = _years_since(record.get("founded_year"), today)
    if age is not None:
        values["founded_age"] = (
            "new" if age < NEW_COMPANY_YEARS else "stable" if age < LONG_COMPANY_YEARS else "long"
        )
    values["sanction_match"] = (
        _sanction_level(sanctions)
        if verification.state("sanctions") == CheckState.SUCCESS
        else None
    )
    values["domain_state"] = site.get("domain_state")
    if verification.state("website") == CheckState.SUCCESS and not site.get("domain"):
        values["domain_state"] = "not_given"
    if verification.state("trade_data") == CheckState.SUCCESS:
        # Judged on the last twelve months; older shipments still prove the company imports.
        shipments = (
            _recent_shipments(trade, today) if trade.get("monthly") else trade.get("shipments", 0)
        )
        values["transactions"] = (
            "none"
            if not trade.get("shipments")
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


def _criteria(verification: Verification) -> str:
    return json.dumps(
        [
            {
                "key": check,
                "state": verification.state(check),
                "found_data": bool(verification.result(check).get("found_data")),
                "error": verification.result(check).get("error"),
            }
            for check in CHECKS
        ]
    )


def results(user: User, company_id: int, language: str) -> dict[str, Any]:
    """The verification result of spec §3 for the user's paid verification of the company."""
    verification = paid_verification(user, company_id)
    profile = verification.result("company_profile")
    record = profile.get("company") or company_data(verification.company)
    place = profile.get("place") or {}
    trade = verification.result("trade_data")
    sanctions = verification.result("sanctions")
    site = verification.result("website")
    registration = site.get("registration") or {}
    judged = verdict.verdict(verification, language)
    return {
        "company_id": verification.company_id,
        "status": judged["status"],
        "verdict": judged,
        "industry": next(iter(record.get("industries") or []), ""),
        "website": site.get("website", {}).get("url")
        or (f"https://{verification.domain}" if verification.domain else ""),
        "company_name": record.get("name", verification.company.name),
        "country": record.get("country", verification.company.country),
        "lead_verification_criteria": _criteria(verification),
        "detail": {
            "phone": place.get("phone") or None,
            "email": None,  # no source of company email addresses is connected
            "employees": record.get("employees"),
            "founded_year": record.get("founded_year"),
            "sanctions": sanctions or None,
            "import_history": trade.get("import_history", []),
            "export_history": trade.get("export_history", []),
            "average_import_order_value": trade.get("average_import_order_value_usd"),
            "last_transaction": trade.get("last_transaction"),
            "place_information": place or None,
            "website_status": site.get("website") or None,
            "domain": verification.domain,
            "domain_age_days": site.get("domain_age_days"),
            "domain_age": texts.age_text(site["domain_age_days"], language)
            if site.get("domain_age_days") is not None
            else None,
            "domain_expires_at": registration.get("expires_at"),
            "verified_at": verification.finished_at,
            "last_sanction": sanctions.get("last_sanction"),
            "credits_used": verification.credits_charged,
        },
        "checks": {check: _section(verification, check) for check in CHECKS},
        "recommendations": recommendations(verification),
        "trust_verdict": [reason["text"] for reason in judged["reasons"]],
        "language": language,
        "message": None if verification.credits_charged else services.INSUFFICIENT_DATA,
        "free_retry_until": services.free_retry_until(verification),
        "is_demo": verification.company.is_demo,
    }
