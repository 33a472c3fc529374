from __future__ import annotations

import pytest

from apps.identity.forms import PasswordResetRequestForm, SetPasswordForm, SignInForm
from apps.identity.tests import factories

pytestmark = pytest.mark.django_db


def test_sign_in_form_requires_a_valid_email_and_a_password() -> None:
    form = SignInForm({"email": "bad", "password": ""})
    assert not form.is_valid()
    assert form.errors["email"] == ["Please enter a valid email address (e.g: name@example.com)."]
    assert form.errors["password"] == ["Please enter your password"]


def test_sign_in_form_keeps_the_password_as_typed() -> None:
    form = SignInForm({"email": " lan@example.com ", "password": " secret "})
    assert form.is_valid()
    assert form.cleaned_data == {"email": "lan@example.com", "password": " secret "}


def test_reset_request_form_requires_an_email() -> None:
    assert PasswordResetRequestForm({"email": ""}).errors["email"] == ["Please enter an email"]


def test_set_password_form_checks_confirmation_and_strength() -> None:
    user = factories.make_user()
    assert SetPasswordForm(
        user, {"password": "long-enough-1", "password_confirm": "long-enough-1"}
    ).is_valid()
    mismatch = SetPasswordForm(user, {"password": "long-enough-1", "password_confirm": "x"})
    assert mismatch.errors["password_confirm"] == ["The two passwords do not match."]
    assert (
        "password"
        in SetPasswordForm(user, {"password": "12345678", "password_confirm": "12345678"}).errors
    )
