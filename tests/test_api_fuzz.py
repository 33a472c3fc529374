"""The API against its own OpenAPI document, fuzzed: for every operation, generated requests
(valid and invalid) from a signed-in member with a paid plan, credits, trade data and buyer
companies. No answer may be a server error, and every answer must match the document: its
status, its content type and its body's schema (the one error shape for every 4XX).

The examples are drawn deterministically (derandomized), a bounded number per operation, so the
test gives the same answer on every run."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import hypothesis
import pytest
import schemathesis
from django.conf import settings
from django.test.client import ClientHandler
from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.schemas import BaseSchema

from apps.accounts.models import User
from apps.billing.models import Plan, Subscription
from apps.billing.services import create_order
from apps.core.api import openapi_document
from apps.leads.tests.conftest import make_company, make_lead, with_credits
from apps.market import index
from apps.market.tests.factories import cashew_and_coffee_trade
from tests.fixtures import signed_in

# Generated requests per operation, and at most as many of schemathesis's boundary cases
# (values at and past each declared limit, wrong types, missing parameters, other methods).
EXAMPLES_PER_OPERATION = 12
BOUNDARY_CASES_PER_OPERATION = 16

StartResponse = Callable[[str, list[tuple[str, str]]], Any]


def product(environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
    """The product as a WSGI application, served the way Django's test client serves it: in
    this thread, inside the test's database transaction."""
    response = ClientHandler(enforce_csrf_checks=False)(environ)
    headers = list(response.items())
    headers += [("Set-Cookie", cookie.OutputString()) for cookie in response.cookies.values()]
    start_response(f"{response.status_code} {response.reason_phrase}", headers)
    if response.streaming:
        return (bytes(chunk) for chunk in response.streaming_content)  # type: ignore[attr-defined]
    return [response.content]


@dataclass(frozen=True)
class Member:
    """The signed-in member's session, and values that name something it may see."""

    cookie: str
    known: dict[str, dict[str, Any]]


@pytest.fixture
def signed_in_member(member: User, settings: Any) -> Member:
    """A signed-in member with something to find: a paid trade-data plan, credits, shipments
    in the analytics index, buyer companies with their people, and an order; payments go to
    the sandbox."""
    settings.PAYMENTS_SANDBOX = True
    Subscription.objects.create(user=member, plan=Plan.objects.get(key="monthly"))
    with_credits(member, 500)
    cashew_and_coffee_trade()
    index.build_snapshot()
    company = make_company(name="Phuc An Buyer GmbH", country="DE")
    lead = make_lead(company)
    order = create_order(member, product_name="lead-sourcing", plan_key="basic")
    return Member(
        cookie=signed_in(member).cookies[settings.SESSION_COOKIE_NAME].value,
        known={
            "path": {"company_id": company.pk, "lead_id": lead.pk, "order_id": order.pk},
            "query": {
                "start_date": "01-01-2023",
                "end_date": "31/12/2024",
                "product_details": "cashew",
                "countries": "DE",
                "company_ids": [company.pk],
            },
        },
    )


SETTINGS = hypothesis.settings(
    max_examples=EXAMPLES_PER_OPERATION,
    derandomize=True,
    database=None,
    deadline=None,
    phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],
    suppress_health_check=list(hypothesis.HealthCheck),
)
CHECKS = [
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


def unavailable(response: schemathesis.Response) -> bool:
    """An outside service that the test does not run (the identity provider's user admin, a
    web search source) answers 503 in the error shape, as it does in production when it is not
    configured: that is its documented answer, not a failure of the product."""
    if response.status_code != 503:
        return False
    body = response.json()
    return isinstance(body, dict) and body.get("meta", {}).get("code") == "provider_unavailable"


def cases(
    operation: schemathesis.APIOperation, known: dict[str, dict[str, Any]]
) -> SearchStrategy[schemathesis.Case]:
    """Requests that follow the document, requests that break it, and requests that follow it
    with values that find something (existing ids, a period with shipments)."""
    strategies = [operation.as_strategy()]
    names = {parameter.name: parameter.location for parameter in operation.iter_parameters()}
    if names or operation.body:
        strategies.append(operation.as_strategy(generation_mode=GenerationMode.NEGATIVE))
    given = {
        location: {name: value for name, value in values.items() if name in names}
        for location, values in known.items()
    }
    if any(given.values()):
        strategies.append(
            operation.as_strategy(
                path_parameters=given["path"] or None, query=given["query"] or None
            )
        )
    return st.one_of(*strategies)


def boundary_cases(
    schema: BaseSchema, operation: schemathesis.APIOperation
) -> list[schemathesis.Case]:
    """An even spread of the operation's boundary cases, the same on every run."""
    found = list(
        schema.iter_coverage_cases(
            operation,
            generation_modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
            generation_config=schema.config.generation_for(operation=operation, phase="coverage"),
        )
    )
    step = max(1, -(-len(found) // BOUNDARY_CASES_PER_OPERATION))
    return found[::step]


# Past every database's integers, and a digit that str.isdigit accepts and int() refuses.
EXTREME_NUMBERS = (10**20, "\u00b2")


def extreme_cases(operation: schemathesis.APIOperation) -> list[schemathesis.Case]:
    """The operation with each of its integer parameters (path and query) at an extreme."""
    parameters = list(operation.iter_parameters())
    integers = [p for p in parameters if p.definition.get("schema", {}).get("type") == "integer"]
    if not integers:
        return []
    others = [p for p in parameters if p.location.value == "path" and p not in integers]
    found = []
    for value in EXTREME_NUMBERS:
        parts: dict[str, dict[str, Any]] = {"path": {p.name: "name" for p in others}, "query": {}}
        for parameter in integers:
            parts[parameter.location.value][parameter.name] = value
        found.append(
            operation.Case(path_parameters=parts["path"] or None, query=parts["query"] or None)
        )
    return found


def fuzz(schema: BaseSchema, operation: schemathesis.APIOperation, member: Member) -> Counter[int]:
    """Runs the operation's boundary cases and generated examples; the statuses answered."""
    calls: Counter[int] = Counter()

    def check(case: schemathesis.Case) -> None:
        # Uncompressed answers: the documented body is checked, not its gzip encoding.
        response = case.call(
            app=product,
            cookies={settings.SESSION_COOKIE_NAME: member.cookie},
            headers={"Accept-Encoding": "identity"},
        )
        calls[response.status_code] += 1
        assert response.status_code < 500 or unavailable(response), (
            f"{response.status_code} for {case.as_curl_command()}: {response.text[:500]}"
        )
        case.validate_response(response, checks=CHECKS)

    for case in [*extreme_cases(operation), *boundary_cases(schema, operation)]:
        check(case)
    hypothesis.given(case=cases(operation, member.known))(SETTINGS(check))()
    return calls


@pytest.mark.django_db
def test_no_input_gives_a_server_error_and_answers_match_the_document(
    signed_in_member: Member,
) -> None:
    schema = schemathesis.openapi.from_dict(openapi_document())
    failures: dict[str, str] = {}
    calls: dict[str, Counter[int]] = {}
    for result in schema.get_all_operations():
        operation = result.ok()
        try:
            calls[operation.label] = fuzz(schema, operation, signed_in_member)
        except (Exception, BaseExceptionGroup) as failure:  # every operation's is reported
            failures[operation.label] = str(failure)
    statuses = sum(calls.values(), Counter[int]())
    print(f"{statuses.total()} requests, {len(calls)} operations, statuses {dict(statuses)}")
    for label, answers in calls.items():
        print(f"  {label}: {dict(answers)}")
    assert not failures, "\n\n".join(f"{label}: {text}" for label, text in failures.items())
