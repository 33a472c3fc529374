"""System checks of the product's deployment (`manage.py check --deploy`)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import checks

PER_PROCESS_CACHES = (
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
)


@checks.register(checks.Tags.caches, deploy=True)
def shared_cache(**kwargs: Any) -> list[checks.CheckMessage]:
    """The throttles and the bearer cache hold across the web processes only in a shared cache:
    with each process's own memory, every worker would count and forget on its own."""
    backend = settings.CACHES["default"]["BACKEND"]
    if backend not in PER_PROCESS_CACHES:
        return []
    return [
        checks.Warning(
            f"The default cache ({backend}) is not shared between processes.",
            hint="Set CACHE_URL to a Redis cache, e.g. redis://redis:6379/1.",
            id="core.W001",
        )
    ]
