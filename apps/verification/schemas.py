"""Request shapes of the verification API, with the spec's §5 messages."""

from __future__ import annotations

from typing import Any

import phonenumbers
from ninja import Schema
from pydantic import Field

from apps.core.errors import ValidationFailed
from apps.core.validation import SearchText, SingleLine, is_valid_email
from apps.verification.services import ReportForm

REPORT_TYPES = (
    "Credit Score and Limit",
    "Financial Performance",
    "Director & Shareholder Information",
    "Company Ownership",
    "Key Risk Indicators",
    "Business Verification",
    "Other",
)
FIRST_NAME_REQUIRED = "First name is required"
LAST_NAME_REQUIRED = "Last name is required"
EMAIL_INVALID = "Please enter a valid email address"
PHONE_REQUIRED = "Phone number is required"
PHONE_INVALID = "Please enter a valid phone number"
COMPANY_NAME_REQUIRED = "Company name is required"
REPORT_TYPE_REQUIRED = "Please select at least one report type"
UNKNOWN_REPORT_TYPE = "Unknown report type"


class SearchQuery(Schema):
    name: SearchText = ""
    website: SearchText = ""


class CheckIn(Schema):
    domain: SingleLine = ""
    retry: bool = Field(
        False, description="Run an errored check of a finished run again, free, within 7 days."
    )


class DomainQuery(Schema):
    domain: SingleLine = ""


class ContactIn(Schema):
    """The custom report form."""

    # The lengths of ReportRequest's columns.
    first_name: SingleLine = Field("", max_length=120)
    last_name: SingleLine = Field("", max_length=120)
    email: SingleLine = Field("", max_length=254)
    phone: SingleLine = Field("", max_length=40)
    company_name: SingleLine = Field("", max_length=300)
    job_title: SingleLine = Field("", max_length=200)
    message: str = Field("", max_length=5000)  # the one text of several lines


class ReportIn(ContactIn):
    """The advanced report form: the report types wanted, and the contact fields."""

    report_types: list[SingleLine] = Field(default_factory=list)


def is_valid_phone(text: str) -> bool:
    """An international number (with its + and country code) that is valid for its country."""
    try:
        number = phonenumbers.parse(text, None)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number(number)


def report_form(payload: ContactIn) -> ReportForm:
    """The form's fields, trimmed; every field that is wrong gets its message."""
    values: dict[str, Any] = {
        name: str(getattr(payload, name)).strip() for name in ReportForm.__dataclass_fields__
    }
    problems: dict[str, list[str]] = {}
    for name, message in (
        ("first_name", FIRST_NAME_REQUIRED),
        ("last_name", LAST_NAME_REQUIRED),
        ("company_name", COMPANY_NAME_REQUIRED),
    ):
        if not values[name]:
            problems[name] = [message]
    if not is_valid_email(values["email"]):
        problems["email"] = [EMAIL_INVALID]
    if not values["phone"]:
        problems["phone"] = [PHONE_REQUIRED]
    elif not is_valid_phone(values["phone"]):
        problems["phone"] = [PHONE_INVALID]
    if isinstance(payload, ReportIn):
        if not payload.report_types:
            problems["report_types"] = [REPORT_TYPE_REQUIRED]
        elif any(kind not in REPORT_TYPES for kind in payload.report_types):
            problems["report_types"] = [UNKNOWN_REPORT_TYPE]
    if problems:
        raise ValidationFailed(next(iter(problems.values()))[0], fields=problems)
    return ReportForm(**values)
