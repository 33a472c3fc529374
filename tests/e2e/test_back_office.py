"""A free user asks for an unavailable feature through its page, in Vietnamese, and cannot open
the back office; made an operator, the same person signs in to it through the identity provider
and finds the demand there."""

from __future__ import annotations

import re
from typing import Any

from django.core import mail
from django.core.management import call_command
from playwright.sync_api import Browser, expect

from apps.accounts.models import ServiceDemand
from tests.conftest import SignInStack
from tests.e2e.test_buy_credits import FREE_DEMO_USER, sign_in_at_the_provider


def test_a_demand_reaches_the_back_office(
    product_with_identity_provider: SignInStack, browser: Browser, settings: Any
) -> None:
    settings.OPERATORS_EMAIL = "team@tradewise.example"
    stack = product_with_identity_provider
    page = browser.new_context().new_page()
    sign_in_at_the_provider(page, stack, "/farm-management")
    page.evaluate("window.localStorage.setItem('app_language', 'vi')")
    page.reload()
    expect(page.get_by_label("Quản lý nông trại")).to_be_checked()
    page.get_by_label("Số điện thoại").fill("0912")
    page.get_by_label("Tên", exact=True).fill("Lan")
    page.get_by_label("Họ", exact=True).fill("Nguyen")
    page.get_by_label("Tên công ty").fill("Saigon Coffee")
    page.get_by_role("button", name="Gửi").click()
    expect(page.get_by_role("alert")).to_have_text("Vui lòng nhập số điện thoại hợp lệ")
    page.get_by_label("Số điện thoại").fill("+84 912 345 678")
    page.get_by_role("button", name="Gửi").click()
    expect(page.get_by_role("status").filter(has_text="Cảm ơn")).to_be_visible()

    demand = ServiceDemand.objects.get()
    assert (demand.email, demand.phone_number) == (FREE_DEMO_USER, "+84912345678")
    assert [m.to for m in mail.outbox[-2:]] == [[FREE_DEMO_USER], ["team@tradewise.example"]]

    page.goto(f"{stack.product_url}/admin/")
    expect(page.get_by_text("403")).to_be_visible()

    call_command("make_operator", FREE_DEMO_USER, "--superuser")
    operator = browser.new_context().new_page()
    operator.goto(f"{stack.product_url}/admin/accounts/servicedemand/")
    expect(operator).to_have_url(re.compile(f"^{re.escape(stack.identity.url)}/login/"))
    operator.locator("#email").fill(FREE_DEMO_USER)
    operator.locator("#password").fill(stack.identity.demo_password)
    operator.locator("button[type=submit]").click()
    expect(operator).to_have_url(f"{stack.product_url}/admin/accounts/servicedemand/")
    expect(operator.get_by_text("Demands per feature")).to_be_visible()
    expect(operator.get_by_text("Saigon Coffee")).to_be_visible()
