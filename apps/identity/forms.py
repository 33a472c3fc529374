from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.password_validation import validate_password

from apps.core.validation import is_valid_email
from apps.identity.models import User
from apps.identity.texts import text


class _EmailField(forms.CharField):
    def __init__(self, **kwargs: Any) -> None:
        # The length rule (RFC 5321) is part of is_valid_email, so it reads as the same message.
        super().__init__(strip=True, **kwargs)

    def validate(self, value: str) -> None:
        if not value:
            raise forms.ValidationError(text("error.email_required"), code="required")
        if not is_valid_email(value):
            raise forms.ValidationError(text("error.email_invalid"), code="invalid")


class SignInForm(forms.Form):
    email = _EmailField(required=False)
    password = forms.CharField(strip=False, required=False)

    def clean_password(self) -> str:
        password: str = self.cleaned_data["password"]
        if not password:
            raise forms.ValidationError(text("error.password_required"), code="required")
        return password


class PasswordResetRequestForm(forms.Form):
    email = _EmailField(required=False)


class SetPasswordForm(forms.Form):
    password = forms.CharField(strip=False, required=False)
    password_confirm = forms.CharField(strip=False, required=False)

    def __init__(self, user: User, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password: str = self.cleaned_data["password"]
        if not password:
            raise forms.ValidationError(text("error.password_required"), code="required")
        validate_password(password, self.user)
        return password

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if "password" in cleaned and cleaned["password"] != cleaned.get("password_confirm"):
            self.add_error("password_confirm", text("error.password_mismatch"))
        return cleaned
