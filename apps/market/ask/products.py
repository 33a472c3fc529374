"""The product a question names, as the search needs it: its HS codes at the most specific level
the words support, the words no code carries, and where the question names it."""

from __future__ import annotations

from dataclasses import dataclass

from apps.market.ask.entities import find_product
from apps.market.ask.text import QuestionText
from apps.market.products import PRODUCTS


@dataclass(frozen=True)
class ProductReading:
    name: str  # as the question writes it
    hs_codes: tuple[str, ...]
    details: str  # product_details: words no HS code carries ('' when the codes say it all)
    span: tuple[int, int]


def find_product_reading(text: QuestionText, language: str) -> ProductReading | None:
    product, span = find_product(text, language)
    if product is None or span is None:
        return None
    name = text.original[span[0] : span[1]]
    shared = any(
        other.key != product.key and set(other.hs_codes) & set(product.hs_codes)
        for other in PRODUCTS
    )
    return ProductReading(name, product.hs_codes, product.search if shared else "", span)
