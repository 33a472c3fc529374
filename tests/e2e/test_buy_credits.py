"""A free user buys the Basic credit pack through the sandbox payment page, in Chromium, and
comes back to 100 more credits and the 'Payment successful' notice."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from apps.billing.models import CreditEntry, Order
from tests.conftest import SignInStack

FREE_DEMO_USER = "free@example.com"


def sign_in_at_the_provider(page: Page, stack: SignInStack, start: str) -> None:
    page.goto(f"{stack.product_url}{start}")
    page.get_by_role("textbox").fill(FREE_DEMO_USER)
    page.get_by_role("button", name="Continue with email").click()
    expect(page).to_have_url(re.compile(f"^{re.escape(stack.identity.url)}/login/"))
    page.locator("input[type=password]").fill(stack.identity.demo_password)
    page.get_by_role("button", name="Sign in", exact=True).click()
    expect(page).to_have_url(f"{stack.product_url}{start}")


def credits_in_the_header(page: Page) -> Any:
    return page.locator(".topbar").get_by_role("link", name=re.compile("Credits"))


def test_a_free_user_buys_the_basic_pack_through_the_sandbox(
    product_with_identity_provider: SignInStack, browser: Browser, settings: Any
) -> None:
    settings.PAYMENTS_SANDBOX, settings.STRIPE_SECRET_KEY = True, ""
    stack = product_with_identity_provider
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script("window.localStorage.setItem('app_language', 'en')")

    sign_in_at_the_provider(page, stack, "/find-global-company")
    expect(credits_in_the_header(page)).to_contain_text("10")

    page.goto(f"{stack.product_url}/find-global-company?pricing=lead-sourcing")
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Basic")
    dialog.get_by_role("button", name="Buy 100 credits").click()

    expect(page).to_have_url(re.compile(r"/payments/sandbox/sbx_[\w-]+/\?lang=en$"))
    expect(page.get_by_text("US$5.00")).to_be_visible()
    page.get_by_role("button", name="Pay").click()

    order = Order.objects.get(user__email=FREE_DEMO_USER)
    expect(page).to_have_url(
        f"{stack.product_url}/success?product_name=lead-sourcing&order={order.pk}"
    )
    expect(page.get_by_text("Payment successful").first).to_be_visible()
    expect(page.get_by_text(f"Order #{order.pk}, Basic ($5), is paid.")).to_be_visible()
    expect(page).to_have_url(f"{stack.product_url}/find-global-company", timeout=10_000)
    expect(credits_in_the_header(page)).to_contain_text("110")

    order.refresh_from_db()
    assert (order.status, order.plan.key, order.provider) == ("paid", "basic", "sandbox")
    assert CreditEntry.objects.filter(order=order, amount=100).count() == 1
    context.close()
