"""Coverage, rankings, party profiles, unit prices and the shipment table's orders: every
figure is checked against sums computed here from the shipments themselves, not by the
index's SQL."""

from __future__ import annotations

import statistics
from collections import defaultdict
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from apps.accounts.models import User
from apps.billing.models import Plan, Subscription
from apps.market import index
from apps.market.models import Shipment, TradeParty
from apps.market.tests.factories import cashew_and_coffee_trade, party, ship

pytestmark = pytest.mark.django_db

# The data ends in the past: its last shipment is from 30 November 2024.
SEARCH = {"hs_code": "08", "start_date": "01-07-2024", "end_date": "31-12-2024"}
PERIOD = (date(2024, 7, 1), date(2024, 12, 31))
BEFORE = (date(2024, 1, 1), date(2024, 6, 30))  # 184 days, as the period


@pytest.fixture(autouse=True)
def trade(settings: Any, tmp_path: Path) -> dict[str, TradeParty]:
    """The cashew and coffee shipments, and more cashew and pepper in both halves of 2024
    (one without a net weight), so rankings have growth and prices have spread."""
    settings.TRADE_INDEX_DIR = tmp_path / "trade-index"
    parties = cashew_and_coffee_trade()
    vn, kerala = parties["phuc_an"], parties["kerala"]
    nl, us = parties["rotterdam"], parties["new_jersey"]
    tokyo = party("Tokyo Foods KK", "JP")
    ship(date(2024, 8, 10), "080132", "CASHEW KERNELS WS", vn, nl, kg="16000", usd="99000")
    ship(date(2024, 9, 3), "080132", "CASHEW KERNELS LP", vn, tokyo, kg="5000", usd="41000")
    ship(date(2024, 9, 25), "080132", "CASHEW KERNELS W180", kerala, nl, kg="12000", usd="110000")
    ship(date(2024, 10, 14), "090411", "BLACK PEPPER 550GL", vn, us, kg="20000", usd="80000")
    ship(date(2024, 12, 2), "080132", "CASHEW KERNELS W240", vn, us, kg="18000", usd="125000")
    ship(date(2024, 5, 6), "080132", "CASHEW KERNELS W320", kerala, tokyo, kg="9000", usd="70000")
    unweighed = ship(date(2024, 11, 5), "080132", "CASHEW SPLITS", vn, tokyo, usd="30000")
    Shipment.objects.filter(pk=unweighed.pk).update(net_weight_kg=None)
    index.build_snapshot()
    return {**parties, "tokyo": tokyo}


@pytest.fixture
def client(member: User) -> Client:
    Subscription.objects.create(user=member, plan=Plan.objects.get(key="monthly"))
    signed_in = Client()
    signed_in.force_login(member)
    return signed_in


def data(client: Client, path: str, **query: Any) -> Any:
    response = client.get(f"/fast-ai/v1/{path}", query)
    assert response.status_code == 200, response.content
    return response.json()


def matching(start: date, end: date, hs_prefix: str = "08") -> list[Shipment]:
    return [
        s
        for s in Shipment.objects.select_related("hs_code")
        if start <= s.date <= end and s.hs_code_id.startswith(hs_prefix)
    ]


def kg(shipment: Shipment) -> Decimal:
    return shipment.net_weight_kg or Decimal(0)


MEASURES = {
    "value": lambda s: s.value_usd,
    "weight": kg,
    "shipments": lambda s: Decimal(1),
}


# Coverage


def test_meta_data_states_the_coverage_of_data_that_ends_in_the_past(client: Client) -> None:
    coverage = data(client, "meta-data")["data"]["coverage"]

    everything = Shipment.objects.all()
    assert coverage["first_date"] == min(s.date for s in everything).isoformat() == "2023-12-01"
    assert coverage["last_date"] == max(s.date for s in everything).isoformat() == "2024-12-02"
    assert coverage["shipments"] == everything.count() == 12
    assert coverage["sources"] == ["test"]
    assert coverage["demo"] is False
    assert coverage["updated_at"] is not None


# Rankings


@pytest.mark.parametrize("side", ["importer", "exporter"])
@pytest.mark.parametrize("by", ["value", "weight", "shipments"])
def test_each_ranking_equals_the_sums_of_its_shipments(client: Client, side: str, by: str) -> None:
    body = data(client, "shipments/rankings", **SEARCH, side=side, by=by, page_size=25)

    measure = MEASURES[by]
    now: dict[int, list[Shipment]] = defaultdict(list)
    for s in matching(*PERIOD):
        now[getattr(s, f"{side}_id")].append(s)
    before: dict[int, Decimal] = defaultdict(Decimal)
    for s in matching(*BEFORE):
        before[getattr(s, f"{side}_id")] += measure(s)
    whole = sum(measure(s) for rows in now.values() for s in rows)
    expected = sorted(now, key=lambda pid: (-sum(measure(s) for s in now[pid]), pid))

    assert body["meta"]["total"] == len(now)
    assert [row["party_id"] for row in body["data"]] == expected
    for place, row in enumerate(body["data"], start=1):
        rows = now[row["party_id"]]
        current = sum(measure(s) for s in rows)
        assert row["rank"] == place
        assert row["shipments"] == len(rows)
        assert row["value_usd"] == pytest.approx(float(sum(s.value_usd for s in rows)))
        assert row["net_weight_kg"] == pytest.approx(float(sum(kg(s) for s in rows)))
        assert row["last_date"] == max(s.date for s in rows).isoformat()
        assert row["share"] == pytest.approx(float(current / whole))
        assert row["previous"] == pytest.approx(float(before[row["party_id"]]))
        if before[row["party_id"]]:
            growth = (current - before[row["party_id"]]) / before[row["party_id"]]
            assert row["growth"] == pytest.approx(float(growth))
        else:
            assert row["growth"] is None
        assert row["name"] == TradeParty.objects.get(pk=row["party_id"]).name


def test_rankings_are_paged(client: Client) -> None:
    first = data(client, "shipments/rankings", **SEARCH, page_size=10)
    assert first["meta"] == {"page": 1, "page_size": 10, "total": 3}
    beyond = data(client, "shipments/rankings", **SEARCH, page=2, page_size=10)
    assert beyond["data"] == []
    assert beyond["meta"]["total"] == 3


def test_a_ranking_measure_outside_the_fixed_set_is_refused(client: Client) -> None:
    response = client.get("/fast-ai/v1/shipments/rankings", {**SEARCH, "by": "price"})
    assert response.status_code == 422


# The shipment table's orders


def per_kg(s: Shipment) -> float | None:
    return float(s.value_usd / s.net_weight_kg) if s.net_weight_kg else None


@pytest.mark.parametrize(
    ("sort", "key"),
    [
        ("-date", lambda s: (s.date, s.pk)),
        ("value", lambda s: s.value_usd),
        ("-value", lambda s: s.value_usd),
        ("-weight", kg),
        ("price_per_kg", per_kg),
        ("-price_per_kg", per_kg),
    ],
)
def test_the_table_sorts(client: Client, sort: str, key: Any) -> None:
    body = data(client, "shipments", **SEARCH, sort=sort, page_size=25)

    expected = matching(*PERIOD)
    known = [s for s in expected if key(s) is not None]
    ordered = sorted(known, key=key, reverse=sort.startswith("-"))
    ordered += [s for s in expected if key(s) is None]  # no weight: last either way
    assert [key(s) for s in ordered] == [
        key(Shipment.objects.get(pk=row["id"])) for row in body["data"]
    ]
    by_id = {s.pk: s for s in expected}
    for row in body["data"]:
        assert row["price_per_kg"] == (
            None if per_kg(by_id[row["id"]]) is None else pytest.approx(per_kg(by_id[row["id"]]))
        )
        assert row["importer_id"] == by_id[row["id"]].importer_id


def test_an_unknown_sort_is_refused(client: Client) -> None:
    response = client.get("/fast-ai/v1/shipments", {**SEARCH, "sort": "exporter_name"})
    assert response.status_code == 422
    assert response.json()["data"]["fields"]["sort"] == [
        "Sort by date, value, weight or price_per_kg, with '-' for descending"
    ]


# Party profiles


def test_a_profile_equals_the_sums_of_its_shipments(
    client: Client, trade: dict[str, TradeParty]
) -> None:
    vn = trade["phuc_an"]
    profile = data(client, f"parties/{vn.pk}")["data"]

    mine = list(Shipment.objects.filter(exporter=vn)) + list(Shipment.objects.filter(importer=vn))
    assert (profile["name"], profile["country"]) == (vn.name, "VN")
    assert profile["shipments"] == len(mine) == 9
    assert (profile["as_exporter"], profile["as_importer"]) == (9, 0)
    assert profile["value_usd"] == pytest.approx(float(sum(s.value_usd for s in mine)))
    assert profile["net_weight_kg"] == pytest.approx(float(sum(kg(s) for s in mine)))
    assert profile["first_date"] == min(s.date for s in mine).isoformat()
    assert profile["last_date"] == max(s.date for s in mine).isoformat()

    months: dict[str, list[Shipment]] = defaultdict(list)
    for s in mine:
        months[s.date.strftime("%Y-%m")].append(s)
    assert [m["month"] for m in profile["months"]] == sorted(months)
    for month in profile["months"]:
        rows = months[month["month"]]
        assert month["shipments"] == len(rows)
        assert month["value_usd"] == pytest.approx(float(sum(s.value_usd for s in rows)))
        assert month["net_weight_kg"] == pytest.approx(float(sum(kg(s) for s in rows)))

    products: dict[str, list[Shipment]] = defaultdict(list)
    for s in mine:
        products[s.hs_code_id].append(s)
    assert {p["hs_code"] for p in profile["products"]} == set(products)
    for product in profile["products"]:
        rows = products[product["hs_code"]]
        assert product["shipments"] == len(rows)
        assert product["value_usd"] == pytest.approx(float(sum(s.value_usd for s in rows)))
        prices = [per_kg(s) for s in rows if per_kg(s) is not None]
        assert product["median_price_per_kg"] == pytest.approx(statistics.median(prices))
        assert product["descriptions"]["en"]
    values = [p["value_usd"] for p in profile["products"]]
    assert values == sorted(values, reverse=True)

    partners: dict[int, list[Shipment]] = defaultdict(list)
    countries: dict[str, Decimal] = defaultdict(Decimal)
    for s in mine:
        partners[s.importer_id].append(s)
        countries[s.importer_country] += s.value_usd
    assert {c["country"]: c["value_usd"] for c in profile["partner_countries"]} == {
        country: pytest.approx(float(value)) for country, value in countries.items()
    }
    for partner in profile["counterparties"]:
        rows = partners[partner["party_id"]]
        assert partner["shipments"] == len(rows)
        assert partner["value_usd"] == pytest.approx(float(sum(s.value_usd for s in rows)))
        assert partner["last_date"] == max(s.date for s in rows).isoformat()
    assert len(profile["counterparties"]) == len(partners)


def test_a_profile_within_a_period(client: Client, trade: dict[str, TradeParty]) -> None:
    nl = trade["rotterdam"]
    profile = data(client, f"parties/{nl.pk}", start_date="01-07-2024", end_date="31-12-2024")[
        "data"
    ]
    mine = [s for s in Shipment.objects.filter(importer=nl) if PERIOD[0] <= s.date <= PERIOD[1]]
    assert (profile["shipments"], profile["as_importer"]) == (len(mine), len(mine))
    assert profile["value_usd"] == pytest.approx(float(sum(s.value_usd for s in mine)))


def test_an_unknown_party_is_not_found(client: Client) -> None:
    assert client.get("/fast-ai/v1/parties/999999").status_code == 404


# Unit prices


def quartiles(values: list[float]) -> tuple[float, float, float]:
    if len(values) == 1:
        return values[0], values[0], values[0]
    p25, median, p75 = statistics.quantiles(values, n=4, method="inclusive")
    return p25, median, p75


def test_unit_prices_per_month_without_groups(client: Client) -> None:
    body = data(client, "shipments/unit-prices", **SEARCH)["data"]

    weighed = [s for s in matching(*PERIOD) if s.net_weight_kg]
    assert body["groups"] == []
    assert sum(m["priced_shipments"] for m in body["months"]) == len(weighed)
    assert [m["month"] for m in body["months"]] == sorted(
        {s.date.strftime("%Y-%m") for s in weighed}
    )


def test_unit_prices_per_month_and_origin(client: Client) -> None:
    body = data(client, "shipments/unit-prices", **SEARCH, by="origin")["data"]

    weighed = [s for s in matching(*PERIOD) if s.net_weight_kg]
    assert body["unit"] == "USD/kg"
    # Whole months: estimated from the shipments per step of price, within the stated share.
    assert body["approximate"] is True
    within = body["relative_error"] * (1 + 1e-9)
    assert 0 < within < 0.01
    months: dict[str, list[Shipment]] = defaultdict(list)
    for s in weighed:
        months[s.date.strftime("%Y-%m")].append(s)
    assert [m["month"] for m in body["months"]] == sorted(months)
    for month in body["months"]:
        rows = months[month["month"]]
        expected = quartiles([per_kg(s) or 0 for s in rows])
        assert (month["p25"], month["median"], month["p75"]) == pytest.approx(expected, rel=within)
        assert month["priced_shipments"] == len(rows)
        assert month["average"] == pytest.approx(
            float(sum(s.value_usd for s in rows) / sum(kg(s) for s in rows))
        )

    origins: dict[str, list[Shipment]] = defaultdict(list)
    for s in weighed:
        origins[s.exporter_country].append(s)
    assert [g["country"] for g in body["groups"]] == sorted(
        origins, key=lambda c: -sum(kg(s) for s in origins[c])
    )
    for group in body["groups"]:
        rows = origins[group["country"]]
        assert (group["p25"], group["median"], group["p75"]) == pytest.approx(
            quartiles([per_kg(s) or 0 for s in rows]), rel=within
        )
        assert group["net_weight_kg"] == pytest.approx(float(sum(kg(s) for s in rows)))
        assert sum(m["priced_shipments"] for m in group["months"]) == len(rows)


def test_a_profile_of_a_period_without_shipments_is_empty(
    client: Client, trade: dict[str, TradeParty]
) -> None:
    profile = data(
        client, f"parties/{trade['kerala'].pk}", start_date="01-01-2030", end_date="31-12-2030"
    )["data"]
    assert (profile["shipments"], profile["value_usd"], profile["first_date"]) == (0, 0.0, None)
    assert profile["months"] == profile["products"] == profile["counterparties"] == []


def test_a_profiles_period_is_checked(client: Client, trade: dict[str, TradeParty]) -> None:
    response = client.get(f"/fast-ai/v1/parties/{trade['kerala'].pk}", {"start_date": "2024/13/01"})
    assert response.status_code == 422
    assert response.json()["data"]["fields"]["start_date"] == ["Use dd-MM-yyyy or dd/MM/yyyy"]


def test_a_profile_counts_as_one_query_of_the_day(trade: dict[str, TradeParty]) -> None:
    free = Client()
    free.force_login(User.objects.create_user("free@example.com"))
    kerala, tokyo = trade["kerala"].pk, trade["tokyo"].pk
    for _ in range(3):  # the same profile again: counted once
        assert free.get(f"/fast-ai/v1/parties/{kerala}").status_code == 200
    assert free.get(f"/fast-ai/v1/parties/{tokyo}").status_code == 200
    # The free plan's two queries are used: a third profile is refused.
    assert free.get(f"/fast-ai/v1/parties/{trade['rotterdam'].pk}").status_code == 403


def test_the_ai_answer_names_its_importers_with_their_profiles(
    client: Client, trade: dict[str, TradeParty]
) -> None:
    response = client.post(
        "/fast-ai/v1/shipments/ai/ask",
        {"question": "cashew exports from Vietnam to the Netherlands in 2024"},
        content_type="application/json",
    )
    importers = response.json()["data"]["importers"]
    nl = trade["rotterdam"]
    bought = [
        s
        for s in Shipment.objects.filter(importer=nl, exporter_country="VN")
        if s.date.year == 2024
    ]
    assert importers == [
        {
            "party_id": nl.pk,
            "importer_name": nl.name,
            "importer_country": "NL",
            "shipments": len(bought),
            "value_usd": pytest.approx(float(sum(s.value_usd for s in bought))),
        }
    ]
