"""The API against its own OpenAPI document, fuzzed: for every operation, generated requests
(valid and invalid) from a signed-in member with a paid plan, credits, trade data and buyer
companies. No answer may be a server error, and every answer must match the document: its
status, its content type and its body's schema (the one error shape for every 4XX).

The examples are drawn deterministically (derandomized), a bounded number per operation, so the
test gives the same answer on every run."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import quote, urlencode

import hypothesis
import pytest
import schemathesis
from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse
from django.test import Client
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


# Hand-made odd input, beside the generated requests: every text parameter (query and path)
# and every text of a body with control characters and line breaks, bodies nested too deeply,
# too large or malformed, addresses too long, too many parameters, and every call made as from
# another site or with an Origin that is not a URL.

CONTROL_CHARACTERS = ("\x00", "\x1b[31m", "\x7f", "\x85")
LINE_BREAKS = ("\n", "\r", "\r\n", "\t", "\u2028")
LONE_SURROGATE = "\ud800"  # only JSON can spell it
FOREIGN_ORIGINS = (
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},
    {"Origin": "https://evil.example"},
    {"Referer": "https://evil.example/win"},
    {"Origin": "null"},  # a sandboxed frame, a file:// page
    {"Origin": "https://["},  # not a URL: no host to compare
    {"Referer": "http://[::1/win"},
)
LONG_TEXTS = (8_001, 20_000)
# Bodies that are not the object an operation reads (beside a cut one, one with NaN and one
# that is not UTF-8).
MALFORMED_BODIES = ("", "null", "[]", '"text"', "1e999", '{"": {}}', "{}{}")
DEEP = (33, 1_000, 100_000)
CONTACT_FORM = {
    "first_name": "Lan",
    "last_name": "Nguyen",
    "email": "lan@farm.vn",
    "phone": "+84 912 345 678",
    "company_name": "Phuc An Coffee",
    "job_title": "Export manager",
    "message": "Please check this buyer.",
}
# A valid body of each request schema, so that the odd value is the only fault.
VALID_BODIES: dict[str, dict[str, Any]] = {
    "RegistrationIn": {"email": "new.member@example.com", "language": "en"},
    "ServiceDemandIn": {
        "first_name": "Lan",
        "last_name": "Nguyen",
        "email": "lan@farm.vn",
        "phone_number": "+84 912 345 678",
        "company_name": "Phuc An Coffee",
        "job_title": "Export manager",
        "selected_features": ["Market alerts"],
        "language": "en",
    },
    "CheckoutIn": {"product": "lead-sourcing", "plan": "basic", "language": "en"},
    "PurchaseIn": {"product": "lead-sourcing", "plan": "basic"},
    "OrderUpdateIn": {"status": "cancelled"},
    "AskIn": {"question": "cashew imports to Germany in 2024"},
    "ContactRequestIn": {"importer_name": "Hanse Nuts GmbH", "importer_country": "DE"},
    "SavedSearchIn": {
        "filters": {"product_details": "cashew", "start_date": "01-01-2024"},
        "name": "Cashew 2024",
        "alerts": True,
    },
    "SavedSearchPatch": {"name": "Cashew", "alerts": False},
    "ContactIn": CONTACT_FORM,
    "ReportIn": {**CONTACT_FORM, "report_types": ["Business Verification"]},
    "CheckIn": {"domain": "phucan.example"},
}


@dataclass(frozen=True)
class Call:
    kind: str  # the class of odd input
    method: str
    path: str
    query: str = ""
    body: bytes | None = None
    headers: dict[str, str] | None = None


def _with_text_at(value: Any, target: int, text: str, seen: list[int]) -> Any:
    """`value` with its `target`-th text (counted depth first) replaced by `text`."""
    if isinstance(value, str):
        seen.append(len(seen))
        return text if seen[-1] == target else value
    if isinstance(value, list):
        return [_with_text_at(item, target, text, seen) for item in value]
    if isinstance(value, dict):
        return {key: _with_text_at(item, target, text, seen) for key, item in value.items()}
    return value


def _texts_in(value: Any) -> int:
    seen: list[int] = []
    _with_text_at(value, -1, "", seen)
    return len(seen)


def _body_calls(method: str, path: str, body: dict[str, Any]) -> Iterable[Call]:
    for position in range(_texts_in(body)):
        for kind, odd in [
            *(("control characters", text) for text in (*CONTROL_CHARACTERS, LONE_SURROGATE)),
            *(("line breaks", text) for text in LINE_BREAKS),
        ]:
            changed = _with_text_at(body, position, f"Phuc{odd}An", [])
            yield Call(kind, method, path, body=json.dumps(changed).encode())
    for depth in DEEP:
        yield Call("nesting", method, path, body=("[" * depth + "]" * depth).encode())
        nested = '{"a":' * depth + "1" + "}" * depth
        yield Call("nesting", method, path, body=nested.encode())
    oversized = {**body, "padding": "x" * 3_000_000}
    yield Call("too large", method, path, body=json.dumps(oversized).encode())
    text = json.dumps(body)
    for malformed in (text[:-1], f'{text[:-1]}, "n": NaN}}', *MALFORMED_BODIES):
        yield Call(
            "malformed bodies", method, path, body=malformed.encode("utf-8", "surrogatepass")
        )
    yield Call("malformed bodies", method, path, body=b"\xff\xfe" + text.encode())


def _query_calls(method: str, path: str, names: list[str], base: dict[str, Any]) -> Iterable[Call]:
    for name in names:
        for kind, odd in [
            *(("control characters", text) for text in CONTROL_CHARACTERS),
            *(("line breaks", text) for text in LINE_BREAKS),
        ]:
            yield Call(kind, method, path, urlencode({**base, name: f"Phuc{odd}An"}, doseq=True))
    for length in LONG_TEXTS:
        yield Call(
            "long urls", method, path, urlencode({**base, (names or ["q"])[0]: "a" * length})
        )
    yield Call("too many parameters", method, path, "&".join(["a"] * 1_001))


def _path_calls(method: str, path: str, values: dict[str, Any]) -> Iterable[Call]:
    """Each path parameter with odd text (escaped, as a browser sends it)."""
    for name in values:
        for kind, odd in [
            *(("control characters", text) for text in CONTROL_CHARACTERS),
            *(("line breaks", text) for text in LINE_BREAKS),
        ]:
            changed = {**values, name: quote(f"Phuc{odd}An", safe="")}
            yield Call(kind, method, path.format(**changed))


def hand_made_calls(
    path: str, method: str, operation: dict[str, Any], member: Member
) -> Iterable[Call]:
    """The odd requests of one operation of the OpenAPI document."""
    parameters = operation.get("parameters", [])
    known = {**member.known["path"], "saved_id": 1, "party_id": 1, "check": "website"}
    path_values = {p["name"]: known[p["name"]] for p in parameters if p["in"] == "path"}
    filled = path.format(**path_values)
    texts = [
        p["name"]
        for p in parameters
        if p["in"] == "query"
        and "integer" not in json.dumps(p.get("schema", {}))
        and "boolean" not in json.dumps(p.get("schema", {}))
    ]
    query_names = {p["name"] for p in parameters if p["in"] == "query"}
    base_query = {k: v for k, v in member.known["query"].items() if k in query_names}
    schema_ref = (
        operation.get("requestBody", {})
        .get("content", {})
        .get("application/json", {})
        .get("schema")
    )
    body = VALID_BODIES[schema_ref["$ref"].rsplit("/", 1)[-1]] if schema_ref else None
    base = Call("foreign origins", method.upper(), filled, urlencode(base_query, doseq=True))
    encoded = json.dumps(body).encode() if body is not None else None
    for headers in FOREIGN_ORIGINS:
        yield replace(base, body=encoded, headers=headers)
    yield from _query_calls(method.upper(), filled, texts, base_query)
    yield from _path_calls(method.upper(), path, path_values)
    if body is not None:
        yield from _body_calls(method.upper(), filled, body)
    yield replace(base, kind="long urls", path=f"{filled}/{'a' * 9_000}")


def send(client: Client, call: Call) -> Any:
    """One call, judged alone: the throttles and search limits start afresh."""
    cache.clear()
    address = f"{call.path}?{call.query}" if call.query else call.path
    kind = "application/json" if call.body is not None else "application/octet-stream"
    return client.generic(
        call.method, address, call.body or b"", content_type=kind, headers=call.headers or {}
    )


def error_code(response: HttpResponse) -> str | None:
    """The `meta.code` of an answer in the error shape, or None for any other answer."""
    try:
        body = json.loads(response.content)
    except ValueError:
        return None
    data, meta = (body.get(part) if isinstance(body, dict) else None for part in ("data", "meta"))
    if not isinstance(data, dict) or not isinstance(meta, dict):
        return None
    code = meta.get("code")
    return code if isinstance(data.get("error"), str) and isinstance(code, str) else None


@pytest.mark.django_db
def test_hand_made_odd_input_gives_no_server_error_and_errors_keep_their_shape(
    signed_in_member: Member, settings: Any
) -> None:
    settings.VERIFICATION_CHECK_TIMEOUT = 0.3  # the checks' sources are offline here
    client = Client(raise_request_exception=False)
    client.cookies[settings.SESSION_COOKIE_NAME] = signed_in_member.cookie
    statuses: dict[str, Counter[int]] = {}
    failures: list[str] = []
    unavailable_sources = 0
    for path, operations in openapi_document()["paths"].items():
        for method, operation in operations.items():
            for call in hand_made_calls(path, method, operation, signed_in_member):
                response = send(client, call)
                statuses.setdefault(call.kind, Counter())[response.status_code] += 1
                code = error_code(response)
                # 503 provider_unavailable: a source this test does not run (see unavailable).
                unavailable_sources += code == "provider_unavailable"
                server_error = response.status_code >= 500 and code != "provider_unavailable"
                if server_error or (response.status_code >= 400 and code is None):
                    failures.append(
                        f"{response.status_code} {call.kind}: {call.method} {call.path[:80]}"
                        f"?{call.query[:80]} {(call.body or b'')[:80]!r} {call.headers}"
                    )
    total = sum(statuses.values(), Counter[int]())
    answered_5xx = sum(count for status, count in total.items() if status >= 500)
    print(
        f"{total.total()} hand-made requests, {answered_5xx} answered 5xx, "
        f"{answered_5xx - unavailable_sources} of them server errors "
        f"(the others: 503 provider_unavailable)"
    )
    for kind, answers in statuses.items():
        print(f"  {kind}: {answers.total()} requests, statuses {dict(sorted(answers.items()))}")
    assert not failures, "\n".join(failures[:50])
