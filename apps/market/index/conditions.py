"""Search filters as SQL on a snapshot: the text filters match a vocabulary of words first,
then the rows holding them."""

# The SQL here is assembled from constant fragments and table names; every value a user gives
# travels as a query parameter.
# ruff: noqa: S608

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from apps.market.filters import ShipmentFilters
from apps.market.names import normalise_name


def _terms(text: str) -> list[str]:
    return normalise_name(text).split()


@dataclass
class _Where:
    clauses: list[str] = field(default_factory=list)
    params: list[Any] = field(default_factory=list)

    def add(self, clause: str, *params: Any) -> None:
        self.clauses.append(clause)
        self.params.extend(params)

    def sql(self) -> str:
        return " AND ".join(self.clauses) if self.clauses else "TRUE"


def _has_cjk(name: str) -> bool:
    return any("\u3400" <= char <= "\u9fff" for char in name)


@dataclass(frozen=True)
class _WordIndex:
    """Which rows of a text table hold a word: `words` (word, `key`) pairs and the distinct
    words in `vocabulary`, so text filters match the vocabulary, not every text."""

    words: str
    vocabulary: str
    key: str

    def holding(self, condition: str) -> str:
        """Ids of the rows holding a word of the vocabulary (as `v`) that meets `condition`."""
        return (
            f"SELECT w.{self.key} FROM {self.words} w "
            f"WHERE w.word IN (SELECT v.word FROM {self.vocabulary} v WHERE {condition})"
        )

    def containing_all(self, terms: Sequence[str]) -> tuple[str, list[Any]]:
        """Ids of the rows where every term lies inside some word. A term found in no word
        matches the words a typo or two away instead (one from 5 letters, two from 8)."""
        parts: list[str] = []
        params: list[Any] = []
        for term in terms:
            condition = "v.word LIKE ?"
            params.append(f"%{term}%")
            if len(term) >= _FUZZY_FROM:
                condition += (
                    f" OR (NOT EXISTS (SELECT 1 FROM {self.vocabulary} x WHERE x.word LIKE ?)"
                    " AND damerau_levenshtein(v.word, ?) <= ?)"
                )
                params += [f"%{term}%", term, 1 if len(term) < _TWO_TYPOS_FROM else 2]
            parts.append(self.holding(condition))
        return " INTERSECT ".join(parts), params


_FUZZY_FROM = 5
_TWO_TYPOS_FROM = 8
_DESCRIPTION_WORDS = _WordIndex("description_words", "vocabulary", "description_id")
_PARTY_WORDS = _WordIndex("party_words", "party_vocabulary", "party_id")


def _phrase_ids(name: str) -> tuple[str, list[str]]:
    """Descriptions holding a name of several words in a row, checked only on those that
    hold its first word."""
    key = "d.search" if name.isascii() else "d.words"
    return (
        "SELECT d.description_id FROM descriptions d WHERE d.description_id IN "
        "(SELECT w.description_id FROM description_words w WHERE w.word = ?) "
        f"AND (' ' || {key} || ' ') LIKE ?",
        [name.split()[0], f"% {name} %"],
    )


def _synonym_ids(names: Sequence[str]) -> tuple[str, list[str]]:
    """Descriptions naming a product: English names as whole words of the accent-free key,
    Vietnamese ones as whole words of the accented key ('chè' is not 'chế'), Chinese ones
    anywhere in a word (Chinese has no spaces). Both keys' words are in the vocabulary."""
    conditions: list[str] = []
    params: list[str] = []
    phrases = []
    for name in names:
        if _has_cjk(name):
            conditions.append("v.word LIKE ?")
            params.append(f"%{name}%")
        elif " " in name:
            phrases.append(_phrase_ids(name))
        else:
            conditions.append("v.word = ?")
            params.append(name)
    parts = [(_DESCRIPTION_WORDS.holding(" OR ".join(conditions)), params)] if conditions else []
    parts += phrases
    return " UNION ".join(sql for sql, _ in parts), [value for _, part in parts for value in part]


def _description_ids(filters: ShipmentFilters) -> tuple[str, list[Any]] | None:
    """The descriptions a product search matches: any of a known product's names, else every
    term of the text (a term has no spaces, so a match lies within a word)."""
    if filters.product_synonyms:
        return _synonym_ids(filters.product_synonyms)
    terms = _terms(filters.product_details)
    return _DESCRIPTION_WORDS.containing_all(terms) if terms else None


def where_clause(filters: ShipmentFilters) -> _Where:
    where = _Where()
    where.add("s.date BETWEEN ? AND ?", filters.start_date, filters.end_date)
    descriptions = _description_ids(filters)
    if descriptions is not None:
        sql, params = descriptions
        where.add(f"s.description_id IN ({sql})", *params)
    for column, name in (
        ("importer_id", filters.importer_name),
        ("exporter_id", filters.exporter_name),
    ):
        party_terms = _terms(name)
        if party_terms:
            sql, params = _PARTY_WORDS.containing_all(party_terms)
            where.add(f"s.{column} IN ({sql})", *params)
    if filters.importer_country:
        where.add("s.importer_country = ?", filters.importer_country)
    if filters.exporter_country:
        where.add("s.exporter_country = ?", filters.exporter_country)
    if filters.hs_codes:
        where.add(
            "(" + " OR ".join("starts_with(s.hs_code, ?)" for _ in filters.hs_codes) + ")",
            *filters.hs_codes,
        )
    return where
