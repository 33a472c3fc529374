"""The lookup tables behind every row: one flow per (product, exporter country), drawn in
proportion to its share of the demo trade."""

from __future__ import annotations

from datetime import date
from functools import lru_cache
from typing import Any

from apps.market.demo.descriptions import CropSuffixes, crop_suffixes, descriptions
from apps.market.demo.lanes import importer_weights, route_table
from apps.market.demo.parties import competitor_exporters, importers, vietnamese_exporters
from apps.market.demo.prices import noise_table, price_curve
from apps.market.demo.sampling import NAMES_SEED, seeded_random, weighted_table, zipf_weights
from apps.market.demo.seasons import date_table, days_between, months_between
from apps.market.demo.tables.products import PRODUCT_VARIANTS
from apps.market.demo.tables.trade import EXPORTER_SPLIT, PRODUCT_ROW_SHARES

# (exporter country, exporter names, date table, lane table, price noise)
Flow = tuple[Any, ...]

# Chinese descriptions appear on shipments to Chinese-speaking markets only.
_ZH_SHARE_CHINESE_MARKETS = 0.35
_CHINESE_MARKETS = ("CN", "HK", "TW")


def _importer_name_tables() -> dict[str, list[str]]:
    """Per importing country, 4096 importer spellings: a few big buyers and a long tail."""
    tables: dict[str, list[str]] = {}
    for country, pool in importers().items():
        zipf = zipf_weights(len(pool), 1.1)
        names: list[str] = []
        weights: list[float] = []
        for company, w in zip(pool, zipf, strict=True):
            for spelling in company.spellings:
                names.append(spelling)
                weights.append(w / len(company.spellings))
        tables[country] = weighted_table(names, weights, 12)
    return tables


def _exporter_name_table(product: str, exporter: str) -> list[str]:
    """4096 exporter spellings for one flow, the first spelling of a company the most used."""
    if exporter == "VN":
        pool = vietnamese_exporters()[product]
    else:
        pool = competitor_exporters()[(product, exporter)]
    names: list[str] = []
    weights: list[float] = []
    order = seeded_random(f"{NAMES_SEED}:{product}:{exporter}").sample(pool, len(pool))
    for company, w in zip(order, zipf_weights(len(order), 0.8), strict=True):
        spelling_weights = (0.45, 0.3, 0.2, 0.05)[: len(company.spellings)]
        for spelling, sw in zip(company.spellings, spelling_weights, strict=True):
            names.append(spelling)
            weights.append(w * sw)
    return weighted_table(names, weights, 12)


def _variant_tables(
    product: str,
    exporter: str,
    curve: list[float],
    suffixes: CropSuffixes,
    containers: list[int],
) -> dict[float, list[Any]]:
    """Per share of Chinese descriptions, 256 product variants with their prices by month and
    their descriptions."""
    variants = PRODUCT_VARIANTS[(product, exporter)]
    tables: dict[float, list[Any]] = {}
    for zh in (0.0, _ZH_SHARE_CHINESE_MARKETS):
        entries = []
        for variant in variants:
            texts = descriptions(variant, product, exporter, zh, suffixes)
            prices = [round(variant.price_multiplier * p, 4) for p in curve]
            entries.append(
                (
                    variant.hs_code,
                    variant.unit,
                    variant.container_loads_kg,
                    prices,
                    variant.kg_per_unit,
                    texts,
                    containers,
                )
            )
        tables[zh] = weighted_table(entries, [v.weight for v in variants], 8)
    return tables


@lru_cache(maxsize=4)
def flows(start: date, end: date) -> list[Flow]:
    """The per-(product, exporter country) lookup tables for a date range (4096 entries)."""
    months = months_between(start, end)
    month_index = {ym: i for i, ym in enumerate(months)}
    days = days_between(start, end)
    iso_days = [(day.isoformat(), month_index[(day.year, day.month)]) for day in days]
    suffixes = crop_suffixes(months)
    importer_tables = _importer_name_tables()
    containers = weighted_table([1, 2, 3, 4, 5, 8, 10], [48, 24, 12, 7, 4, 3, 2], 6)
    table: list[Flow] = []
    table_weights: list[float] = []
    for product, share in PRODUCT_ROW_SHARES.items():
        for exporter, split in EXPORTER_SPLIT[product].items():
            curve = price_curve(product, months)
            variant_tables = _variant_tables(product, exporter, curve, suffixes, containers)
            country_weights = importer_weights(product, exporter)
            lanes = []
            for importer in country_weights:
                zh = _ZH_SHARE_CHINESE_MARKETS if importer in _CHINESE_MARKETS else 0.0
                lanes.append(
                    (
                        importer,
                        importer_tables[importer],
                        route_table(product, exporter, importer),
                        variant_tables[zh],
                    )
                )
            table.append(
                (
                    exporter,
                    _exporter_name_table(product, exporter),
                    date_table(product, exporter, days, iso_days),
                    weighted_table(lanes, list(country_weights.values()), 10),
                    noise_table(0.09),
                )
            )
            table_weights.append(share * split)
    return weighted_table(table, table_weights, 12)
