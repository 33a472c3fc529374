"""Request shapes of the verification API, with the spec's §5 messages."""

from __future__ import annotations

from typing import Any

from ninja import Schema
from pydantic import Field

from apps.core.errors import ValidationFailed
from apps.core.phones import phone_message, phone_text
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
PHONE_REQUIRED = phone_text("phone_required", "en")
PHONE_INVALID = phone_text("phone_invalid", "en")
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


def report_form(payload: ContactIn, language: str = "en") -> ReportForm:
    """The form's fields, trimmed; every field that is wrong gets its message. The phone
    number's is in `language` (the client knows the English texts of the others by heart)."""
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
    phone = phone_message(values["phone"], language)
    if phone:
        problems["phone"] = [phone]
    if isinstance(payload, ReportIn):
        if not payload.report_types:
            problems["report_types"] = [REPORT_TYPE_REQUIRED]
        elif any(kind not in REPORT_TYPES for kind in payload.report_types):
            problems["report_types"] = [UNKNOWN_REPORT_TYPE]
    if problems:
        raise ValidationFailed(next(iter(problems.values()))[0], fields=problems)
    return ReportForm(**values)
