"""Seeded random streams and the lookup tables that turn random bits into weighted choices."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

NAMES_SEED = 20_240_601  # the company pools and description pools never change with the row seed


def seeded_random(seed: int | str) -> random.Random:
    """A seeded generator for demo data (not for anything secret)."""
    return random.Random(seed)  # noqa: S311


def weighted_table(items: Sequence[T], weights: Sequence[float], bits: int) -> list[T]:
    """A list of 2**bits entries where each item appears in proportion to its weight (at least
    once): drawing `table[rng.getrandbits(bits)]` is a weighted choice in one step."""
    size = 1 << bits
    while size < 2 * len(items):
        size <<= 1
    total = float(sum(weights))
    raw = [w / total * size for w in weights]
    slots = [max(1, int(r)) for r in raw]
    short = size - sum(slots)
    order = sorted(range(len(items)), key=lambda i: raw[i] - int(raw[i]), reverse=True)
    k = 0
    while short > 0:
        slots[order[k % len(order)]] += 1
        short -= 1
        k += 1
    while short < 0:
        i = max(range(len(slots)), key=lambda j: slots[j])
        slots[i] -= 1
        short += 1
    out: list[T] = []
    for item, n in zip(items, slots, strict=True):
        out.extend([item] * n)
    if len(out) != size:  # pragma: no cover - defensive
        raise AssertionError("lookup table has the wrong size")
    return out


def zipf_weights(n: int, exponent: float) -> list[float]:
    """Weights of `n` ranks that fall off like a few big players and a long tail."""
    return [1.0 / (rank**exponent) for rank in range(1, n + 1)]
