"""The check after an import: each saved search with alerts on is matched against the
shipments that arrived since it was last checked, and its owner gets one email when there are
new matches (nothing otherwise)."""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import date
from typing import Any

from django.conf import settings
from django.core.mail import send_mail
from django.utils import timezone

from apps.core.errors import ValidationFailed
from apps.core.languages import in_language
from apps.market.filters import date_text, search_filters
from apps.market.index import arrivals as index_arrivals
from apps.market.models import SavedSearch
from apps.market.saved import texts
from apps.market.schemas import SearchQuery
from apps.market.summary import describe_search, market_path

logger = logging.getLogger(__name__)

TOP_ROWS = 10
MAX_BUYERS = 20
# Alerts follow a search's goods, parties and countries over every date: a shipment that
# arrives is news whether it is dated last week or fills in last year.
ALL_DATES = (date(1900, 1, 1), date(9999, 12, 31))


def last_shipment_id() -> int:
    return index_arrivals.last_id()


def _money(value: Any) -> str:
    return f"{float(value or 0):,.0f}"


def _day(value: Any) -> str:
    return date_text(value) if isinstance(value, date) else str(value)


def alert_mail(saved: SavedSearch, found: index_arrivals.Arrivals) -> tuple[str, str]:
    """Subject and body of the alert of one saved search."""
    language = saved.language
    t = lambda table: in_language(table, language)  # noqa: E731
    query = {
        **saved.filters,
        "start_date": _day(found.first_date),
        "end_date": _day(found.last_date),
    }
    summary = describe_search(saved.filters, dates=False)
    lines = [
        t(texts.INTRO).format(
            count=found.count,
            name=saved.name,
            summary=summary,
            first=_day(found.first_date),
            last=_day(found.last_date),
        ),
        "",
        t(texts.TOP),
    ]
    for row in found.top:
        lines.append(
            "- "
            + t(texts.ROW).format(
                date=_day(row["date"]),
                product=row["product_description"],
                exporter=row["exporter_name"],
                exporter_country=row["exporter_country"],
                importer=row["importer_name"],
                importer_country=row["importer_country"],
                value=_money(row["value_usd"]),
            )
        )
    lines.append("")
    if found.new_buyers:
        lines.append(t(texts.BUYERS))
        for buyer in found.new_buyers[:MAX_BUYERS]:
            lines.append(
                "- "
                + t(texts.BUYER).format(
                    importer=buyer["importer_name"],
                    country=buyer["importer_country"],
                    shipments=buyer["shipments"],
                    value=_money(buyer["value_usd"]),
                )
            )
    else:
        lines.append(t(texts.NO_BUYERS))
    site = settings.SITE_URL.rstrip("/")
    lines += [
        "",
        t(texts.LINK).format(url=f"{site}{market_path(query)}"),
        "",
        t(texts.FOOTER).format(profile=f"{site}/profile"),
    ]
    subject = t(texts.SUBJECT).format(count=found.count, name=saved.name)
    return subject, "\n".join(lines) + "\n"


def check_saved_search(saved: SavedSearch, up_to_id: int) -> bool:
    """Match one saved search against the shipments that arrived since its last check and
    email its owner when there are new ones; True when an email went out."""
    now = timezone.now()
    try:
        filters = search_filters(SearchQuery(**saved.filters))
    except ValidationFailed:
        logger.warning("saved search %s no longer validates; skipped", saved.pk)
        return False
    filters = replace(filters, start_date=ALL_DATES[0], end_date=ALL_DATES[1])
    found = index_arrivals.arrivals(
        filters, after_id=saved.last_seen_id, up_to_id=up_to_id, top=TOP_ROWS
    )
    sent = False
    if found.count:
        subject, body = alert_mail(saved, found)
        send_mail(subject, body, None, [saved.user.email])
        saved.last_alerted_at = now
        sent = True
    saved.last_seen_id = max(saved.last_seen_id, up_to_id)
    saved.last_checked_at = now
    saved.save(update_fields=["last_seen_id", "last_checked_at", "last_alerted_at"])
    return sent


def check_saved_searches() -> int:
    """Check every saved search with alerts on against the current index; the number of
    emails sent."""
    up_to_id = last_shipment_id()
    sent = 0
    searches = SavedSearch.objects.filter(alerts=True, last_seen_id__lt=up_to_id)
    for saved in searches.select_related("user").order_by("id").iterator():
        sent += check_saved_search(saved, up_to_id)
    return sent
