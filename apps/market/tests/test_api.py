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
        "value_usd", "price_per_unit", "exporter_id", "importer_id", "price_per_kg",
    }  # fmt: skip


def test_product_details_in_vietnamese_without_accents(paid_client: Client) -> None:
    # Cashew kernels, described in Vietnamese (1) or in English (2) in 2024.
    assert total(paid_client, product_details="hat dieu nhan") == 3
    assert total(paid_client, product_details="dong thung") == 1


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


def test_a_product_text_of_digits_finds_what_the_hs_code_filter_finds(
    paid_client: Client,
) -> None:
    everything = total(paid_client, hs_code=["08", "09"])
    for code in ("08", "0801", "090111"):
        by_text = shipments(paid_client, product_details=code)
        by_code = shipments(paid_client, hs_code=code)
        assert by_text["data"] == by_code["data"]
        assert 0 < by_text["meta"]["total"] < everything


def test_a_search_text_without_letters_is_refused_not_matched_with_everything(
    paid_client: Client,
) -> None:
    for field, text in (("product_details", "1"), ("importer_name", "000")):
        response = get(paid_client, "/fast-ai/v1/shipments", **YEAR_2024, **{field: text})
        assert response.status_code == 422
        assert list(response.json()["data"]["fields"]) == [field]


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
        "avg_price_per_kg": pytest.approx(376000 / 57600),
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
    assert {code[:4] for code in data["filters"]["hs_code"]} == {"0801"}
    assert (data["filters"]["exporter_country"], data["filters"]["importer_country"]) == (
        "VN",
        "NL",
    )
    assert (data["filters"]["start_date"], data["filters"]["end_date"]) == (
        "01-01-2024",
        "31-12-2024",
    )
    assert data["statistics"]["shipments"] == 1
    assert data["dated"] is True
    assert {item["field"] for item in data["reading"]} >= {
        "product",
        "exporter_country",
        "importer_country",
        "period",
    }
    assert "To: Netherlands" in {item["text"] for item in data["reading"]}
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
    assert {code[:4] for code in data["filters"]["hs_code"]} == {"0901"}


def test_a_question_it_cannot_read_costs_no_query(free_client: Client) -> None:
    for _ in range(3):
        data = ask(free_client, "hello there").json()["data"]
        assert data["understood"] is False
        assert data["statistics"] is None
        assert data["reading"] == []
    assert free_client.get("/fast-ai/v1/users").json()["data"]["queries_left_today"] == 2


def test_a_forecast_question_gets_no_figures_and_costs_no_query(free_client: Client) -> None:
    for question in ("What will cashew cost next year?", "明年腰果价格会涨吗"):
        data = ask(free_client, question).json()["data"]
        assert data["understood"] is False
        assert data["statistics"] is None
        assert not any(char.isdigit() for char in data["answer"])
    assert free_client.get("/fast-ai/v1/users").json()["data"]["queries_left_today"] == 2


def test_goods_the_data_never_shipped_are_said_to_be_missing(paid_client: Client) -> None:
    data = ask(paid_client, "vanilla exports in 2024").json()["data"]
    assert data["statistics"]["shipments"] == 0
    assert data["answer"].startswith("The data holds no shipments of vanilla in any period.")
    other = ask(paid_client, "cashew exports to Brazil in 2024").json()["data"]
    assert other["answer"].startswith("No shipments found")  # the goods are held elsewhere


def test_countries_compared_are_answered_side_by_side(paid_client: Client) -> None:
    data = ask(paid_client, "cashew exports to the Netherlands vs Germany in 2024").json()["data"]
    assert data["understood"] is True
    assert data["filters"]["importer_country"] == ""
    assert "Side by side — Netherlands: 1 shipment," in data["answer"]
    assert "Germany:" in data["answer"]


def test_a_question_about_a_period_beyond_the_data_says_so(paid_client: Client) -> None:
    data = ask(paid_client, "cashew exports from Vietnam to the Netherlands in 2026").json()["data"]
    assert data["understood"] is True
    assert data["statistics"]["shipments"] == 0
    assert "The data covers 1 Dec 2023 to 30 Nov 2024" in data["answer"]


def test_a_party_of_the_data_is_found_with_its_legal_form_left_out(paid_client: Client) -> None:
    data = ask(paid_client, "what did Dutch Nut Trading buy in 2024?").json()["data"]
    assert data["filters"]["importer_name"] == "Dutch Nut Trading B.V."
    assert data["statistics"]["shipments"] >= 1


def test_a_question_about_exporters_lists_the_biggest_exporters(paid_client: Client) -> None:
    data = ask(paid_client, "largest exporters of cashew in 2024").json()["data"]
    assert data["statistics"]["shipments"] >= 1
    assert "Top exporters:" in data["answer"]
    assert "Top importers:" not in data["answer"]


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
    # One cell each, quoted where the text holds a comma.
    assert lines[:3] == [
        '"# Search: product=cashew, 01-01-2024 to 31-12-2024"',
        "# Data: Dec 2023 – Nov 2024",  # noqa: RUF001
        "# Rows: 3 of 3",
    ]
    assert lines[3].startswith("Date,HS code,Product description,Exporter")
    assert len(lines) == 7
    assert "2024-07-02,080132" in lines[4]


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

    book = load_workbook(BytesIO(response.content))
    assert book.sheetnames == ["Shipments", "Search"]
    rows = list(book["Shipments"].iter_rows(values_only=True))
    assert rows[0][:2] == ("Date", "HS code")
    assert len(rows) == 4
    assert rows[1][3] == "CÔNG TY TNHH NÔNG SẢN PHÚC AN"
    assert list(book["Search"].iter_rows(values_only=True)) == [
        ("Search", "exporter=phuc an, 01-01-2024 to 31-12-2024"),
        ("Data", "Dec 2023 – Nov 2024"),  # noqa: RUF001
        ("Rows", "3 of 3"),
    ]


def test_a_download_holds_at_most_100_records(
    paid_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    from apps.market import api

    monkeypatch.setattr(api, "DOWNLOAD_RECORDS", 2)
    response = get(paid_client, "/fast-ai/v1/shipments/download", hs_code="08", **YEAR_2024)
    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines[2] == "# Rows: 2 of 3"
    assert len(lines) == 3 + 1 + 2


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


def test_a_user_sees_their_own_contact_requests_with_their_state(
    free_client: Client, paid_client: Client
) -> None:
    for name in ("Dutch Nut Trading B.V.", "Garden State Snacks Inc"):
        body = {"importer_name": name, "importer_country": "NL"}
        free_client.post(
            "/fast-ai/v1/shipments/request-contact", body, content_type="application/json"
        )
    mark_contact_requests_sent(ContactRequest.objects.filter(importer_name__startswith="Dutch"))

    mine = free_client.get("/fast-ai/v1/shipments/contact-requests").json()["data"]
    theirs = paid_client.get("/fast-ai/v1/shipments/contact-requests").json()["data"]

    assert [(r["importer_name"], r["importer_country"], r["status"]) for r in mine] == [
        ("Garden State Snacks Inc", "NL", "pending"),
        ("Dutch Nut Trading B.V.", "NL", "sent"),
    ]
    assert mine[1]["sent_at"] is not None
    assert theirs == []


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


def test_formula_cells_imported_come_back_neutralised_in_both_downloads(
    paid_client: Client, tmp_path: Path
) -> None:
    from io import BytesIO

    from openpyxl import load_workbook

    from apps.market.imports import import_shipments
    from apps.market.tests.imports.test_imports import HEADER, line

    formula = '=HYPERLINK("http://x","y")'
    path = tmp_path / "shipments.csv"
    rows = [
        line(
            date="2024-05-06",
            hs_code="080132",
            exporter_name="Formula Test Co",
            product_description=formula,
            importer_name="@SUM(1+1) Trading",
            port_of_loading="-Cat Lai",
            source_record_id="F1",
        )
    ]
    path.write_text("\n".join([HEADER, *rows]) + "\n", "utf-8")
    assert import_shipments(path).added == 1
    query = {"exporter_name": "formula test", **YEAR_2024}

    csv_file = get(paid_client, "/fast-ai/v1/shipments/download", **query)
    workbook = get(paid_client, "/fast-ai/v1/shipments/download", format="xlsx", **query)

    import csv

    *facts, header, row = csv.reader(csv_file.content.decode("utf-8-sig").splitlines())
    assert facts[0] == ["# Search: exporter=formula test, 01-01-2024 to 31-12-2024"]
    cells = dict(zip(header, row, strict=True))
    assert cells["Product description"] == "'" + formula
    assert cells["Importer"] == "'@SUM(1+1) Trading"
    assert float(cells["Value (USD)"]) == 86400
    sheet = load_workbook(BytesIO(workbook.content))["Shipments"]
    titles, values = sheet.iter_rows(values_only=True)
    cells_x = dict(zip(titles, values, strict=True))
    assert cells_x["Product description"] == "'" + formula
    assert cells_x["Importer"] == "'@SUM(1+1) Trading"
    assert cells_x["Value (USD)"] == 86400
    assert all(cell.data_type != "f" for cell in sheet[2])


@pytest.mark.parametrize(
    ("page", "message"),
    [
        ("²", "Page must be 1 or more"),  # a superscript digit passes str.isdigit
        ("0", "Page must be 1 or more"),
        ("-1", "Page must be 1 or more"),
        ("1000000000000000000", "Page must be 10000 or less"),  # past the index's integers
        ("9" * 5000, "Page must be 10000 or less"),  # past int()'s digit limit
        ("10001", "Page must be 10000 or less"),
    ],
)
def test_a_page_outside_the_range_is_refused_before_the_search(
    paid_client: Client, page: str, message: str
) -> None:
    response = get(paid_client, "/fast-ai/v1/shipments", hs_code="08", page=page, **YEAR_2024)

    assert response.status_code == 422
    assert response.json()["data"]["fields"] == {"page": [message]}
    assert response.json()["meta"]["code"] == "validation_failed"


def test_the_last_page_in_range_is_answered(paid_client: Client) -> None:
    body = shipments(paid_client, hs_code="08", page=10000, page_size=100)

    assert body["data"] == []
    assert body["meta"]["page"] == 10000


@pytest.mark.parametrize("page_size", ["²⁵", "0", "20", "1" * 30])
def test_a_page_size_outside_the_options_is_refused(paid_client: Client, page_size: str) -> None:
    response = get(
        paid_client, "/fast-ai/v1/shipments", hs_code="08", page_size=page_size, **YEAR_2024
    )

    assert response.status_code == 422
    assert response.json()["data"]["fields"] == {
        "page_size": ["Page size must be 10, 25, 50 or 100"]
    }


@pytest.mark.parametrize("field", ["product_details", "importer_name", "exporter_name"])
@pytest.mark.parametrize(
    ("text", "message"),
    [
        # 1,100 words once became 1,100 INTERSECTs and the index's expression depth limit.
        (" ".join(["cashew"] * 1100), "Use at most 200 characters"),
        (" ".join(["nut"] * 21), "Use at most 20 words"),
        ("a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q-r-s-t-u", "Use at most 20 words"),
        ("x" * 201, "Use at most 200 characters"),
    ],
)
def test_a_search_text_over_the_limits_is_refused(
    paid_client: Client, field: str, text: str, message: str
) -> None:
    response = get(paid_client, "/fast-ai/v1/shipments", **{field: text}, **YEAR_2024)

    assert response.status_code == 422
    assert response.json()["data"]["fields"][field] == [message]


def test_a_search_text_at_the_limits_is_searched(paid_client: Client) -> None:
    twenty_words = " ".join(["cashew"] * 19 + ["kernels"])

    body = shipments(paid_client, product_details=twenty_words)

    assert body["meta"]["total"] >= 0


def test_the_ai_box_with_a_long_product_answers_without_searching(paid_client: Client) -> None:
    question = "exports of " + " ".join(["cashew"] * 60) + " to Germany in 2024"

    response = paid_client.post(
        "/fast-ai/v1/shipments/ai/ask", {"question": question}, content_type="application/json"
    )

    assert response.status_code == 200, response.content


def test_hs_code_suggestions_name_codes_in_the_interface_language(paid_client: Client) -> None:
    by_words = paid_client.get("/fast-ai/v1/hs-codes/suggest", {"q": "durian", "lang": "zh"})
    assert by_words.status_code == 200
    first = by_words.json()["data"][0]
    assert first["code"] == "081060"
    assert "榴莲" in first["name"]
    by_digits = paid_client.get(
        "/fast-ai/v1/hs-codes/suggest", {"q": "0901", "lang": "vi", "limit": 3}
    ).json()["data"]
    assert [item["code"] for item in by_digits] == ["0901", "090111", "090112"]
    assert by_digits[0]["name"].startswith("Cà phê")
    assert paid_client.get("/fast-ai/v1/hs-codes/suggest", {"q": ""}).json()["data"] == []


def test_hs_code_suggestions_need_a_signed_in_user(client: Client) -> None:
    assert client.get("/fast-ai/v1/hs-codes/suggest", {"q": "coffee"}).status_code == 401
