"""Reading products in a text: which HS codes its words name, down to the subheading the
words support, where in the text they stand, and the qualifiers no code carries."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import lru_cache

from apps.market.lexicon.index import LANGUAGES, Lexicon, lexicon, name_forms, record_terms
from apps.market.lexicon.terms import query_terms
from apps.market.lexicon.text import Term, latin_terms, stem, words

# Words that name a kind of goods within a code: a variety, a grade of farming. The
# nomenclature carries none of them, so they stay a text filter.
VARIETY_WORDS = frozenset(
    [
        "organic",
        "robusta",
        "arabica",
        "culi",
        "jasmine",
        "basmati",
        "st25",
        "st24",
        "st21",
        "oolong",
        "cavendish",
        "monthong",
        "ri6",
        "vannamei",
        "tiger",
        "svr",
        "cinnamon",
        "fairtrade",
        "hữu",
        "huu",
        "有机",
    ]
)
# Terms that describe a state of goods, never the goods themselves: alone they find nothing.
MODIFIERS = frozenset(
    [
        "fresh",
        "chill",
        "frozen",
        "dri",
        "dry",
        "dried",
        "roast",
        "!roast",
        "ground",
        "!ground",
        "crush",
        "!crush",
        "whole",
        "raw",
        "shell",
        "inshell",
        "slice",
        "peel",
        "cook",
        "smoke",
        "salt",
        "brine",
        "boil",
        "steam",
        "pack",
        "green",
        "black",
        "white",
        "red",
        "yellow",
        "grade",
        "premium",
        "new",
        "crop",
        "season",
        "mix",
        "live",
        "fillet",
        "cut",
        "process",
        "prepar",
        "preserv",
        "tươi",
        "khô",
        "đông",
        "lạnh",
        "rang",
        "xay",
        "sống",
    ]
)
# Words that say what form goods come in: they join the product next to them, and alone
# they name none.
FORM_WORDS = frozenset(
    [
        "bean",
        "leav",
        "leaf",
        "nut",
        "kernel",
        "seed",
        "grain",
        "piec",
        "chip",
        "slice",
        "powder",
        "bột",
        "product",
        "good",
        "item",
        "hàng",
        "hạt",
        "quả",
        "trái",
        "lá",
        "豆",
        "叶",
    ]
)
_MIN_SCORE = 1.5
_MAX_ANCHOR_CODES = 400


@lru_cache(maxsize=1)
def _country_terms() -> frozenset[str]:
    """Country names' terms: a country is never a product on its own ('germany' is not
    'germanium')."""
    from apps.market.countries import ISO_COUNTRIES, country_name

    out: set[str] = set()
    for code in ISO_COUNTRIES:
        for language in ("en", "vi"):
            out |= {term.key for term in latin_terms(words(country_name(code, language)))}
            out |= {t.key.lstrip("@") for t in latin_terms(words(country_name(code, language)))}
    out |= {"vietnam", "viet", "nam"}
    return frozenset(out)


@dataclass(frozen=True)
class ProductMatch:
    """A product named in a text.

    `hs_code` is the most specific single code the words support (a subheading, else a
    heading or a chapter); `hs_codes` the codes meant: `(hs_code,)`, or the subheadings of
    `hs_code` that the words fit equally ('green tea' fits both green-tea subheadings).
    `start`/`end` delimit the words read (`text`), so a caller can blank them; `words` are
    those words; `qualifiers` the words no code carries (a variety such as 'robusta',
    'organic'), for a text filter; `names` the product's names in each language."""

    hs_code: str
    hs_codes: tuple[str, ...]
    start: int
    end: int
    text: str
    words: tuple[str, ...]
    qualifiers: tuple[str, ...] = ()
    names: dict[str, tuple[str, ...]] = field(default_factory=dict)
    score: float = 0.0


def _score(keys: Iterable[str], terms: AbstractSet[str], lex: Lexicon) -> tuple[float, set[str]]:
    matched = {key for key in keys if key in terms}
    return sum(lex.idf.get(key, 0.0) for key in matched), matched


def _is_anchor(key: str) -> bool:
    bare = key.lstrip("@#")
    return not (
        key.startswith("!")
        or bare in MODIFIERS
        or bare in FORM_WORDS
        or ("_" not in key and key in _country_terms())
    )


def _anchored(matched: Iterable[str]) -> bool:
    return any(_is_anchor(key) for key in matched)


def _product_bonus(code: str, keys: set[str], lex: Lexicon, *, children: bool = True) -> float:
    """Half again for the words that make up a whole trade name of the code."""
    return 0.5 * sum(lex.idf.get(key, 0.0) for key in lex.named(code, keys, children=children))


# Below any word's weight, above the legal texts' length difference.
_PREPARED_PENALTY = 0.05
_CJK_LENGTH_WEIGHT = 0.01
# The chapters of prepared foodstuffs: of meat and fish, sugar, cocoa, cereals, vegetables
# and fruit, and the miscellaneous ones.
_PREPARED_CHAPTERS = frozenset({"16", "17", "18", "19", "20", "21"})


def _prepared(code: str) -> bool:
    return code[:2] in _PREPARED_CHAPTERS and code[:4] not in _RAW_HEADINGS


# Headings of those chapters that hold raw goods: raw sugar, cocoa beans.
_RAW_HEADINGS = frozenset({"1701", "1801"})


def _best(terms: list[Term], lex: Lexicon) -> tuple[str, tuple[str, ...], set[str], float] | None:
    """The best code for some of the terms: (code, codes meant, matched keys, score)."""
    keys = {term.key for term in terms}
    anchors = {key for key in keys if _is_anchor(key)}
    candidates: set[str] = set()
    for key in anchors:
        codes = lex.postings.get(key, ())
        if len(codes) <= _MAX_ANCHOR_CODES:
            candidates |= {code if len(code) <= 4 else code[:4] for code in codes}
    scored: list[tuple[float, str, set[str]]] = []
    for code in candidates:
        if code not in lex.docs:
            continue
        pool = lex.heading_terms(code)
        score, matched = _score(keys, pool, lex)
        if not _anchored(matched):
            continue
        score += _product_bonus(code, keys, lex)
        # Raw goods before their preparations on equal words: a heading of the preparation
        # chapters ('squid, prepared or preserved') after the goods themselves, then a
        # shorter legal text.
        score -= 0.001 * len(pool) ** 0.5 + (_PREPARED_PENALTY if _prepared(code) else 0.0)
        # A longer Chinese name before the shorter one inside it ('椰子油' before '椰子').
        score += _CJK_LENGTH_WEIGHT * sum(len(key) - 1 for key in matched if key[0] == "#")
        scored.append((score, code, matched))
    scored.sort(key=lambda item: (-item[0], item[1]))
    # The best code whose Vietnamese syllables make a whole name (checked best first: cheap).
    best = next((item for item in scored if _named_by_syllables(item[1], item[2], lex)), None)
    if best is None or best[0] < _MIN_SCORE:
        return None
    score, heading, matched = best
    if _names_whole(heading, matched, lex):
        return heading, (heading,), matched, score
    subs = _subheadings(heading, keys, matched, lex)
    if len(subs) == 1:
        return subs[0], subs, matched, score
    return heading, subs or (heading,), matched, score


def _named_by_syllables(code: str, matched: set[str], lex: Lexicon) -> bool:
    """Vietnamese syllables alone name goods only as a whole name of the code ('tỏi',
    'gạo'), not as a syllable of a longer one ('câu' of 'lưỡi câu', 'mật' of 'mật ong')."""
    anchors = {key for key in matched if _is_anchor(key)}
    if not anchors or not all(key.startswith("@") and "_" not in key for key in anchors):
        return True
    syllables = {key[1:] for key in anchors}
    return any(set(name.split()) <= syllables for name in _vi_names(code, lex))


@lru_cache(maxsize=4096)
def _vi_names(code: str, lex: Lexicon) -> frozenset[str]:
    codes = [code, *lex.children.get(code, [])]
    return frozenset(name for item in codes for name in lex.names_of(item)["vi"])


def _names_whole(heading: str, matched: set[str], lex: Lexicon) -> bool:
    """The words are a trade name that covers the whole heading, and nothing more."""
    doc = lex.docs.get(heading)
    if doc is None or len(heading) != 4:
        return False
    for record in doc.records:
        if not record.whole:
            continue
        for text in (*record.en, *record.vi, *record.zh):
            forms = name_forms(text)
            if forms and all(form & matched for form in forms):
                covered = frozenset().union(*forms)
                # Chinese names inside the name ('橡胶' in '天然橡胶') are the name too.
                single = {
                    key
                    for key in matched
                    if "_" not in key
                    and not (key.startswith("#") and any(key[1:] in form for form in covered))
                }
                if single <= covered:
                    return True
    return False


def _subheadings(heading: str, keys: set[str], matched: set[str], lex: Lexicon) -> tuple[str, ...]:
    """The subheadings of a heading that carry the most of the words; none when all of them
    do (the words name the heading, not a part of it)."""
    children = lex.children.get(heading, [])
    if len(heading) != 4 or not children:
        return ()
    if len(children) == 1:
        return ()  # a heading without subdivision: the heading itself
    shared = frozenset.intersection(*(lex.docs[child].terms for child in children))
    named = {child: lex.named(child, keys, children=False) for child in children}
    named_everywhere = frozenset.intersection(*map(frozenset, named.values()))
    scored = []
    for child in children:
        doc = lex.docs[child]
        score, found = _score(keys, doc.terms, lex)
        # A trade name counts for more where the texts do not tell the children apart: its
        # words are not in all of them, or they make a whole name in some only ('chuối' is
        # the name of the bananas, a syllable of 'chuối lá', the plantains).
        score += 0.5 * sum(
            lex.idf.get(key, 0.0)
            for key in named[child]
            if key not in shared or key not in named_everywhere
        )
        scored.append((score, found, child))
    top = max(score for score, _, _ in scored)
    if top <= 0:
        return ()
    full = [(found, child) for score, found, child in scored if score >= top - 1e-9]
    if len(full) == len(children) or not _anchored(full[0][0]):
        return ()
    # The plain form among equals only when the words speak of the legal texts' states
    # ('unroasted' coffee is also not decaffeinated); 'pepper' alone is whole and ground.
    states = {key for key in keys if not _is_anchor(key)}
    if len(full) > 1 and states & frozenset().union(*(_marks(c, lex) for c in children)):
        plain = _plain_forms([child for _, child in full], keys, lex)
        full = [(found, child) for found, child in full if child in plain]
    return tuple(child for _, child in full)


@lru_cache(maxsize=4096)
def _marks(code: str, lex: Lexicon) -> frozenset[str]:
    """The single-word terms of a code's English legal texts (the states they name)."""
    out: set[str] = set()
    for record in lex.docs[code].records:
        if record.kind == "code":
            for text in record.en:
                out |= {k for k in record_terms(text) if "_" not in k and not k.startswith("#")}
    return frozenset(out)


def _plain_forms(group: list[str], keys: set[str], lex: Lexicon) -> list[str]:
    """Among subheadings the words fit equally, the plain form when the legal texts say so:
    'not roasted, not decaffeinated' before 'decaffeinated' when the text mentions neither,
    'neither crushed nor ground' before 'crushed or ground'."""
    marks = {code: _marks(code, lex) for code in group}
    common = frozenset.intersection(*marks.values())
    plain = []
    for code in group:
        own = marks[code] - common
        positive = {k for k in own if not k.startswith("!") and k not in keys}
        negative = {k for k in own if k.startswith("!")}
        if negative and not positive:
            plain.append(code)
    return plain or group


def _qualifiers(
    text: str, terms: list[Term], matched: set[str], codes: tuple[str, ...], lex: Lexicon
) -> tuple[str, ...]:
    nomenclature: set[str] = set()
    lines: set[str] = set()
    for code in codes:
        doc = lex.docs[code]
        nomenclature |= doc.nomenclature
        lines |= doc.lines
        if len(code) == 6 and code[:4] in lex.docs:
            nomenclature |= lex.docs[code[:4]].nomenclature
    out: list[str] = []
    # Trade names of the codes the words make up whole: their words are the product's name,
    # not a qualifier ('black pepper', 'instant coffee'), except where the code holds several
    # products the legal text does not name ('dragon fruit' among the other fruit): there the
    # name, in English, tells them apart.
    named: set[str] = set()
    for code in codes:
        products = [r for r in lex.docs[code].records if r.kind == "product" and not r.whole]
        for record in products:
            for name in (*record.en, *record.vi, *record.zh):
                forms = name_forms(name)
                if not forms or not all(form & matched for form in forms):
                    continue
                named |= frozenset().union(*forms) & matched
                legal = _marks(code, lex) | (_marks(code[:4], lex) if len(code) == 6 else set())
                english = record_terms(record.en[0]) if record.en else frozenset()
                unnamed = any(
                    _is_anchor(k) and "_" not in k and k not in legal
                    for k in english
                    if not k.startswith("#")
                )
                if unnamed and len(products) > 1:
                    out.append(record.en[0])
                break
    by_span: dict[tuple[int, int], set[str]] = {}
    for term in terms:
        if "_" not in term.key:
            by_span.setdefault((term.start, term.end), set()).add(term.key)
    for (start, end), span_keys in sorted(by_span.items()):
        piece = text[start:end]
        lowered = piece.lower()
        if span_keys & ({"@" + w for w in FORM_WORDS} | FORM_WORDS):
            continue
        if lowered in VARIETY_WORDS or stem(lowered) in VARIETY_WORDS:
            if not span_keys & nomenclature:  # 'cinnamon' is the legal text's own word
                out.append(piece)
            continue
        used = span_keys & matched
        if used and not used & nomenclature and used & lines and not used & named:
            out.append(piece)
    return tuple(dict.fromkeys(out))


def code_names(codes: tuple[str, ...], lex: Lexicon) -> dict[str, tuple[str, ...]]:
    merged: dict[str, list[str]] = {language: [] for language in LANGUAGES}
    for code in codes:
        for language, names in lex.names_of(code).items():
            merged[language].extend(names)
    return {language: tuple(dict.fromkeys(names)) for language, names in merged.items()}


def match_products(text: str, language: str = "en") -> list[ProductMatch]:
    """The products a text names, in the order they appear. `language` is the interface
    language; the words themselves may be in any of the three."""
    lex = lexicon()
    remaining = query_terms(text)
    found: list[ProductMatch] = []
    while remaining:
        best = _best(remaining, lex)
        if best is None:
            break
        code, codes, matched, score = best
        used = [term for term in remaining if term.key in matched]
        start = min(term.start for term in used)
        end = max(term.end for term in used)
        spans = sorted({(term.start, term.end) for term in used if "_" not in term.key})
        span_words = tuple(text[s:e] for s, e in spans) or (text[start:end],)
        # Variety and form words right next to the product belong to it.
        variety = []
        for term in sorted(remaining, key=lambda t: t.start):
            if "_" in term.key or (term.start, term.end) in spans:
                continue
            near = (term.end <= start and start - term.end <= 2) or (
                term.start >= end and term.start - end <= 2
            )
            lowered = text[term.start : term.end].lower()
            if near and (lowered in VARIETY_WORDS or term.key.lstrip("@#") in FORM_WORDS):
                variety.append(term)
                start, end = min(start, term.start), max(end, term.end)
        quals = _qualifiers(text, used + variety, matched | {t.key for t in variety}, codes, lex)
        found.append(
            ProductMatch(
                hs_code=code,
                hs_codes=codes,
                start=start,
                end=end,
                text=text[start:end],
                words=span_words,
                qualifiers=quals,
                names=code_names(codes, lex),
                score=round(score, 3),
            )
        )
        taken = [(term.start, term.end) for term in used + variety]
        remaining = [
            term for term in remaining if not any(term.start < e and s < term.end for s, e in taken)
        ]
    found.sort(key=lambda match: match.start)
    return found
