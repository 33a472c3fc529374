"""The seeded catalogue is spec §9's price list, figure by figure, in three languages."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from apps.billing.models import Plan, Product

pytestmark = pytest.mark.django_db

# product, key, spec number, price USD, list price USD, discount %, credits, daily credits,
# queries per day, period
SPEC_PLANS = [
    ("market-insights", "free", 3, 0, 0, 0, None, None, 2, ""),
    ("market-insights", "daily", 1, 12, 20, 40, None, None, None, "day"),
    ("market-insights", "monthly", 2, 120, 250, 52, None, None, None, "month"),
    ("lead-sourcing", "free", 3, 0, 0, 0, None, 10, None, ""),
    ("lead-sourcing", "basic", 1, 5, 10, 50, 100, None, None, ""),
    ("lead-sourcing", "advanced", 2, 50, 100, 50, 2000, None, None, ""),
    ("lead-sourcing", "premium", 3, 100, 200, 50, 5000, None, None, ""),
]


def test_the_products_are_the_three_of_the_spec() -> None:
    assert list(Product.objects.values_list("name", flat=True)) == [
        "market-insights",
        "lead-sourcing",
        "lead-verification",
    ]


def test_the_plans_are_the_price_list_of_the_spec() -> None:
    plans = [
        (
            plan.product.name,
            plan.key,
            plan.number,
            plan.price_cents / 100,
            plan.list_price_cents / 100,
            plan.discount,
            plan.credits,
            plan.daily_credits,
            plan.queries_per_day,
            plan.period,
        )
        for plan in Plan.objects.select_related("product")
    ]
    assert plans == SPEC_PLANS


def test_each_discount_is_the_saving_on_the_list_price() -> None:
    for plan in Plan.objects.exclude(list_price_cents=0):
        saving = 100 * (plan.list_price_cents - plan.price_cents) / plan.list_price_cents
        assert plan.discount == round(saving), plan


@pytest.mark.parametrize("language", ["en", "vi", "zh"])
def test_every_plan_has_its_texts_in_each_language(language: str) -> None:
    for plan in Plan.objects.all():
        texts = plan.texts[language]
        for field in ("name", "description", "plan_title", "button_text"):
            assert texts[field].strip(), (plan, language, field)
        assert texts["selling_points"], (plan, language)


def test_the_vietnamese_and_chinese_texts_are_translations() -> None:
    for plan in Plan.objects.all():
        assert plan.texts["vi"]["selling_points"] != plan.texts["en"]["selling_points"]
        assert plan.texts["zh"]["selling_points"] != plan.texts["en"]["selling_points"]


def plans_api(client: Client, **query: Any) -> list[dict[str, Any]]:
    response = client.get("/fast-ai/v1/plans", query)
    assert response.status_code == 200
    return response.json()["data"]


def test_the_plans_api_sends_the_spec_fields(client: Client) -> None:
    daily = next(p for p in plans_api(client) if p["key"] == "daily")
    assert daily["product"] == "market-insights"
    assert (daily["price"], daily["price_without_discount"], daily["discount"]) == (12.0, 20.0, 40)
    assert daily["plan_title"] == "1-day pass"
    assert daily["button_text"] == "Buy 1 day"
    assert "Unlimited searches" in daily["plan_unit_selling_points"]
    assert daily["plan_usage"] == []
    assert daily["translations"]["vi"]["button_text"] == "Mua 1 ngày"
    assert daily["translations"]["zh"]["plan_title"] == "1 天通行"


def test_the_free_market_plan_reports_its_daily_query_limit(client: Client) -> None:
    free = next(
        p for p in plans_api(client) if (p["product"], p["key"]) == ("market-insights", "free")
    )
    assert free["plan_usage"] == [{"limit_value": 2, "plan_limit": {"limit_type": "query_per_day"}}]


def test_plans_are_filtered_by_product(client: Client) -> None:
    lead_sourcing = Product.objects.get(name="lead-sourcing")
    keys = [p["key"] for p in plans_api(client, product_id=lead_sourcing.pk)]
    assert keys == ["free", "basic", "advanced", "premium"]


def test_plan_ids_are_unique_although_the_spec_numbers_repeat(client: Client) -> None:
    plans = plans_api(client)
    assert len({p["id"] for p in plans}) == len(plans) == 7
    assert sorted(p["number"] for p in plans if p["key"] == "free") == [3, 3]


def test_an_inactive_plan_is_not_offered(client: Client) -> None:
    Plan.objects.filter(key="advanced").update(is_active=False)
    assert "advanced" not in [p["key"] for p in plans_api(client)]


def test_products_api(client: Client) -> None:
    response = client.get("/fast-ai/v1/products")
    assert [p["name"] for p in response.json()["data"]] == [
        "market-insights",
        "lead-sourcing",
        "lead-verification",
    ]


def test_a_bad_product_id_is_a_validation_error(client: Client) -> None:
    assert client.get("/fast-ai/v1/plans", {"product_id": "cashew"}).status_code == 422
