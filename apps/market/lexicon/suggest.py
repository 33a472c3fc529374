"""HS codes for a text being typed, and a code's or a product's names in each language."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from apps.market.lexicon.index import LANGUAGES, lexicon
from apps.market.lexicon.match import code_names, match_products
from apps.market.lexicon.terms import query_terms
from apps.market.lexicon.text import has_cjk, words


@dataclass(frozen=True)
class HSSuggestion:
    code: str
    name: str  # in the language asked for
    level: int


def _digits(text: str) -> str:
    return re.sub(r"[\s.]", "", text)


def hs_suggestions(query: str, language: str = "en", limit: int = 10) -> list[HSSuggestion]:
    """Codes for a text being typed: the codes starting with the digits typed, or the codes
    whose names hold the words (the last one possibly unfinished), in the given language."""
    lex = lexicon()
    query = query.strip()
    limit = max(1, min(limit, 50))
    if not query:
        return []
    digits = _digits(query)
    if digits.isdigit():
        codes = sorted(
            (code for code in lex.docs if code.startswith(digits[:6])),
            key=lambda code: (len(code), code),
        )
        return [HSSuggestion(code, lex.name(code, language), len(code)) for code in codes[:limit]]
    scores: dict[str, float] = {}
    for match in match_products(query, language):
        for rank, code in enumerate((match.hs_code, *match.hs_codes)):
            scores[code] = max(scores.get(code, 0.0), 1000.0 - rank)
    terms = query_terms(query)
    keys = {term.key for term in terms}
    pieces = words(query)
    if pieces and not has_cjk(pieces[-1].text):
        last = pieces[-1].folded
        lo = bisect.bisect_left(lex.sorted_words, last)
        for word in lex.sorted_words[lo : lo + 40]:
            if not word.startswith(last):
                break
            keys |= lex.words[word]
    for key in keys:
        for code in lex.postings.get(key, ()):
            if code in lex.docs:
                scores[code] = (
                    scores.get(code, 0.0) + lex.idf.get(key, 0.0) + 0.2 * (len(code) == 4)
                )
    ranked = sorted(scores, key=lambda code: (-scores[code], len(code), code))
    return [HSSuggestion(code, lex.name(code, language), len(code)) for code in ranked[:limit]]


def _bisect(items: list[str], value: str) -> int:

    return bisect.bisect_left(items, value)


def names_for_code(code: str) -> dict[str, tuple[str, ...]]:
    """The goods names of an HS code in English, Vietnamese and Chinese (for cross-language
    search); a heading's names include its subheadings' names."""
    lex = lexicon()
    codes = (code, *lex.children.get(code, [])) if len(code) == 4 else (code,)
    return code_names(tuple(c for c in codes if c in lex.docs), lex)


def product_names(text: str, language: str = "en") -> dict[str, tuple[str, ...]]:
    """For a product name in any language, its names in all three ('banana' -> 'chuối',
    '香蕉' ...): the words as written plus the names of the codes the text names. Empty
    tuples when the text names no product."""
    matches = match_products(text, language)
    if not matches:
        return dict.fromkeys(LANGUAGES, ())
    merged: dict[str, list[str]] = {lang: [] for lang in LANGUAGES}
    for match in matches:
        for lang, names in match.names.items():
            merged[lang].extend(names)
    return {lang: tuple(dict.fromkeys(names)) for lang, names in merged.items()}


def code_name(code: str, language: str) -> str:
    """An HS code's name in a language (its own, else its heading's, else English)."""
    return lexicon().name(code, language)
