"""Core knows no product domain: an app that needs something from every page registers it
with core (see apps/core/pages.py), core never reaches into the app."""

from __future__ import annotations

from apps.core.tests.imports import imports_of_apps

PRODUCT_APPS = ("accounts", "billing", "market", "leads", "verification")


def test_core_imports_no_product_app() -> None:
    assert imports_of_apps("core", PRODUCT_APPS) == []
