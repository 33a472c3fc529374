"""A user saves a market insights search in Chromium, finds it with its alerts on the profile
page, and opens it again from there: the search comes back through the address."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, expect

from apps.market.models import SavedSearch
from tests.conftest import SignInStack
from tests.e2e.test_buy_credits import sign_in_at_the_provider
from tests.e2e.test_market_search import FIRST_FIGURES_MS, demo_trade_index, shipment_rows

__all__ = ["demo_trade_index"]  # the fixture, used by name

CASHEW_2024 = "/market-insights?product_details=cashew&start_date=01-01-2024&end_date=31-12-2024"


def test_a_saved_search_is_listed_on_the_profile_and_opens_again(
    product_with_identity_provider: SignInStack,
    browser: Browser,
    demo_trade_index: dict[str, Any],
) -> None:
    stack = product_with_identity_provider
    page = browser.new_context().new_page()
    page.add_init_script("window.localStorage.setItem('app_language', 'en')")

    sign_in_at_the_provider(page, stack, CASHEW_2024)
    expect(shipment_rows(page).first).to_be_visible(timeout=FIRST_FIGURES_MS)
    page.get_by_role("button", name="Save search").click()
    dialog = page.get_by_role("dialog", name="Save this search")
    name = dialog.get_by_label("Name")
    expect(name).to_have_value("cashew · 01-01-2024 – 31-12-2024")  # noqa: RUF001
    name.fill("Cashew 2024")
    dialog.get_by_role("button", name="Save", exact=True).click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_text("Search saved")).to_be_visible()
    saved = SavedSearch.objects.get()
    assert (saved.name, saved.alerts, saved.filters["product_details"]) == (
        "Cashew 2024",
        True,
        "cashew",
    )

    page.goto(f"{stack.product_url}/profile")
    section = page.locator("section").filter(
        has=page.get_by_role("heading", name="Saved searches and alerts")
    )
    link = section.get_by_role("link", name="Cashew 2024")
    expect(link).to_be_visible()
    expect(section.get_by_text("On", exact=True)).to_be_visible()
    link.click()
    expect(page).to_have_url(re.compile(r"/market-insights\?product_details=cashew&"))
    expect(page.get_by_label("Product details")).to_have_value("cashew")
    expect(shipment_rows(page).first).to_be_visible(timeout=FIRST_FIGURES_MS)
