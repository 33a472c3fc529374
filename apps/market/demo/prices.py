"""What shipments cost: a monthly reference price per product and the spread around it."""

from __future__ import annotations

from itertools import pairwise

from apps.market.demo.sampling import NAMES_SEED, seeded_random
from apps.market.demo.seasons import YearMonth
from apps.market.demo.tables.trade import PRICE_ANCHORS


def price_curve(product: str, months: list[YearMonth]) -> list[float]:
    """The reference USD price per kg of `product` in each month, linear between anchors."""
    anchors = [((y * 12 + m - 1), p) for y, m, p in PRICE_ANCHORS[product]]
    out = []
    for y, m in months:
        t = y * 12 + m - 1
        if t <= anchors[0][0]:
            out.append(anchors[0][1])
            continue
        if t >= anchors[-1][0]:
            out.append(anchors[-1][1])
            continue
        for (t0, p0), (t1, p1) in pairwise(anchors):
            if t0 <= t <= t1:
                out.append(p0 + (p1 - p0) * (t - t0) / (t1 - t0))
                break
    return out


def noise_table(spread: float) -> list[float]:
    """1024 price multipliers, roughly triangular on [1 - spread, 1 + spread]."""
    rng = seeded_random(NAMES_SEED + 3)
    return sorted(1.0 + spread * (rng.random() + rng.random() - 1.0) for _ in range(1024))
