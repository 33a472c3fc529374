"""The user guide's screenshots, taken in Chromium in each interface language.

Not a test (its name keeps it out of the suite): bin/guide_screenshots runs it. It starts the
product and the identity provider as the browser tests do, loads demo shipments and buyers,
signs in as the free demo user with the interface in one language, reveals a buyer's email and
requests their phone number, verifies the buyer with the outside sources replaced as the
verification tests replace them (no network), and saves each screen as a small JPEG under
apps/accounts/guide/screenshots/<language>/, where `manage.py build_user_guides` finds them."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import Browser, Page, expect

from apps.accounts.guide.build import LANGUAGES, SCREENSHOTS_DIR
from apps.accounts.models import User
from apps.billing.services import grant_credits
from apps.leads import services
from apps.leads.models import Lead
from apps.verification import services as verification
from apps.verification.models import CHECKS
from apps.verification.tests.conftest import Sources, sources  # noqa: F401 (a fixture)
from tests.conftest import SignInStack
from tests.e2e.test_buy_credits import FREE_DEMO_USER
from tests.e2e.test_leads import german_cashew_buyer  # noqa: F401 (a fixture)

VIEWPORT = {"width": 1280, "height": 860}
WIDTH = 1100  # Pixels of the saved image: sharp at the guide's column width, and small.
QUALITY = 65
LOADED_MS = 20_000
MARKET_SEARCH = (
    "/market-insights?product_details=cashew&exporter_country=VN"
    "&start_date=01-01-2024&end_date=31-12-2024"
)


def messages(language: str) -> dict[str, str]:
    path = Path(__file__).resolve().parents[2] / "assets" / "i18n" / f"{language}.json"
    return dict(json.loads(path.read_text()))


def save(page: Page, language: str, name: str) -> None:
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(800)  # Charts and drawers finish their animation.
    # The Chinese font comes in subsets the browser loads as text needs them: load them all now,
    # for the regular text and for the bold (drawn from the same files).
    for weight in ("400", "700"):
        font = f"{weight} 16px 'Noto Sans SC'"
        page.evaluate(f"document.fonts.load(`{font}`, document.body.innerText)")
        page.wait_for_function(
            "document.fonts.status === 'loaded'"
            f" && document.fonts.check(`{font}`, document.body.innerText)"
        )
    # Text laid out before its subset arrived can keep its empty boxes: lay the page out again.
    page.evaluate(
        "document.body.style.display = 'none'; document.body.offsetHeight;"
        " document.body.style.display = ''"
    )
    page.wait_for_timeout(300)
    image = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    image = image.resize((WIDTH, round(image.height * WIDTH / image.width)), Image.LANCZOS)
    target = SCREENSHOTS_DIR / language / f"{name}.jpg"
    target.parent.mkdir(parents=True, exist_ok=True)
    image.save(target, "JPEG", quality=QUALITY, optimize=True, progressive=True)


def sign_in(page: Page, stack: SignInStack, text: dict[str, str], language: str) -> None:
    """From the sign-in page the product redirects to, photographed on the way."""
    page.goto(f"{stack.product_url}{MARKET_SEARCH}")
    expect(page.get_by_role("button", name=text["signin.email"])).to_be_visible()
    save(page, language, "signin")
    page.get_by_role("textbox").fill(FREE_DEMO_USER)
    page.get_by_role("button", name=text["signin.email"]).click()
    expect(page).to_have_url(re.compile(f"^{re.escape(stack.identity.url)}/login/"))
    page.locator("input[type=password]").fill(stack.identity.demo_password)
    page.locator("input[type=password]").press("Enter")
    expect(page).to_have_url(re.compile(re.escape(f"{stack.product_url}/market-insights")))


def verify(
    page: Page, site: str, text: dict[str, str], language: str, lead: Lead, answers: Sources
) -> None:
    """Finds the buyer on Lead Verification, runs the four checks and photographs the result."""
    company, user = lead.company, User.objects.get(email=FREE_DEMO_USER)
    website = f"https://{company.domain}/"
    answers.website.value = {**answers.website.value, "url": website}
    answers.place.value = {
        **answers.place.value,
        "place_name": company.name,
        "address": company.city,
        "phone": "+49 40 555 0100",
        "website": website,
    }
    grant_credits(user, amount=100, reason="top-up", reference="user guide")
    page.goto(f"{site}/lead-verification")
    page.get_by_label(text["verification.field.companyName"]).fill(company.name)
    page.get_by_role("button", name=text["verification.search.submit"], exact=True).click()
    expect(page.get_by_role("row", name=re.compile(re.escape(company.name)))).to_be_visible()
    for check in CHECKS:
        verification.run_check(user=user, company_id=company.pk, check=check, domain=company.domain)
    page.goto(f"{site}/lead-verification/{company.pk}")
    verdict = page.get_by_role("heading", name=re.compile(text["verification.result.verdict"]))
    expect(verdict).to_be_visible(timeout=LOADED_MS)
    save(page, language, "verification")


@pytest.mark.parametrize("language", LANGUAGES)
def test_guide_screenshots(
    language: str,
    product_with_identity_provider: SignInStack,
    browser: Browser,
    german_cashew_buyer: Lead,  # noqa: F811
    sources: Sources,  # noqa: F811
) -> None:
    stack, lead, text = product_with_identity_provider, german_cashew_buyer, messages(language)
    context = browser.new_context(viewport=VIEWPORT, locale=language)
    page = context.new_page()
    page.add_init_script(f"window.localStorage.setItem('app_language', '{language}')")
    site = stack.product_url

    sign_in(page, stack, text, language)
    dashboard = page.get_by_role("region", name=text["market.stats.title"])
    expect(dashboard.get_by_role("definition").first).to_be_visible(timeout=LOADED_MS)
    save(page, language, "market-insights")

    page.goto(f"{site}/find-global-company?imports_product=cashew&countries=DE")
    pages = page.get_by_role("navigation", name=text["pagination.label"])
    expect(pages).to_be_visible(timeout=LOADED_MS)
    save(page, language, "company-search")

    user = User.objects.get(email=FREE_DEMO_USER)
    services.reveal_email(user=user, lead_id=lead.id)
    services.request_phone(user=user, lead_id=lead.id, language=language)

    page.goto(f"{site}/find-global-company/{lead.company_id}")
    expect(page.get_by_role("heading", name=lead.company.name, level=1)).to_be_visible()
    save(page, language, "company-detail")

    page.goto(f"{site}/find-global-lead?company_ids={lead.company_id}")
    email = page.get_by_role("link", name=lead.email)
    expect(email).to_be_visible(timeout=LOADED_MS)
    email.evaluate("link => link.scrollIntoView({ block: 'center' })")
    save(page, language, "people")

    page.goto(f"{site}/find-global-lead?company_ids={lead.company_id}&my-leads=1")
    drawer = page.get_by_role("dialog", name=text["leads.mine.title"])
    expect(drawer.get_by_role("link", name=lead.email)).to_be_visible(timeout=LOADED_MS)
    save(page, language, "my-leads")

    page.goto(f"{site}/profile")
    expect(page.get_by_role("heading", name=text["profile.title"], level=1)).to_be_visible()
    save(page, language, "profile")

    verify(page, site, text, language, lead, sources)  # After the profile: it grants credits.
    context.close()
