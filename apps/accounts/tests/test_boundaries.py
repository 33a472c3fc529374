"""Accounts sits under every product app (DESIGN.md §2): billing and the apps above it may
import accounts, never the other way round."""

from __future__ import annotations

from apps.core.tests.imports import imports_of_apps

APPS_ABOVE = ("billing", "market", "leads", "verification")


def test_accounts_imports_no_app_above_it() -> None:
    assert imports_of_apps("accounts", APPS_ABOVE) == []
