import json
from typing import Any

import pytest
from django.core import mail
from django.test import Client

from apps.accounts.models import Feature, ServiceDemand, User
from apps.core.tests.pages import preload_of, redirect_parts
from apps.core.urls import UNAVAILABLE_ROUTES

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


def submit(client: Client, body: dict[str, Any], **headers: str) -> Any:
    return client.post(URL, json.dumps(body), content_type="application/json", headers=headers)


@pytest.fixture(autouse=True)
def operators_address(settings: Any) -> None:
    settings.OPERATORS_EMAIL = "team@tradewise.example"


def test_the_features_are_the_unavailable_sidebar_entries() -> None:
    assert set(Feature.values) == set(UNAVAILABLE_ROUTES)


def test_a_demand_is_stored_once_and_both_emails_are_written(
    member: User, member_client: Client
) -> None:
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


def test_the_acknowledgement_is_in_the_interface_language(client: Client) -> None:
    response = submit(client, VALID, Accept_Language="vi-VN,vi;q=0.9")

    assert response.status_code == 201
    assert response.json()["data"]["message"].startswith("Cảm ơn")
    assert ServiceDemand.objects.get().user is None
    assert mail.outbox[0].subject == "Chúng tôi đã nhận được yêu cầu của bạn"
    assert "Trợ lý bán hàng AI" in mail.outbox[0].body
    assert mail.outbox[1].subject.startswith("Service demand from")


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
@pytest.mark.parametrize("phone", ["0912345678", "+84 12", "call me", "+1 555 0100"])
def test_a_phone_number_must_be_a_valid_international_one(
    client: Client, language: str, message: str, phone: str
) -> None:
    response = submit(client, VALID | {"phone_number": phone}, Accept_Language=language)

    assert response.status_code == 422
    assert response.json()["data"]["fields"] == {"phone_number": [message]}


def test_an_unknown_feature_is_refused(client: Client) -> None:
    response = submit(client, VALID | {"selected_features": ["market-insights"]})

    assert response.status_code == 422
    assert response.json()["data"]["fields"] == {
        "selected_features": ["Please select at least one feature"]
    }


def test_without_an_operators_address_only_the_sender_is_written_to(
    client: Client, settings: Any
) -> None:
    settings.OPERATORS_EMAIL = ""

    assert submit(client, VALID).status_code == 201
    assert [message.to for message in mail.outbox] == [["lan.nguyen@example.com"]]


def test_the_form_has_a_page_of_its_own_for_members(member_client: Client) -> None:
    response = member_client.get("/service-demand")

    assert response.status_code == 200
    assert preload_of(response)["page"] == "service-demand"


def test_visitors_of_the_form_page_are_sent_to_signin(client: Client) -> None:
    path, _ = redirect_parts(client.get("/service-demand"))
    assert path == "/signin"
