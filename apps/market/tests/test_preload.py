"""Market insights preloads the data's metadata its first screen shows, exactly as the API
answers it."""

from __future__ import annotations

from django.test import Client

from apps.core.tests.pages import preload_of


def test_market_insights_preloads_the_meta_data_the_api_answers(member_client: Client) -> None:
    api = preload_of(member_client.get("/market-insights"))["data"]["api"]

    assert api["/fast-ai/v1/meta-data"] == member_client.get("/fast-ai/v1/meta-data").json()["data"]


def test_other_pages_preload_no_market_meta_data(member_client: Client) -> None:
    api = preload_of(member_client.get("/profile"))["data"]["api"]

    assert "/fast-ai/v1/meta-data" not in api
