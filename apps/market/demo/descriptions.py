"""Goods descriptions as customs clerks write them: English, Vietnamese or Chinese, with or
without a grade, packing, origin and crop year."""

from __future__ import annotations

from apps.market.demo.sampling import NAMES_SEED, seeded_random
from apps.market.demo.seasons import YearMonth
from apps.market.demo.tables.descriptions import (
    EN_FORMATS,
    NO_CROP,
    ORIGINS,
    VI_FORMATS,
    ZH_FORMATS,
)
from apps.market.demo.tables.places import COUNTRIES
from apps.market.demo.tables.products import ProductVariant

# Per language, the crop-year suffix styles, each a suffix per month of the date range.
CropSuffixes = dict[str, list[list[str]]]


def crop_suffixes(months: list[YearMonth]) -> CropSuffixes:
    """The crop-year endings a description may carry, per language and month."""
    en = [
        [""] * len(months),
        [""] * len(months),
        [f", CROP {y}" for y, _ in months],
        [f", NEW CROP {y}" if m < 7 else f", CROP {y}" for y, m in months],
        [f", CROP {y - 1}/{y}" if m < 9 else f", CROP {y}/{y + 1}" for y, m in months],
    ]
    vi = [
        [""] * len(months),
        [f", vụ mùa {y}" for y, _ in months],
        [f", niên vụ {y - 1}/{y}" if m < 9 else f", niên vụ {y}/{y + 1}" for y, m in months],
    ]
    zh = [[""] * len(months), [f"，{y}年新货" for y, _ in months]]  # noqa: RUF001
    return {"en": en, "vi": vi, "zh": zh}


def descriptions(
    variant: ProductVariant,
    product: str,
    exporter: str,
    zh_share: float,
    suffixes: CropSuffixes,
) -> list[tuple[str, list[str]]]:
    """1024 (description, crop suffix by month) entries for one variant and exporter."""
    names, grades, packs = variant.names, variant.grades, variant.packings
    vi_name, vi_grades, vi_packs = variant.vi_name, variant.vi_grades, variant.vi_packings
    zh_name = variant.zh_name
    seed = f"{NAMES_SEED}:{product}:{exporter}:{variant.hs_code}:{names[0]}:{zh_share}"
    rng = seeded_random(seed)
    origins = ORIGINS.get((product, exporter), (("", ""),))
    country = COUNTRIES[exporter][0]
    vi_share = 0.18 if exporter == "VN" and vi_name else 0.0
    out: list[tuple[str, list[str]]] = []
    for _ in range(1024):
        origin, vi_origin = rng.choice(origins)
        origin = origin or country
        roll = rng.random()
        name, grade, pack = rng.choice(names), rng.choice(grades), rng.choice(packs)
        if roll < vi_share:
            text = rng.choice(VI_FORMATS).format(
                vi_name=vi_name,
                name=name,
                vi_grade=rng.choice(vi_grades),
                vi_pack=rng.choice(vi_packs),
                vi_origin=vi_origin or origin,
            )
            crop = rng.choice(suffixes["vi"])
        elif zh_name and exporter == "VN" and roll < vi_share + zh_share:
            text = rng.choice(ZH_FORMATS).format(
                zh_name=zh_name, name=name, grade=grade, pack=pack, origin=origin.title()
            )
            crop = rng.choice(suffixes["zh"])
        else:
            text = rng.choice(EN_FORMATS).format(
                name=name,
                title=name.title(),
                grade=grade,
                pack=pack,
                origin=origin,
                country=country,
            )
            crop = rng.choice(suffixes["en"])
        if product in NO_CROP:
            crop = suffixes["en"][0]
        text = " ".join(text.replace(" ,", ",").split()).strip(" ,")
        out.append((text, crop))
    return out
