"""Odd input never makes a server error: a line break or tab in a one-line field is a 422 naming
the field (before anything is stored or mailed), and a call too long, too large, too deeply
nested or with too many parameters to read is refused in the error shape."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core import mail
from django.test import Client

from apps.accounts.models import ServiceDemand
from apps.core.middleware import MAX_JSON_DEPTH, MAX_URL_CHARS, nested_deeper_than
from apps.core.validation import SINGLE_LINE, is_single_line
from apps.verification.models import ReportRequest

pytestmark = pytest.mark.django_db

DEMANDS = "/fast-ai/v1/users/service-demands"
CUSTOM_REPORT = "/fast-ai/v1/lead-verification/companies/request-contact"
DEMAND = {
    "first_name": "Lan",
    "last_name": "Nguyen",
    "email": "lan@farm.vn",
    "phone_number": "+84 912 345 678",
    "company_name": "Phuc An Coffee",
    "job_title": "Export manager",
    "selected_features": ["Market alerts"],
}
CONTACT = {
    "first_name": "Lan",
    "last_name": "Nguyen",
    "email": "lan@farm.vn",
    "phone": "+84 912 345 678",
    "company_name": "Phuc An Coffee",
    "job_title": "Export manager",
    "message": "Please check this buyer.\nThey asked for 40 tonnes.",
}


def post_json(client: Client, path: str, body: Any) -> Any:
    return client.post(path, json.dumps(body), content_type="application/json")


def error(response: Any) -> tuple[int, str, dict[str, list[str]]]:
    body = response.json()
    assert body["data"]["error"] == body["meta"]["message"]
    return response.status_code, body["meta"]["code"], body["data"]["fields"]


@pytest.mark.parametrize(
    "text", ["a\nb", "a\rb", "a\r\nb", "a\tb", "a\u2028b", "a\u2029b", "a\x0bb", "a\x85b", "\n"]
)
def test_line_breaks_tabs_and_controls_are_not_one_line(text: str) -> None:
    assert not is_single_line(text)


def test_one_line_texts_in_any_script() -> None:
    assert is_single_line("Công ty TNHH Phúc An · 福安咖啡 — O'Brien & Sons, Ltd.")


@pytest.mark.parametrize("field", [*DEMAND, "language"])
@pytest.mark.parametrize("text", ["Lan\nBcc: list@evil.example", "Lan\r\n", "Lan\tNguyen"])
def test_a_service_demand_with_a_line_break_is_refused_before_it_is_stored(
    client: Client, field: str, text: str
) -> None:
    value = [text] if field == "selected_features" else text

    response = post_json(client, DEMANDS, {**DEMAND, field: value})

    assert error(response) == (422, "validation_failed", {field: [SINGLE_LINE]})
    assert not ServiceDemand.objects.exists()
    assert mail.outbox == []


@pytest.mark.parametrize("field", [name for name in CONTACT if name != "message"])
def test_a_report_request_with_a_line_break_is_refused_before_it_is_stored(
    member_client: Client, field: str
) -> None:
    response = post_json(member_client, CUSTOM_REPORT, {**CONTACT, field: "Phuc\nAn"})

    assert error(response) == (422, "validation_failed", {field: [SINGLE_LINE]})
    assert not ReportRequest.objects.exists()


def test_the_message_of_a_report_request_keeps_its_lines(member_client: Client) -> None:
    response = post_json(member_client, CUSTOM_REPORT, CONTACT)

    assert response.status_code == 201
    assert ReportRequest.objects.get().message == CONTACT["message"]


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("/fast-ai/v1/shipments?importer_name=Hanse%0ANuts", "importer_name"),
        ("/fast-ai/v1/lead-sourcing/companies?name=Hanse%09Nuts", "name"),
        ("/fast-ai/v1/lead-sourcing/companies?countries=DE%0A", "countries"),
        ("/fast-ai/v1/lead-verification/companies?website=hanse.example%0D%0A", "website"),
        ("/fast-ai/v1/hs-codes/suggest?q=cashew%0A", "q"),
    ],
)
def test_a_line_break_in_a_one_line_query_parameter_is_refused(
    member_client: Client, path: str, field: str
) -> None:
    status, _, fields = error(member_client.get(path))

    assert (status, fields[field]) == (422, [SINGLE_LINE])


def test_a_line_break_in_a_checks_domain_is_refused(member_client: Client) -> None:
    path = "/fast-ai/v1/lead-verification/companies/1/checks/website"

    response = post_json(member_client, path, {"domain": "hanse.example\nHost: 127.0.0.1"})

    assert error(response) == (422, "validation_failed", {"domain": [SINGLE_LINE]})


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 1_000, 100_000])
def test_json_nested_too_deeply_is_refused(member_client: Client, depth: int) -> None:
    for body in ("[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
        response = member_client.post(DEMANDS, body, content_type="application/json")

        assert error(response) == (400, "nested_too_deeply", {})


def test_json_nested_to_the_limit_reaches_the_endpoint(client: Client) -> None:
    nested: Any = "Market alerts"
    for _ in range(MAX_JSON_DEPTH - 2):
        nested = [nested]

    response = post_json(client, DEMANDS, {**DEMAND, "selected_features": nested})

    assert response.status_code == 422
    assert "selected_features" in response.json()["data"]["fields"]


@pytest.mark.parametrize(
    ("body", "deeper"),
    [
        (b'{"a": "[[[[[[[[[["}', False),  # brackets inside a string
        (b'{"a": "\\"[[[[[[[[[["}', False),  # after an escaped quote
        (b"[[[[[[[[[[]]]]]]]]]]", True),
        (b"[[],[],[],[],[],[],[],[],[],[],[]]", False),  # many, side by side
    ],
)
def test_nesting_is_counted_outside_strings(body: bytes, deeper: bool) -> None:
    assert nested_deeper_than(body, 9) is deeper


def test_an_address_over_the_limit_is_414(member_client: Client) -> None:
    long_text = "a" * MAX_URL_CHARS

    response = member_client.get(f"/fast-ai/v1/shipments?product_details={long_text}")

    assert error(response)[:2] == (414, "url_too_long")


def test_an_address_under_the_limit_is_read(member_client: Client) -> None:
    response = member_client.get(f"/fast-ai/v1/shipments?product_details={'a' * 7_000}")

    assert error(response)[:2] == (422, "validation_failed")  # over the search's 200 characters


def test_too_many_parameters_is_400(member_client: Client) -> None:
    query = "&".join(["h"] * 1_001)  # Django reads at most 1,000 (DATA_UPLOAD_MAX_NUMBER_FIELDS)

    response = member_client.get(f"/fast-ai/v1/shipments?{query}")

    assert error(response) == (400, "too_many_parameters", {})
