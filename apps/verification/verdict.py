"""The verdict of a verification run: one status computed from the evidence of its four checks,
with the reasons behind it.

Every finding is a reason with a level; the run's status is the gravest level among its
reasons, in this fixed order, so nothing can outrank a sanctions match:

    do_not_trade     a listed party matched above the threshold
    needs_review     a possible match in the grey zone, a check that could not run, a list too
                     old to vouch for, a demo company, an expired or brand-new domain
    partly_verified  every check ran, but some found nothing to confirm the company
    verified         every check ran and confirmed the company

Each reason names its check, its source and that source's date, and reads the same in the
result page, the API, the drawer and the notification (texts in `texts.VERDICT_REASONS`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from enum import IntEnum
from typing import Any

from django.conf import settings
from django.utils import timezone

from apps.market.countries import country_name
from apps.verification import texts
from apps.verification.findings import (
    FOUND,
    Evidence,
    RegistryAnswer,
    SanctionMatch,
    ScreenedList,
    TradeFindings,
    TradeRecord,
)

SHOWN_MATCHES = 3
# Registry states under which a company is not (or no longer) in good standing.
INACTIVE_REGISTRATIONS = frozenset(
    {"INACTIVE", "LAPSED", "RETIRED", "ANNULLED", "DUPLICATE", "MERGED", "TRANSFERRED"}
)


class Level(IntEnum):
    VERIFIED = 0
    PARTLY_VERIFIED = 1
    NEEDS_REVIEW = 2
    DO_NOT_TRADE = 3

    @property
    def status(self) -> str:
        return self.name.lower()


@dataclass(frozen=True)
class Reason:
    check: str
    code: str
    level: Level
    source: str = ""
    source_date: str | None = None
    params: dict[str, Any] = field(default_factory=dict)

    def as_dict(self, language: str) -> dict[str, Any]:
        return {
            "check": self.check,
            "code": self.code,
            "level": self.level.status,
            "source": self.source,
            "source_date": self.source_date,
            "text": texts.reason_text(self.code, language, self.params),
        }


def status(reasons: list[Reason]) -> str:
    return max((reason.level for reason in reasons), default=Level.NEEDS_REVIEW).status


def reasons(evidence: Evidence, language: str, *, demo: bool) -> list[Reason]:
    """Every finding of the run, gravest first (the order of the checks within a level);
    `demo` says the company is one of the demo data's."""
    found = [
        *_company_reasons(evidence, demo),
        *_trade_reasons(evidence, language),
        *_sanctions_reasons(evidence),
        *_website_reasons(evidence, language),
    ]
    return sorted(found, key=lambda reason: -reason.level)


def verdict(evidence: Evidence, language: str, *, demo: bool) -> dict[str, Any]:
    found = reasons(evidence, language, demo=demo)
    return {"status": status(found), "reasons": [reason.as_dict(language) for reason in found]}


def _failed(evidence: Evidence, check: str) -> Reason | None:
    if evidence.succeeded(check):
        return None
    return Reason(
        check,
        "check_failed",
        Level.NEEDS_REVIEW,
        params={"check": check, "reason": evidence.of(check).error or ""},
    )


# Company profile


def _company_reasons(evidence: Evidence, demo: bool) -> list[Reason]:
    check = "company_profile"
    found: list[Reason] = []
    if demo:
        found.append(Reason(check, "demo_company", Level.NEEDS_REVIEW))
    failed = _failed(evidence, check)
    if failed:
        return [*found, failed]
    registry, place = evidence.company.registry, evidence.company.place
    if registry is not None and registry.status == FOUND:
        found.append(_registry_reason(registry))
    if place is not None and place.status == FOUND:
        found.append(
            Reason(
                check,
                "place_found",
                Level.VERIFIED,
                source=place.source or "maps",
                source_date=_day(place.fetched_at),
                params={"address": place.address or place.place_name},
            )
        )
    if not any(answer is not None and answer.status == FOUND for answer in (registry, place)):
        found.append(Reason(check, "record_only", Level.PARTLY_VERIFIED, source="Tradewise"))
    return found


def _registry_reason(registry: RegistryAnswer) -> Reason:
    states = {registry.entity_status.upper(), registry.registration_status.upper()}
    inactive = sorted(states & INACTIVE_REGISTRATIONS)
    return Reason(
        "company_profile",
        "registry_inactive" if inactive else "registry_found",
        Level.NEEDS_REVIEW if inactive else Level.VERIFIED,
        source=registry.source or "registry",
        source_date=_day(registry.fetched_at),
        params={
            "name": registry.legal_name,
            "id": registry.lei,
            "state": ", ".join(inactive),
        },
    )


# Trade data


def _trade_reasons(evidence: Evidence, language: str) -> list[Reason]:
    check = "trade_data"
    failed = _failed(evidence, check)
    if failed:
        return [failed]
    trade = evidence.trade
    last = trade.last_transaction
    if last is None:
        return [Reason(check, "no_trade_records", Level.PARTLY_VERIFIED, source="trade data")]
    code, params = _trade_words(trade, last, language)
    return [
        Reason(
            check,
            code,
            Level.VERIFIED,
            source="trade data",
            source_date=last.date[:10],
            params={**params, "age": texts.age_text(_days_since(last.date), language)},
        )
    ]


def _trade_words(
    trade: TradeFindings, last: TradeRecord, language: str
) -> tuple[str, dict[str, Any]]:
    """The reason's code and what it names: a buyer's count, goods and partner, or, for an
    exporter only (whose count and partners are a buyer's), its last export's."""
    if not trade.import_history and trade.export_history:
        return "export_records", {
            "hs_code": last.hs_code,
            "country": country_name(last.importer_country, language),
        }
    partner = trade.partner_countries[0].country if trade.partner_countries else None
    top = trade.top_products[0].hs_code if trade.top_products else None
    return "trade_records", {
        "shipments": trade.shipments,
        "hs_code": top or last.hs_code,
        "country": country_name(partner or last.exporter_country, language),
    }


# Sanctions


def _sanctions_reasons(evidence: Evidence) -> list[Reason]:
    check = "sanctions"
    failed = _failed(evidence, check)
    if failed:
        return [failed]
    matches = evidence.sanctions.matches
    found = [
        _match_reason(match, "listed_match", Level.DO_NOT_TRADE)
        for match in matches
        if _grade(match) == "match"
    ][:SHOWN_MATCHES]
    found += [
        _match_reason(match, "possible_match", Level.NEEDS_REVIEW)
        for match in matches
        if _grade(match) == "review"
    ][:SHOWN_MATCHES]
    lists = evidence.sanctions.lists
    found += [reason for reason in map(_list_age_reason, lists) if reason]
    if not lists:
        found.append(Reason(check, "lists_unnamed", Level.NEEDS_REVIEW))
    if lists and all(reason.code.startswith("list_") for reason in found):
        dates = [item.published_on for item in lists if item.published_on]
        found.append(
            Reason(
                check,
                "screened_clear",
                Level.VERIFIED,
                source=", ".join(item.name for item in lists),
                source_date=min(dates, default=None),
                params={"lists": lists},
            )
        )
    return found


def _grade(match: SanctionMatch) -> str:
    """A stored match's grade; runs stored before grades existed called every match at or
    above the threshold a match."""
    if match.grade is not None:
        return match.grade
    return "match" if match.above_threshold else "near"


def _match_reason(match: SanctionMatch, code: str, level: Level) -> Reason:
    return Reason(
        "sanctions",
        code,
        level,
        source=match.list,
        source_date=match.list_date,
        params={
            "name": match.name,
            "list": match.list,
            "score": match.score,
            "programme": match.programme,
        },
    )


def _list_age_reason(item: ScreenedList) -> Reason | None:
    """A list too old (or of unknown date) to vouch for a clear result."""
    published = item.published_on
    max_age = settings.SANCTIONS_MAX_AGE_DAYS
    if published and _days_since(published) <= max_age:
        return None
    return Reason(
        "sanctions",
        "list_outdated" if published else "list_undated",
        Level.NEEDS_REVIEW,
        source=item.name,
        source_date=published,
        params={"list": item.name, "date": published or "", "days": max_age},
    )


# Website


def _website_reasons(evidence: Evidence, language: str) -> list[Reason]:
    check = "website"
    failed = _failed(evidence, check)
    if failed:
        return [failed]
    site = evidence.website
    domain = site.domain
    if not domain:
        return [Reason(check, "no_domain_given", Level.PARTLY_VERIFIED)]
    params = {"domain": domain}
    found: list[Reason] = []
    if site.website is not None and site.website.error:
        found.append(
            Reason(check, "site_unreachable", Level.PARTLY_VERIFIED, "website", params=params)
        )
    state, age = site.domain_state, site.domain_age_days
    source, day = "RDAP", _day(site.checked_at)
    if state == "expired":
        found.append(Reason(check, "domain_expired", Level.NEEDS_REVIEW, source, day, params))
    elif state == "none":
        found.append(Reason(check, "domain_unregistered", Level.NEEDS_REVIEW, source, day, params))
    elif state == "new" and age is not None:
        aged = {**params, "age": texts.age_text(age, language)}
        found.append(Reason(check, "domain_new", Level.NEEDS_REVIEW, source, day, aged))
    elif state == "stable" and age is not None:
        aged = {**params, "age": texts.age_text(age, language)}
        found.append(Reason(check, "domain_age", Level.VERIFIED, source, day, aged))
    else:
        failure = site.registration.error if site.registration else None
        reason = {**params, "reason": failure or ""}
        found.append(Reason(check, "domain_unknown", Level.PARTLY_VERIFIED, source, day, reason))
    return found


def _days_since(iso: str) -> int:
    return (timezone.now().date() - date.fromisoformat(iso[:10])).days


def _day(value: str | None) -> str | None:
    return value[:10] if value else None
