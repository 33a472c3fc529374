"""Fixtures of the verification tests: a company of the trade test data, users with known
credits, and the outside sources replaced at their adapters (`sources`)."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from apps.accounts.models import User
from apps.leads.models import Company
from apps.leads.selectors import importer_parties
from apps.leads.tests.conftest import make_company, with_credits
from apps.market import index
from apps.market.names import normalise_name
from apps.market.tests.factories import cashew_and_coffee_trade
from apps.verification import checks
from apps.verification.models import CHECKS, CheckState, Verification
from apps.verification.providers import SourceError
from apps.verification.providers.sanctions import (
    SanctionMatch,
    ScreenedListSummary,
    ScreeningResult,
)
from apps.verification.sanctions.imports import import_sanctions

# Each check's time limit in the tests: however busy the machine, a check never overruns it.
# Only the tests of the time limit set a short one, against a source that never answers.
GENEROUS_TIME_LIMIT = 60.0
# A list published yesterday: young enough to vouch for a clear screening.
FRESH_LIST_DATE = (date.today() - timedelta(days=1)).isoformat()


class Answer:
    """What a replaced source does: answer `value`, fail with `error`, or be too slow: not
    answer until `released` (at the end of the test), past a short limit on any machine (and
    after GENEROUS_TIME_LIMIT at the latest, should the limit fail to stop the check)."""

    def __init__(self, value: Any = None) -> None:
        self.value, self.error, self.slow = value, "", False
        self.calls = 0
        self.released = threading.Event()

    def __call__(self) -> Any:
        self.calls += 1
        if self.slow:
            self.released.wait(GENEROUS_TIME_LIMIT)
        if self.error:
            raise SourceError(self.error)
        return self.value


class Sources:
    def __init__(self) -> None:
        self.place = Answer(
            {
                "place_name": "Dutch Nut Trading",
                "address": "Waalhaven 1, Rotterdam",
                "business_status": "OPERATIONAL",
                "rating": 4.4,
                "place_type": "wholesaler",
                "opening_hours": ["Monday: 8:00 AM - 5:00 PM"],
                "phone": "+31 10 555 0100",
                "website": "https://dutchnut.example",
            }
        )
        self.screening = Answer(
            ScreeningResult(
                threshold=0.8,
                matches=(
                    SanctionMatch("Dutch Nutt Trading", 0.41, "OFAC SDN", "SDGT", FRESH_LIST_DATE),
                ),
                review_threshold=0.7,
                lists=(
                    ScreenedListSummary(
                        "OFAC SDN", FRESH_LIST_DATE, 14965, f"{FRESH_LIST_DATE}T06:00:00+00:00"
                    ),
                ),
            )
        )
        self.website = Answer({"url": "https://dutchnut.example/", "status_code": 200, "tls": True})
        self.registration = Answer(
            {
                "registered_at": "2015-03-01T00:00:00+00:00",
                "expires_at": "2030-03-01T00:00:00+00:00",
                "registrar": "Registrar BV",
            }
        )
        self.maps_configured = True

    def fail_all(self, reason: str = "unreachable") -> None:
        for answer in (self.place, self.screening, self.website, self.registration):
            answer.error = reason


class FakeMaps:
    name = "test_maps"

    def __init__(self, sources: Sources) -> None:
        self.sources = sources

    def find_place(self, *, name: str, country: str, city: str) -> dict[str, Any] | None:
        return self.sources.place()  # type: ignore[no-any-return]


class FakeScreener:
    def __init__(self, sources: Sources) -> None:
        self.sources = sources

    def screen(
        self, name: str, aliases: Sequence[str] = (), country: str | None = None
    ) -> ScreeningResult:
        return self.sources.screening()  # type: ignore[no-any-return]


class FakeProbe:
    def __init__(self, sources: Sources) -> None:
        self.sources = sources

    def fetch(self, domain: str) -> dict[str, Any]:
        return self.sources.website()  # type: ignore[no-any-return]


class FakeRegistry:
    def __init__(self, sources: Sources) -> None:
        self.sources = sources

    def registration(self, domain: str) -> dict[str, Any] | None:
        return self.sources.registration()  # type: ignore[no-any-return]


@pytest.fixture
def sources(monkeypatch: pytest.MonkeyPatch, settings: Any) -> Iterator[Sources]:
    settings.VERIFICATION_CHECK_TIMEOUT = GENEROUS_TIME_LIMIT
    replaced = Sources()
    monkeypatch.setattr(
        checks, "maps_provider", lambda: FakeMaps(replaced) if replaced.maps_configured else None
    )
    monkeypatch.setattr(checks, "sanctions_screener", lambda: FakeScreener(replaced))
    monkeypatch.setattr(checks, "website_probe", lambda: FakeProbe(replaced))
    monkeypatch.setattr(checks, "registry", lambda: FakeRegistry(replaced))
    yield replaced
    for answer in (replaced.place, replaced.screening, replaced.website, replaced.registration):
        answer.released.set()


@pytest.fixture
def trade(db: None) -> None:
    cashew_and_coffee_trade()
    index.build_snapshot()


@pytest.fixture
def buyer(trade: None) -> Company:
    name = "Dutch Nut Trading B.V."
    party = importer_parties()[(normalise_name(name), "NL")]
    return make_company(
        name=name,
        normalized_name=normalise_name(name),
        country="NL",
        city="Rotterdam",
        domain="dutchnut.example",
        industries="|Food & Beverages|",
        employees=120,
        founded_year=2001,
        trade_party_id=party,
    )


@pytest.fixture
def member(member: User) -> User:
    return with_credits(member, 150)


@pytest.fixture
def other_member(other_member: User) -> User:
    return with_credits(other_member, 150)


# A fictitious list in the UN format: a Vietnamese and a Chinese company.
LIST_XML = """<?xml version="1.0" encoding="UTF-8"?>
<CONSOLIDATED_LIST dateGenerated="2026-01-15T00:00:00.000Z">
  <INDIVIDUALS/>
  <ENTITIES>
    <ENTITY>
      <DATAID>1</DATAID>
      <FIRST_NAME>CONG TY TNHH THUONG MAI DONG TAM</FIRST_NAME>
      <UN_LIST_TYPE>DPRK</UN_LIST_TYPE>
      <LISTED_ON>2025-03-01</LISTED_ON>
      <ENTITY_ALIAS>
        <QUALITY>a.k.a.</QUALITY>
        <ALIAS_NAME>Dong Tam Trading Co., Ltd.</ALIAS_NAME>
      </ENTITY_ALIAS>
      <ENTITY_ADDRESS><COUNTRY>Viet Nam</COUNTRY></ENTITY_ADDRESS>
    </ENTITY>
    <ENTITY>
      <DATAID>2</DATAID>
      <FIRST_NAME>DANDONG HONGDA INDUSTRIAL DEVELOPMENT CO LTD</FIRST_NAME>
      <NAME_ORIGINAL_SCRIPT>丹东宏达实业发展有限公司</NAME_ORIGINAL_SCRIPT>
      <UN_LIST_TYPE>DPRK</UN_LIST_TYPE>
      <LISTED_ON>2024-09-01</LISTED_ON>
      <ENTITY_ADDRESS><COUNTRY>China</COUNTRY></ENTITY_ADDRESS>
    </ENTITY>
  </ENTITIES>
</CONSOLIDATED_LIST>
"""


@pytest.fixture
def loaded_list(tmp_path: Path) -> None:
    path = tmp_path / "un_list.xml"
    path.write_text(LIST_XML, encoding="utf-8")
    import_sanctions([path])


# Runs as their checks stored them, without running the checks.
TODAY = timezone.now().date()
FRESH_LIST = {
    "name": "OFAC SDN",
    "published_on": (TODAY - timedelta(days=3)).isoformat(),
    "entry_count": 14965,
    "loaded_at": timezone.now().isoformat(),
}


def listed(name: str, grade: str, score: float) -> dict[str, Any]:
    return {
        "name": name,
        "matched_name": name,
        "score": score,
        "list": "OFAC SDN",
        "programme": "CUBA",
        "list_date": FRESH_LIST["published_on"],
        "grade": grade,
        "above_threshold": grade == "match",
    }


def clean_results() -> dict[str, dict[str, Any]]:
    """What a run that confirmed everything stores."""
    return {
        "company_profile": {
            "company": {"name": "Dutch Nut Trading B.V."},
            "place": {
                "status": "found",
                "address": "Waalhaven 1, Rotterdam",
                "source": "google_places",
                "fetched_at": "2026-11-21T08:00:00+00:00",
            },
            "registry": {"status": "source not configured"},
            "found_data": True,
        },
        "trade_data": {
            "shipments": 30,
            "last_transaction": {
                "date": "2026-09-01",
                "hs_code": "080132",
                "product": "Cashew kernels",
                "exporter_country": "VN",
                "importer_country": "NL",
                "order_value_usd": 41000,
            },
            "top_products": [{"hs_code": "080132", "shipments": 30, "value_usd": 1230000}],
            "partner_countries": [{"country": "VN", "shipments": 30, "value_usd": 1230000}],
            "found_data": True,
        },
        "sanctions": {"matches": [], "lists": [FRESH_LIST], "found_data": True},
        "website": {
            "domain": "dutchnut.example",
            "website": {"url": "https://dutchnut.example/", "status_code": 200, "tls": True},
            "registration": {"registered_at": "2015-03-01"},
            "domain_state": "stable",
            "domain_age_days": 4000,
            "checked_at": timezone.now().isoformat(),
            "found_data": True,
        },
    }


def finished_run(
    results: dict[str, dict[str, Any]],
    errors: dict[str, str] | None = None,
    *,
    demo: bool = False,
) -> Verification:
    user = User.objects.create_user(f"user{User.objects.count()}@example.com")
    company = make_company(name="Dutch Nut Trading B.V.", is_demo=demo)
    fields: dict[str, Any] = {}
    for check in CHECKS:
        failed = (errors or {}).get(check)
        fields[f"{check}_state"] = CheckState.ERROR if failed else CheckState.SUCCESS
        fields[f"{check}_result"] = {"error": failed} if failed else results[check]
    return Verification.objects.create(
        user=user, company=company, run=1, charged=True, started_at=timezone.now(), **fields
    )
