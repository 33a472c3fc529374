"""Steps of a measure (value, weight, USD/kg) on a logarithmic scale: the seek key of a page
sorted by the measure, and the buckets of the roll-ups that count shipments per step (the
unit prices' quantile sketches)."""

from __future__ import annotations

import math

PER_KG = "s.value_usd / nullif(s.net_weight_kg, 0)"
# Each measure a page can be sorted by, on one shipment `s`.
STEPPED = {"value": "s.value_usd", "weight": "s.net_weight_kg", "price_per_kg": PER_KG}

STEPS_PER_E = 64
SMALLEST = 0.001
LOWEST_STEP = math.floor(math.log(SMALLEST) * STEPS_PER_E)
# A value stands for its step by the step's geometric middle, within this share of it.
RELATIVE_ERROR = math.exp(1 / (2 * STEPS_PER_E)) - 1


def steps(column: str) -> str:
    """Steps of 1/64 on a log scale (about 1.6 % apart): never decreasing as `column` grows,
    NULL where it is NULL, one step for everything up to a thousandth."""
    return (
        f"CASE WHEN {column} IS NOT NULL "
        f"THEN floor(ln(greatest({column}, {SMALLEST})) * {STEPS_PER_E}) END"
    )


def middle(step: str) -> str:
    """The geometric middle of a step (SQL)."""
    return f"exp(({step} + 0.5) / {STEPS_PER_E})"


def steps_range(low_step: int, high_step: int) -> tuple[float | None, float]:
    """The values of a column whose steps lie from `low_step` to `high_step`, a hair wider
    than they are (the logarithm is rounded): none below when the lowest step holds
    everything up to a thousandth."""
    low = None
    if low_step > LOWEST_STEP:
        low = math.exp(low_step / STEPS_PER_E) * (1 - 1e-9)
    return low, math.exp((high_step + 1) / STEPS_PER_E) * (1 + 1e-9)
