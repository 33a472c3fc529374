from __future__ import annotations

import pytest
from django.core.cache import cache
from pytest_django.fixtures import Settings


@pytest.fixture(autouse=True)
def fast_password_hashing(settings: Settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_throttles() -> None:
    """Throttle windows live in the cache, which outlives a test: each test starts with none."""
    cache.clear()
