"""`make_operator` at the real embedded identity provider: a new operator gets a one-time
link to set a password and signs in to the back office with it, without signing up."""

from __future__ import annotations

import re
from io import StringIO
from typing import Any

import pytest
import requests
from django.core.management import call_command

from apps.accounts.models import User
from apps.accounts.tests.real_provider import DEMO_EMAIL, new_address, unreachable
from tests.browser import submit_form
from tests.conftest import SignInStack

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "ops-secret-2026"


@pytest.fixture
def stack(product_with_identity_provider: SignInStack) -> SignInStack:
    return product_with_identity_provider


def make_operator(*args: str) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("make_operator", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def _link(output: str, stack: SignInStack) -> str:
    found = re.findall(rf"{re.escape(stack.identity.url)}/\S+", output)
    assert len(found) == 1, output
    return found[0]


def test_a_new_operator_sets_a_password_with_the_printed_link_and_opens_the_admin(
    stack: SignInStack,
) -> None:
    email = new_address()

    out, err = make_operator(email, "--language", "vi")

    assert err == ""
    assert out.startswith(f"{email} is now an operator.\n")
    assert "valid 72 hours, once" in out
    link = _link(out, stack)
    assert link.startswith(f"{stack.identity.url}/verify/")
    assert link.endswith("?lang=vi")
    assert not stack.identity.mail_to(email)  # nothing to dig out of a mailbox
    assert User.objects.get(email=email).is_staff

    browser = requests.Session()
    page = browser.get(link, timeout=10)
    assert page.status_code == 200
    done = submit_form(browser, page, password=PASSWORD, password_confirm=PASSWORD)
    assert done.status_code == 200

    operator = requests.Session()
    login = operator.get(f"{stack.product_url}/admin/", timeout=10)
    assert login.url.startswith(f"{stack.identity.url}/login/")
    admin = submit_form(operator, login, email=email, password=PASSWORD)
    assert admin.status_code == 200
    assert admin.url == f"{stack.product_url}/admin/"

    used = requests.Session()
    again = used.get(link, timeout=10)
    assert again.status_code == 400  # the link worked once


def test_an_operator_who_has_a_password_gets_no_link(stack: SignInStack) -> None:
    out, err = make_operator(DEMO_EMAIL, "--superuser")

    assert err == ""
    assert "already signs in with a password at the identity provider" in out
    assert stack.identity.url not in out


def test_with_mail_the_provider_emails_the_link(stack: SignInStack) -> None:
    email = new_address()

    out, _ = make_operator(email, "--mail")

    assert f"The identity provider emailed {email} a link to set a password." in out
    assert stack.identity.url not in out
    assert stack.identity.link_in_mail_to(email, "/verify/")


def test_a_provider_that_cannot_be_reached_leaves_the_operator_made_and_says_so(
    stack: SignInStack, settings: Any
) -> None:
    settings.IDENTITY_ADMIN_URL = unreachable("/admin-api")
    email = new_address()

    out, err = make_operator(email)

    assert User.objects.get(email=email).is_staff
    assert "No password link: the identity provider did not make one" in err
    assert "run this command again" in err
    assert "http" not in out


def test_keycloak_says_where_its_password_email_is_sent_from(
    stack: SignInStack, settings: Any
) -> None:
    settings.IDENTITY_ADMIN_ADAPTER = "keycloak"
    settings.KEYCLOAK_ADMIN_URL = unreachable("")

    _, err = make_operator(new_address())

    assert "Keycloak makes no password-set links" in err


def test_revoking_asks_the_provider_for_nothing(stack: SignInStack) -> None:
    email = new_address()
    make_operator(email, "--no-link")

    out, err = make_operator(email, "--revoke")

    assert (out, err) == (f"{email} is now a user.\n", "")
