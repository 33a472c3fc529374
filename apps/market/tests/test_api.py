"""The shipments API: each filter, every validation message, paging, the agreement of its
aggregates and the daily query quota."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from apps.accounts.models import User
from apps.billing.models import Plan, Subscription
from apps.market import index
from apps.market.models import ContactRequest
from apps.market.services import mark_contact_requests_sent
from apps.market.tests.factories import cashew_and_coffee_trade, party, ship

pytestmark = pytest.mark.django_db

YEAR_2024 = {"start_date": "01-01-2024", "end_date": "31/12/2024"}
PANELS = [
    "/fast-ai/v1/shipments",
    "/fast-ai/v1/shipments/hs-codes",
    "/fast-ai/v1/shipments/statistics",
    "/fast-ai/v1/shipments/summary",
]


@pytest.fixture(autouse=True)
def trade_index(settings: Any, tmp_path: Path) -> None:
    settings.TRADE_INDEX_DIR = tmp_path / "trade-index"
    cashew_and_coffee_trade()
    index.build_snapshot()


@pytest.fixture
def paid_client(member: User) -> Client:
    Subscription.objects.create(user=member, plan=Plan.objects.get(key="monthly"))
    client = Client()
    client.force_login(member)
    return client


@pytest.fixture
def free_client() -> Client:
    client = Client()
    client.force_login(User.objects.create_user("free@example.com"))
    return client


def get(client: Client, path: str, **query: Any) -> Any:
    return client.get(path, query)


def shipments(client: Client, **query: Any) -> dict[str, Any]:
    response = get(client, "/fast-ai/v1/shipments", **{**YEAR_2024, **query})
    assert response.status_code == 200, response.content
    return response.json()


def total(client: Client, **query: Any) -> int:
    return int(shipments(client, **query)["meta"]["total"])


# Each filter alone and combined


def test_product_details(paid_client: Client) -> None:
    body = shipments(paid_client, product_details="cashew")
    assert body["meta"] == {"page": 1, "page_size": 10, "total": 3}
    first = body["data"][0]
    assert (first["date"], first["hs_code"], first["exporter_name"]) == (
        "2024-07-02",
        "080132",
        "Kerala Cashew Exports Pvt Ltd",
    )
    assert set(first) == {
        "id", "date", "hs_code", "product_description", "exporter_name", "exporter_country",
        "importer_name", "importer_country", "quantity", "quantity_unit", "net_weight_kg",
        "value_usd", "price_per_unit",
    }  # fmt: skip


def test_product_details_in_vietnamese_without_accents(paid_client: Client) -> None:
    assert total(paid_client, product_details="hat dieu nhan") == 1


def test_importer_and_exporter_names(paid_client: Client) -> None:
    assert total(paid_client, importer_name="garden state") == 2
    assert total(paid_client, exporter_name="Nong San Phuc An") == 3


def test_countries(paid_client: Client) -> None:
    assert total(paid_client, product_details="cashew", importer_country="us") == 2
    assert total(paid_client, exporter_name="phuc an", importer_country="DE") == 1
    assert total(paid_client, product_details="kernels", exporter_country="IN") == 1


def test_hs_codes_as_repeated_keys_of_any_level(paid_client: Client) -> None:
    assert total(paid_client, exporter_name="phuc an", hs_code="09") == 1
    assert total(paid_client, exporter_name="phuc an", hs_code=["0801", "0901"]) == 3
    assert total(paid_client, hs_code="080132") == 3


def test_filters_combine(paid_client: Client) -> None:
    query = {"product_details": "cashew", "exporter_country": "VN", "importer_country": "NL"}
    assert total(paid_client, **query) == 1
    assert total(paid_client, **query, start_date="01-04-2024") == 0


def test_both_date_formats(paid_client: Client) -> None:
    assert total(paid_client, product_details="cashew", start_date="01/12/2023") == 4
    assert total(paid_client, product_details="cashew", end_date="31-03-2024") == 2


# Validation


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        (
            {},
            "product_details",
            "At least one of the fields product, importer, or exporter is required",
        ),
        ({"start_date": "", "end_date": ""}, "start_date", "Please enter the start and end date"),
        ({"start_date": ""}, "start_date", "Start date is required"),
        ({"end_date": ""}, "end_date", "End date is required"),
        (
            {"start_date": "02-01-2025", "end_date": "01-01-2025"},
            "start_date",
            "Start date must be before or equal to end date",
        ),
        ({"start_date": "2024/13/45"}, "start_date", "Use dd-MM-yyyy or dd/MM/yyyy"),
        ({"importer_country": "XX"}, "importer_country", "Unknown country code"),
        ({"hs_code": "9"}, "hs_code", "HS codes have 2, 4 or 6 digits"),
        ({"page_size": "20"}, "page_size", "Page size must be 10, 25, 50 or 100"),
        ({"page": "0"}, "page", "Page must be 1 or more"),
        ({"page": "abc"}, "page", "Page must be 1 or more"),
    ],
)
def test_validation_messages(
    paid_client: Client, query: dict[str, str], field: str, message: str
) -> None:
    base = {**YEAR_2024, **({} if "product_details" in (field,) else {"product_details": "x"})}
    response = get(paid_client, "/fast-ai/v1/shipments", **{**base, **query})

    assert response.status_code == 422
    assert response.json()["data"]["fields"][field] == [message]


def test_invalid_searches_are_not_counted(free_client: Client) -> None:
    invalid = [
        YEAR_2024,  # no product or party
        {**YEAR_2024, "product_details": "cashew", "importer_country": "XX"},
        {**YEAR_2024, "product_details": "coffee", "hs_code": "9"},
    ]
    for query in invalid:
        assert get(free_client, "/fast-ai/v1/shipments", **query).status_code == 422
    profile = free_client.get("/fast-ai/v1/users").json()["data"]
    assert (profile["total_user_query_logs_in_day"], profile["queries_left_today"]) == (0, 2)
    assert total(free_client, product_details="cashew") == 3
    assert total(free_client, product_details="coffee") == 1


# Paging


@pytest.mark.parametrize("page_size", [10, 25, 50, 100])
def test_page_sizes(paid_client: Client, page_size: int) -> None:
    body = shipments(paid_client, hs_code="08", page_size=page_size, start_date="01-01-2023")
    assert body["meta"]["page_size"] == page_size
    assert len(body["data"]) == 4


def test_paging_bounds(paid_client: Client) -> None:
    query = {"hs_code": "08", "start_date": "01-01-2023"}
    dates = [row["date"] for row in shipments(paid_client, **query)["data"]]
    assert dates == ["2024-07-02", "2024-03-20", "2024-03-05", "2023-12-01"]
    past_the_end = shipments(paid_client, **query, page=99)
    assert past_the_end["data"] == []
    assert past_the_end["meta"]["total"] == 4


# Aggregates


def test_statistics(paid_client: Client) -> None:
    response = get(
        paid_client, "/fast-ai/v1/shipments/statistics", exporter_name="phuc an", **YEAR_2024
    )
    assert response.json()["data"] == {
        "shipments": 3,
        "total_value_usd": 376000.0,
        "total_weight_kg": 57600.0,
        "importers": 3,
        "exporters": 1,
        "avg_price_per_unit": pytest.approx(376000 / 57600),
    }


@pytest.mark.parametrize(
    "query",
    [
        {"product_details": "cashew", "start_date": "01-01-2023"},
        {"exporter_name": "phuc an"},
        {"hs_code": ["08", "09"], "start_date": "01-06-2023"},
    ],
)
def test_monthly_sums_equal_the_statistics(paid_client: Client, query: dict[str, Any]) -> None:
    search = {**YEAR_2024, **query}
    months = get(paid_client, "/fast-ai/v1/shipments/summary", **search).json()["data"]
    stats = get(paid_client, "/fast-ai/v1/shipments/statistics", **search).json()["data"]

    assert sum(m["shipments"] for m in months) == stats["shipments"]
    assert sum(m["value_usd"] for m in months) == pytest.approx(stats["total_value_usd"])
    assert sum(m["net_weight_kg"] for m in months) == pytest.approx(stats["total_weight_kg"])
    assert [m["month"] for m in months] == sorted(m["month"] for m in months)


def test_top_hs_codes(paid_client: Client) -> None:
    response = get(
        paid_client, "/fast-ai/v1/shipments/hs-codes", exporter_name="phuc an", **YEAR_2024
    )
    top = response.json()["data"]
    assert [(t["hs_code"], t["shipments"]) for t in top] == [("080132", 2), ("090111", 1)]
    assert set(top[0]["descriptions"]) == {"en", "vi", "zh"}


# The daily quota


def test_a_free_users_third_search_of_the_day_is_refused(free_client: Client) -> None:
    for panel in PANELS:
        assert get(free_client, panel, product_details="cashew", **YEAR_2024).status_code == 200
    for panel in PANELS:
        assert get(free_client, panel, product_details="coffee", **YEAR_2024).status_code == 200

    refused = get(free_client, "/fast-ai/v1/shipments", product_details="pepper", **YEAR_2024)

    assert refused.status_code == 403
    assert "query limit exceeded" in refused.json()["data"]["error"]


def test_paging_and_repeating_a_search_do_not_count_again(free_client: Client) -> None:
    for page in (1, 2, 3):
        get(free_client, "/fast-ai/v1/shipments", product_details="cashew", page=page, **YEAR_2024)
    get(free_client, "/fast-ai/v1/shipments", product_details="CASHEW ", page_size=25, **YEAR_2024)
    profile = free_client.get("/fast-ai/v1/users").json()["data"]
    assert profile["total_user_query_logs_in_day"] == 1
    assert profile["queries_left_today"] == 1


@pytest.mark.parametrize(
    "change",
    [
        {"importer_country": "US"},
        {"exporter_country": "IN"},
        {"importer_name": "garden state"},
        {"exporter_name": "kerala"},
        {"end_date": "30-11-2024"},
        {"start_date": "02-01-2024"},
        {"hs_code": "0801"},
    ],
)
def test_a_search_with_another_filter_is_another_search(
    free_client: Client, change: dict[str, str]
) -> None:
    first = {**YEAR_2024, "product_details": "cashew"}
    assert get(free_client, "/fast-ai/v1/shipments", **first).status_code == 200
    assert get(free_client, "/fast-ai/v1/shipments", **{**first, **change}).status_code == 200

    refused = get(free_client, "/fast-ai/v1/shipments", **first, importer_name="third search")
    assert refused.status_code == 403


def test_a_one_day_search(paid_client: Client) -> None:
    assert (
        total(paid_client, product_details="cashew", start_date="20-03-2024", end_date="20-03-2024")
        == 1
    )
    assert total(paid_client, hs_code="08", start_date="05-03-2024", end_date="20/03/2024") == 2


def test_a_paid_plan_searches_without_a_daily_limit(paid_client: Client) -> None:
    for number in range(6):
        assert total(paid_client, product_details=f"durian grade {number}") == 0


def test_searching_needs_a_signed_in_user(client: Client) -> None:
    assert (
        get(client, "/fast-ai/v1/shipments", product_details="cashew", **YEAR_2024).status_code
        == 401
    )


def test_without_an_index_the_search_is_unavailable_not_an_error(
    paid_client: Client, settings: Any, tmp_path: Path
) -> None:
    settings.TRADE_INDEX_DIR = tmp_path / "empty"
    response = get(paid_client, "/fast-ai/v1/shipments", product_details="cashew", **YEAR_2024)
    assert response.status_code == 503


# Reference data


def test_meta_data(paid_client: Client) -> None:
    data = paid_client.get("/fast-ai/v1/meta-data").json()["data"]

    vietnam = next(c for c in data["countries"] if c["code"] == "VN")
    assert (vietnam["name_en"], vietnam["name_vi"], vietnam["name_zh"]) == (
        "Vietnam",
        "Việt Nam",
        "越南",
    )
    assert data["page_sizes"] == [10, 25, 50, 100]
    assert data["data_range"] == {"first_date": "2023-12-01", "last_date": "2024-11-30"}
    assert data["demo_data"] is False
    chapters = [c["code"] for s in data["hs_sections"] for c in s["chapters"]]
    assert "09" in chapters


# The AI question box


def ask(client: Client, question: str) -> Any:
    return client.post(
        "/fast-ai/v1/shipments/ai/ask", {"question": question}, content_type="application/json"
    )


def test_a_question_becomes_a_search_and_its_answer_quotes_the_figures(paid_client: Client) -> None:
    response = ask(paid_client, "cashew exports from Vietnam to the Netherlands in 2024")

    data = response.json()["data"]
    assert response.status_code == 200
    assert (data["language"], data["understood"]) == ("en", True)
    assert data["filters"]["hs_code"] == ["0801"]
    assert (data["filters"]["exporter_country"], data["filters"]["importer_country"]) == (
        "VN",
        "NL",
    )
    assert (data["filters"]["start_date"], data["filters"]["end_date"]) == (
        "01-01-2024",
        "31-12-2024",
    )
    assert data["statistics"]["shipments"] == 1
    assert "130,000" in data["answer"]
    assert "Dutch Nut Trading B.V." in data["answer"]


def test_a_vietnamese_question_is_answered_in_vietnamese(paid_client: Client) -> None:
    data = ask(paid_client, "xuất khẩu hạt điều sang Mỹ năm 2024").json()["data"]
    assert data["language"] == "vi"
    assert data["filters"]["importer_country"] == "US"
    assert data["statistics"]["shipments"] == 1  # the Indian exporter's shipment is not Vietnam's


def test_a_chinese_question_is_answered_in_chinese(paid_client: Client) -> None:
    data = ask(paid_client, "2024年越南出口到德国的咖啡").json()["data"]
    assert data["language"] == "zh"
    assert data["statistics"]["shipments"] == 1
    assert data["filters"]["hs_code"] == ["0901"]


def test_a_question_it_cannot_read_costs_no_query(free_client: Client) -> None:
    for _ in range(3):
        data = ask(free_client, "hello there").json()["data"]
        assert data["understood"] is False
        assert data["statistics"] is None
    assert free_client.get("/fast-ai/v1/users").json()["data"]["queries_left_today"] == 2


def test_questions_count_against_the_daily_quota(free_client: Client) -> None:
    assert ask(free_client, "cashew exports from Vietnam in 2024").status_code == 200
    assert ask(free_client, "coffee exports from Vietnam in 2024").status_code == 200
    refused = ask(free_client, "pepper exports from Vietnam in 2024")
    assert refused.status_code == 403
    assert "query limit exceeded" in refused.json()["data"]["error"]


def test_an_empty_question_is_refused(paid_client: Client) -> None:
    assert ask(paid_client, "").status_code == 422


# Downloads


def test_a_paid_plan_downloads_csv(paid_client: Client) -> None:
    response = get(
        paid_client, "/fast-ai/v1/shipments/download", product_details="cashew", **YEAR_2024
    )

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert response["Content-Disposition"].startswith('attachment; filename="tradewise-shipments-')
    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines[0].startswith("Date,HS code,Product description,Exporter")
    assert len(lines) == 4
    assert "2024-07-02,080132" in lines[1]


def test_a_paid_plan_downloads_excel(paid_client: Client) -> None:
    from io import BytesIO

    from openpyxl import load_workbook

    response = get(
        paid_client,
        "/fast-ai/v1/shipments/download",
        format="xlsx",
        exporter_name="phuc an",
        **YEAR_2024,
    )

    sheet = load_workbook(BytesIO(response.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][:2] == ("Date", "HS code")
    assert len(rows) == 4
    assert rows[1][3] == "CÔNG TY TNHH NÔNG SẢN PHÚC AN"


def test_a_download_holds_at_most_100_records(
    paid_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    from apps.market import api

    monkeypatch.setattr(api, "DOWNLOAD_RECORDS", 2)
    response = get(paid_client, "/fast-ai/v1/shipments/download", hs_code="08", **YEAR_2024)
    assert len(response.content.decode("utf-8-sig").splitlines()) == 3


def test_the_free_plan_cannot_download(free_client: Client) -> None:
    response = get(
        free_client, "/fast-ai/v1/shipments/download", product_details="cashew", **YEAR_2024
    )
    assert response.status_code == 403
    assert response.json()["meta"]["code"] == "paid_plan_required"


# Importer contact requests


def test_an_importer_contact_request_is_kept_for_operators(free_client: Client) -> None:
    body = {"importer_name": "Garden State  Snacks Inc", "importer_country": "us"}
    first = free_client.post(
        "/fast-ai/v1/shipments/request-contact", body, content_type="application/json"
    )
    again = free_client.post(
        "/fast-ai/v1/shipments/request-contact", body, content_type="application/json"
    )

    assert first.status_code == 201
    assert first.json()["data"]["message"] == (
        "Request sent! Importer contacts will be emailed to you within 48 hours."
    )
    assert again.status_code == 201
    [kept] = ContactRequest.objects.all()
    assert (kept.importer_name, kept.importer_country, kept.status) == (
        "Garden State Snacks Inc",
        "US",
        "pending",
    )


def test_operators_mark_contact_requests_sent(free_client: Client) -> None:
    body = {"importer_name": "Dutch Nut Trading B.V.", "importer_country": "NL"}
    free_client.post("/fast-ai/v1/shipments/request-contact", body, content_type="application/json")

    assert mark_contact_requests_sent(ContactRequest.objects.all()) == 1
    assert mark_contact_requests_sent(ContactRequest.objects.all()) == 0
    assert ContactRequest.objects.get().sent_at is not None


def test_a_contact_request_names_a_real_country(free_client: Client) -> None:
    body = {"importer_name": "Dutch Nut Trading B.V.", "importer_country": "XX"}
    response = free_client.post(
        "/fast-ai/v1/shipments/request-contact", body, content_type="application/json"
    )
    assert response.status_code == 422
    assert response.json()["data"]["fields"]["importer_country"] == ["Unknown country code"]
    assert not ContactRequest.objects.exists()


def test_a_contact_request_needs_an_importer_name(free_client: Client) -> None:
    response = free_client.post(
        "/fast-ai/v1/shipments/request-contact",
        {"importer_name": ""},
        content_type="application/json",
    )
    assert response.status_code == 422


@pytest.mark.parametrize("product", ["cashew", "Hạt điều", "hat dieu", "腰果"])
def test_a_product_name_finds_its_goods_described_in_any_language(
    paid_client: Client, product: str
) -> None:
    # Two cashew shipments of 2024 are described in English, one in Vietnamese.
    assert total(paid_client, product_details=product) == 3


def test_a_vietnamese_product_name_keeps_its_accents_apart(paid_client: Client) -> None:
    # 'chè' (tea) must not find 'chế biến' (processed): accents tell the two words apart.
    vn, us = party("Công ty Chè Thái", "VN"), party("Tea Importers Inc", "US")
    ship(date(2024, 5, 5), "090240", "Chè đen OP xuất khẩu", vn, us)
    ship(date(2024, 5, 6), "080132", "Hạt điều nhân chế biến WW320", vn, us)
    index.build_snapshot()
    assert total(paid_client, product_details="chè") == 1
    assert total(paid_client, product_details="tea") == 1


def test_top_hs_codes_name_a_subheading_in_vietnamese_and_chinese(paid_client: Client) -> None:
    response = get(
        paid_client, "/fast-ai/v1/shipments/hs-codes", exporter_name="phuc an", **YEAR_2024
    )
    cashew = response.json()["data"][0]
    assert cashew["hs_code"] == "080132"
    assert cashew["descriptions"]["vi"] == "Hạt điều đã bóc vỏ (điều nhân)"
    assert cashew["descriptions"]["zh"].startswith("去壳腰果")
    english = "Nuts, edible; cashew nuts, fresh or dried, shelled"
    assert cashew["description"] == cashew["descriptions"]["en"] == english
