"""Settings shared by every Python test."""

import importlib
import os
import re
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps as installed_apps
from django.core.cache import cache
from django.test import override_settings

PROCESS_MEMORY_CACHE = "django.core.cache.backends.locmem.LocMemCache"

pytest_plugins = ["tests.fixtures"]


def _mutation_run() -> bool:
    """A test session mutmut runs (its stats, clean and forced-fail runs, or one mutant's)."""
    return "MUTANT_UNDER_TEST" in os.environ


def _sqlite_test_files() -> dict[str, tuple[Path, Path]]:
    """Each SQLite database's test file of this process and the template file of a mutation
    run, by alias."""
    from django.db import connections

    files = {}
    for alias in connections:
        settings_dict = connections[alias].settings_dict
        name = settings_dict.get("TEST", {}).get("NAME") or ""
        if settings_dict["ENGINE"].endswith("sqlite3") and re.search(r"test-\d+-", name):
            template = re.sub(r"test-\d+-", "test-template-", name)
            files[alias] = (Path(name), Path(template))
    return files


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix: None) -> None:
    """An SQLite test database file of this process's own. Its name holds the pid of the
    process that read the settings; a runner that forks test sessions from one parent
    (mutmut) would otherwise have its children create and drop the same file at once. In a
    mutation run the file starts as a copy of the first session's freshly migrated database,
    so a mutant's session neither migrates nor seeds anew."""
    from django.db import connections

    for alias, (test_file, _) in _sqlite_test_files().items():
        own = re.sub(r"test-\d+-", f"test-{os.getpid()}-", test_file.name)
        connections[alias].settings_dict["TEST"]["NAME"] = str(test_file.with_name(own))
    if _mutation_run():
        for test_file, template in _sqlite_test_files().values():
            if template.exists():
                shutil.copyfile(template, test_file)


@pytest.fixture(scope="session")
def django_db_keepdb(request: pytest.FixtureRequest) -> bool:
    """In a mutation run the database copied from the template is used as it is (migrate
    finds nothing to do); the session removes its file when it ends."""
    return _mutation_run() or bool(request.config.getvalue("reuse_db"))


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """The test databases; the first session of a mutation run keeps a copy of its SQLite
    database, just migrated, as the template the later sessions start from."""
    if not _mutation_run():
        yield
        return
    from django.db import connections

    with django_db_blocker.unblock():
        for alias, (test_file, template) in _sqlite_test_files().items():
            if template.exists():
                continue
            building = template.with_name(f"{test_file.name}.template")
            connections[alias].ensure_connection()
            copy = sqlite3.connect(building)
            try:
                connections[alias].connection.backup(copy)
            finally:
                copy.close()
            building.replace(template)  # whole, even when two sessions build it at once
    yield
    for alias, (test_file, _) in _sqlite_test_files().items():
        connections[alias].close()
        for leftover in (test_file, Path(f"{test_file}-wal"), Path(f"{test_file}-shm")):
            leftover.unlink(missing_ok=True)


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
        # The catalogue as its migrations leave it: seeded, then reworded.
        catalogue = importlib.import_module("apps.billing.migrations.0002_catalogue")
        catalogue.seed_catalogue(installed_apps, None)
        rewording = importlib.import_module("apps.billing.migrations.0005_vietnamese_credits")
        rewording.forwards(installed_apps, None)
    from apps.market.hs import ensure_default_nomenclature

    ensure_default_nomenclature()
