"""A question becomes the search filters it stands for: offline first, then by the language model
(when one is configured) for a question the offline parser cannot read."""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass
from datetime import date
from typing import Any

from apps.market.ask.dates import DATE_FORMAT, filter_date, parse_dates
from apps.market.ask.entities import assign_countries, find_countries, find_product
from apps.market.ask.parties import find_parties
from apps.market.ask.text import QuestionText, detect_language, prepare
from apps.market.countries import is_country
from apps.market.products import PRODUCTS
from apps.market.providers import llm

logger = logging.getLogger(__name__)

LANGUAGES = ("en", "vi", "zh")
FILTER_KEYS = (
    "product_details",
    "importer_name",
    "exporter_name",
    "start_date",
    "end_date",
    "importer_country",
    "exporter_country",
    "hs_code",
)


@dataclass(frozen=True)
class ParsedQuestion:
    question: str
    language: str
    filters: dict[str, Any]
    understood: bool
    product: str | None = None  # a key of PRODUCTS_BY_KEY
    dated: bool = False  # the question named its period


def empty_filters() -> dict[str, Any]:
    return {key: ([] if key == "hs_code" else "") for key in FILTER_KEYS}


def parse_question(question: str, *, today: date) -> ParsedQuestion:
    """The search filters of a question in English, Vietnamese or Chinese."""
    prepared = prepare(question)
    language = detect_language(prepared)
    text = QuestionText(prepared)
    importer_name, exporter_name = find_parties(text, language)
    product, product_span = find_product(text, language)
    if product_span is not None:
        text.blank(*product_span)
    countries = find_countries(text, language)
    importer_country, exporter_country = assign_countries(text, language, countries)
    start, end, dated = parse_dates(text.original, language, today)
    filters = empty_filters()
    filters.update(
        {
            "product_details": product.search if product else "",
            "importer_name": importer_name,
            "exporter_name": exporter_name,
            "start_date": start.strftime(DATE_FORMAT),
            "end_date": end.strftime(DATE_FORMAT),
            "importer_country": importer_country,
            "exporter_country": exporter_country,
            "hs_code": list(product.hs_codes) if product else [],
        }
    )
    understood = bool(
        product or importer_name or exporter_name or importer_country or exporter_country
    )
    return ParsedQuestion(
        question=question,
        language=language,
        filters=filters,
        understood=understood,
        product=product.key if product else None,
        dated=dated,
    )


_MODEL_PROMPT = (
    "You turn questions about customs shipments into search filters. Today is {today}. "
    "Answer with one JSON object and nothing else, with these keys: product_details (English "
    "goods-description words or ''), importer_name, exporter_name (company names or ''), "
    "start_date, end_date (dd-MM-yyyy; the last 12 months when the question names no period), "
    "importer_country, exporter_country (ISO 3166 alpha-2 or ''), hs_code (a list of HS codes, "
    "2 to 6 digits)."
)


def filters_from_model(reply: str, fallback: dict[str, Any]) -> dict[str, Any]:
    """The model's filters, checked; raises ValueError when they are not usable."""
    data = json.loads(reply)
    if not isinstance(data, dict) or not set(data) <= set(FILTER_KEYS):
        raise ValueError("unexpected keys")
    filters = empty_filters()
    for key in ("product_details", "importer_name", "exporter_name"):
        value = data.get(key) or ""
        if not isinstance(value, str) or len(value) > 200:
            raise ValueError(key)
        filters[key] = value.strip()
    for key in ("importer_country", "exporter_country"):
        value = str(data.get(key) or "").upper()
        if value and not is_country(value):
            raise ValueError(key)
        filters[key] = value
    hs = data.get("hs_code") or []
    if isinstance(hs, str):
        hs = [hs]
    if not isinstance(hs, list) or not all(
        isinstance(code, str) and re.fullmatch(r"\d{2}(?:\d{2}){0,4}", code) for code in hs
    ):
        raise ValueError("hs_code")
    filters["hs_code"] = hs
    for key in ("start_date", "end_date"):
        value = str(data.get(key) or fallback[key])
        filters[key] = filter_date(value).strftime(DATE_FORMAT)
    if filter_date(filters["start_date"]) > filter_date(filters["end_date"]):
        raise ValueError("dates")
    return filters


def parse_with_model(question: str, today: date) -> ParsedQuestion:
    """The offline parse when it understood the question or no model is configured; else the
    model's filters, or the offline parse again when the model fails."""
    offline = parse_question(question, today=today)
    if offline.understood:
        return offline
    model = llm.language_model()
    if model is None:
        return offline
    try:
        instructions = _MODEL_PROMPT.format(today=today.isoformat())
        reply = model.reply(instructions=instructions, message=question)
        filters = filters_from_model(reply, offline.filters)
    except Exception:  # any failure of the service or of its output: answer offline
        logger.warning("AI question parsing failed; using the offline parser", exc_info=True)
        return offline
    product = next(
        (p.key for p in PRODUCTS if p.search and p.search == filters["product_details"].lower()),
        None,
    )
    understood = any(
        filters[key]
        for key in (
            "product_details",
            "importer_name",
            "exporter_name",
            "importer_country",
            "exporter_country",
            "hs_code",
        )
    )
    return ParsedQuestion(
        question=question,
        language=offline.language,
        filters=filters,
        understood=understood,
        product=product,
        dated=True,
    )
