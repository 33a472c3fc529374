"""Market reads: shipment searches and their aggregates, served by the analytics index, and
the reference data the search screen needs."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import UTC, date
from typing import Any, TypeVar, cast

from apps.accounts.models import User
from apps.core.errors import ProviderUnavailable
from apps.core.paging import PAGE_SIZES
from apps.market import exports, index
from apps.market.ask.directory import PartyDirectory
from apps.market.ask.parse import AskContext
from apps.market.countries import ISO_COUNTRIES, country_names
from apps.market.filters import ShipmentFilters, filters_as_query
from apps.market.index import TradeIndex
from apps.market.index.paging import DEFAULT_SORT
from apps.market.lexicon import hs_suggestions
from apps.market.models import ContactRequest, HSCode, HSSection

TOP_HS_CODES = 10


def _index() -> TradeIndex:
    try:
        return index.trade_index()
    except index.IndexMissing as exc:
        raise ProviderUnavailable("The trade data index is being built; try again shortly") from exc


def search_shipments(
    filters: ShipmentFilters, *, page: int, page_size: int, sort: str = DEFAULT_SORT
) -> tuple[list[dict[str, Any]], int]:
    trade = _index()
    rows = trade.page(filters, offset=(page - 1) * page_size, limit=page_size, sort=sort)
    return rows, trade.count(filters)


def rankings(
    filters: ShipmentFilters, *, side: str, by: str, page: int, page_size: int
) -> tuple[list[dict[str, Any]], int]:
    """A page of the search's importers or exporters ranked by value, weight or shipments."""
    return _index().rankings(
        filters, side=side, by=by, offset=(page - 1) * page_size, limit=page_size
    )


def unit_prices(filters: ShipmentFilters, *, by: str = "") -> dict[str, Any]:
    return {"unit": "USD/kg", **_index().unit_prices(filters, by=by)}


def party(party_id: int) -> dict[str, Any] | None:
    return _index().party(party_id)


def party_profile(
    party_id: int, *, start: date | None = None, end: date | None = None
) -> dict[str, Any] | None:
    """A party's trade profile with its products' names in each language; None when the
    index holds no such party."""
    profile = _index().party_profile(party_id, start=start, end=end)
    if profile is None:
        return None
    codes = {row["hs_code"] for row in profile["products"] if row["hs_code"]}
    names = HSCode.objects.in_bulk(codes | {code[:4] for code in codes if len(code) == 6})
    for row in profile["products"]:
        row["descriptions"] = _hs_descriptions(row, names)
        for language in ("en", "vi", "zh"):
            del row[f"description_{language}"]
    return profile


def statistics(filters: ShipmentFilters) -> dict[str, Any]:
    return _index().statistics(filters)


def monthly_summary(filters: ShipmentFilters) -> list[dict[str, Any]]:
    return _index().monthly(filters)


def _hs_descriptions(row: dict[str, Any], names: dict[str, HSCode]) -> dict[str, str]:
    """A code's description in each language: its own name, else its heading's (a subheading
    without a name of its own), else English.

    The names come from the nomenclature table, so a renamed code shows at once; the index's
    copy stands in for a code the table does not hold."""
    code = row["hs_code"] or ""
    item = names.get(code)
    heading = names.get(code[:4]) if len(code) == 6 else None
    english = (item.description_en if item else row["description_en"]) or ""
    descriptions = {"en": english}
    for language in ("vi", "zh"):
        own = getattr(item, f"description_{language}") if item else row[f"description_{language}"]
        inherited = getattr(heading, f"description_{language}") if heading else ""
        descriptions[language] = own or inherited or english
    return descriptions


def top_hs_codes(filters: ShipmentFilters) -> list[dict[str, Any]]:
    rows = _index().top_hs_codes(filters, limit=TOP_HS_CODES)
    codes = {row["hs_code"] for row in rows if row["hs_code"]}
    names = HSCode.objects.in_bulk(codes | {code[:4] for code in codes if len(code) == 6})
    top = []
    for row in rows:
        descriptions = _hs_descriptions(row, names)
        top.append(
            {
                "hs_code": row["hs_code"],
                "description": descriptions["en"],
                "descriptions": descriptions,
                "shipments": row["shipments"],
                "value_usd": row["value_usd"],
            }
        )
    return top


def top_importers(filters: ShipmentFilters, *, limit: int = 3) -> list[dict[str, Any]]:
    return _index().top_importers(filters, limit=limit)


def top_exporters(filters: ShipmentFilters, *, limit: int = 3) -> list[dict[str, Any]]:
    return _index().top_exporters(filters, limit=limit)


def _hs_sections() -> list[dict[str, Any]]:
    chapters: dict[str, list[dict[str, str]]] = {}
    for chapter in HSCode.objects.filter(level=HSCode.Level.CHAPTER).order_by("code"):
        chapters.setdefault(chapter.section_id or "", []).append(
            {
                "code": chapter.code,
                "description_en": chapter.description_en,
                "description_vi": chapter.description("vi"),
                "description_zh": chapter.description("zh"),
            }
        )
    return [
        {
            "code": section.code,
            "name_en": section.name_en,
            "name_vi": section.name_vi or section.name_en,
            "name_zh": section.name_zh or section.name_en,
            "chapters": chapters.get(section.code, []),
        }
        for section in HSSection.objects.all()
    ]


def _data_facts() -> dict[str, Any]:
    """The data's coverage: first and last shipment date, shipments, their sources and when
    the index was last built from the imports (a snapshot from before these were recorded
    has no sources or time)."""
    try:
        facts = index.trade_index().facts()
    except index.IndexMissing:
        return {
            "data_range": {"first_date": None, "last_date": None},
            "demo_data": False,
            "coverage": {
                "first_date": None,
                "last_date": None,
                "shipments": 0,
                "sources": [],
                "demo": False,
                "updated_at": None,
            },
        }
    built_at = facts.get("built_at")
    return {
        "data_range": {"first_date": facts["first_date"], "last_date": facts["last_date"]},
        "demo_data": bool(facts["demo_shipments"]),
        "coverage": {
            "first_date": facts["first_date"],
            "last_date": facts["last_date"],
            "shipments": int(facts["shipments"]),
            "sources": list(facts.get("sources") or []),
            "demo": bool(facts["demo_shipments"]),
            "updated_at": built_at.replace(tzinfo=UTC) if built_at else None,
        },
    }


def meta_data() -> dict[str, Any]:
    countries = [
        {"code": code, **{f"name_{lang}": name for lang, name in country_names(code).items()}}
        for code in sorted(ISO_COUNTRIES)
    ]
    return {
        "countries": countries,
        "hs_sections": _hs_sections(),
        "page_sizes": list(PAGE_SIZES),
        "date_formats": ["dd-MM-yyyy", "dd/MM/yyyy"],
        **_data_facts(),
    }


CONTACT_REQUEST_HISTORY = 200


def contact_requests(user: User) -> list[dict[str, Any]]:
    """The user's importer contact requests, newest first, with their state."""
    requests = ContactRequest.objects.filter(user=user).order_by("-created_at", "-pk")
    return [
        {
            "id": request.pk,
            "importer_name": request.importer_name,
            "importer_country": request.importer_country,
            "status": request.status,
            "created_at": request.created_at.isoformat(),
            "sent_at": request.sent_at.isoformat() if request.sent_at else None,
        }
        for request in requests[:CONTACT_REQUEST_HISTORY]
    ]


def file_facts(filters: ShipmentFilters, *, rows: int, total: int) -> exports.FileFacts:
    """What a downloaded file of the search records about itself."""
    facts = _index().facts()
    return exports.FileFacts(
        search=filters_as_query(filters),
        rows=rows,
        total=total,
        first_date=facts["first_date"],
        last_date=facts["last_date"],
        demo=bool(facts["demo_shipments"]),
    )


# What the AI box reads questions against: the parties the data holds, the nomenclature's codes
# and the data's date range, built once per index snapshot.

_ASK_CACHE: dict[str, Any] = {}
_ASK_LOCK = threading.Lock()
_HS_CODES_TTL = 300.0
T = TypeVar("T")


def _snapshot_key() -> str:
    path = index.current_snapshot()
    return str(path) if path else ""


def _per_snapshot(name: str, build: Callable[[], T], *, max_age: float | None = None) -> T:
    """`build()`'s value, kept until the index switches to a new snapshot (or, with `max_age`,
    until that many seconds have passed). What `build` raises is not kept."""
    key, now = _snapshot_key(), time.monotonic()
    with _ASK_LOCK:
        cached = _ASK_CACHE.get(name)
    if cached is not None and cached[0] == key and (max_age is None or now - cached[2] < max_age):
        return cast(T, cached[1])
    value = build()
    with _ASK_LOCK:
        _ASK_CACHE[name] = (key, value, now)
    return value


def _party_directory() -> PartyDirectory:
    try:
        rows = index.trade_index().party_roles() if _snapshot_key() else []
    except index.IndexMissing:
        rows = []
    return PartyDirectory(rows)


def party_directory() -> PartyDirectory:
    """The dictionary of the parties the current snapshot holds (empty without one)."""
    return _per_snapshot("parties", _party_directory)


def hs_code_set() -> frozenset[str]:
    """Every code of the nomenclature (chapters, headings, subheadings, national lines), read
    again for a new snapshot or after five minutes (an import of HS codes)."""
    return _per_snapshot(
        "hs",
        lambda: frozenset(HSCode.objects.values_list("code", flat=True)),
        max_age=_HS_CODES_TTL,
    )


def _facts_range() -> tuple[date | None, date | None]:
    facts = index.trade_index().facts()
    return facts["first_date"], facts["last_date"]


def data_range() -> tuple[date | None, date | None]:
    """The first and last shipment date the data holds ((None, None) without data), read once
    per snapshot."""
    try:
        return _per_snapshot("range", _facts_range)
    except index.IndexMissing:
        return None, None


def ask_context() -> AskContext:
    first_date, last_date = data_range()
    return AskContext(party_directory(), hs_code_set(), first_date, last_date)


def hs_code_suggestions(text: str, language: str, limit: int) -> list[dict[str, Any]]:
    """HS codes for a text being typed (digits or product words), named in `language`."""
    return [
        {"code": item.code, "name": item.name, "level": item.level}
        for item in hs_suggestions(text, language, limit)
    ]
