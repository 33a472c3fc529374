"""What the market insights screen tells a user about their searches, in Chromium: the
queries-left counter counts the search just made (not the one before)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.conftest import SignInStack
from tests.e2e.test_buy_credits import sign_in_at_the_provider
from tests.e2e.test_market_search import FIRST_FIGURES_MS, demo_trade_index  # noqa: F401


def search_for(page: Page, product: str) -> None:
    search = page.get_by_role("form", name="Trade data search")
    search.get_by_label("Product details").fill(product)
    search.get_by_label("Start date").fill("01-01-2024")
    search.get_by_label("End date").fill("31-12-2024")
    search.get_by_role("button", name="Search", exact=True).click()


def queries_left(page: Page) -> Any:
    return page.get_by_role("form", name="Trade data search").locator(".filter-panel__quota")


def test_the_queries_left_counter_counts_the_search_just_made(
    product_with_identity_provider: SignInStack,
    browser: Browser,
    demo_trade_index: dict[str, Any],  # noqa: F811
) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script("window.localStorage.setItem('app_language', 'en')")
    sign_in_at_the_provider(page, product_with_identity_provider, "/market-insights")
    # The free plan: two searches a day.
    expect(queries_left(page)).to_have_text("Queries left today: 2")

    search_for(page, "cashew")
    expect(page.get_by_role("region", name="Dashboard").get_by_role("term").first).to_be_visible(
        timeout=FIRST_FIGURES_MS
    )
    expect(queries_left(page)).to_have_text("Queries left today: 1")
    expect(page.locator(".topbar")).to_contain_text(re.compile(r"Queries left today\s*1(?!\d)"))

    search_for(page, "coffee")
    expect(queries_left(page)).to_have_text("Queries left today: 0", timeout=FIRST_FIGURES_MS)
    context.close()


def test_the_counter_counts_a_question_and_a_trade_profile(
    product_with_identity_provider: SignInStack,
    browser: Browser,
    demo_trade_index: dict[str, Any],  # noqa: F811
) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script("window.localStorage.setItem('app_language', 'en')")
    sign_in_at_the_provider(page, product_with_identity_provider, "/market-insights")
    expect(queries_left(page)).to_have_text("Queries left today: 2")

    page.get_by_label("Your question").fill("cashew exports from Vietnam in 2024")
    page.get_by_role("button", name="Ask", exact=True).click()
    expect(page.get_by_role("region", name="Dashboard").get_by_role("term").first).to_be_visible(
        timeout=FIRST_FIGURES_MS
    )
    expect(queries_left(page)).to_have_text("Queries left today: 1")

    # An importer's trade profile is a query of the day of its own.
    rows = page.locator(".market-table tbody tr")
    rows.first.locator(".party-link").first.click()
    expect(page.get_by_role("dialog")).to_be_visible()
    expect(queries_left(page)).to_have_text("Queries left today: 0", timeout=FIRST_FIGURES_MS)
    context.close()

