"""Search filters as ClickHouse SQL: the same matching as `index.conditions` (which words of
the vocabulary a term stands for, typos included), in ClickHouse's dialect with named query
parameters. The lexicon's reading of a product text (`ShipmentFilters.product`) is shared."""

# The SQL here is assembled from constant fragments and table names; every value a user gives
# travels as a query parameter.
# ruff: noqa: S608

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from apps.market.filters import ShipmentFilters
from apps.market.index.conditions import _FUZZY_FROM, _terms, _typos
from apps.market.lexicon.search import EXACT, PART, Key, ProductQuery


@dataclass
class Where:
    """Clauses with their query parameters, named p0, p1, … as they are bound."""

    clauses: list[str] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)

    def bind(self, value: Any, kind: str) -> str:
        name = f"p{len(self.params)}"
        self.params[name] = value
        return f"{{{name}:{kind}}}"

    def add(self, clause: str) -> None:
        self.clauses.append(clause)

    def sql(self) -> str:
        return " AND ".join(self.clauses) if self.clauses else "1"


def _fuzzy(where: Where, vocabulary: str, word: str, typos: int) -> str:
    """Words a typo or two from `word`, when no word of the vocabulary holds it as typed."""
    term = where.bind(word, "String")
    return (
        f"((SELECT count() FROM {vocabulary} x WHERE position(x.word, {term}) > 0) = 0"
        f" AND damerauLevenshteinDistance(v.word, {term}) <= {typos})"
    )


def _parties_holding_all(where: Where, terms: Sequence[str]) -> str:
    """The parties whose words hold every term of a name (inside a word, or a typo or two
    away from 5 letters when no word holds it)."""
    parts = []
    for term in dict.fromkeys(terms):
        condition = f"position(v.word, {where.bind(term, 'String')}) > 0"
        if len(term) >= _FUZZY_FROM:
            condition += " OR " + _fuzzy(where, "party_vocabulary", term, _typos(term))
        parts.append(
            "SELECT w.party_id FROM party_words w WHERE w.word IN "
            f"(SELECT v.word FROM party_vocabulary v WHERE {condition})"
        )
    return " INTERSECT ".join(f"({part})" for part in parts)


def _key_condition(where: Where, key: Key) -> str:
    """Which vocabulary words (as `v`) stand for a key of a product query: the word itself;
    inside a word; a typo or two away for a part that no word holds as typed."""
    if key.mode == EXACT:
        return f"v.word = {where.bind(key.word, 'String')}"
    condition = f"position(v.word, {where.bind(key.word, 'String')}) > 0"
    if key.mode == PART and _typos(key.word):
        condition += " OR " + _fuzzy(where, "vocabulary", key.word, _typos(key.word))
    return f"({condition})"


def _holding(condition: str) -> str:
    return (
        "SELECT w.description_id FROM description_words w "
        f"WHERE w.word IN (SELECT v.word FROM vocabulary v WHERE {condition})"
    )


def _words_condition(where: Where, keys: Sequence[Key]) -> str:
    return " OR ".join(_key_condition(where, key) for key in keys)


def _group(where: Where, group: tuple[tuple[Key, ...], ...]) -> str:
    """Descriptions holding every word of one of a group's names: the one-word names in one
    lookup of the vocabulary, each longer name as the intersection of its words."""
    single = [key for alternative in group if len(alternative) == 1 for key in alternative]
    parts = [_holding(_words_condition(where, single))] if single else []
    for alternative in group:
        if len(alternative) == 1:
            continue
        words: dict[str, list[Key]] = {}
        for key in alternative:
            words.setdefault(key.word, []).append(key)
        parts.append(
            " INTERSECT ".join(
                f"({_holding(_words_condition(where, keys))})" for keys in words.values()
            )
        )
    return " UNION DISTINCT ".join(f"({part})" for part in parts)


def description_ids(where: Where, filters: ShipmentFilters) -> str | None:
    """The descriptions a product text matches: for every group of the lexicon's reading,
    one of its names with all of that name's words."""
    query = filters.product
    if not query.groups:
        return None
    return " INTERSECT ".join(f"({_group(where, group)})" for group in query.groups)


def where_clause(filters: ShipmentFilters, params: dict[str, Any] | None = None) -> Where:
    """The clauses of `filters`; their parameters join `params` when given (one statement
    with two searches)."""
    where = Where(params={} if params is None else params)
    where.add(
        f"s.date BETWEEN {where.bind(filters.start_date, 'Date')} "
        f"AND {where.bind(filters.end_date, 'Date')}"
    )
    descriptions = description_ids(where, filters)
    if descriptions is not None:
        where.add(f"s.description_id IN ({descriptions})")
    query = filters.product
    if query.hs_codes:
        where.add(_declared_under(where, query))
    for column, name in (
        ("importer_id", filters.importer_name),
        ("exporter_id", filters.exporter_name),
    ):
        party_terms = _terms(name)
        if party_terms:
            where.add(f"s.{column} IN ({_parties_holding_all(where, party_terms)})")
    if filters.importer_country:
        where.add(f"s.importer_country = {where.bind(filters.importer_country, 'String')}")
    if filters.exporter_country:
        where.add(f"s.exporter_country = {where.bind(filters.exporter_country, 'String')}")
    if filters.hs_codes:
        where.add(_starting_with(where, filters.hs_codes))
    return where


def _declared_under(where: Where, query: ProductQuery) -> str:
    """The HS codes of a product text's goods (`ProductQuery.hs_codes`), or those of its
    prepared goods with one of its names in the description (`ProductQuery.prepared`)."""
    sql = " AND ".join(_starting_with(where, codes) for codes in query.hs_codes)
    if not query.prepared:
        return sql
    named = f"s.description_id IN ({_group(where, query.named)})"
    return f"({sql} OR ({_starting_with(where, query.prepared)} AND {named}))"


def _starting_with(where: Where, codes: Sequence[str]) -> str:
    return (
        "(" + " OR ".join(f"startsWith(s.hs_code, {where.bind(c, 'String')})" for c in codes) + ")"
    )
