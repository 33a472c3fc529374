"""The main pages pass axe-core's WCAG 2.1 A and AA rules in Chromium, in English, Vietnamese
and Chinese, and none of the signed-in pages scrolls sideways on a 320 px wide screen.

English walks every main page: market insights with results, find companies, a company's
detail, people search, lead verification, the profile and the identity provider's sign-in
page. Vietnamese and Chinese check the pages whose texts are longest or most varied: the
sign-in page, market insights with results and the profile."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from playwright.sync_api import Browser, Page, ViewportSize, expect

from apps.leads.models import Lead
from tests.conftest import SignInStack
from tests.e2e.test_buy_credits import FREE_DEMO_USER
from tests.e2e.test_leads import german_cashew_buyer  # noqa: F401

AXE = Path(settings.BASE_DIR) / "node_modules" / "axe-core" / "axe.min.js"
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
FIRST_RESULTS_MS = 20_000
PHONE: ViewportSize = {"width": 320, "height": 640}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
CASHEW_FROM_VIET_NAM_2024 = (
    "/market-insights?product_details=cashew&exporter_country=VN"
    "&start_date=01-01-2024&end_date=31-12-2024"
)
LANGUAGE_LINKS = {"vi": "Tiếng Việt", "zh": "中文"}
# The sign-in page's heading, and market insights' pager, in each language.
PAGER_NAMES = {"en": "Pages", "vi": "Phân trang", "zh": "分页"}

# The outermost elements that reach past the window's right edge, to tell what widens a page.
WIDE_ELEMENTS = """() => [...document.querySelectorAll("body *")]
  .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
  .filter((element) => !element.parentElement
    || element.parentElement.getBoundingClientRect().right <= window.innerWidth + 1)
  .slice(0, 8)
  .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`
    + ` ${Math.round(element.getBoundingClientRect().right)}px`)"""

RUN_AXE = """async (tags) => {
  const result = await window.axe.run(document, { runOnly: { type: "tag", values: tags } });
  return result.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.slice(0, 5)
      .map((node) => `${node.target.join(" ")}: ${node.failureSummary}`),
  }));
}"""


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's WCAG 2.1 A/AA violations on the page as it is now."""
    page.add_script_tag(path=str(AXE))
    violations: list[dict[str, Any]] = page.evaluate(RUN_AXE, WCAG_21_AA)
    return violations


def axe_report(page: Page, where: str) -> str:
    """axe's violations on the page, as a readable report; empty when there are none."""
    violations = axe_violations(page)
    return "".join(
        f"\n{where}: {item['id']} ({item['impact']}): {item['help']}\n    "
        + "\n    ".join(item["nodes"])
        for item in violations
    )


def assert_accessible(page: Page, where: str) -> None:
    report = axe_report(page, where)
    assert report == "", f"axe violations:{report}"


def sideways_overflow(page: Page) -> int:
    """How many pixels the page is wider than the window (0 when it does not scroll sideways)."""
    width: int = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    return width


def phone_report(page: Page, where: str) -> str:
    """What makes the page scroll sideways at 320 px; empty when it does not."""
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    overflow = sideways_overflow(page)
    culprits = page.evaluate(WIDE_ELEMENTS) if overflow else []
    page.set_viewport_size(DESKTOP)
    return f"\n{where} scrolls sideways at 320 px by {overflow} px: {culprits}" if overflow else ""


def sign_in(page: Page, stack: SignInStack, start: str, language: str) -> None:
    """Sign in at the identity provider, checking its sign-in page in `language` on the way."""
    page.goto(f"{stack.product_url}{start}")
    page.get_by_role("textbox").fill(FREE_DEMO_USER)
    page.locator("form button[type=submit]").first.click()
    expect(page).to_have_url(re.compile(f"^{re.escape(stack.identity.url)}/login/"))
    if language in LANGUAGE_LINKS:
        page.get_by_role("link", name=LANGUAGE_LINKS[language]).click()
        expect(page.locator("html")).to_have_attribute("lang", re.compile(f"^{language}"))
    assert_accessible(page, f"the sign-in page ({language})")
    page.locator("input[type=password]").fill(stack.identity.demo_password)
    page.locator("form button[type=submit]").last.click()
    expect(page).to_have_url(f"{stack.product_url}{start}")


def open_market_results(page: Page, language: str) -> None:
    expect(page.get_by_role("navigation", name=PAGER_NAMES[language], exact=True)).to_be_visible(
        timeout=FIRST_RESULTS_MS
    )
    expect(page.get_by_role("table").first).to_be_visible()
    page.wait_for_load_state("networkidle")


def new_page(browser: Browser, language: str) -> Page:
    context = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    page = context.new_page()
    page.add_init_script(f"window.localStorage.setItem('app_language', '{language}')")
    return page


@pytest.mark.parametrize("language", ["vi", "zh"])
def test_sign_in_market_insights_and_profile_pass_axe_in_vietnamese_and_chinese(
    product_with_identity_provider: SignInStack,
    browser: Browser,
    german_cashew_buyer: Lead,  # noqa: F811
    language: str,
) -> None:
    page = new_page(browser, language)
    sign_in(page, product_with_identity_provider, CASHEW_FROM_VIET_NAM_2024, language)
    open_market_results(page, language)
    assert_accessible(page, f"market insights with results ({language})")

    page.goto(f"{product_with_identity_provider.product_url}/profile")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert_accessible(page, f"the profile ({language})")


def test_the_main_pages_pass_axe_and_fit_a_phone_in_english(
    product_with_identity_provider: SignInStack,
    browser: Browser,
    german_cashew_buyer: Lead,  # noqa: F811
) -> None:
    stack = product_with_identity_provider
    company = german_cashew_buyer.company
    page = new_page(browser, "en")
    sign_in(page, stack, CASHEW_FROM_VIET_NAM_2024, "en")
    open_market_results(page, "en")
    problems = axe_report(page, "market insights with results")
    # The shipment table's last column is inside its box at 1280 px.
    table_box = page.locator(".table-scroll").first.bounding_box()
    last_header = page.locator(".market-table thead th").last.bounding_box()
    assert table_box
    assert last_header
    widths = page.locator(".market-table thead th").evaluate_all(
        "(cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().width))"
    )
    assert last_header["x"] + last_header["width"] <= table_box["x"] + table_box["width"] + 1, (
        f"the table is wider than its box ({table_box['width']} px): columns {widths}"
    )
    problems += phone_report(page, "market insights with results")

    # Keyboard focus survives the controls that change under it.
    pager = page.get_by_role("navigation", name="Pages", exact=True)
    pager.get_by_role("button", name="Next").click()
    expect(pager).to_contain_text("Page 2 of")
    pager.get_by_role("button", name="Previous").focus()
    page.keyboard.press("Enter")
    expect(pager).to_contain_text("Page 1 of")
    expect(pager.get_by_role("button", name="Next")).to_be_focused()
    account = page.get_by_role("button", name=f"Account {FREE_DEMO_USER}")
    account.click()
    page.get_by_role("link", name="Profile").focus()
    page.keyboard.press("Escape")
    expect(account).to_be_focused()
    page.reload()
    open_market_results(page, "en")
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to main content")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("main")).to_be_focused()

    pages: list[tuple[str, str, Any]] = [
        (
            "/find-global-company?imports_product=cashew&countries=DE",
            "find companies",
            lambda: page.get_by_role("link", name=company.name, exact=True),
        ),
        (
            f"/find-global-company/{company.pk}",
            "a company's detail",
            lambda: page.get_by_role("heading", name=company.name, level=1),
        ),
        (
            f"/find-global-lead?company_ids={company.pk}",
            "people search",
            lambda: page.get_by_role("cell", name=re.compile(german_cashew_buyer.full_name)),
        ),
        (
            "/lead-verification",
            "lead verification",
            lambda: page.get_by_role("heading", level=1),
        ),
        ("/profile", "the profile", lambda: page.get_by_role("heading", level=1)),
    ]
    for path, where, ready in pages:
        page.goto(f"{stack.product_url}{path}")
        expect(ready().first).to_be_visible(timeout=FIRST_RESULTS_MS)
        page.wait_for_load_state("networkidle")
        problems += axe_report(page, where) + phone_report(page, where)
    assert problems == "", problems
