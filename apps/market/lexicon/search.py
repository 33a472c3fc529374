"""What a product text of the search form asks for, as the index's words.

A text that names a product, in English, Vietnamese (with or without accents) or Chinese, asks
for the goods of that product (`concept.product_concept`): declared under its HS codes and,
where those codes hold other goods too, described by one of its names in any language; a
state the codes leave open ('dried' mangoes) and a variety no code carries ('robusta') in any
of their words as well. Grades, sizes, packing and crop words of an invoice line ask for
nothing. A text naming no product asks for its words: each must be in the description.

`analyse(text)` gives the words the index keeps for a description beyond its plain words:
English stems (Snowball) and the words of Chinese runs (jieba), so that the query's stems and
segments meet them."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType

from apps.market.lexicon.concept import product_concept
from apps.market.lexicon.index import lexicon
from apps.market.lexicon.text import STOPWORDS, has_cjk, is_size, stem, words
from apps.market.names import normalise_name

logger = logging.getLogger(__name__)

EXACT = "exact"  # the index word itself (a stem, an accented Vietnamese word)
CJK = "cjk"  # inside a Chinese word
PART = "part"  # inside a word, or a typo or two away when no word holds it


@dataclass(frozen=True)
class Key:
    word: str
    mode: str


@dataclass(frozen=True)
class ProductQuery:
    """Groups of alternatives; an alternative is the words a description must all hold; a
    description matches when it holds one alternative of every group."""

    groups: tuple[tuple[tuple[Key, ...], ...], ...] = ()
    # The product's HS codes: the goods must be declared under one of them,
    hs_codes: tuple[tuple[str, ...], ...] = ()
    # or under one of the codes of its prepared goods ('roasted cashew' among other nuts)
    # with one of its names (a group) in the description.
    prepared: tuple[str, ...] = ()
    named: tuple[tuple[Key, ...], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.groups or self.hs_codes)


def _jieba() -> ModuleType:
    import jieba

    jieba.setLogLevel(logging.WARNING)
    return jieba


def prepare() -> None:
    """Load what reading a product text needs, the lexicon and the Chinese word list, now
    rather than at the first search of the process: the web process calls this before it
    serves, so no user's first search waits the second and a half they take."""
    from django.db import connection

    try:
        lexicon()
    finally:
        # The lexicon reads the HS codes the database holds; the server's requests run on
        # other threads, with their own connections.
        if not connection.in_atomic_block:
            connection.close()
    _jieba().initialize()


def _cjk_segments(run: str) -> list[str]:
    jieba = _jieba()
    return [piece for piece in jieba.cut_for_search(run) if len(piece) > 1]


def analyse(text: str) -> list[str]:
    """Extra index words of a description: stems of its Latin words that differ from them,
    and the words of its Chinese runs."""
    out: list[str] = []
    for word in words(text):
        if has_cjk(word.text):
            for run in re.findall(r"[\u3400-\u9fff\uf900-\ufaff]+", word.text):
                out.extend(segment for segment in _cjk_segments(run) if segment != word.lower)
            continue
        for folded in word.folded.split():
            stemmed = stem(folded)
            if stemmed != folded:
                out.append(stemmed)
    return list(dict.fromkeys(out))


def _name_keys(name: str) -> tuple[Key, ...]:
    """The index words of one name: every one must be in a description."""
    keys: list[Key] = []
    for word in words(name):
        if has_cjk(word.text):
            keys.append(Key(word.lower, CJK))
        elif is_size(word.folded) or word.folded in STOPWORDS:
            continue
        elif word.accented:
            keys.append(Key(re.sub(r"\W+", " ", word.lower).strip(), EXACT))
        else:
            keys.extend(Key(stem(part), EXACT) for part in word.folded.split())
    return tuple(keys)


def _leftover_keys(text: str) -> tuple[Key, ...]:
    """Words of the text no product match took: each must be inside a description's word."""
    keys: list[Key] = []
    for word in words(text):
        if has_cjk(word.text):
            # A long run is cut into words (jieba); a short one is a word.
            pieces = _cjk_segments(word.text) if len(word.text) > 4 else []
            keys.extend(Key(piece, CJK) for piece in (pieces or [word.text]))
            continue
        if is_size(word.folded) or word.folded in STOPWORDS:
            continue
        keys.extend(Key(part, PART) for part in normalise_name(word.text).split())
    return tuple(keys)


def _without_covered(
    alternatives: list[tuple[Key, ...]],
) -> tuple[tuple[Key, ...], ...]:
    """'cashew' makes 'cashew nuts' useless: a description holding the longer holds the
    shorter."""
    by_words: dict[frozenset[str], tuple[Key, ...]] = {}
    for alt in alternatives:
        if alt:
            by_words.setdefault(frozenset(k.word for k in alt), alt)
    unique = list(by_words.values())
    out = []
    for alt in unique:
        words_of_alt = frozenset(k.word for k in alt)
        covered = any(
            frozenset(o.word for o in other) != words_of_alt
            and len(other) <= len(alt)
            and all(
                any(k.word == o.word or (o.mode == CJK and o.word in k.word) for k in alt)
                for o in other
            )
            for other in unique
        )
        if not covered:
            out.append(alt)
    return tuple(out)


def _alternatives(names: tuple[str, ...]) -> tuple[tuple[Key, ...], ...]:
    return _without_covered([_name_keys(name) for name in names])


def _variety(names: tuple[str, ...]) -> tuple[tuple[Key, ...], ...]:
    """A variety no code carries: the word inside a description's word, or a name of goods
    that says it."""
    first = tuple(Key(k, PART) for k in normalise_name(names[0]).split())
    return _without_covered([first, *(_name_keys(name) for name in names[1:])])


@lru_cache(maxsize=4096)
def product_query(text: str) -> ProductQuery:
    """What a product text asks for: the goods of the product it names, read the same in any
    language (`concept.product_concept`); the words of a text naming no product."""
    text = " ".join(text.split())
    if not text:
        return ProductQuery()
    concept = product_concept(text)
    if concept is None:
        return ProductQuery(tuple(((key,),) for key in _leftover_keys(text)))
    groups = [_alternatives(concept.names)] if concept.names else []
    # A state's Vietnamese words also as typed without accents ('say' for 'sấy').
    groups += [
        _alternatives((*state.names, *map(normalise_name, state.vi))) for state in concept.states
    ]
    groups += [_variety(names) for names in concept.varieties]
    named = _alternatives(concept.prepared_names)
    return ProductQuery(
        tuple(group for group in groups if group),
        (concept.codes,),
        prepared=concept.prepared if named else (),
        named=named,
    )
