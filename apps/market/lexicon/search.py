"""What a product text of the search form asks for, as the index's words.

The text is read with the lexicon: each product it names becomes a group of names in English,
Vietnamese and Chinese (the product's trade names and those of the kinds of it), any of which
a goods description may hold; the words no code carries ('robusta', 'organic') and the words
the lexicon does not know ('W320') must each be in the description as well. Sizes and units
('100g', '25kg') and words that only say what form goods come in ('beans', 'leaves') next to a
product ask for nothing. A description matches when it holds every group.

`analyse(text)` gives the words the index keeps for a description beyond its plain words:
English stems (Snowball) and the words of Chinese runs (jieba), so that the query's stems and
segments meet them."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import lru_cache

from apps.market.lexicon.index import Lexicon, lexicon, name_forms
from apps.market.lexicon.match import match_products
from apps.market.lexicon.terms import query_terms
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
    # Per product whose state words chose its subheadings ('unroasted', 'frozen'): the goods
    # must be declared under one of them.
    hs_codes: tuple[tuple[str, ...], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.groups or self.hs_codes)


# Words of a state of goods that the nomenclature tells apart ('not roasted' / 'roasted').
_STATES = frozenset(
    [
        "fresh",
        "chill",
        "frozen",
        "dri",
        "roast",
        "ground",
        "crush",
        "raw",
        "shell",
        "inshell",
        "cook",
        "smoke",
        "salt",
        "brine",
        "boil",
        "steam",
        "peel",
        "decaffein",
        "ferment",
    ]
)


def _chosen_by_state(text: str, start: int, end: int, codes: tuple[str, ...]) -> bool:
    """Whether state words of the text chose these subheadings among their heading's."""
    if not codes or any(len(code) != 6 for code in codes):
        return False
    lex = lexicon()
    children = lex.children.get(codes[0][:4], [])
    keys = {t.key for t in query_terms(text) if t.start >= start and t.end <= end}
    for key in keys:
        if key.lstrip("!") not in _STATES:
            continue
        holding = {child for child in children if key in lex.docs[child].terms}
        if set(codes) <= holding and holding != set(children):
            return True
    return False


def _cjk_segments(run: str) -> list[str]:
    import jieba

    jieba.setLogLevel(logging.WARNING)
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


def _scope(codes: tuple[str, ...], code: str, lex: Lexicon) -> list[str]:
    """The codes whose trade names may stand for a match: its own codes, and for a heading
    its subheadings too."""
    if len(code) == 4 and codes and codes != (code,):
        # Some of the heading's subheadings ('green tea': bulk and packed): the heading's own
        # names and those subheadings', not the others'.
        return [c for c in (code, *codes) if c in lex.docs]
    out = list(dict.fromkeys((code, *codes)))
    if len(code) == 4:
        out += [child for child in lex.children.get(code, []) if child not in out]
    return [c for c in out if c in lex.docs]


def _group(
    text: str,
    start: int,
    end: int,
    code: str,
    codes: tuple[str, ...],
    qualifiers: tuple[str, ...] = (),
) -> tuple[list[str], dict[str, list[str]]]:
    """Names (in any language) a description may hold for the product in text[start:end]."""
    lex = lexicon()
    keys = {term.key for term in query_terms(text) if term.start >= start and term.end <= end}
    scope = _scope(codes, code, lex)
    records = [r for c in scope for r in lex.docs[c].records if r.kind == "product"]
    if len(code) == 6 and not records:
        records = [r for r in lex.docs[code[:4]].records if r.kind == "product"]
    chosen = []
    full_names: list[tuple[frozenset[str], ...]] = []
    for record in records:
        for name in (*record.en, *record.vi, *record.zh):
            forms = name_forms(name)
            if forms and all(form & keys for form in forms):
                chosen.append(record)
                full_names.append(forms)
                break
    # A name inside another name found says less than the words ('tea' in 'green tea').
    flats = [frozenset().union(*forms) for forms in full_names]
    keep = [i for i, flat in enumerate(flats) if not any(flat < other for other in flats)]
    dropped = [record for i, record in enumerate(chosen) if i not in keep]
    chosen = [chosen[i] for i in keep]
    full_names = [full_names[i] for i in keep]
    # A qualifier that some trade names stand for ('robusta' is also '罗布斯塔'), unless every
    # name found says it already ('longan').
    varieties: dict[str, list[str]] = {}
    for qualifier in qualifiers:
        wanted = name_forms(qualifier)
        if full_names and all(
            all(any(w & f for f in forms) for w in wanted) for forms in full_names
        ):
            continue
        varieties[qualifier] = [qualifier] + [
            n
            for record, forms in zip(chosen, full_names, strict=True)
            if all(any(w & f for f in forms) for w in wanted)
            for n in (*record.en, *record.vi, *record.zh)
        ]
    if full_names:
        # Kinds of the product: trade names holding every word of the name the text used.
        longest = max(full_names, key=len)
        needed = [form & keys for form in longest]
        for record in records:
            if record in chosen or record in dropped:
                continue
            for name in (*record.en, *record.vi, *record.zh):
                forms = name_forms(name)
                flat = frozenset().union(*forms) if forms else frozenset()
                if all(need & flat for need in needed):
                    chosen.append(record)
                    break
    names = [n for record in chosen for n in (*record.en, *record.vi, *record.zh)]
    # The words as written always count, and a code's aligned names where no trade name says
    # more: 'persimmons' also finds 'quả hồng'.
    names.append(text[start:end])
    if not chosen:
        names += _aligned_names(keys, scope, lex)
    return names, varieties


def _aligned_names(keys: set[str], scope: list[str], lex: Lexicon) -> list[str]:
    """Names in the other languages from the nomenclature lines that hold the words: the
    national lines give each item in Vietnamese and English side by side."""
    from apps.market.lexicon.sources import parts

    out: list[str] = []
    for code in scope:
        for record in lex.docs[code].records:
            if not (record.en and record.vi):
                continue
            en_parts = list(parts(record.en[0], "en"))
            # Vietnamese lines repeat English or Latin names in brackets: 'Quả hồng
            # (Persimmons)'.
            latin = {normalise_name(piece) for piece in en_parts}
            vi_parts = [p for p in parts(record.vi[0], "vi") if normalise_name(p) not in latin]
            for index, piece in enumerate(en_parts):
                forms = name_forms(piece)
                if forms and all(form & keys for form in forms) and len(en_parts) == len(vi_parts):
                    out += [piece, vi_parts[index]]
            for index, piece in enumerate(vi_parts):
                forms = name_forms(piece)
                if forms and all(form & keys for form in forms) and len(en_parts) == len(vi_parts):
                    out += [piece, en_parts[index]]
        if len(code) == 6:
            for record in lex.docs[code].records:
                if record.zh and record.kind == "code":
                    out += list(parts(record.zh[0], "zh"))
    return out


@lru_cache(maxsize=4096)
def product_query(text: str) -> ProductQuery:
    """The groups a product text asks for."""
    text = " ".join(text.split())
    if not text:
        return ProductQuery()
    groups: list[tuple[tuple[Key, ...], ...]] = []
    constraints: list[tuple[str, ...]] = []
    taken: list[tuple[int, int]] = []
    for match in match_products(text):
        by_state = _chosen_by_state(text, match.start, match.end, match.hs_codes)
        if by_state:
            # The codes keep to the state ('unroasted'): any name of the product will do.
            heading = match.hs_code[:4]
            names, varieties = _group(
                text, match.start, match.end, heading, (heading,), match.qualifiers
            )
            names = names[:-1] or names  # not the words as written: the state is in the code
        else:
            names, varieties = _group(
                text, match.start, match.end, match.hs_code, match.hs_codes, match.qualifiers
            )
        alternatives = _without_covered([_name_keys(name) for name in names])
        if alternatives:
            groups.append(alternatives)
        for variety_names in varieties.values():
            # A variety no code carries: the description says it, in any of its names.
            first = tuple(Key(k, PART) for k in normalise_name(variety_names[0]).split())
            others = [_name_keys(name) for name in variety_names[1:]]
            groups.append(_without_covered([first, *others]))
        if by_state:
            constraints.append(match.hs_codes)
        taken.append((match.start, match.end))
    rest = []
    last = 0
    for start, end in sorted(taken):
        rest.append(text[last:start])
        last = end
    rest.append(text[last:])
    for key in _leftover_keys(" ".join(rest)):
        groups.append(((key,),))
    return ProductQuery(tuple(group for group in groups if group), tuple(constraints))
