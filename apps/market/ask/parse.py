"""A question becomes the search filters it stands for: offline first, then by the language model
(when one is configured) for a question the offline parser cannot read.

The offline reading goes from the most specific words to the least: HS codes, then the parties
the data holds (so the words of a company's name are never read as a product or a country),
then ranking words, products, countries and the period."""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import Any

from apps.market.ask.compare import Comparison, compared_countries, compared_years, joined_run
from apps.market.ask.dates import default_period, parse_dates
from apps.market.ask.directory import Party, PartyDirectory
from apps.market.ask.entities import asks_for_exporters, assign_countries, find_countries
from apps.market.ask.hscodes import find_hs_codes
from apps.market.ask.intent import DEFAULT_RANKED, read_intent
from apps.market.ask.parties import blank_company_words, find_parties, side_of
from apps.market.ask.products import (
    ProductReading,
    find_product_reading,
    inside_product_name,
)
from apps.market.ask.ranking import find_ranking
from apps.market.ask.search import AskedSearch
from apps.market.ask.text import QuestionText, detect_language, prepare
from apps.market.countries import is_country
from apps.market.filters import DATE_TEXT, SEARCH_FIELDS
from apps.market.providers import llm

logger = logging.getLogger(__name__)

LANGUAGES = ("en", "vi", "zh")


@dataclass(frozen=True)
class AskContext:
    """What questions are read against: the parties the data holds, the nomenclature's codes
    and the data's date range."""

    parties: PartyDirectory = field(default_factory=lambda: PartyDirectory([]))
    hs_codes: frozenset[str] = frozenset()
    first_date: date | None = None
    last_date: date | None = None


@dataclass(frozen=True)
class ParsedQuestion:
    question: str
    language: str
    filters: AskedSearch
    understood: bool
    product: str | None = None  # the product as the question names it
    dated: bool = False  # the question named its period
    ranking: bool = False  # the question asks for the biggest, the top...
    ranks: str = "importers"  # whom a ranking is of: "importers" or "exporters"
    unknown_codes: tuple[str, ...] = ()  # HS codes written that the nomenclature does not hold
    figures: str = "summary"  # what it asks of the figures: "summary", "price" or "trend"
    ranked: int = DEFAULT_RANKED  # how many names a ranking lists
    future: bool = False  # it asks what is still to come, which no shipment tells
    comparison: Comparison | None = None  # what it asks to compare, side by side
    # A name written that could be several parties': it and the parties it may mean.
    unresolved: str = ""
    suggestions: tuple[str, ...] = ()


def _product_filters(
    product: ProductReading | None, codes: list[str]
) -> tuple[str, tuple[str, ...]]:
    """(product_details, hs_code): the codes written and the product's; the product's words
    where no code carries them (a variety, a qualifier)."""
    if product is None:
        return "", tuple(codes)
    if not codes:
        return product.details, tuple(product.hs_codes)
    # A code written and a product named: the code decides; the product narrows it when it
    # lies inside the code ('HS 0801 cashew' is cashew), else both are searched.
    inside = [p for p in product.hs_codes if any(p.startswith(code) for code in codes)]
    if inside:
        merged = [c for c in codes if not any(p.startswith(c) for p in inside)] + inside
        return product.details, tuple(merged)
    return product.details, (*codes, *(c for c in product.hs_codes if c not in codes))


def _compared_goods(
    text: QuestionText, language: str, product: ProductReading | None
) -> Comparison | None:
    """Two goods or more named one after the other ('cashew vs pepper', '腰果和胡椒')."""
    if product is None or len(product.parts) < 2:
        return None
    run = joined_run(text, language, list(product.spans))
    return Comparison("goods", tuple(product.parts[index] for index in run)) if run else None


def _compared_parties(
    text: QuestionText, language: str, same_side: dict[str, list[tuple[int, int, str]]]
) -> Comparison | None:
    """Two companies or more on one side named one after the other."""
    for side, named in same_side.items():
        run = joined_run(text, language, [(start, end) for start, end, _ in named])
        names = list(dict.fromkeys(named[index][2] for index in run))
        if len(names) >= 2:
            return Comparison(f"{side}_name", tuple(names))
    return None


def _read_parties(
    text: QuestionText, parties: PartyDirectory
) -> tuple[dict[str, str], str, tuple[str, ...], dict[str, list[tuple[int, int, str]]]]:
    """The importer and exporter the data holds that the question names, as written in full
    and then as people write them (blanked once read); the first words that could be several
    parties' names, with those parties (a question back, not a search); and every party
    named on each side, with its place."""
    exact = parties.find(text.fold)
    found: list[tuple[int, int, Party | None, tuple[Party, ...]]] = []
    for match in exact:
        if not match.others:
            found.append((match.start, match.end, match.party, ()))
            text.blank(match.start, match.end)
    # A name several parties share may be told apart by the words written after it.
    found += [
        (near.start, near.end, near.party, near.suggestions)
        for near in parties.near(text.fold, text.original)
    ]
    found += [
        (match.start, match.end, None, (match.party, *match.others))
        for match in exact
        if match.others and not any(a < match.end and match.start < b for a, b, *_ in found)
    ]
    names = {"importer": "", "exporter": ""}
    same_side: dict[str, list[tuple[int, int, str]]] = {"importer": [], "exporter": []}
    unresolved = ""
    suggestions: tuple[str, ...] = ()
    for start, end, party, candidates in sorted(found, key=lambda item: item[0]):
        if party is None:
            if not suggestions:
                unresolved = text.original[start:end]
                suggestions = tuple(candidate.name for candidate in candidates[:3])
        else:
            side = side_of(text, start, end, (party.exported, party.imported))
            names[side] = names[side] or party.name
            same_side[side].append((start, end, party.name))
        text.blank(start, end)
    return names, unresolved, suggestions, same_side


def parse_question(
    question: str, *, today: date, context: AskContext | None = None
) -> ParsedQuestion:
    """The search filters of a question in English, Vietnamese or Chinese."""
    context = context or AskContext()
    prepared = prepare(question)
    language = detect_language(prepared)
    text = QuestionText(prepared)
    code_matches = find_hs_codes(text.fold, context.hs_codes)
    for match in code_matches:
        text.blank(match.start, match.end)
    codes = list(dict.fromkeys(match.code for match in code_matches if match.code))
    unknown = tuple(match.written for match in code_matches if not match.code)
    names, unresolved, suggestions, same_side = _read_parties(text, context.parties)
    ranks = "exporters" if asks_for_exporters(text, language) else "importers"
    intent = read_intent(text, language)
    for span in intent.spans:
        text.blank(*span)
    ranking_spans = find_ranking(text.fold, text.low, language)
    for span in ranking_spans:
        text.blank(*span)
    cue_importer, cue_exporter = find_parties(text, language, skip=names)
    names["importer"] = names["importer"] or cue_importer
    names["exporter"] = names["exporter"] or cue_exporter
    blank_company_words(text)
    # Countries before products: a product's words never run over a country's name.
    countries = [
        country
        for country in find_countries(text, language)
        if not inside_product_name(text, language, country[0], country[1])
    ]
    country_text = QuestionText(prepared)
    country_text.low, country_text.fold = text.low, text.fold
    for country in countries:
        text.blank(country[0], country[1])
    product = find_product_reading(text, language)
    if product is not None:
        for span in product.spans:
            text.blank(*span)
    compared = compared_countries(country_text, language, countries)
    # Compared countries are placed as the first of them alone would be.
    placed = [c for c in countries if c[2] not in compared[1:]] if compared else countries
    importer_country, exporter_country = assign_countries(
        country_text,
        language,
        placed,
        exporter_named=bool(names["exporter"]),
        product=product.span if product else None,
    )
    comparison = None
    if compared:
        side = "importer_country" if importer_country == compared[0] else "exporter_country"
        comparison = Comparison(side, tuple(compared))
        if side == "importer_country":
            importer_country = ""
        else:
            exporter_country = ""
    start, end, dated = parse_dates(text.marked(), language, today)
    if not dated:
        start, end = default_period(today, context.last_date)
    years = [] if comparison else compared_years(text.marked(), language, context.last_date)
    if years:
        comparison = Comparison("period", tuple(years))
        start, end, dated = years[0][0], years[-1][1], True
    comparison = comparison or _compared_goods(country_text, language, product)
    comparison = comparison or _compared_parties(country_text, language, same_side)
    if comparison and comparison.field.endswith("_name"):
        names[comparison.field.removesuffix("_name")] = ""
    details, hs_codes = _product_filters(product, codes)
    filters = AskedSearch(
        start_date=start,
        end_date=end,
        product_details=details,
        importer_name=names["importer"],
        exporter_name=names["exporter"],
        importer_country=importer_country,
        exporter_country=exporter_country,
        hs_codes=hs_codes,
    )
    return ParsedQuestion(
        question=question,
        language=language,
        filters=filters,
        understood=filters.names_goods_or_party,
        product=product.name if product else None,
        dated=dated,
        ranking=bool(ranking_spans),
        ranks=ranks,
        unknown_codes=unknown,
        figures=intent.figures,
        ranked=intent.ranked,
        future=intent.future,
        comparison=comparison,
        unresolved=unresolved,
        suggestions=suggestions,
    )


_MODEL_PROMPT = (
    "You turn questions about customs shipments into search filters. Today is {today}. "
    "Fill every key of the JSON schema: product_details (English goods-description words or "
    "''), importer_name, exporter_name (company names as the question writes them, or ''), "
    "start_date, end_date (dd-MM-yyyy; '' when the question names no period), "
    "importer_country, exporter_country (ISO 3166 alpha-2 or ''), hs_code (HS codes of 2, 4 "
    "or 6 digits the goods fall under, or [])."
)

FILTERS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": list(SEARCH_FIELDS),
    "properties": {
        "product_details": {"type": "string", "maxLength": 200},
        "importer_name": {"type": "string", "maxLength": 200},
        "exporter_name": {"type": "string", "maxLength": 200},
        "start_date": {"type": "string", "pattern": r"^(\d{2}-\d{2}-\d{4})?$"},
        "end_date": {"type": "string", "pattern": r"^(\d{2}-\d{2}-\d{4})?$"},
        "importer_country": {"type": "string", "pattern": "^([A-Z]{2})?$"},
        "exporter_country": {"type": "string", "pattern": "^([A-Z]{2})?$"},
        "hs_code": {
            "type": "array",
            "items": {"type": "string", "pattern": r"^\d{2}(\d{2}){0,2}$"},
            "maxItems": 10,
        },
    },
}


def _known_party(name: str, context: AskContext) -> str:
    """The party of the data the model's name stands for ('' when the data holds none)."""
    if not name:
        return ""
    matches = context.parties.find(name)
    if len(matches) == 1 and matches[0].end - matches[0].start >= len(name.strip(" .")) - 1:
        return matches[0].party.name
    raise ValueError(f"unknown party {name!r}")


def filters_from_model(
    reply: str, fallback: AskedSearch, context: AskContext | None = None
) -> AskedSearch:
    """The model's filters, checked against the nomenclature and the parties the data holds;
    the fallback's days where the model names none. ValueError when they are not usable."""
    context = context or AskContext()
    data = json.loads(reply)
    if not isinstance(data, dict) or not set(data) <= set(SEARCH_FIELDS):
        raise ValueError("unexpected keys")
    texts = {
        key: _model_text(data, key) for key in ("product_details", "importer_name", "exporter_name")
    }
    if context.parties.size:
        for key in ("importer_name", "exporter_name"):
            texts[key] = _known_party(texts[key], context)
    start = _model_day(data, "start_date", fallback.start_date)
    end = _model_day(data, "end_date", fallback.end_date)
    if start > end:
        raise ValueError("dates")
    return AskedSearch(
        start_date=start,
        end_date=end,
        importer_country=_model_country(data, "importer_country"),
        exporter_country=_model_country(data, "exporter_country"),
        hs_codes=_model_codes(data, context),
        **texts,
    )


def _model_text(data: dict[str, Any], key: str) -> str:
    value = data.get(key) or ""
    if not isinstance(value, str) or len(value) > 200:
        raise ValueError(key)
    return value.strip()


def _model_country(data: dict[str, Any], key: str) -> str:
    value = str(data.get(key) or "").upper()
    if value and not is_country(value):
        raise ValueError(key)
    return value


def _model_codes(data: dict[str, Any], context: AskContext) -> tuple[str, ...]:
    codes = data.get("hs_code") or []
    if isinstance(codes, str):
        codes = [codes]
    if not isinstance(codes, list) or not all(
        isinstance(code, str) and re.fullmatch(r"\d{2}(?:\d{2}){0,2}", code) for code in codes
    ):
        raise ValueError("hs_code")
    if context.hs_codes and any(code not in context.hs_codes for code in codes):
        raise ValueError("hs_code outside the nomenclature")
    return tuple(dict.fromkeys(codes))


def _model_day(data: dict[str, Any], key: str, fallback: date) -> date:
    """The model's day, written as its schema asks (dd-MM-yyyy; ValueError otherwise), or the
    fallback when it names none."""
    text = data.get(key) or ""
    return datetime.strptime(str(text), DATE_TEXT).date() if text else fallback


def parse_with_model(
    question: str, today: date, context: AskContext | None = None
) -> ParsedQuestion:
    """The offline parse when it understood the question or no model is configured; else the
    model's filters, or the offline parse again when the model fails."""
    offline = parse_question(question, today=today, context=context)
    if offline.understood or offline.future:
        return offline
    model = llm.language_model()
    if model is None:
        return offline
    try:
        instructions = _MODEL_PROMPT.format(today=today.isoformat())
        reply = model.reply(instructions=instructions, message=question, schema=FILTERS_SCHEMA)
        filters = filters_from_model(reply, offline.filters, context)
    except Exception:  # any failure of the service or of its output: answer offline
        logger.warning("AI question parsing failed; using the offline parser", exc_info=True)
        return offline
    return replace(
        offline,
        filters=filters,
        understood=filters.names_goods_or_party,
        product=filters.product_details or None,
        dated=filters.period != offline.filters.period or offline.dated,
        unknown_codes=(),
    )
