"""Rendering pages in tests that do not need the frontend build."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from webpack_loader import config as webpack_config
from webpack_loader.utils import get_loader

FAKE_LOADER = "webpack_loader.loaders.FakeWebpackLoader"


@contextmanager
def without_bundles() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(webpack_config.load_config("DEFAULT"), "LOADER_CLASS", FAKE_LOADER)
        get_loader.cache_clear()
        yield
    get_loader.cache_clear()
