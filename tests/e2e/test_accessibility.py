"""Every page of the product passes axe-core's WCAG 2.1 A and AA rules in Chromium, in English,
Vietnamese and Chinese, with each of its dialogs, drawers and menus open; none of them scrolls
sideways on a 320 px wide screen, and the leads and profile tables stack their rows there.

Each language walks, in one browser context: the product's sign-up and sign-in pages, the
identity provider's sign-in and password-reset pages, then every signed-in page (market
insights with results, find companies, a company's detail, people search, lead verification
and a verification's result, the profile, an unavailable feature, the service request form,
a payment outcome and an unknown address)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from apps.accounts.models import User
from apps.billing.services import grant_credits
from apps.leads.models import Lead
from apps.verification.tests.conftest import Sources, sources  # noqa: F401
from tests.conftest import SignInStack
from tests.e2e.test_buy_credits import FREE_DEMO_USER
from tests.e2e.test_leads import german_cashew_buyer  # noqa: F401

AXE = Path(settings.BASE_DIR) / "node_modules" / "axe-core" / "axe.min.js"
I18N = Path(settings.BASE_DIR) / "assets" / "i18n"
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
FIRST_RESULTS_MS = 20_000
CHECKS_MS = 30_000
PHONE: ViewportSize = {"width": 320, "height": 640}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
CASHEW_FROM_VIET_NAM_2024 = (
    "/market-insights?product_details=cashew&exporter_country=VN"
    "&start_date=01-01-2024&end_date=31-12-2024"
)
# Django's language codes, as the interface's switcher stores them in the language cookie.
SERVER_LANGUAGES = {"en": "en", "vi": "vi", "zh": "zh-hans"}

# The outermost elements that reach past the window's right edge, to tell what widens a page.
WIDE_ELEMENTS = """() => [...document.querySelectorAll("body *")]
  .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
  .filter((element) => !element.parentElement
    || element.parentElement.getBoundingClientRect().right <= window.innerWidth + 1)
  .slice(0, 8)
  .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`
    + ` ${Math.round(element.getBoundingClientRect().right)}px`)"""

# The open dialogs, drawers and menus that reach past the window's edge, or whose content reaches
# past theirs (being fixed, they do not widen the page: what overflows is cut off instead).
WIDE_DIALOGS = """() => [...document.querySelectorAll("[role=dialog], .profile-menu__panel")]
  .filter((box) => box.getBoundingClientRect().right > window.innerWidth + 1
    || box.scrollWidth > box.clientWidth + 1)
  .map((box) => `${box.className} ${Math.round(box.getBoundingClientRect().right)}px`)"""

# The tables that still scroll inside their box: on a phone, a stacked table has none.
SCROLLING_TABLES = """() => [...document.querySelectorAll(".table-scroll")]
  .filter((box) => box.scrollWidth > box.clientWidth + 1)
  .map((box) => `${box.querySelector("th")?.textContent ?? "table"}`
    + ` ${box.scrollWidth - box.clientWidth}px`)"""

# axe's violations, and as one more the texts whose contrast axe could not compute because
# something painted behind them (a pseudo-element's background): such a text is never checked.
RUN_AXE = """async (tags) => {
  const result = await window.axe.run(document, { runOnly: { type: "tag", values: tags } });
  const found = result.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    count: violation.nodes.length,
    nodes: violation.nodes.slice(0, 5)
      .map((node) => `${node.target.join(" ")}: ${node.failureSummary}`),
  }));
  const unchecked = result.incomplete
    .filter((rule) => rule.id === "color-contrast")
    .flatMap((rule) => rule.nodes)
    .filter((node) => node.any.some((check) => check.data?.messageKey === "pseudoContent"));
  if (unchecked.length) found.push({
    id: "color-contrast-not-evaluated",
    impact: "serious",
    help: "Text whose contrast axe cannot compute: a pseudo-element paints behind it",
    count: unchecked.length,
    nodes: unchecked.slice(0, 5).map((node) => node.target.join(" ")),
  });
  return found;
}"""

TEXTS = {
    language: json.loads((I18N / f"{language}.json").read_text(encoding="utf-8"))
    for language in SERVER_LANGUAGES
}


def text(language: str, key: str, **values: str) -> str:
    """The interface's text `key` in `language`, with its {placeholders} filled in."""
    message: str = TEXTS[language][key]
    for name, value in values.items():
        message = message.replace(f"{{{name}}}", value)
    return message


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's WCAG 2.1 A/AA violations on the page as it is now."""
    if not page.evaluate("() => 'axe' in window"):
        page.add_script_tag(path=str(AXE))
    violations: list[dict[str, Any]] = page.evaluate(RUN_AXE, WCAG_21_AA)
    return violations


def axe_report(page: Page, where: str) -> str:
    """axe's violations on the page, as a readable report; empty when there are none."""
    return "".join(
        f"\n{where}: {item['id']} ({item['impact']}, {item['count']} elements): {item['help']}"
        + "\n    "
        + "\n    ".join(item["nodes"])
        for item in axe_violations(page)
    )


def sideways_overflow(page: Page) -> int:
    """How many pixels the page is wider than the window (0 when it does not scroll sideways)."""
    width: int = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    return width


def phone_report(page: Page, where: str, stacked: bool = False) -> str:
    """What makes the page scroll sideways at 320 px, which open dialog is cut off there, and,
    when its tables should stack, which of them still scroll inside their box; empty when
    nothing does."""
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    report = ""
    overflow = sideways_overflow(page)
    if overflow:
        culprits = page.evaluate(WIDE_ELEMENTS)
        report += f"\n{where} scrolls sideways at 320 px by {overflow} px: {culprits}"
    if dialogs := page.evaluate(WIDE_DIALOGS):
        report += f"\n{where} has dialogs that do not fit 320 px: {dialogs}"
    if stacked and (tables := page.evaluate(SCROLLING_TABLES)):
        report += f"\n{where} has tables that scroll sideways at 320 px: {tables}"
    page.set_viewport_size(DESKTOP)
    return report


def new_page(browser: Browser, stack: SignInStack, language: str) -> Page:
    """A page whose interface language is `language`, on the product and at the provider."""
    context = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    context.add_cookies(
        [{"name": "django_language", "value": SERVER_LANGUAGES[language], "url": stack.product_url}]
    )
    page = context.new_page()
    page.add_init_script(f"window.localStorage.setItem('app_language', '{language}')")
    return page


@dataclass(frozen=True)
class View:
    """A page at `path` ({company} stands for the demo buyer's company), ready once `ready`
    shows; `open`, when given, then opens one of its dialogs, drawers or menus."""

    where: str
    path: str
    ready: Callable[[Page, str], Locator]
    open: Callable[[Page, str], Locator] | None = None
    # Its tables stack their rows on a phone.
    stacked: bool = False


def heading(page: Page, language: str) -> Locator:
    return page.get_by_role("heading", level=1)


def dialog(page: Page, language: str) -> Locator:
    return page.get_by_role("dialog")


def market_rows(page: Page, language: str) -> Locator:
    return page.locator(".market-table tbody tr")


def leads_rows(page: Page, language: str) -> Locator:
    return page.locator(".leads-table tbody tr")


def open_party(page: Page, language: str) -> Locator:
    market_rows(page, language).first.locator("button.party-link").first.click()
    return page.get_by_role("dialog")


def open_save_search(page: Page, language: str) -> Locator:
    page.get_by_role("button", name=text(language, "savedSearch.button"), exact=True).click()
    return page.get_by_role("dialog")


def open_profile_menu(page: Page, language: str) -> Locator:
    page.locator(".profile-menu__trigger").click()
    return page.locator(".profile-menu__panel")


def open_sidebar_groups(page: Page, language: str) -> Locator:
    """Expands every group of the sidebar, so its unavailable items are checked too."""
    navigation = page.get_by_role("navigation", name=text(language, "nav.label"))
    collapsed = navigation.locator("button[aria-expanded=false]")
    while collapsed.count():
        collapsed.first.click()
    return navigation


VIEWS = (
    View("market insights with results", CASHEW_FROM_VIET_NAM_2024, market_rows),
    View("a party's profile drawer", CASHEW_FROM_VIET_NAM_2024, market_rows, open_party),
    View("the save-search dialog", CASHEW_FROM_VIET_NAM_2024, market_rows, open_save_search),
    View("the profile menu", CASHEW_FROM_VIET_NAM_2024, market_rows, open_profile_menu),
    View("the sidebar, expanded", "/market-insights", heading, open_sidebar_groups),
    View("market insights' pricing", "/market-insights?pricing=market-insights", heading, dialog),
    View(
        "find companies",
        "/find-global-company?imports_product=cashew&countries=DE",
        leads_rows,
        stacked=True,
    ),
    View("lead sourcing's pricing", "/find-global-company?pricing=lead-sourcing", heading, dialog),
    View("the my-leads drawer", "/find-global-company?my-leads=1", heading, dialog),
    View("a company's detail", "/find-global-company/{company}", heading, stacked=True),
    View("people search", "/find-global-lead?company_ids={company}", leads_rows, stacked=True),
    View("lead verification", "/lead-verification", heading),
    View("the my-verification drawer", "/lead-verification?my-verification=1", heading, dialog),
    View("the profile", "/profile", heading, stacked=True),
    View("an unavailable feature", "/ai-sale-agent", heading),
    View("the service request form", "/service-demand", heading),
    View("a payment outcome", "/success?product_name=other", heading),
    View("an unknown address", "/no-such-page", heading),
)


def check(page: Page, where: str, stacked: bool = False) -> str:
    page.wait_for_load_state("networkidle")
    return axe_report(page, where) + phone_report(page, where, stacked)


def check_public_pages(page: Page, stack: SignInStack, language: str) -> str:
    """The product's sign-up page, then its sign-in page and the provider's, where it signs in;
    and the provider's password-reset page on the way."""
    page.goto(f"{stack.product_url}/signup")
    expect(heading(page, language)).to_be_visible()
    report = check(page, f"the sign-up page ({language})")
    page.goto(f"{stack.identity.url}/password-reset/?lang={SERVER_LANGUAGES[language]}")
    expect(page.locator("html")).to_have_attribute("lang", re.compile(f"^{language}"))
    report += check(page, f"the provider's password-reset page ({language})")

    page.goto(f"{stack.product_url}/market-insights")
    expect(page.get_by_role("button", name=text(language, "signin.email"))).to_be_visible()
    report += check(page, f"the sign-in page ({language})")
    page.get_by_role("textbox").fill(FREE_DEMO_USER)
    page.get_by_role("button", name=text(language, "signin.email")).click()
    expect(page).to_have_url(re.compile(f"^{re.escape(stack.identity.url)}/login/"))
    expect(page.locator("html")).to_have_attribute("lang", re.compile(f"^{language}"))
    report += check(page, f"the provider's sign-in page ({language})")
    page.locator("input[type=password]").fill(stack.identity.demo_password)
    page.locator("form button[type=submit]").last.click()
    expect(page).to_have_url(f"{stack.product_url}/market-insights")
    return report


def check_a_verification(page: Page, stack: SignInStack, company_name: str, language: str) -> str:
    """The confirmation and progress dialogs of a verification, and then its result page."""
    page.goto(f"{stack.product_url}/lead-verification")
    page.get_by_label(text(language, "verification.field.companyName")).fill(company_name)
    page.get_by_role(
        "button", name=text(language, "verification.search.submit"), exact=True
    ).click()
    page.get_by_role("row", name=re.compile(re.escape(company_name))).get_by_role(
        "button", name=text(language, "verification.search.verify")
    ).click()
    expect(page.get_by_role("dialog")).to_be_visible()
    report = check(page, f"the verification's confirmation ({language})")
    page.get_by_role("button", name=text(language, "verification.confirm.start")).click()
    progress = page.get_by_role(
        "dialog", name=text(language, "verification.progress.title", name=company_name)
    )
    expect(progress.locator(".verification-check[data-state=success]")).to_have_count(
        4, timeout=CHECKS_MS
    )
    report += check(page, f"the verification's progress ({language})")
    return report


@pytest.mark.parametrize("language", list(SERVER_LANGUAGES))
def test_every_page_and_dialog_passes_axe_and_fits_a_phone(
    product_with_identity_provider: SignInStack,
    browser: Browser,
    german_cashew_buyer: Lead,  # noqa: F811
    sources: Sources,  # noqa: F811
    language: str,
) -> None:
    stack = product_with_identity_provider
    company = german_cashew_buyer.company
    page = new_page(browser, stack, language)
    report = check_public_pages(page, stack, language)
    # A balance of four digits (1,010 credits) in the top bar, which must still fit at 320 px.
    grant_credits(
        User.objects.get(email=FREE_DEMO_USER), amount=1_000, reason="top-up", reference="e2e"
    )
    for view in VIEWS:
        page.goto(f"{stack.product_url}{view.path.format(company=company.pk)}")
        expect(view.ready(page, language).first).to_be_visible(timeout=FIRST_RESULTS_MS)
        if view.open:
            page.wait_for_load_state("networkidle")
            expect(view.open(page, language).first).to_be_visible()
        report += check(page, f"{view.where} ({language})", view.stacked)

    report += check_a_verification(page, stack, company.name, language)
    page.goto(f"{stack.product_url}/lead-verification/{company.pk}")
    expect(heading(page, language)).to_be_visible()
    report += check(page, f"a verification's result ({language})")
    page.goto(f"{stack.identity.url}/")
    expect(heading(page, language)).to_be_visible()
    report += check(page, f"the provider's account page ({language})")
    assert report == "", report


def test_the_market_table_fits_and_keyboard_focus_survives_changes(
    product_with_identity_provider: SignInStack,
    browser: Browser,
    german_cashew_buyer: Lead,  # noqa: F811
) -> None:
    stack = product_with_identity_provider
    page = new_page(browser, stack, "en")
    page.goto(f"{stack.product_url}{CASHEW_FROM_VIET_NAM_2024}")
    page.get_by_role("textbox").fill(FREE_DEMO_USER)
    page.get_by_role("button", name=text("en", "signin.email")).click()
    page.locator("input[type=password]").fill(stack.identity.demo_password)
    page.locator("form button[type=submit]").last.click()
    expect(market_rows(page, "en").first).to_be_visible(timeout=FIRST_RESULTS_MS)
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
    expect(market_rows(page, "en").first).to_be_visible(timeout=FIRST_RESULTS_MS)
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to main content")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("main")).to_be_focused()
