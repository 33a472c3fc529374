"""The words of a text as the lexicon reads them, from the web server's many threads at once."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from apps.market.lexicon.text import stem

WORDS = (
    "roasted",
    "cashews",
    "peppercorns",
    "organizational",
    "dried",
    "bananas",
    "processing",
    "unroasted",
    "decaffeinated",
    "fermentation",
)


@pytest.fixture
def threads_switch_often() -> Iterator[None]:
    """Threads take turns every microsecond, so two of them meet inside one word's stemming."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


@pytest.mark.usefixtures("threads_switch_often")
def test_threads_stemming_at_once_each_get_their_own_words_stems() -> None:
    # Past the cache of stems, which would hide the stemmer each call runs.
    stem_anew = stem.__wrapped__
    expected = [stem_anew(word) for word in WORDS]

    def stem_all(_: int) -> list[str]:
        return [stem_anew(word) for _ in range(200) for word in WORDS]

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(stem_all, range(8)))

    assert all(result == expected * 200 for result in results)
