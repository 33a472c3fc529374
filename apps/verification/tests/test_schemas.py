"""The report forms' rules (spec §5) read without the API: the fields trimmed, each wrong field
with its message and stable code, the phone's message in the user's language, and the report
types checked against the form's list."""

from __future__ import annotations

import pytest

from apps.core.errors import ValidationFailed
from apps.verification.schemas import (
    REPORT_TYPES,
    CheckIn,
    ContactIn,
    ReportIn,
    SearchQuery,
    report_form,
)
from apps.verification.services import ReportForm

FORM = {
    "first_name": "Lan",
    "last_name": "Nguyen",
    "email": "lan@exporter.example",
    "phone": "+84 28 3822 9999",
    "company_name": "Phuc An Agri",
}


def refusal(payload: ContactIn, language: str = "en") -> ValidationFailed:
    with pytest.raises(ValidationFailed) as refused:
        report_form(payload, language)
    return refused.value


def test_a_form_is_read_with_every_field_trimmed() -> None:
    payload = ContactIn(
        **{**FORM, "first_name": "  Lan ", "job_title": " Buyer ", "message": " Hello\n "}
    )

    assert report_form(payload) == ReportForm(
        first_name="Lan",
        last_name="Nguyen",
        email="lan@exporter.example",
        phone="+84 28 3822 9999",
        company_name="Phuc An Agri",
        job_title="Buyer",
        message="Hello",
    )


def test_an_empty_form_names_every_required_field_with_its_code() -> None:
    refused = refusal(ContactIn())

    assert refused.fields == {
        "first_name": ["First name is required"],
        "last_name": ["Last name is required"],
        "company_name": ["Company name is required"],
        "email": ["Please enter a valid email address"],
        "phone": ["Phone number is required"],
    }
    assert [problem.code for problems in refused.fields.values() for problem in problems] == [
        "first_name_required",
        "last_name_required",
        "company_name_required",
        "email_invalid",
        "phone_required",
    ]
    assert str(refused.message) == "First name is required"


def test_the_phones_message_is_in_the_users_language_and_the_others_in_english() -> None:
    refused = refusal(ContactIn(**{**FORM, "phone": "", "first_name": ""}), "vi")

    assert refused.fields["first_name"] == ["First name is required"]
    assert refused.fields["phone"] == ["Vui lòng nhập số điện thoại"]


@pytest.mark.parametrize(
    ("report_types", "message"),
    [([], "Please select at least one report type"), (["Other", "Gossip"], "Unknown report type")],
)
def test_an_advanced_form_wants_report_types_of_the_forms_list(
    report_types: list[str], message: str
) -> None:
    refused = refusal(ReportIn(**FORM, report_types=report_types))

    assert refused.fields == {"report_types": [message]}


def test_every_report_type_of_the_list_is_accepted() -> None:
    form = report_form(ReportIn(**FORM, report_types=list(REPORT_TYPES)))

    assert form.company_name == "Phuc An Agri"
    assert len(REPORT_TYPES) == 7


def test_a_check_runs_without_a_domain_and_not_as_a_retry_unless_asked() -> None:
    assert (CheckIn().domain, CheckIn().retry) == ("", False)
    assert (SearchQuery().name, SearchQuery().website) == ("", "")
