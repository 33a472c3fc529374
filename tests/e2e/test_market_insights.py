"""A free user, in Chromium, reads what the data covers, searches cashew from Viet Nam in 2024,
sorts the shipments by value, opens the trade profile of the importer of the most valuable one
from its row, saves the search and finds it on the profile page. The search and the profile
count as two queries."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from apps.accounts.models import User
from apps.billing.products import MARKET_INSIGHTS
from apps.billing.selectors import queries_today
from apps.market import index
from tests.conftest import SignInStack
from tests.e2e.test_buy_credits import FREE_DEMO_USER, sign_in_at_the_provider
from tests.e2e.test_market_search import (
    CASHEW_FROM_VIET_NAM_2024,
    FIRST_FIGURES_MS,
    demo_trade_index,
    shipment_rows,
)

__all__ = ["demo_trade_index"]  # the fixture, shared with the search test


def dollars(text: str) -> float:
    return float(re.sub(r"[^\d.]", "", text))


def search_cashew_from_viet_nam(page: Page) -> None:
    search = page.get_by_role("form", name="Trade data search")
    search.get_by_label("Product details").fill("cashew")
    search.get_by_label("Exporter country", exact=True).select_option(label="Vietnam")
    search.get_by_label("Start date").fill("01-01-2024")
    search.get_by_label("End date").fill("31-12-2024")
    search.get_by_role("button", name="Search", exact=True).click()


def test_sort_the_shipments_and_open_an_importers_profile(
    product_with_identity_provider: SignInStack,
    browser: Browser,
    demo_trade_index: dict[str, Any],
) -> None:
    most_valuable = index.trade_index().page(
        CASHEW_FROM_VIET_NAM_2024, offset=0, limit=1, sort="-value"
    )[0]
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script("window.localStorage.setItem('app_language', 'en')")
    server_errors: list[str] = []
    page.on(
        "response",
        lambda response: (
            server_errors.append(f"{response.status} {response.url}")
            if "/fast-ai/" in response.url and response.status >= 500
            else None
        ),
    )

    sign_in_at_the_provider(page, product_with_identity_provider, "/market-insights")
    expect(
        page.get_by_text(re.compile(r"^Data: \w+ \d{4} \u2013 \w+ \d{4}, 3,000 shipments, demo"))
    ).to_be_visible()
    search_cashew_from_viet_nam(page)
    rows = shipment_rows(page)
    expect(rows).to_have_count(10, timeout=FIRST_FIGURES_MS)

    value_header = page.get_by_role("columnheader", name="Price (USD)", exact=True)
    value_header.get_by_role("button").click()
    expect(value_header).to_have_attribute("aria-sort", "descending")
    first_value = rows.first.get_by_role("cell").nth(6)
    expect(first_value).to_have_text(re.compile(r"^\$[\d,]+(\.\d+)?$"))
    expect(rows.first.get_by_role("cell").nth(3)).to_contain_text(most_valuable["importer_name"])
    values = [dollars(text) for text in rows.locator("td:nth-child(7)").all_inner_texts()]
    assert values == sorted(values, reverse=True)
    assert values[0] == round(most_valuable["value_usd"], 2)

    rows.first.get_by_role("button", name=most_valuable["importer_name"], exact=True).click()
    drawer = page.get_by_role("dialog", name=most_valuable["importer_name"])
    expect(drawer).to_be_visible()
    expect(drawer.get_by_role("heading", name="Top products")).to_be_visible(
        timeout=FIRST_FIGURES_MS
    )
    expect(drawer.get_by_role("heading", name="Top trading partners")).to_be_visible()
    profile = index.trade_index().party_profile(most_valuable["importer_id"])
    assert profile is not None
    figures = drawer.locator(".party-profile__figures dd")
    expect(figures.first).to_have_text(f"{profile['shipments']:,}")
    page.keyboard.press("Escape")
    expect(drawer).to_be_hidden()

    page.get_by_role("button", name="Save search").click()
    dialog = page.get_by_role("dialog", name="Save this search")
    dialog.get_by_label("Name").fill("Cashew from Viet Nam")
    dialog.get_by_role("button", name="Save", exact=True).click()
    expect(dialog).to_be_hidden()
    page.goto(f"{product_with_identity_provider.product_url}/profile")
    saved = page.locator("section").filter(
        has=page.get_by_role("heading", name="Saved searches and alerts")
    )
    expect(saved.get_by_role("link", name="Cashew from Viet Nam")).to_be_visible()
    context.close()

    assert server_errors == []
    assert queries_today(User.objects.get(email=FREE_DEMO_USER), MARKET_INSIGHTS) == 2
