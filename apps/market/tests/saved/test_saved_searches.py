"""Saved searches: the API (only one's own, validation in the spec's error shape, the limit)
and the alerts an import sends (exactly the new matches, one email per search, none when
nothing new matches)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core import mail
from django.test import Client

from apps.accounts.models import User
from apps.market import index
from apps.market.imports import import_shipments
from apps.market.models import SavedSearch
from apps.market.saved import services
from apps.market.tests.factories import cashew_and_coffee_trade

pytestmark = pytest.mark.django_db(transaction=True)

PATH = "/fast-ai/v1/saved-searches"
CASHEW = {"product_details": "cashew", "start_date": "01-01-2024", "end_date": "31-12-2024"}
HEADER = (
    "date,hs_code,product_description,exporter_name,exporter_country,importer_name,"
    "importer_country,quantity,quantity_unit,net_weight_kg,value_usd,port_of_loading,"
    "port_of_discharge,transport_mode,source,source_record_id"
)


@pytest.fixture(autouse=True)
def trade_index(settings: Any, tmp_path: Path) -> None:
    settings.TRADE_INDEX_DIR = tmp_path / "trade-index"
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    settings.SITE_URL = "https://tradewise.example"
    cashew_and_coffee_trade()
    index.build_snapshot()


def save(client: Client, language: str = "en", **payload: Any) -> Any:
    return client.post(
        PATH,
        {"filters": CASHEW, **payload},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=language,
    )


# The API


def test_save_list_rename_stop_and_delete(member_client: Client) -> None:
    created = save(member_client, name="  Cashew   2024 ")
    assert created.status_code == 201, created.content
    body = created.json()["data"]
    assert body["name"] == "Cashew 2024"
    assert body["alerts"] is True
    assert body["filters"]["product_details"] == "cashew"
    assert body["summary"] == "product=cashew, 01-01-2024 to 31-12-2024"
    assert body["market_path"] == (
        "/market-insights?product_details=cashew&start_date=01-01-2024&end_date=31-12-2024"
    )
    saved_id = body["id"]
    assert [s["id"] for s in member_client.get(PATH).json()["data"]] == [saved_id]

    renamed = member_client.patch(
        f"{PATH}/{saved_id}", {"name": "Cashew buyers"}, content_type="application/json"
    )
    assert renamed.json()["data"]["name"] == "Cashew buyers"
    stopped = member_client.patch(
        f"{PATH}/{saved_id}", {"alerts": False}, content_type="application/json"
    )
    assert stopped.json()["data"]["alerts"] is False
    assert member_client.delete(f"{PATH}/{saved_id}").status_code == 200
    assert member_client.get(PATH).json()["data"] == []


def test_the_name_defaults_to_the_search_in_words(member_client: Client) -> None:
    body = save(member_client, filters={**CASHEW, "importer_country": "us"}).json()["data"]
    assert body["name"] == "product=cashew, importer country=US, 01-01-2024 to 31-12-2024"


def test_the_language_of_the_alerts_is_the_one_the_search_was_saved_in(
    member_client: Client,
) -> None:
    save(member_client, language="vi-VN,vi;q=0.9")
    assert SavedSearch.objects.get().language == "vi"


def test_only_the_owner_sees_changes_or_deletes_a_saved_search(
    member_client: Client, other_client: Client
) -> None:
    saved_id = save(member_client).json()["data"]["id"]
    assert other_client.get(PATH).json()["data"] == []
    for response in (
        other_client.patch(f"{PATH}/{saved_id}", {"name": "x"}, content_type="application/json"),
        other_client.delete(f"{PATH}/{saved_id}"),
    ):
        assert response.status_code == 404
        assert response.json()["meta"]["code"] == "saved_search_not_found"
    assert SavedSearch.objects.get().name == "product=cashew, 01-01-2024 to 31-12-2024"


def test_signed_out_is_refused() -> None:
    assert Client().get(PATH).status_code == 401


def test_an_invalid_search_or_name_is_refused_with_the_fields(member_client: Client) -> None:
    response = save(member_client, filters={"start_date": "01-01-2024", "end_date": "31-12-2024"})
    assert response.status_code == 422
    body = response.json()
    assert body["meta"]["code"] == "validation_failed"
    assert "product_details" in body["data"]["fields"]

    response = save(member_client, filters={**CASHEW, "end_date": "2024-13-45"})
    assert response.json()["data"]["fields"]["end_date"]

    saved_id = save(member_client).json()["data"]["id"]
    for name in ("   ", "x" * 121):
        response = member_client.patch(
            f"{PATH}/{saved_id}", {"name": name}, content_type="application/json"
        )
        assert response.status_code == 422
        assert list(response.json()["data"]["fields"]) == ["name"]
    assert not SavedSearch.objects.filter(name="").exists()


def test_a_user_keeps_a_limited_number(member_client: Client, member: User) -> None:
    for number in range(services.MAX_SAVED_SEARCHES):
        SavedSearch.objects.create(user=member, name=f"s{number}", filters=CASHEW)
    response = save(member_client)
    assert response.status_code == 409
    assert response.json()["meta"]["code"] == "too_many_saved_searches"


# The alerts after an import


def shipments_file(path: Path, *rows: dict[str, str]) -> Path:
    lines = [HEADER]
    for number, row in enumerate(rows):
        values = {
            "date": "2025-02-10",
            "hs_code": "080132",
            "product_description": "CASHEW KERNELS WW320",
            "exporter_name": "CONG TY TNHH PHUC AN",
            "exporter_country": "VN",
            "importer_name": "Dutch Nut Trading B.V.",
            "importer_country": "NL",
            "quantity": "1000",
            "quantity_unit": "KGM",
            "net_weight_kg": "1000",
            "value_usd": "7000",
            "port_of_loading": "",
            "port_of_discharge": "",
            "transport_mode": "sea",
            "source": "alerts-test",
            "source_record_id": f"{path.stem}-{number}",
        } | row
        lines.append(",".join(values[name] for name in HEADER.split(",")))
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


def test_an_import_sends_one_email_with_exactly_the_new_matches(
    member_client: Client, member: User, tmp_path: Path
) -> None:
    save(member_client, name="Cashew")
    save(member_client, name="Coffee", filters={**CASHEW, "product_details": "coffee"})
    file = shipments_file(
        tmp_path / "first.csv",
        {"importer_name": "Dutch Nut Trading B.V.", "value_usd": "8000"},
        {"importer_name": "Sydney Nut Roasters Pty", "importer_country": "AU", "value_usd": "9100"},
        {"product_description": "PEPPER BLACK 550GL", "hs_code": "090411", "value_usd": "5000"},
    )
    import_shipments(file)

    [email] = mail.outbox
    assert email.to == [member.email]
    assert email.subject == "2 new shipments for “Cashew”"
    assert "Sydney Nut Roasters Pty (AU): 1 shipments, 9,100 USD" in email.body
    assert "8,000 USD" in email.body
    assert "9,100 USD" in email.body
    assert "PEPPER" not in email.body
    # The Dutch importer bought cashew before: it is a new match, not a new buyer.
    buyers = email.body.split("New buyers")[1]
    assert "Dutch Nut" not in buyers.split("Open the new shipments")[0]
    assert (
        "https://tradewise.example/market-insights?product_details=cashew"
        "&start_date=10-02-2025&end_date=10-02-2025"
    ) in email.body
    cashew = SavedSearch.objects.get(name="Cashew")
    assert cashew.last_alerted_at is not None
    assert SavedSearch.objects.get(name="Coffee").last_alerted_at is None

    # The next import holds only pepper, declared as pepper (cashew is its HS codes: a
    # description under 080132 is cashew): nothing new matches, nothing is sent.
    mail.outbox.clear()
    pepper = {"product_description": "PEPPER WHITE", "hs_code": "090411"}
    import_shipments(shipments_file(tmp_path / "second.csv", pepper))
    assert mail.outbox == []
    checked = SavedSearch.objects.get(name="Cashew").last_checked_at
    assert checked is not None
    assert cashew.last_checked_at is not None
    assert checked > cashew.last_checked_at

    # A third one with one cashew row: that row alone, not the first import's again.
    import_shipments(shipments_file(tmp_path / "third.csv", {"value_usd": "4321"}))
    [email] = mail.outbox
    assert email.subject == "1 new shipments for “Cashew”"
    assert "4,321 USD" in email.body
    assert "9,100" not in email.body
    assert "No new buyers" in email.body


def test_stopped_alerts_send_nothing_and_languages_are_kept(
    member_client: Client, tmp_path: Path
) -> None:
    stopped = save(member_client, name="Stopped").json()["data"]["id"]
    member_client.patch(f"{PATH}/{stopped}", {"alerts": False}, content_type="application/json")
    save(member_client, name="Điều", language="vi")
    save(member_client, name="腰果", language="zh-CN")
    import_shipments(shipments_file(tmp_path / "new.csv", {}))
    subjects = sorted(email.subject for email in mail.outbox)
    assert subjects == ["1 lô hàng mới cho “Điều”", "“腰果”有 1 批新货运"]


def test_searches_saved_after_an_import_do_not_get_its_rows(
    member_client: Client, tmp_path: Path
) -> None:
    import_shipments(shipments_file(tmp_path / "before.csv", {}))
    save(member_client)
    index.build_snapshot()
    from apps.market.saved.alerts import check_saved_searches

    assert check_saved_searches() == 0
    assert mail.outbox == []
