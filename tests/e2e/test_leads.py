"""A free user finds a cashew importer in Germany, opens it, reveals a buyer's email for a
credit and requests their phone number for five, in Chromium: the credits in the header fall
from 10 to 4, and the My Leads drawer lists both requests."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from playwright.sync_api import Browser, expect

from apps.leads import selectors
from apps.leads.models import Lead
from apps.leads.schemas import CompanyFilters
from apps.market import demo
from apps.market.imports import import_shipments
from tests.conftest import SignInStack
from tests.e2e.test_buy_credits import credits_in_the_header, sign_in_at_the_provider

DEMO_SHIPMENTS = 3_000
FIRST_ROWS_MS = 15_000


@pytest.fixture
def german_cashew_buyer(settings: Any, tmp_path: Path) -> Lead:
    """Demo shipments and demo buyers; a person at a German cashew importer whose email and
    phone number are both on record."""
    settings.TRADE_INDEX_DIR = tmp_path / "trade-index"
    source = tmp_path / "shipments.csv.gz"
    demo.write_csv(source, DEMO_SHIPMENTS)
    import_shipments(source)
    call_command("seed_demo_leads")
    rows, total = selectors.search_companies(
        CompanyFilters(countries=("DE",), imports_product="cashew"), page=1, page_size=100
    )
    assert total.count > 0, "the demo data should have a cashew importer in Germany"
    lead = (
        Lead.objects.filter(company_id__in=[row["id"] for row in rows])
        .exclude(email="")
        .exclude(phone="")
        .select_related("company")
        .first()
    )
    assert lead is not None, "a demo buyer should have both an email and a phone"
    return lead


def test_a_free_user_reveals_a_german_cashew_buyer(
    product_with_identity_provider: SignInStack,
    browser: Browser,
    german_cashew_buyer: Lead,
) -> None:
    stack = product_with_identity_provider
    lead = german_cashew_buyer
    page = browser.new_context().new_page()
    page.add_init_script("window.localStorage.setItem('app_language', 'en')")

    sign_in_at_the_provider(page, stack, "/find-global-company")
    expect(credits_in_the_header(page)).to_contain_text("10")

    search = page.get_by_role("form", name="Company filters")
    search.get_by_label("Imports product").fill("cashew")
    search.get_by_label("Countries").select_option(label="Germany")
    search.get_by_role("button", name="Search", exact=True).click()
    pages = page.get_by_role("navigation", name="Pages", exact=True)
    expect(pages).to_be_visible(timeout=FIRST_ROWS_MS)
    pages.get_by_label("Per page").select_option("100")

    page.get_by_role("link", name=lead.company.name, exact=True).click()
    expect(page).to_have_url(re.compile(rf"/find-global-company/{lead.company_id}\?"))
    expect(page.get_by_role("heading", name=lead.company.name, level=1)).to_be_visible()
    expect(page.get_by_role("link", name="Back to companies")).to_have_attribute(
        "href", re.compile(r"imports_product=cashew")
    )
    expect(page.get_by_role("img", name=re.compile("per month"))).to_be_visible()

    page.get_by_role("button", name=f"Reveal email (1 credit) of {lead.full_name}").click()
    expect(page.get_by_role("link", name=lead.email)).to_be_visible()
    expect(credits_in_the_header(page)).to_contain_text("9")

    page.get_by_role("button", name=f"Request phone (5 credits) of {lead.full_name}").click()
    row = page.get_by_role("row").filter(has_text=lead.full_name)
    expect(row.get_by_role("status")).to_contain_text("Processing")
    expect(row).to_contain_text("It may take 5 minutes")
    expect(credits_in_the_header(page)).to_contain_text("4")

    page.get_by_role("button", name="My leads").click()
    drawer = page.get_by_role("dialog", name="My leads")
    expect(drawer).to_contain_text(lead.full_name)
    expect(drawer.get_by_role("link", name=lead.email)).to_be_visible()
    expect(drawer.get_by_role("status")).to_contain_text("Processing")
    expect(drawer.get_by_role("button", name="Export CSV (1)")).to_be_enabled()
    expect(page).to_have_url(re.compile(r"my-leads=1"))
