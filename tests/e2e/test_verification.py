"""A user verifies a demo cashew importer in Chromium: confirms the cost, hides the progress,
opens the result from the floating card when the four checks are done, and reads the verdict,
the sanctions evidence and the trade history; the credits in the header fall by the charge."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from apps.accounts.models import User
from apps.billing.services import grant_credits
from apps.leads.models import Lead
from apps.verification.tests.conftest import Sources, sources  # noqa: F401
from tests.conftest import SignInStack
from tests.e2e.test_buy_credits import (
    FREE_DEMO_USER,
    credits_in_the_header,
    sign_in_at_the_provider,
)
from tests.e2e.test_leads import german_cashew_buyer  # noqa: F401

# The task worker runs the four checks one after another; on a busy machine, screening the
# sanctions lists alone can take several seconds.
CHECKS_MS = 30_000


def test_a_user_verifies_a_demo_importer_and_reads_the_result(
    product_with_identity_provider: SignInStack,
    browser: Browser,
    german_cashew_buyer: Lead,  # noqa: F811
    sources: Sources,  # noqa: F811
) -> None:
    stack = product_with_identity_provider
    company = german_cashew_buyer.company
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script("window.localStorage.setItem('app_language', 'en')")
    sign_in_at_the_provider(page, stack, "/lead-verification")
    grant_credits(
        User.objects.get(email=FREE_DEMO_USER), amount=500, reason="top-up", reference="e2e"
    )
    page.reload()
    expect(credits_in_the_header(page)).to_contain_text("510")

    page.get_by_label("Company name").fill(company.name)
    page.get_by_role("button", name="Search", exact=True).click()
    page.get_by_role("row", name=re.compile(re.escape(company.name))).get_by_role(
        "button", name="Verify"
    ).click()
    confirm = page.get_by_role("dialog", name=f"Verify {company.name}?")
    expect(confirm).to_contain_text("100 credits are held while the checks run")
    confirm.get_by_role("button", name="Confirm").click()

    progress = page.get_by_role("dialog", name=f"Verifying {company.name}")
    expect(progress.get_by_text("Done")).to_have_count(4, timeout=CHECKS_MS)
    progress.get_by_role("button", name="Close").click()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(credits_in_the_header(page)).not_to_contain_text("510")

    with context.expect_page() as opened:
        page.get_by_text(re.compile("click to open the result")).click()
    result = opened.value
    expect(result).to_have_url(re.compile(rf"/lead-verification/{company.pk}$"))
    expect(result.get_by_role("heading", name=company.name, level=1)).to_be_visible()
    expect(result.get_by_role("heading", name=re.compile("Trust verdict"))).to_be_visible()
    screening = result.locator(
        "section", has=result.get_by_role("heading", name="Sanctions screening")
    )
    expect(screening).to_contain_text("No sanctions match above the threshold.")
    expect(screening.get_by_role("table")).to_contain_text("OFAC SDN")
    expect(result.get_by_role("img", name=re.compile("Shipments of"))).to_be_visible()
    expect(page.get_by_text(re.compile("click to open the result"))).to_have_count(0)
