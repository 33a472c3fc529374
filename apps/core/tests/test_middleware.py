"""Every call under the API's prefixes answers in the error shape: text with control characters
is refused with a 422 naming the field, and a wrong method or an unknown path is JSON too."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from apps.core.middleware import CONTROL_CHARACTERS, has_control_characters

pytestmark = pytest.mark.django_db


def post_json(client: Client, path: str, body: Any) -> Any:
    return client.post(path, json.dumps(body), content_type="application/json")


def assert_refused(response: Any, field: str) -> None:
    assert response.status_code == 422, response.content
    body = response.json()
    assert body["meta"] == {
        "message": CONTROL_CHARACTERS,
        "code": "invalid_characters",
        "field_codes": {field: "control_characters"},
    }
    assert body["data"]["fields"] == {field: [CONTROL_CHARACTERS]}


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        (
            "/fast-ai/v1/payments/checkout/sessions",
            {"product": "Lead\x00", "plan": "basic"},
            "product",
        ),
        ("/oms-backend/v1/orders", {"product": "Lead Sourcing", "plan": "bas\x00ic"}, "plan"),
        (
            "/fast-ai/v1/shipments/request-contact",
            {"importer_names": ["ACME\x00"], "filters": {}},
            "importer_names",
        ),
        (
            "/fast-ai/v1/users/service-demands",
            {"first_name": "Lan", "last_name": "\x00", "email": "lan@example.com"},
            "last_name",
        ),
        (
            "/fast-ai/v1/lead-verification/companies/request-contact",
            {"company_name": "Phuc\x1bAn"},
            "company_name",
        ),
        ("/fast-ai/v1/shipments/ai/ask", {"question": "cashew\ud800"}, "question"),
    ],
)
def test_a_control_character_in_a_json_text_field_is_refused(
    member_client: Client, path: str, body: dict[str, Any], field: str
) -> None:
    assert_refused(post_json(member_client, path, body), field)


@pytest.mark.parametrize(
    ("path", "query", "field"),
    [
        ("/fast-ai/v1/shipments", {"product_details": "cashew\x00"}, "product_details"),
        ("/fast-ai/v1/lead-sourcing/companies", {"name": "\x00"}, "name"),
        ("/fast-ai/v1/lead-verification/companies", {"company_name": "a\x7fb"}, "company_name"),
    ],
)
def test_a_control_character_in_the_query_string_is_refused(
    member_client: Client, path: str, query: dict[str, str], field: str
) -> None:
    assert_refused(member_client.get(path, query), field)


def test_tabs_and_line_breaks_are_text() -> None:
    assert not has_control_characters("first line\r\nsecond\tline, Phúc An 福安")
    assert has_control_characters("\x00")
    assert has_control_characters("\x85")  # a C1 control
    assert has_control_characters("\udc00")


@pytest.mark.parametrize("path", ["/fast-ai/v1/products", "/oms-backend/v1/orders"])
def test_a_wrong_method_answers_405_in_the_error_shape(member_client: Client, path: str) -> None:
    response = member_client.delete(path)

    assert response.status_code == 405
    assert response["Content-Type"] == "application/json"
    assert response.json()["meta"]["code"] == "method_not_allowed"
    assert response.json()["data"]["error"] == "Method Not Allowed"
    assert "GET" in response["Allow"]


@pytest.mark.parametrize("path", ["/fast-ai/v1/no-such-thing", "/oms-backend/v1/orders/x/y"])
def test_an_unknown_api_path_answers_404_in_the_error_shape(
    member_client: Client, path: str
) -> None:
    response = member_client.get(path)

    assert response.status_code == 404
    assert response.json()["meta"]["code"] == "not_found"


def test_an_unreadable_body_answers_400_in_the_error_shape(member_client: Client) -> None:
    response = member_client.post(
        "/oms-backend/v1/orders", "{not json", content_type="application/json"
    )

    assert response.status_code == 400
    assert set(response.json()) == {"data", "meta"}


@pytest.mark.parametrize(
    "path",
    [
        "/oms-backend/v1/orders/37347333076704917716992",
        "/fast-ai/v1/lead-sourcing/companies/9223372036854775808",
        "/fast-ai/v1/lead-sourcing/employees/99999999999999999999/request-email",
        "/fast-ai/v1/lead-verification/companies/37347333076704917716992/results",
        "/fast-ai/v1/lead-verification/companies/37347333076704917716992/sanctions/check",
    ],
)
def test_an_id_past_the_databases_integers_is_refused_before_the_query(
    member_client: Client, path: str
) -> None:
    response = member_client.get(path)

    assert response.status_code == 422
    assert set(response.json()) == {"data", "meta"}


@pytest.mark.parametrize(
    "path",
    ["/find-global-company/37347333076704917716992", "/lead-verification/99999999999999999999"],
)
def test_a_page_for_an_id_past_the_databases_integers_is_not_found(
    member_client: Client, path: str
) -> None:
    assert member_client.get(path).status_code == 404


def test_a_body_over_the_size_limit_answers_413_in_the_error_shape(
    member_client: Client, settings: Any
) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    body = {"question": "cashew " * 500}

    response = post_json(member_client, "/fast-ai/v1/shipments/ai/ask", body)

    assert response.status_code == 413
    assert response["Content-Type"] == "application/json"
    assert response.json()["meta"] == {
        "message": "The request body is too large",
        "code": "too_large",
    }


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        (
            "/fast-ai/v1/lead-verification/companies/request-contact",
            {"first_name": "L" * 121, "last_name": "Nguyen", "company_name": "Phuc An"},
            "first_name",
        ),
        (
            "/fast-ai/v1/users/service-demands",
            {"first_name": "Lan", "last_name": "N" * 101, "email": "lan@example.com"},
            "last_name",
        ),
    ],
)
def test_a_form_text_longer_than_its_column_is_refused(
    member_client: Client, path: str, body: dict[str, Any], field: str
) -> None:
    # On PostgreSQL this text once reached the table and failed there with a 500.
    response = post_json(member_client, path, body)

    assert response.status_code == 422
    assert field in response.json()["data"]["fields"]
