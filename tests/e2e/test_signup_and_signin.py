"""A new exporter signs up, verifies the address, chooses a password and signs in, in
Chromium, through the real identity provider, in English and in Vietnamese."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.conftest import SignInStack

PASSWORD = "Cashew-kernels-W320"

TEXTS = {
    "en": {
        "sign_up": "Sign up",
        "registered": "User registered successfully",
        "verify_and_save": "Verify and save",
        "verified": "Your email is verified",
        "continue_with_email": "Continue with email",
        "provider_sign_in": "Sign in",
        "market_title": "Market Insight",
    },
    "vi": {
        "sign_up": "Đăng ký",
        "registered": "Đăng ký tài khoản thành công",
        "verify_and_save": "Xác minh và lưu",
        "verified": "Email của bạn đã được xác minh",
        "continue_with_email": "Tiếp tục với email",
        "provider_sign_in": "Đăng nhập",
        "market_title": "Phân tích thị trường",
    },
}


def choose_language(page: Page, language: str) -> None:
    page.get_by_role("combobox").select_option(language)


@pytest.mark.parametrize("language", ["en", "vi"])
def test_sign_up_verify_set_password_and_sign_in(
    product_with_identity_provider: SignInStack, browser: Browser, language: str
) -> None:
    stack = product_with_identity_provider
    text = TEXTS[language]
    address = f"exporter.{uuid.uuid4().hex[:8]}@example.com"

    signup = browser.new_page()
    signup.goto(f"{stack.product_url}/signup")
    choose_language(signup, language)
    signup.get_by_role("textbox").fill(address)
    signup.get_by_role("button", name=text["sign_up"]).click()
    expect(signup.get_by_text(text["registered"]).first).to_be_visible()

    signup.goto(stack.identity.link_in_mail_to(address, "/verify/"))
    signup.locator("input[type=password]").nth(0).fill(PASSWORD)
    signup.locator("input[type=password]").nth(1).fill(PASSWORD)
    signup.get_by_role("button", name=text["verify_and_save"]).click()
    expect(signup.get_by_text(text["verified"])).to_be_visible()

    # A fresh browser: the sign-in happens at the provider's page, password typed only there.
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(f"window.localStorage.setItem('app_language', '{language}')")
    page.goto(f"{stack.product_url}/market-insights")
    expect(page).to_have_url(re.compile(r"/signin\?path=market-insights"))
    page.get_by_role("textbox").fill(address)
    page.get_by_role("button", name=text["continue_with_email"]).click()

    expect(page).to_have_url(re.compile(f"^{re.escape(stack.identity.url)}/login/"))
    expect(page.locator("input[type=email]")).to_have_value(address)
    page.locator("input[type=password]").fill(PASSWORD)
    page.get_by_role("button", name=text["provider_sign_in"], exact=True).click()

    expect(page).to_have_url(f"{stack.product_url}/market-insights")
    expect(page.get_by_role("heading", name=text["market_title"])).to_be_visible()
    expect(page.get_by_text(address)).to_be_visible()
    context.close()
