"""Settings shared by every Python test."""

import importlib
import os
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.apps import apps as installed_apps
from django.core.cache import cache
from django.test import override_settings

PROCESS_MEMORY_CACHE = "django.core.cache.backends.locmem.LocMemCache"

pytest_plugins = ["tests.fixtures"]


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix: None) -> None:
    """An SQLite test database file of this process's own. Its name holds the pid of the
    process that read the settings; a runner that forks test sessions from one parent
    (mutmut) would otherwise have its children create and drop the same file at once."""
    from django.db import connections

    for alias in connections:
        settings_dict = connections[alias].settings_dict
        name = settings_dict.get("TEST", {}).get("NAME") or ""
        if settings_dict["ENGINE"].endswith("sqlite3") and re.search(r"test-\d+-", name):
            settings_dict["TEST"]["NAME"] = re.sub(r"test-\d+-", f"test-{os.getpid()}-", name)


@pytest.fixture(autouse=True)
def plain_static_storage(settings: Any) -> None:
    # Pages render from the source folders: tests need no `collectstatic` manifest.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True, scope="session")
def process_memory_cache() -> Iterator[None]:
    """Tests count throttles and limits in the process's memory, so that no test waits on the
    shared cache table or counts its queries; apps/core/tests/test_cache.py tests the table."""
    with override_settings(CACHES={"default": {"BACKEND": PROCESS_MEMORY_CACHE}}):
        yield


@pytest.fixture(autouse=True)
def empty_cache(process_memory_cache: None) -> None:
    """Each test starts with an empty cache: throttle windows and search limits kept there must
    not carry over from a test whose user had the same id."""
    cache.clear()


@pytest.fixture(autouse=True)
def company_registry_off(settings: Any) -> None:
    """The company registry (GLEIF) needs no key, so it is on by default; tests never reach it:
    one that needs it turns it on with recorded answers."""
    if hasattr(settings, "VERIFICATION_REGISTRY_URL"):
        settings.VERIFICATION_REGISTRY_URL = ""


@pytest.fixture(autouse=True)
def trade_index_directory(settings: Any, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Analytics index snapshots of a test go to a directory of its own, never to var/."""
    if hasattr(settings, "TRADE_INDEX_DIR"):
        settings.TRADE_INDEX_DIR = tmp_path_factory.mktemp("trade-index")


def _database_fixture(request: pytest.FixtureRequest) -> str | None:
    marker = request.node.get_closest_marker("django_db")
    transactional = {"live_server", "transactional_db"} & set(request.fixturenames)
    if marker and (marker.kwargs.get("transaction") or (marker.args and marker.args[0])):
        transactional = {"transactional_db"}
    if transactional:
        return "transactional_db"
    return "db" if marker or "db" in request.fixturenames else None


@pytest.fixture(autouse=True)
def reference_data(request: pytest.FixtureRequest) -> None:
    """The product needs the reference data its migrations seed: the plan catalogue and the
    HS nomenclature. Transactional tests (threads, the live server) empty the tables when they
    end, and test order is not guaranteed, so every database test gets them back when missing."""
    database = _database_fixture(request)
    if database is None or not installed_apps.is_installed("apps.billing"):
        return
    request.getfixturevalue(database)
    if not installed_apps.get_model("billing", "Product").objects.exists():
        catalogue = importlib.import_module("apps.billing.migrations.0002_catalogue")
        catalogue.seed_catalogue(installed_apps, None)
    from apps.market.hs import ensure_default_nomenclature

    ensure_default_nomenclature()
