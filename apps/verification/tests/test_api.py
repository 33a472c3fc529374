# ruff: noqa: RUF001

"""The verification API: search, checks, results, authorization, validation and reports."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest
from django.core import mail
from django.core.serializers.json import DjangoJSONEncoder
from django.test import Client

from apps.accounts.models import User
from apps.accounts.tests.bundles import without_bundles
from apps.core.search_limits import search_allowance
from apps.leads.models import Company
from apps.leads.tests.conftest import with_credits
from apps.verification.models import ReportRequest
from apps.verification.providers.sanctions import SanctionMatch
from apps.verification.schemas import (
    COMPANY_NAME_REQUIRED,
    EMAIL_INVALID,
    FIRST_NAME_REQUIRED,
    LAST_NAME_REQUIRED,
    PHONE_INVALID,
    PHONE_REQUIRED,
)
from apps.verification.selectors import NAME_OR_WEBSITE_REQUIRED
from apps.verification.tests.conftest import FRESH_LIST_DATE, Sources
from tests.fixtures import signed_in

pytestmark = pytest.mark.django_db

BASE = "/fast-ai/v1/lead-verification/companies"
CHECK_PATHS = ("company-profile", "trade-data", "sanctions", "website")
FORM = {
    "first_name": "Lan",
    "last_name": "Nguyen",
    "email": "lan@exporter.example",
    "phone": "+84 28 3822 9999",
    "company_name": "Phuc An Agri",
}


def verify(client: Client, company: Company) -> list[Any]:
    return [
        client.post(
            f"{BASE}/{company.pk}/checks/{path}",
            {"domain": "dutchnut.example"},
            content_type="application/json",
        )
        for path in CHECK_PATHS
    ]


def test_search_finds_companies_by_name_or_website(member_client: Client, buyer: Company) -> None:
    by_name = member_client.get(BASE, {"name": "dutch nut"}).json()["data"]
    by_site = member_client.get(BASE, {"website": "https://www.dutchnut.example/"}).json()["data"]

    assert [row["id"] for row in by_name] == [buyer.pk]
    assert [row["id"] for row in by_site] == [buyer.pk]


def test_search_needs_a_name_or_website(member_client: Client) -> None:
    response = member_client.get(BASE)

    assert response.status_code == 422
    assert response.json()["meta"]["message"] == NAME_OR_WEBSITE_REQUIRED


def test_the_free_searches_are_held_to_the_search_limits(
    settings: Any, member: User, member_client: Client, buyer: Company
) -> None:
    settings.SEARCH_RATE_PER_MINUTE = 2
    statuses = [member_client.get(BASE, {"name": "dutch nut"}).status_code for _ in range(2)]
    refused = member_client.get(f"{BASE}/extend", {"name": "dutch nut"})

    assert statuses == [200, 200]
    assert refused.status_code == 429
    assert refused.json()["meta"]["code"] == "too_many_searches"
    assert refused["Retry-After"]

    settings.SEARCH_RATE_PER_MINUTE = 0
    settings.SEARCH_CONCURRENCY = 1
    with search_allowance(member.pk):
        assert member_client.get(BASE, {"name": "dutch nut"}).status_code == 429
    assert member_client.get(BASE, {"name": "dutch nut"}).status_code == 200


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ({"name": "x" * 201}, "name", "Use at most 200 characters"),
        ({"name": " ".join(["co"] * 21)}, "name", "Use at most 20 words"),
        ({"website": "w" * 300 + ".com"}, "website", "Use at most 200 characters"),
    ],
)
def test_search_text_over_the_limits_is_refused(
    member_client: Client, query: dict[str, str], field: str, message: str
) -> None:
    response = member_client.get(BASE, query)

    assert response.status_code == 422
    assert response.json()["data"]["fields"] == {field: [message]}


def test_internet_search_with_every_source_off_is_reported_unavailable(
    member_client: Client,
) -> None:
    response = member_client.get(f"{BASE}/extend", {"name": "dutch nut"})

    assert response.status_code == 503
    assert response.json()["meta"]["message"] == (
        "Internet search is not available: "
        "the company registry is off (VERIFICATION_REGISTRY_URL); "
        "the web search is off (VERIFICATION_WEBSEARCH_API_KEY)"
    )


def test_checks_report_progress_and_the_last_one_charges(
    member_client: Client, buyer: Company, sources: Sources
) -> None:
    answers = [response.json() for response in verify(member_client, buyer)]

    assert [a["data"]["progress"] for a in answers] == [25, 50, 75, 100]
    assert answers[2]["data"]["credits_charged"] == 0
    assert answers[3]["data"]["is_done"] is True
    assert answers[3]["data"]["credits_charged"] == 100
    assert "result" not in answers[0]["data"]  # results only once paid


def test_results_give_the_spec_fields_recommendations_and_verdict(
    member_client: Client, buyer: Company, sources: Sources
) -> None:
    verify(member_client, buyer)

    data = member_client.get(f"{BASE}/{buyer.pk}/results").json()["data"]

    assert data["company_name"] == "Dutch Nut Trading B.V."
    assert data["status"] == data["verdict"]["status"] == "verified"
    assert [c["key"] for c in json.loads(data["lead_verification_criteria"])] == [
        "company_profile",
        "trade_data",
        "sanctions",
        "website",
    ]
    detail = data["detail"]
    assert detail["credits_used"] == 100
    assert detail["phone"] == "+31 10 555 0100"
    assert detail["last_transaction"]["date"] == "2024-03-05"
    assert detail["website_status"]["status_code"] == 200
    assert data["recommendations"]["employee_size"]["value"] == "medium"
    assert data["recommendations"]["sanction_match"]["value"] == "no"
    assert data["recommendations"]["domain_state"]["value"] == "stable"
    assert set(data["recommendations"]["transactions"]["texts"]) == {"en", "vi", "zh"}
    # Its last shipments are older than a year: few recent transactions, but not "none".
    assert data["recommendations"]["transactions"]["value"] == "low"
    reasons = {reason["code"]: reason for reason in data["verdict"]["reasons"]}
    assert {"place_found", "trade_records", "screened_clear", "domain_age"} <= set(reasons)
    assert "OFAC SDN" in reasons["screened_clear"]["text"]
    assert "14,965 entries" in reasons["screened_clear"]["text"]
    assert reasons["trade_records"]["source_date"] == "2024-03-05"
    assert data["trust_verdict"] == [reason["text"] for reason in data["verdict"]["reasons"]]
    verdict = " ".join(data["trust_verdict"])
    assert "imports HS 080132 from Vietnam, last shipment" in verdict
    assert "dutchnut.example has been registered for" in verdict


def test_a_listed_match_is_do_not_trade_never_verified(
    member_client: Client, buyer: Company, sources: Sources
) -> None:
    listed = SanctionMatch(
        "DUTCH NUT TRADING BV", 1.0, "OFAC SDN", "SDGT", FRESH_LIST_DATE, grade="match"
    )
    sources.screening.value = replace(sources.screening.value, matches=(listed,))
    verify(member_client, buyer)

    data = member_client.get(f"{BASE}/{buyer.pk}/results").json()["data"]

    assert data["status"] == "do_not_trade"
    assert data["verdict"]["reasons"][0]["code"] == "listed_match"
    assert data["recommendations"]["sanction_match"]["value"] == "yes"
    mine = member_client.get("/fast-ai/v1/users/lead-verification").json()["data"]
    assert mine[0]["status"] == "do_not_trade"


def test_a_possible_match_needs_review(
    member_client: Client, buyer: Company, sources: Sources
) -> None:
    possible = SanctionMatch(
        "DUTCH TRADING", 0.74, "OFAC SDN", "SDGT", FRESH_LIST_DATE, grade="review"
    )
    sources.screening.value = replace(sources.screening.value, matches=(possible,))
    verify(member_client, buyer)

    data = member_client.get(f"{BASE}/{buyer.pk}/results").json()["data"]

    assert data["status"] == "needs_review"
    assert data["recommendations"]["sanction_match"]["value"] == "review"
    screening = member_client.get(f"{BASE}/{buyer.pk}/sanctions/check").json()["data"]
    assert (screening["reviews"], screening["hits"]) == (1, 0)
    assert screening["matches"][0]["grade"] == "review"
    assert screening["lists"][0]["name"] == "OFAC SDN"


def test_the_verdict_speaks_the_users_language(
    member_client: Client, buyer: Company, sources: Sources
) -> None:
    verify(member_client, buyer)

    data = member_client.get(f"{BASE}/{buyer.pk}/results", HTTP_ACCEPT_LANGUAGE="vi").json()

    assert any(
        sentence.startswith("2 lô hàng được ghi nhận; nhập khẩu mã HS 080132")
        for sentence in data["data"]["trust_verdict"]
    )


def test_sections_of_a_paid_verification(
    member_client: Client, buyer: Company, sources: Sources
) -> None:
    verify(member_client, buyer)

    trade = member_client.get(f"{BASE}/{buyer.pk}/shipments/summary").json()["data"]
    screening = member_client.get(f"{BASE}/{buyer.pk}/sanctions/check").json()["data"]
    domain = member_client.get(f"{BASE}/{buyer.pk}/domains/check", {"domain": "dutchnut.example"})

    assert trade["shipments"] == 2
    assert screening["threshold"] == 0.8
    assert domain.json()["data"]["domain_state"] == "stable"


def test_results_wait_for_the_run_to_finish(
    member_client: Client, buyer: Company, sources: Sources
) -> None:
    member_client.post(f"{BASE}/{buyer.pk}/checks/sanctions", {}, content_type="application/json")

    assert member_client.get(f"{BASE}/{buyer.pk}/results").status_code == 409


def test_a_short_balance_is_refused_with_insufficient_credit(
    buyer: Company, sources: Sources
) -> None:
    poor = signed_in(with_credits(User.objects.create_user("poor@example.com"), 10))

    response = verify(poor, buyer)[0]

    assert response.status_code == 403
    assert "insufficient credit" in response.json()["meta"]["message"]


def test_one_user_never_sees_anothers_verification(
    member_client: Client, other_client: Client, buyer: Company, sources: Sources
) -> None:
    verify(member_client, buyer)

    assert other_client.get("/fast-ai/v1/users/lead-verification").json()["data"] == []
    assert other_client.get(f"{BASE}/{buyer.pk}/results").status_code == 404
    assert other_client.get(f"{BASE}/{buyer.pk}/sanctions/check").status_code == 404
    mine = member_client.get("/fast-ai/v1/users/lead-verification").json()["data"]
    assert [row["company_id"] for row in mine] == [buyer.pk]


def test_unknown_check_and_company_are_not_found(member_client: Client, buyer: Company) -> None:
    assert (
        member_client.post(
            f"{BASE}/{buyer.pk}/checks/credit", {}, content_type="application/json"
        ).status_code
        == 404
    )
    assert member_client.get(f"{BASE}/999999").status_code == 404


def test_a_check_of_an_unknown_company_is_not_found(member_client: Client) -> None:
    unknown = member_client.post(
        f"{BASE}/999999/checks/sanctions", {}, content_type="application/json"
    )

    assert (unknown.status_code, unknown.json()["meta"]["message"]) == (404, "Company not found")


def test_signed_out_visitors_are_refused(client: Client, buyer: Company) -> None:
    assert client.get("/fast-ai/v1/users/lead-verification").status_code == 401


def test_a_report_request_is_stored_and_confirmed_by_email(
    member_client: Client, buyer: Company, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = member_client.post(
            f"{BASE}/{buyer.pk}/request-report",
            {**FORM, "report_types": ["Credit Score and Limit", "Company Ownership"]},
            content_type="application/json",
        )

    assert response.status_code == 201
    assert "24 hours" in response.json()["meta"]["message"]
    stored = ReportRequest.objects.get()
    assert (stored.kind, stored.status, stored.company_id) == ("advanced", "open", buyer.pk)
    assert (stored.first_name, stored.last_name, stored.phone, stored.company_name) == (
        "Lan",
        "Nguyen",
        "+84 28 3822 9999",
        "Phuc An Agri",
    )
    confirmation = mail.outbox[0]
    # About the company the report is on, not the requester's own (Phuc An Agri).
    assert confirmation.subject == f"Report request received: {buyer.name}"
    assert confirmation.body == (
        "Dear Lan Nguyen,\n\n"
        "We received your request for Credit Score and Limit; Company Ownership about "
        f"{buyer.name}.\nOur staff will contact you; we reply within 24 hours.\n\nTradewise\n"
    )
    assert "lan@exporter.example" in confirmation.to
    # The operators read who asked, for what and about which company, then how to reach them.
    notice = mail.outbox[1]
    assert notice.subject == f"New advanced report request #{stored.pk}"
    assert notice.body.startswith(f"{confirmation.body}\nRequester's company: Phuc An Agri\n")


def _confirmation(
    client: Client, buyer: Company, capture: Any, language: str, **fields: object
) -> Any:
    """The confirmation mail of a report request sent with the interface in `language`."""
    with capture(execute=True):
        client.post(
            f"{BASE}/{buyer.pk}/request-report",
            {**FORM, **fields},
            content_type="application/json",
            headers={"Accept-Language": language},
        )
    return mail.outbox[0]


def test_a_report_request_is_confirmed_in_the_interface_language(
    member_client: Client, buyer: Company, django_capture_on_commit_callbacks: Any
) -> None:
    confirmation = _confirmation(
        member_client,
        buyer,
        django_capture_on_commit_callbacks,
        "vi",
        report_types=["Key Risk Indicators"],
    )
    assert confirmation.subject == f"Đã nhận yêu cầu báo cáo: {buyer.name}"
    assert f"yêu cầu Chỉ số rủi ro chính về {buyer.name}" in confirmation.body


def test_a_chinese_confirmation_greets_by_the_full_name_surname_first(
    member_client: Client, buyer: Company, django_capture_on_commit_callbacks: Any
) -> None:
    confirmation = _confirmation(
        member_client,
        buyer,
        django_capture_on_commit_callbacks,
        "zh-CN",
        first_name="小明",
        last_name="王",
        report_types=["Other"],
    )
    assert confirmation.body.startswith("尊敬的王小明，您好：")


def test_a_custom_report_request_is_stored_and_told_to_the_operators(
    member_client: Client, django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = member_client.post(
            f"{BASE}/request-contact",
            {**FORM, "job_title": "Buyer", "message": "Ownership of a Hamburg buyer"},
            content_type="application/json",
        )

    assert response.status_code == 201
    stored = ReportRequest.objects.get()
    assert (stored.kind, stored.job_title, stored.message) == (
        "custom",
        "Buyer",
        "Ownership of a Hamburg buyer",
    )
    confirmation, notice = mail.outbox
    assert FORM["email"] in confirmation.to
    assert (
        "We received your request for a custom report about the company in your message."
        in confirmation.body
    )
    assert notice.to == [settings.OPERATORS_EMAIL]
    assert notice.subject == f"New custom report request #{stored.pk}"
    assert notice.body.endswith(
        "\nRequester's company: Phuc An Agri\nPhone: +84 28 3822 9999\n"
        "Message: Ownership of a Hamburg buyer\n"
    )


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("first_name", " ", FIRST_NAME_REQUIRED),
        ("last_name", "", LAST_NAME_REQUIRED),
        ("email", "lan@", EMAIL_INVALID),
        ("phone", "", PHONE_REQUIRED),
        ("phone", "12345", PHONE_INVALID),
        (
            "phone",
            "0912 345 678",
            "Please add the country code, starting with + (e.g. +84 912 345 678)",
        ),
        (
            "phone",
            "+83 912 345 678",
            "+83 is not a country code. Please check the number (e.g. +84 912 345 678)",
        ),
        ("company_name", "", COMPANY_NAME_REQUIRED),
    ],
)
def test_report_form_messages(member_client: Client, field: str, value: str, message: str) -> None:
    response = member_client.post(
        f"{BASE}/request-contact", {**FORM, field: value}, content_type="application/json"
    )

    assert response.status_code == 422
    assert response.json()["data"]["fields"][field] == [message]
    assert not ReportRequest.objects.exists()


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("vi", "Vui lòng thêm mã quốc gia, bắt đầu bằng dấu + (ví dụ: +84 912 345 678)"),
        ("zh-hans", "请加上以 + 开头的国家代码（例如：+84 912 345 678）"),
    ],
)
@pytest.mark.parametrize("form", ["request-contact", "1/request-report"])
def test_both_report_forms_ask_for_a_local_numbers_country_code_in_the_users_language(
    member_client: Client, language: str, message: str, form: str
) -> None:
    body = {**FORM, "phone": "0912 345 678", "report_types": ["Company Ownership"]}
    response = member_client.post(
        f"{BASE}/{form}",
        body,
        content_type="application/json",
        headers={"Accept-Language": language},
    )

    assert response.status_code == 422
    assert response.json()["data"]["fields"]["phone"] == [message]
    assert not ReportRequest.objects.exists()


def test_operators_mark_requests_answered_in_the_admin(admin_client: Client, member: User) -> None:
    request = ReportRequest.objects.create(user=member, kind="custom", **FORM)
    untouched = ReportRequest.objects.create(user=member, kind="custom", **FORM)

    admin_client.post(
        "/admin/verification/reportrequest/",
        {"action": "mark_answered", "_selected_action": [request.pk]},
    )

    request.refresh_from_db()
    assert request.status == "answered"
    assert request.answered_at is not None
    untouched.refresh_from_db()
    assert (untouched.status, untouched.answered_at) == ("open", None)


def test_marking_requests_answered_leaves_an_answered_ones_time(
    admin_client: Client, member: User
) -> None:
    answered_at = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    answered = ReportRequest.objects.create(
        user=member, kind="custom", status="answered", answered_at=answered_at, **FORM
    )
    request = ReportRequest.objects.create(user=member, kind="custom", **FORM)

    response = admin_client.post(
        "/admin/verification/reportrequest/",
        {"action": "mark_answered", "_selected_action": [answered.pk, request.pk]},
        follow=True,
    )

    assert [str(message) for message in response.context["messages"]] == [
        "1 request(s) marked answered."
    ]
    answered.refresh_from_db()
    assert answered.answered_at == answered_at


def test_pages_preload_verifications_and_results(
    member_client: Client, buyer: Company, sources: Sources
) -> None:
    verify(member_client, buyer)

    with without_bundles():  # the pages render without a frontend build
        listing_page = member_client.get("/lead-verification")
        detail_page = member_client.get(f"/lead-verification/{buyer.pk}")
    listing = listing_page.context["preload"]["data"]["api"]
    detail = detail_page.context["preload"]["data"]["api"]

    assert listing["/fast-ai/v1/users/lead-verification"][0]["company_id"] == buyer.pk
    assert detail[f"{BASE}/{buyer.pk}/results"]["detail"]["credits_used"] == 100
    # The island reads a preloaded answer as it reads the API's, so they are the same.
    preloaded = json.loads(json.dumps(detail[f"{BASE}/{buyer.pk}/results"], cls=DjangoJSONEncoder))
    assert preloaded == member_client.get(f"{BASE}/{buyer.pk}/results").json()["data"]


def test_a_failing_mail_server_leaves_a_report_request_stored_and_answered(
    member_client: Client,
    buyer: Company,
    settings: Any,
    django_capture_on_commit_callbacks: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    settings.EMAIL_BACKEND = "tests.fixtures.FailingMailBackend"
    settings.OPERATORS_EMAIL = "reports@tradewise.example"

    with django_capture_on_commit_callbacks(execute=True):
        response = member_client.post(
            f"{BASE}/{buyer.pk}/request-report",
            {**FORM, "report_types": ["Credit Score and Limit"]},
            content_type="application/json",
        )

    assert response.status_code == 201
    stored = ReportRequest.objects.get()
    # Both the user's confirmation and the operators' notice are logged as not sent.
    assert [r.getMessage() for r in caplog.records if r.name == "apps.core.mail"] == [
        f"Mail about report request {stored.pk} not sent"
    ] * 2


# Wrong input is a 4xx with the field's message and code, never a 500.


def test_a_report_request_without_report_types_names_the_field_and_its_code(
    member_client: Client, buyer: Company
) -> None:
    response = member_client.post(
        f"{BASE}/{buyer.pk}/request-report",
        {**FORM, "report_types": []},
        content_type="application/json",
    )

    assert response.status_code == 422
    assert response.json() == {
        "data": {
            "error": "Please select at least one report type",
            "fields": {"report_types": ["Please select at least one report type"]},
        },
        "meta": {
            "message": "Please select at least one report type",
            "code": "validation_failed",
            "field_codes": {"report_types": "report_type_required"},
        },
    }


def test_a_report_type_not_on_the_form_is_refused_as_unknown(
    member_client: Client, buyer: Company
) -> None:
    response = member_client.post(
        f"{BASE}/{buyer.pk}/request-report",
        {**FORM, "report_types": ["Company Ownership", "Gossip"]},
        content_type="application/json",
    )

    assert response.status_code == 422
    assert response.json()["meta"]["field_codes"] == {"report_types": "report_type_unknown"}
    assert response.json()["data"]["fields"] == {"report_types": ["Unknown report type"]}
    assert not ReportRequest.objects.exists()


def test_a_report_request_about_an_unknown_company_is_not_found(member_client: Client) -> None:
    response = member_client.post(
        f"{BASE}/999999/request-report",
        {**FORM, "report_types": ["Other"]},
        content_type="application/json",
    )

    assert (response.status_code, response.json()["meta"]) == (
        404,
        {"message": "Company not found", "code": "not_found"},
    )
    assert not ReportRequest.objects.exists()


def test_every_wrong_field_of_a_form_is_named_and_the_first_is_the_message(
    member_client: Client,
) -> None:
    response = member_client.post(
        f"{BASE}/request-contact",
        {**FORM, "first_name": "", "email": "lan"},
        content_type="application/json",
    )

    assert response.status_code == 422
    assert response.json()["meta"]["message"] == "First name is required"
    assert response.json()["meta"]["field_codes"] == {
        "first_name": "first_name_required",
        "email": "email_invalid",
    }


def test_a_body_that_is_not_json_is_a_bad_request(member_client: Client) -> None:
    response = member_client.post(
        f"{BASE}/request-contact", "{not json", content_type="application/json"
    )

    assert (response.status_code, response.json()["meta"]["message"]) == (
        400,
        "Cannot parse request body",
    )


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("first_name", "Lan\nNguyen", "Use a single line, without line breaks or tabs"),
        ("first_name", "x" * 121, "String should have at most 120 characters"),
        ("email", "x" * 250 + "@a.vn", "String should have at most 254 characters"),
    ],
)
def test_a_form_field_of_several_lines_or_too_long_is_refused_by_name(
    member_client: Client, field: str, value: str, message: str
) -> None:
    response = member_client.post(
        f"{BASE}/request-contact", {**FORM, field: value}, content_type="application/json"
    )

    assert response.status_code == 422
    assert response.json()["data"]["fields"] == {field: [message]}


@pytest.mark.parametrize(
    ("company_id", "message"),
    [
        ("0", "Input should be greater than or equal to 1"),
        ("abc", "Input should be a valid integer, unable to parse string as an integer"),
        ("99999999999999999999999", "Input should be less than or equal to 9223372036854775807"),
    ],
)
def test_a_company_id_that_is_no_record_id_is_refused_before_the_database(
    member_client: Client, company_id: str, message: str
) -> None:
    response = member_client.get(f"{BASE}/{company_id}")

    assert response.status_code == 422
    assert response.json()["data"]["fields"] == {"company_id": [message]}


def test_a_checks_domain_of_several_lines_is_refused_and_nothing_runs(
    member_client: Client, buyer: Company, sources: Sources
) -> None:
    response = member_client.post(
        f"{BASE}/{buyer.pk}/checks/website",
        {"domain": "dutchnut.example\nevil.example"},
        content_type="application/json",
    )

    assert response.status_code == 422
    assert response.json()["meta"]["field_codes"] == {"domain": "single_line"}
    assert sources.website.calls == 0
    assert member_client.get("/fast-ai/v1/users/lead-verification").json()["data"] == []


@pytest.mark.parametrize(
    "section", ["results", "shipments/summary", "sanctions/check", "domains/check"]
)
def test_the_result_and_its_sections_of_a_company_never_verified_are_not_found(
    member_client: Client, buyer: Company, section: str
) -> None:
    response = member_client.get(f"{BASE}/{buyer.pk}/{section}")

    assert (response.status_code, response.json()["meta"]) == (
        404,
        {"message": "This company has not been verified yet", "code": "not_found"},
    )


def test_a_search_with_control_characters_is_refused_naming_the_field(
    member_client: Client,
) -> None:
    response = member_client.get(BASE, {"name": "dutch\x00nut"})

    assert response.status_code == 422
    assert response.json()["meta"]["code"] == "invalid_characters"
    assert response.json()["data"]["fields"] == {
        "name": ["Text must not contain control characters"]
    }


def test_a_signed_out_visitor_is_refused_every_verification_path(
    client: Client, buyer: Company
) -> None:
    statuses = {
        client.get(f"{BASE}/{buyer.pk}").status_code,
        client.get(f"{BASE}/{buyer.pk}/results").status_code,
        client.get(BASE, {"name": "dutch nut"}).status_code,
        client.post(
            f"{BASE}/{buyer.pk}/checks/website", {}, content_type="application/json"
        ).status_code,
    }

    assert statuses == {401}
