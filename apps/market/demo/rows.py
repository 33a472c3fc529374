"""The demo shipments themselves: rows of strings in the import file's column order.

Rows come in blocks of `BLOCK_SIZE`, each with its own random stream, so a row depends only on
its index and the seed: the first N rows are the same whatever the count."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date

from apps.market.demo.flows import flows
from apps.market.demo.sampling import seeded_random

SOURCE = "demo"
DEFAULT_SEED = 2024
DEFAULT_START = date(2023, 1, 1)
DEFAULT_END = date(2025, 12, 31)
BLOCK_SIZE = 65_536


def _block(block: int, count: int, seed: int, start: date, end: date) -> Iterator[tuple[str, ...]]:
    """The rows of block `block` (absolute indices below `count`), from the block's own stream."""
    table = flows(start, end)
    bits = seeded_random(seed * 1_000_003 + block).getrandbits
    index = block * BLOCK_SIZE
    last = min(count, index + BLOCK_SIZE)
    while index < last:
        # Two 64-bit draws, sliced into table indices (table sizes are fixed powers of two).
        r = bits(64)
        r2 = bits(64)
        exporter, exp_table, date_table, lane_table, noise = table[r & 4095]
        day, month = date_table[(r >> 12) & 8191]
        importer_country, imp_table, modes, var_table = lane_table[(r >> 25) & 1023]
        hs, unit, loads, prices, kpu, descs, containers = var_table[(r >> 35) & 255]
        mode, pols, pods = modes[(r >> 43) & 255]
        kg = loads[(r2 & 1023) % len(loads)] * containers[(r2 >> 10) & 63]
        if mode == "AIR":
            kg //= 8
        price = prices[month] * noise[(r2 >> 16) & 1023]
        text, crop = descs[(r2 >> 26) & 1023]
        index += 1
        if unit == "KGM":
            quantity = str(kg)
        elif unit == "TNE":
            quantity = f"{kg / 1000:.3f}"
        elif unit == "MTQ":
            quantity = f"{kg / kpu:.3f}"
        else:
            pieces = kg // kpu
            kg = pieces * kpu
            quantity = str(pieces)
        yield (
            day,
            hs,
            text + crop[month],
            exp_table[(r2 >> 48) & 4095],
            exporter,
            imp_table[(r2 >> 36) & 4095],
            importer_country,
            quantity,
            unit,
            str(kg),
            f"{kg * price:.2f}",
            pols[(r >> 51) % len(pols)],
            pods[(r >> 57) % len(pods)],
            mode,
            SOURCE,
            f"demo-{index:09d}",
        )


def generate_rows(
    count: int,
    *,
    seed: int = DEFAULT_SEED,
    start: date = DEFAULT_START,
    end: date = DEFAULT_END,
) -> Iterator[tuple[str, ...]]:
    """`count` demo shipments as tuples of strings in CSV_HEADER order.

    Deterministic for (seed, start, end); the first N rows never depend on `count`."""
    if count < 0:
        raise ValueError("count must not be negative")
    if end < start:
        raise ValueError("end must not be before start")
    if (end - start).days >= 4096:
        raise ValueError("the demo date range is limited to about eleven years")
    block = 0
    while block * BLOCK_SIZE < count:
        yield from _block(block, count, seed, start, end)
        block += 1
