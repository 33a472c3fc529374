"""Every wrong field carries the stable code of its message, which the client translates: the
code of a Problem raised as it is, or found by its text after a schema's validation passed the
text alone."""

from __future__ import annotations

import json

from apps.core.errors import UNKNOWN_PROBLEM, Problem, ValidationFailed, problem_code
from apps.core.phones import phone_text
from apps.core.responses import application_error_response, error_body
from apps.core.validation import SINGLE_LINE


def test_a_failed_field_answers_its_message_and_the_code_of_its_first_message() -> None:
    wrong = Problem("Pick a colour", "colour_required")
    refused = ValidationFailed(wrong, fields={"colour": [wrong, SINGLE_LINE]})

    body = json.loads(application_error_response(refused).content)

    assert body["data"]["fields"] == {"colour": ["Pick a colour", SINGLE_LINE]}
    assert body["meta"]["field_codes"] == {"colour": "colour_required"}


def test_a_message_that_lost_its_type_is_known_by_its_text() -> None:
    assert problem_code(str(SINGLE_LINE)) == "single_line"
    assert error_body(message="x", code="validation_failed", fields={"name": [str(SINGLE_LINE)]})[
        "meta"
    ]["field_codes"] == {"name": "single_line"}


def test_a_text_no_problem_declares_has_the_unknown_code() -> None:
    assert problem_code("Something nobody declared") == UNKNOWN_PROBLEM


def test_a_message_made_for_one_answer_keeps_its_code_but_is_not_listed() -> None:
    unknown_code = phone_text("phone_country_code_unknown", "vi", code="83")

    assert problem_code(unknown_code) == "phone_country_code_unknown"
    assert problem_code(str(unknown_code)) == UNKNOWN_PROBLEM


def test_an_error_without_wrong_fields_sends_no_field_codes() -> None:
    assert "field_codes" not in error_body(message="Not found", code="not_found")["meta"]
