"""Settings shared by every Python test."""

from typing import Any

import pytest


@pytest.fixture(autouse=True)
def plain_static_storage(settings: Any) -> None:
    # Pages render from the source folders: tests need no `collectstatic` manifest.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
