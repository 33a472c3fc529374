"""Request and response schemas of the users API (snake_case on the wire)."""

from __future__ import annotations

from typing import Any

from ninja import Schema
from pydantic import Field, field_validator

from apps.core.validation import EMAIL_INVALID, EMAIL_REQUIRED, SingleLine, email_problem


class RegistrationIn(Schema):
    email: str = Field("", validate_default=True)
    language: SingleLine | None = None

    @field_validator("email", mode="before")
    @classmethod
    def acceptable_email(cls, value: Any) -> str:
        if value is None:
            raise ValueError(EMAIL_REQUIRED)
        if not isinstance(value, str):
            raise ValueError(EMAIL_INVALID)
        problem = email_problem(value)
        if problem:
            raise ValueError(problem)
        return value.strip()


class SessionExpiry(Schema):
    expires_at: str
    expires_in: int


class ServiceDemandIn(Schema):
    # The lengths of ServiceDemand's columns.
    first_name: SingleLine = Field("", max_length=100)
    last_name: SingleLine = Field("", max_length=100)
    email: SingleLine = Field("", max_length=254)
    phone_number: SingleLine = Field("", max_length=32)
    company_name: SingleLine = Field("", max_length=200)
    job_title: SingleLine = Field("", max_length=200)
    selected_features: list[SingleLine] = Field(default_factory=list)
    language: SingleLine | None = None
