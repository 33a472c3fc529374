# ruff: noqa: RUF001

import json
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core import mail
from django.test import Client
from django.utils import timezone
from django.utils.crypto import get_random_string

from apps.accounts.models import Feature, ServiceDemand, User
from apps.core.tests.pages import preload_of, redirect_parts
from apps.core.urls import UNAVAILABLE_ROUTES
from tests.fixtures import signed_in

pytestmark = pytest.mark.django_db

URL = "/fast-ai/v1/users/service-demands"
VALID = {
    "first_name": "Lan",
    "last_name": "Nguyen",
    "email": "lan.nguyen@example.com",
    "phone_number": "+84 912 345 678",
    "company_name": "Saigon Coffee Export",
    "job_title": "Sales director",
    "selected_features": ["ai-sale-agent", "farm-management"],
}
VALID_DETAILS = {key: value for key, value in VALID.items() if key != "selected_features"}


def submit(client: Client, body: dict[str, Any], **headers: str) -> Any:
    return client.post(URL, json.dumps(body), content_type="application/json", headers=headers)


@pytest.fixture(autouse=True)
def operators_address(settings: Any) -> None:
    settings.OPERATORS_EMAIL = "team@tradewise.example"


def test_the_features_are_the_unavailable_sidebar_entries() -> None:
    assert set(Feature.values) == set(UNAVAILABLE_ROUTES)


def test_a_demand_is_stored_once_and_both_emails_are_written(
    member: User, member_client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = submit(member_client, VALID)

    assert response.status_code == 201
    assert response.json()["data"]["message"].startswith("Thank you")
    demand = ServiceDemand.objects.get()
    assert demand.user == member
    assert demand.phone_number == "+84912345678"
    assert demand.status == ServiceDemand.Status.NEW
    assert sorted(demand.features.values_list("feature", flat=True)) == [
        "ai-sale-agent",
        "farm-management",
    ]
    acknowledgement, notice = mail.outbox
    assert acknowledgement.to == ["lan.nguyen@example.com"]
    assert "AI Sale Agent, Farm Management" in acknowledgement.body
    assert notice.to == ["team@tradewise.example"]
    assert "Saigon Coffee Export" in notice.subject
    assert f"/admin/accounts/servicedemand/{demand.pk}/change/" in notice.body


def test_the_acknowledgement_is_in_the_interface_language(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = submit(client, VALID, Accept_Language="vi-VN,vi;q=0.9")

    assert response.status_code == 201
    assert response.json()["data"]["message"].startswith("Cảm ơn")
    assert ServiceDemand.objects.get().user is None
    assert mail.outbox[0].subject == "Chúng tôi đã nhận được yêu cầu của bạn"
    assert "Trợ lý bán hàng AI" in mail.outbox[0].body
    assert mail.outbox[1].subject.startswith("Service demand from")


@pytest.mark.parametrize(
    ("first", "last", "greeting"),
    [("小明", "王", "尊敬的王小明，您好："), ("Lan", "Nguyen", "尊敬的Lan Nguyen，您好：")],
)
def test_a_chinese_acknowledgement_greets_by_the_full_name(
    client: Client, django_capture_on_commit_callbacks: Any, first: str, last: str, greeting: str
) -> None:
    body = {**VALID, "first_name": first, "last_name": last}
    with django_capture_on_commit_callbacks(execute=True):
        submit(client, body, Accept_Language="zh-CN,zh;q=0.9")
    assert mail.outbox[0].body.startswith(greeting)


MESSAGES = {
    "en": {
        "first_name": "First name is required",
        "last_name": "Last name is required",
        "email": "Please enter a valid email address",
        "phone_number": "Phone number is required",
        "company_name": "Company name is required",
        "selected_features": "Please select at least one feature",
    },
    "vi": {
        "first_name": "Vui lòng nhập tên",
        "last_name": "Vui lòng nhập họ",
        "email": "Vui lòng nhập địa chỉ email hợp lệ",
        "phone_number": "Vui lòng nhập số điện thoại",
        "company_name": "Vui lòng nhập tên công ty",
        "selected_features": "Vui lòng chọn ít nhất một tính năng",
    },
    "zh": {
        "first_name": "请输入名字",
        "last_name": "请输入姓氏",
        "email": "请输入有效的电子邮箱地址",
        "phone_number": "请输入电话号码",
        "company_name": "请输入公司名称",
        "selected_features": "请至少选择一项功能",
    },
}


@pytest.mark.parametrize("language", ["en", "vi", "zh"])
def test_an_empty_form_is_refused_with_every_message_in_the_language(
    client: Client, language: str
) -> None:
    response = submit(client, {"language": language})

    assert response.status_code == 422
    fields = response.json()["data"]["fields"]
    assert fields == {field: [message] for field, message in MESSAGES[language].items()}
    assert not ServiceDemand.objects.exists()
    assert mail.outbox == []


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "Please enter a valid phone number"),
        ("vi", "Vui lòng nhập số điện thoại hợp lệ"),
        ("zh-CN", "请输入有效的电话号码"),
    ],
)
@pytest.mark.parametrize("phone", ["+84 12", "call me", "+1 555 0100"])
def test_a_phone_number_must_be_a_valid_international_one(
    client: Client, language: str, message: str, phone: str
) -> None:
    response = submit(client, VALID | {"phone_number": phone}, Accept_Language=language)

    assert response.status_code == 422
    assert response.json()["data"]["fields"] == {"phone_number": [message]}


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "Please add the country code, starting with + (e.g. +84 912 345 678)"),
        ("vi", "Vui lòng thêm mã quốc gia, bắt đầu bằng dấu + (ví dụ: +84 912 345 678)"),
        ("zh-CN", "请加上以 + 开头的国家代码（例如：+84 912 345 678）"),
    ],
)
@pytest.mark.parametrize("phone", ["0912 345 678", "0912345678", "(028) 3822 9999"])
def test_a_local_number_is_asked_for_its_country_code(
    client: Client, language: str, message: str, phone: str
) -> None:
    response = submit(client, VALID | {"phone_number": phone}, Accept_Language=language)

    assert response.status_code == 422
    assert response.json()["data"]["fields"] == {"phone_number": [message]}
    assert not ServiceDemand.objects.exists()


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "+83 is not a country code. Please check the number (e.g. +84 912 345 678)"),
        ("vi", "+83 không phải là mã quốc gia. Vui lòng kiểm tra lại số (ví dụ: +84 912 345 678)"),
        ("zh-CN", "+83 不是国家代码，请检查号码（例如：+84 912 345 678）"),
    ],
)
def test_a_country_code_that_does_not_exist_is_named(
    client: Client, language: str, message: str
) -> None:
    response = submit(client, VALID | {"phone_number": "+83 912 345 678"}, Accept_Language=language)

    assert response.status_code == 422
    assert response.json()["data"]["fields"] == {"phone_number": [message]}


def test_a_number_dialled_from_abroad_with_00_is_stored_in_international_form(
    client: Client,
) -> None:
    assert submit(client, VALID | {"phone_number": "0084 912 345 678"}).status_code == 201
    assert ServiceDemand.objects.get().phone_number == "+84912345678"


def test_an_unknown_feature_is_refused(client: Client) -> None:
    response = submit(client, VALID | {"selected_features": ["market-insights"]})

    assert response.status_code == 422
    assert response.json()["data"]["fields"] == {
        "selected_features": ["Please select at least one feature"]
    }


def test_without_an_operators_address_only_the_sender_is_written_to(
    client: Client, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.OPERATORS_EMAIL = ""

    with django_capture_on_commit_callbacks(execute=True):
        assert submit(client, VALID).status_code == 201
    assert [message.to for message in mail.outbox] == [["lan.nguyen@example.com"]]


# Requests from elsewhere, floods and mail failures


def test_a_signed_in_browser_must_send_the_csrf_token(member: User) -> None:
    browser = signed_in(member, enforce_csrf_checks=True)

    refused = submit(browser, VALID)

    assert refused.status_code == 403
    assert refused.json()["meta"]["code"] == "csrf_failed"
    assert refused.json()["data"]["error"] == refused.json()["meta"]["message"]
    assert not ServiceDemand.objects.exists()

    token = get_random_string(32)
    browser.cookies[django_settings.CSRF_COOKIE_NAME] = token
    assert submit(browser, VALID, X_CSRFToken="x" * 32).status_code == 403
    assert submit(browser, VALID, X_CSRFToken=token).status_code == 201
    assert ServiceDemand.objects.get().user == member


def test_visitors_and_bearer_clients_need_no_csrf_token() -> None:
    browser = Client(enforce_csrf_checks=True)

    assert submit(browser, VALID).status_code == 201
    assert submit(browser, VALID, Authorization="Bearer some-token").status_code == 201
    assert list(ServiceDemand.objects.values_list("user", flat=True)) == [None, None]


def test_one_client_is_throttled_whatever_addresses_it_sends(client: Client, settings: Any) -> None:
    settings.SERVICE_DEMAND_RATE_PER_CLIENT = "2/h"

    answers = [submit(client, VALID | {"email": f"buyer{n}@example.com"}) for n in range(3)]

    assert [answer.status_code for answer in answers] == [201, 201, 429]
    assert int(answers[-1]["Retry-After"]) > 0
    assert answers[-1].json()["meta"]["code"] == "too_many_requests"
    assert ServiceDemand.objects.count() == 2


def test_one_address_is_throttled_whatever_client_sends_it(settings: Any) -> None:
    settings.SERVICE_DEMAND_RATE_PER_EMAIL = "2/h"
    clients = [Client(REMOTE_ADDR=f"203.0.113.{n}") for n in range(3)]
    emails = ["lan.nguyen@example.com", "Lan.Nguyen@example.com ", "LAN.NGUYEN@EXAMPLE.COM"]

    answers = [submit(c, VALID | {"email": e}) for c, e in zip(clients, emails, strict=True)]

    assert [answer.status_code for answer in answers] == [201, 201, 429]
    assert ServiceDemand.objects.count() == 2


def test_mail_goes_out_only_once_the_demand_is_committed(
    client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        assert submit(client, VALID).status_code == 201

    assert mail.outbox == []
    assert len(callbacks) == 1
    callbacks[0]()
    assert len(mail.outbox) == 2


def test_an_address_gets_a_few_acknowledgements_a_day_and_later_demands_are_stored_unmailed(
    client: Client, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.SERVICE_DEMAND_ACKS_PER_DAY = 3
    earlier = ServiceDemand.objects.create(
        **(VALID_DETAILS | {"created_at": timezone.now() - timedelta(days=1, minutes=1)})
    )

    for _ in range(4):
        with django_capture_on_commit_callbacks(execute=True):
            assert submit(client, VALID).status_code == 201

    assert ServiceDemand.objects.exclude(pk=earlier.pk).count() == 4
    acknowledgements = [m for m in mail.outbox if m.to == ["lan.nguyen@example.com"]]
    notices = [m for m in mail.outbox if m.to == ["team@tradewise.example"]]
    assert (len(acknowledgements), len(notices)) == (3, 4)


def test_a_failing_mail_server_leaves_the_demand_stored_and_answered(
    client: Client, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.EMAIL_BACKEND = "tests.fixtures.FailingMailBackend"

    with django_capture_on_commit_callbacks(execute=True):
        response = submit(client, VALID)

    assert response.status_code == 201
    assert ServiceDemand.objects.count() == 1


def test_the_form_has_a_page_of_its_own_for_members(member_client: Client) -> None:
    response = member_client.get("/service-demand")

    assert response.status_code == 200
    assert preload_of(response)["page"] == "service-demand"


def test_visitors_of_the_form_page_are_sent_to_signin(client: Client) -> None:
    path, _ = redirect_parts(client.get("/service-demand"))
    assert path == "/signin"
