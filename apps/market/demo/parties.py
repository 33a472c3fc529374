"""The fictitious companies: Vietnamese exporters, competing exporters and importers, each with
the spellings rows use and contacts on an `.example` domain."""

from __future__ import annotations

import unicodedata
from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache
from itertools import accumulate, chain
from typing import NamedTuple

from apps.market.demo.sampling import NAMES_SEED, seeded_random
from apps.market.demo.tables.names import (
    COMPETITOR_WORDS,
    GENERIC_IMPORTER_WORDS,
    SURNAMES,
    VN_BRANDS,
    VN_FORMS,
    VN_SECTORS,
)
from apps.market.demo.tables.places import COUNTRIES
from apps.market.demo.tables.trade import (
    COMPETITOR_PARTNERS,
    EXPORTER_SPLIT,
    PRODUCT_ROW_SHARES,
    VN_PARTNERS,
)


def strip_diacritics(text: str) -> str:
    """ASCII spelling of a Vietnamese name: 'CÔNG TY ĐẠI PHÚC' -> 'CONG TY DAI PHUC'."""
    text = text.replace("Đ", "D").replace("đ", "d")
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _slug(text: str) -> str:
    return "".join(ch for ch in strip_diacritics(text).lower() if ch.isalnum())


class DemoCompany(NamedTuple):
    """A fictitious company: its canonical name, the spellings rows use, and contacts on an
    `.example` domain."""

    key: str
    country: str
    name: str
    spellings: tuple[str, ...]
    website: str
    email: str


def _company(country: str, name: str, spellings: Sequence[str]) -> DemoCompany:
    slug = _slug(name)[:40]
    domain = f"{slug}.example"
    unique = tuple(dict.fromkeys(spellings))
    return DemoCompany(
        f"{country}:{slug}", country, name, unique, f"https://www.{domain}", f"sales@{domain}"
    )


def _title_ascii(text: str) -> str:
    return " ".join(word.capitalize() for word in strip_diacritics(text).split())


@lru_cache(maxsize=1)
def vietnamese_exporters() -> dict[str, list[DemoCompany]]:
    """About 330 fictitious Vietnamese exporters, each with two to four spellings."""
    rng = seeded_random(NAMES_SEED)
    forms = list(VN_FORMS)
    form_cum = list(accumulate(f[2] for f in forms))
    by_product: dict[str, list[DemoCompany]] = {p: [] for p in PRODUCT_ROW_SHARES}
    seen: set[str] = set()
    products = list(PRODUCT_ROW_SHARES)
    for brand in VN_BRANDS:
        for product in rng.sample(products, 5):
            sector_vi, sector_en = rng.choice(VN_SECTORS[product])
            form_vi, form_en, _ = forms[bisect_right(form_cum, rng.random() * form_cum[-1])]
            vi = f"{form_vi} {sector_vi} {brand}"
            if vi in seen:
                continue
            seen.add(vi)
            ascii_upper = strip_diacritics(vi)
            brand_en = _title_ascii(brand)
            english = f"{brand_en} {sector_en} {form_en}"
            spellings = [vi, ascii_upper, english]
            if rng.random() < 0.5:
                spellings.append(english.upper().replace("CO., LTD", "CO.,LTD"))
            company = _company("VN", vi, spellings)
            by_product[product].append(company)
            # A few companies trade a second product under the same name.
            if rng.random() < 0.25:
                by_product[rng.choice(products)].append(company)
    return by_product


@lru_cache(maxsize=1)
def competitor_exporters() -> dict[tuple[str, str], list[DemoCompany]]:
    """Up to 40 fictitious exporters per (product, competing country)."""
    rng = seeded_random(NAMES_SEED + 1)
    pools: dict[tuple[str, str], list[DemoCompany]] = {}
    for product, split in EXPORTER_SPLIT.items():
        for country in split:
            if country == "VN":
                continue
            _, _, _, forms, stems = COUNTRIES[country]
            words = COMPETITOR_WORDS.get(product, ("Exports",))
            pool: list[DemoCompany] = []
            names: set[str] = set()
            for _ in range(40):
                stem = f"{rng.choice(stems)} {rng.choice(SURNAMES)}"
                name = f"{stem} {rng.choice(words)} {rng.choice(forms)}"
                if country == "ID":
                    name = f"PT {stem} {rng.choice(words)}"
                if name in names:
                    continue
                names.add(name)
                pool.append(_company(country, name, (name, name.upper())))
            pools[(product, country)] = pool
    return pools


@lru_cache(maxsize=1)
def importers() -> dict[str, list[DemoCompany]]:
    """A fictitious pool of importers per country, a few thousand in all."""
    rng = seeded_random(NAMES_SEED + 2)
    weight: dict[str, float] = {}
    for partners, tail, tail_markets in VN_PARTNERS.values():
        for country, share in partners.items():
            weight[country] = weight.get(country, 0.0) + share
        for country in tail_markets:
            weight[country] = weight.get(country, 0.0) + tail * 10
    for partners in COMPETITOR_PARTNERS.values():
        for country, share in partners.items():
            weight[country] = weight.get(country, 0.0) + share / 3
    top = max(weight.values())
    pools: dict[str, list[DemoCompany]] = {}
    for country in sorted(weight):
        size = max(20, int(320 * (weight[country] / top) ** 0.6))
        _, _, _, forms, stems = COUNTRIES[country]
        if not forms:
            forms, stems = ("Co., Ltd.",), ("Royal", "Golden")
        names: dict[str, None] = {}
        while len(names) < size:
            stem = rng.choice(stems)
            second = rng.choice(SURNAMES)
            word = rng.choice(GENERIC_IMPORTER_WORDS)
            name = (
                f"{stem} {word} {rng.choice(forms)}"
                if rng.random() < 0.3
                else f"{stem} {second} {word} {rng.choice(forms)}"
            )
            if country == "CN" and rng.random() < 0.4:
                name = f"{stem} {second} Import & Export Co., Ltd."
            names[name] = None
        pool = []
        for name in names:
            spellings = [name, name.upper()] if rng.random() < 0.3 else [name]
            pool.append(_company(country, name, spellings))
        pools[country] = pool
    return pools


def demo_companies() -> list[DemoCompany]:
    """Every fictitious company the generator uses, with its spellings and `.example` contacts."""
    seen: dict[str, DemoCompany] = {}
    pools = chain(
        vietnamese_exporters().values(), competitor_exporters().values(), importers().values()
    )
    for pool in pools:
        for company in pool:
            seen.setdefault(company.key, company)
    return list(seen.values())
