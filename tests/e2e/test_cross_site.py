"""A signed-in user visits pages of other origins that try to spend their credits on the reveal
URLs (GETs in the spec), in Chromium: a page on another site navigates the browser to a reveal
URL, and a page of the same site on another port (which gets the session cookie even with
SameSite=Lax) loads reveal URLs as images. Each is refused with 403 and nothing is spent; the
same URL typed in the address bar still reveals the email."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, expect

from apps.accounts.tests.http import answering
from apps.leads.models import ContactRequest
from apps.leads.tests.conftest import make_company, make_lead
from tests.conftest import SignInStack
from tests.e2e.test_buy_credits import credits_in_the_header, sign_in_at_the_provider

EMAIL = "anna@hanse.example"


def answered(caplog: pytest.LogCaptureFixture, path: str) -> list[int]:
    """The statuses of the product's failed answers to requests of `path`."""
    return [
        getattr(record, "status_code", 0)
        for record in caplog.records
        if record.name == "django.request" and path in record.getMessage()
    ]


def test_pages_of_other_origins_cannot_spend_credits(
    product_with_identity_provider: SignInStack, browser: Browser, caplog: pytest.LogCaptureFixture
) -> None:
    stack = product_with_identity_provider
    lead = make_lead(make_company(name="Hanse Nuts GmbH"), email=EMAIL, phone="+49 40 1234567")
    reveal = f"{stack.product_url}/fast-ai/v1/lead-sourcing/employees/{lead.pk}/request-email"
    phone = f"{stack.product_url}/fast-ai/v1/lead-sourcing/employees/{lead.pk}/request-contact"
    page = browser.new_context().new_page()
    page.add_init_script("window.localStorage.setItem('app_language', 'en')")
    sign_in_at_the_provider(page, stack, "/find-global-company")
    expect(credits_in_the_header(page)).to_contain_text("10")

    images = f'<img src="{reveal}"><img src="{phone}">'
    with answering(200, images) as same_site:  # 127.0.0.1 on another port: the same site
        page.goto(same_site)
        page.wait_for_load_state("networkidle")
    # Both reached the product with the session (else 401) and were refused.
    assert answered(caplog, "/employees/") == [403, 403]

    navigate = f"<script>window.location.href = {json.dumps(reveal)};</script>"
    with answering(200, navigate) as other:
        page.goto(other.replace("127.0.0.1", "localhost"))  # another site
        expect(page).to_have_url(reveal)
    refusal = json.loads(page.locator("body").inner_text())
    assert refusal["meta"]["code"] == "foreign_origin"

    assert not ContactRequest.objects.filter(lead=lead).exists()
    page.goto(f"{stack.product_url}/find-global-company")
    expect(credits_in_the_header(page)).to_contain_text("10")

    page.goto(reveal)  # typed in the address bar by the user
    assert json.loads(page.locator("body").inner_text())["data"]["email"] == EMAIL
    page.goto(f"{stack.product_url}/find-global-company")
    expect(credits_in_the_header(page)).to_contain_text("9")
