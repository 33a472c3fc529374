"""What the market insights screen tells a user about their searches, in Chromium: the
queries-left counter counts the search just made (not the one before), and a panel whose
answer cannot be fetched says so, with a way to try again, while the app says it is offline."""

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


def test_panels_say_they_could_not_load_while_offline_and_load_when_back(
    product_with_identity_provider: SignInStack,
    browser: Browser,
    demo_trade_index: dict[str, Any],  # noqa: F811
) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script("window.localStorage.setItem('app_language', 'en')")
    sign_in_at_the_provider(page, product_with_identity_provider, "/market-insights")
    expect(page.get_by_role("heading", name="Market Insight", level=1)).to_be_visible()

    context.set_offline(True)
    search_for(page, "cashew")
    expect(page.get_by_role("status").filter(has_text="You are offline.")).to_be_visible()
    offline = page.locator(".panel-error").filter(
        has_text="These figures could not be loaded: you are offline."
    )
    # The figures, the HS codes, the months, the shipments, the rankings and the prices.
    expect(offline).to_have_count(6, timeout=FIRST_FIGURES_MS)
    for panel in offline.all():
        expect(panel).to_have_role("alert")
        expect(
            panel.get_by_role("button", name=re.compile("^(Try again|Trying again…)$"))
        ).to_be_visible()

    # Back online, the panels ask again by themselves.
    context.set_offline(False)
    expect(page.get_by_text("You are offline.")).to_have_count(0)
    expect(page.get_by_role("region", name="Dashboard").get_by_role("term").first).to_be_visible(
        timeout=FIRST_FIGURES_MS
    )
    expect(page.locator(".panel-error")).to_have_count(0, timeout=FIRST_FIGURES_MS)
    expect(page.get_by_role("navigation", name="Pages", exact=True)).to_be_visible()
    context.close()
