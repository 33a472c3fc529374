"""Request and response schemas of the users API (snake_case on the wire)."""

from __future__ import annotations

from typing import Any

from ninja import Schema
from pydantic import Field, field_validator

from apps.core.validation import EMAIL_INVALID, EMAIL_REQUIRED, email_problem


class RegistrationIn(Schema):
    email: str = Field("", validate_default=True)
    language: str | None = None

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
    first_name: str = ""
    last_name: str = ""
    email: str = ""
    phone_number: str = ""
    company_name: str = ""
    job_title: str = ""
    selected_features: list[str] = Field(default_factory=list)
    language: str | None = None
