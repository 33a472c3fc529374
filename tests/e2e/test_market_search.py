"""A free user searches cashew exported from Viet Nam in 2024 on the market insights screen, in
Chromium: the dashboard figures, the monthly chart, the top HS codes and the last shipments
appear, the table shows 25 rows a page on request, and the screen reads in Vietnamese (headings
and numbers) after the language switch. One search, counted once against the free plan."""

from __future__ import annotations

import dataclasses
import math
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from apps.accounts.models import User
from apps.billing.products import MARKET_INSIGHTS
from apps.billing.selectors import queries_today
from apps.market import demo, index
from apps.market.filters import search_filters
from apps.market.imports import import_shipments
from apps.market.schemas import SearchQuery
from tests.conftest import SignInStack
from tests.e2e.test_buy_credits import FREE_DEMO_USER, sign_in_at_the_provider

DEMO_SHIPMENTS = 3_000
# The search as the API reads it (the product name also matches its Vietnamese and Chinese
# descriptions).
CASHEW_FROM_VIET_NAM_2024 = search_filters(
    SearchQuery(
        product_details="cashew",
        exporter_country="VN",
        start_date="01-01-2024",
        end_date="31-12-2024",
    )
)
CASHEW_KERNELS = "080132"
FIRST_FIGURES_MS = 15_000


@pytest.fixture
def demo_trade_index(settings: Any, tmp_path: Path) -> dict[str, Any]:
    """A few thousand demo shipments in the database and a fresh index of them; the figures
    of the cashew search as the index gives them."""
    settings.TRADE_INDEX_DIR = tmp_path / "trade-index"
    source = tmp_path / "shipments.csv.gz"
    demo.write_csv(source, DEMO_SHIPMENTS)
    report = import_shipments(source)
    assert report.added == DEMO_SHIPMENTS, report.bad_rows[:5]
    figures = index.trade_index().statistics(CASHEW_FROM_VIET_NAM_2024)
    figures["count"] = index.trade_index().count(CASHEW_FROM_VIET_NAM_2024)
    assert figures["count"] == figures["shipments"] > 25, "the demo data should fill 25 rows"
    # Cashew is kernels, nuts in shell and roasted cashews: the kernels are the top HS code.
    kernels = dataclasses.replace(CASHEW_FROM_VIET_NAM_2024, hs_codes=(CASHEW_KERNELS,))
    figures["kernels"] = index.trade_index().count(kernels)
    assert 0 < figures["kernels"] <= figures["count"]
    return figures


def whole_dollars(amount: float) -> int:
    return math.floor(amount + 0.5)  # JavaScript's Math.round


def grouped(number: int, separator: str) -> str:
    return f"{number:,}".replace(",", separator)


def shipment_rows(page: Page, hs_code_column: str = "HS code") -> Locator:
    """The body rows of the last shipments table (the monthly panel has a table for screen
    readers too), found by one of its column headers."""
    table = page.get_by_role("table").filter(
        has=page.get_by_role("columnheader", name=hs_code_column, exact=True)
    )
    return table.get_by_role("row").filter(has=page.get_by_role("cell"))


def test_a_free_user_searches_cashew_from_viet_nam_in_2024(
    product_with_identity_provider: SignInStack,
    browser: Browser,
    demo_trade_index: dict[str, Any],
) -> None:
    stack = product_with_identity_provider
    shipments = demo_trade_index["count"]
    value = whole_dollars(demo_trade_index["total_value_usd"])
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(
        "if (!window.localStorage.getItem('app_language'))"
        " window.localStorage.setItem('app_language', 'en')"
    )

    server_errors: list[str] = []
    page.on(
        "response",
        lambda response: (
            server_errors.append(f"{response.status} {response.url}")
            if "/fast-ai/" in response.url and response.status >= 500
            else None
        ),
    )

    sign_in_at_the_provider(page, stack, "/market-insights")
    expect(page.get_by_role("heading", name="Market Insight", level=1)).to_be_visible()

    search = page.get_by_role("form", name="Trade data search")
    search.get_by_label("Product details").fill("cashew")
    search.get_by_label("Exporter country", exact=True).select_option(label="Vietnam")
    search.get_by_label("Start date").fill("01-01-2024")
    search.get_by_label("End date").fill("31-12-2024")
    search.get_by_role("button", name="Search", exact=True).click()

    dashboard = page.get_by_role("region", name="Dashboard")
    chart = page.get_by_role("img", name=re.compile(r"^Value and shipments for \d+ months"))
    top_hs_code = page.get_by_role("button", name=re.compile(f"^{CASHEW_KERNELS}"))
    pages = page.get_by_role("navigation", name="Pages", exact=True)
    for panel in (dashboard, top_hs_code, pages):
        expect(panel).to_be_visible(timeout=FIRST_FIGURES_MS)
    # The chart is drawn once its panel scrolls into view.
    page.get_by_role("heading", name="Shipments by month").scroll_into_view_if_needed()
    expect(chart).to_be_visible()

    expect(dashboard.get_by_role("term")).to_have_text(
        [
            "Shipments",
            "Total value (USD)",
            "Total weight",
            "Importers",
            "Exporters",
            "Average price (USD/kg)",
        ]
    )
    figures = dashboard.get_by_role("definition")
    expect(figures.nth(0)).to_have_text(grouped(shipments, ","))
    expect(figures.nth(1)).to_have_text(f"${grouped(value, ',')}")

    expect(chart).to_have_js_property("tagName", "CANVAS")

    expect(top_hs_code).to_contain_text(f"Shipments: {grouped(demo_trade_index['kernels'], ',')}")
    expect(top_hs_code).to_have_attribute("aria-pressed", "false")

    expect(shipment_rows(page)).to_have_count(10)
    expect(pages).to_contain_text(f"{grouped(shipments, ',')} in total")
    expect(pages).to_contain_text(f"Page 1 of {math.ceil(shipments / 10)}")

    pages.get_by_label("Per page").select_option("25")
    expect(shipment_rows(page)).to_have_count(25)
    expect(pages).to_contain_text(f"Page 1 of {math.ceil(shipments / 25)}")
    expect(page).to_have_url(re.compile(r"[?&]page_size=25(&|$)"))

    page.get_by_label("Language", exact=True).select_option(label="Tiếng Việt")
    expect(page.get_by_role("heading", name="Phân tích thị trường", level=1)).to_be_visible()
    for heading in ("Mã HS hàng đầu", "Lô hàng theo tháng", "Lô hàng gần nhất"):
        expect(page.get_by_role("heading", name=heading, level=2)).to_be_visible()
    dashboard = page.get_by_role("region", name="Tổng quan")
    expect(dashboard.get_by_role("term").nth(1)).to_have_text("Tổng giá trị (USD)")
    # Vietnamese groups thousands with dots and writes the currency after the amount.
    assert value >= 1_000, "the total should show a thousands separator"
    expect(dashboard.get_by_role("definition").nth(1)).to_have_text(
        re.compile(rf"^{re.escape(grouped(value, '.'))}\s*US\$$")
    )
    expect(
        page.get_by_role("img", name=re.compile(r"^Giá trị và số lô hàng trong"))
    ).to_be_visible()
    pages = page.get_by_role("navigation", name="Phân trang")
    expect(pages).to_contain_text(f"Tổng cộng {grouped(shipments, '.')}")
    expect(pages).to_contain_text(f"Trang 1/{math.ceil(shipments / 25)}")
    expect(shipment_rows(page, "Mã HS")).to_have_count(25)
    context.close()

    assert server_errors == []  # the four panels are requested at once: none may fail
    # The search, its four panels, the page size and the language switch: one query today.
    assert queries_today(User.objects.get(email=FREE_DEMO_USER), MARKET_INSIGHTS) == 1
