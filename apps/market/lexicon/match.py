"""Reading products in a text: which HS codes its words name, down to the subheading the
words support, where in the text they stand, and the qualifiers no code carries."""

from __future__ import annotations

import re
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import lru_cache

from apps.market.lexicon.index import LANGUAGES, Lexicon, lexicon, name_forms, record_terms
from apps.market.lexicon.text import (
    QUESTION_PHRASES,
    QUESTION_WORDS,
    STOPWORDS,
    Term,
    Word,
    has_cjk,
    latin_terms,
    stem,
    words,
)
from apps.market.names import normalise_name

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


@dataclass(frozen=True)
class HSSuggestion:
    code: str
    name: str  # in the language asked for
    level: int


_ZH_PARTICLES = frozenset("的了和与及或、吗呢么")


def _cjk_terms(text: str, lex: Lexicon) -> list[Term]:
    """Chinese names of the lexicon found in the text, longest first, without overlaps."""
    out: list[Term] = []
    # A Latin letter right before Chinese is part of the name ('T恤').
    for match in re.finditer(
        r"(?:[A-Za-z](?=[\u3400-\u9fff]))?[\u3400-\u9fff\uf900-\ufaff]+", text
    ):
        run, base, i = match.group(0), match.start(), 0
        while i < len(run):
            for size in range(min(lex.zh_longest, len(run) - i), 1, -1):
                piece = run[i : i + size]
                if piece in lex.zh_names:
                    out.append(Term("#" + piece, base + i, base + i + size))
                    # The shorter names inside it too: '鲜榴莲' is also '榴莲'.
                    out.extend(
                        Term("#" + piece[a:b], base + i, base + i + size)
                        for a in range(size)
                        for b in range(a + 2, size + 1)
                        if (a, b) != (0, size) and piece[a:b] in lex.zh_names
                    )
                    i += size
                    break
            else:
                # A one-character name standing alone between particles or the run's ends
                # ('出口到韩国的虾'), never inside other words.
                before = i == 0 or run[i - 1] in _ZH_PARTICLES
                after = i == len(run) - 1 or run[i + 1] in _ZH_PARTICLES
                if run[i] in lex.zh_names and before and after:
                    out.append(Term("#" + run[i], base + i, base + i + 1))
                i += 1
    return out


@lru_cache(maxsize=2)
def _spellings(lex: Lexicon) -> dict[str, frozenset[str]]:
    """The words of the trade names (Latin script, five letters or more), and each of them
    with one letter left out, to the words they come from: a misspelt product word is found
    by one letter added, dropped or changed ('cashw', 'coffe', 'peper')."""
    out: dict[str, set[str]] = {}
    for doc in lex.docs.values():
        for record in doc.records:
            if record.kind != "product":
                continue
            for text in (*record.en, *record.vi):
                for word in words(text):
                    folded = word.folded
                    if len(folded) < 5 or not folded.isascii() or not folded.isalpha():
                        continue
                    out.setdefault(folded, set()).add(folded)
                    for i in range(len(folded)):
                        out.setdefault(folded[:i] + folded[i + 1 :], set()).add(folded)
    return {key: frozenset(value) for key, value in out.items()}


def _corrected(word: Word, lex: Lexicon) -> Word:
    """The word, or the one trade-name word it misspells (edit distance 1) when the lexicon
    knows no term of it."""
    folded = word.folded
    if (
        len(folded) < 5
        or not folded.isascii()
        or not folded.isalpha()
        or folded in QUESTION_WORDS
        or folded in STOPWORDS
        or folded in lex.words
        or stem(folded) in lex.postings
    ):
        return word
    spellings = _spellings(lex)
    found: set[str] = set(spellings.get(folded, ()))  # a letter too few
    for i in range(len(folded)):
        deleted = folded[:i] + folded[i + 1 :]
        found |= {w for w in spellings.get(deleted, ()) if len(w) == len(folded)}  # changed
        if deleted in spellings and deleted in spellings[deleted]:
            found.add(deleted)  # a letter too many
    found = {w for w in found if _distance_one(folded, w)}
    # A letter left out or doubled is the likelier slip: 'peper' is 'pepper' before 'paper'.
    dropped = {w for w in found if len(w) != len(folded)}
    found = dropped or found
    if len(found) != 1:
        return word
    (right,) = found
    return Word(word.start, word.end, word.text, right, right)


@lru_cache(maxsize=2)
def _vi_spellings(lex: Lexicon) -> dict[str, frozenset[str]]:
    """Vietnamese trade names of two syllables, and each with one letter left out, to the
    names they come from."""
    out: dict[str, set[str]] = {}
    for doc in lex.docs.values():
        for record in doc.records:
            if record.kind != "product":
                continue
            for name in record.vi:
                lowered = " ".join(name.lower().split())
                if len(lowered.split()) != 2 or len(lowered) < 6 or lowered.isascii():
                    continue
                out.setdefault(lowered, set()).add(lowered)
                for i in range(len(lowered)):
                    if lowered[i] != " ":
                        out.setdefault(lowered[:i] + lowered[i + 1 :], set()).add(lowered)
    return {key: frozenset(value) for key, value in out.items()}


def _corrected_syllable(before: Word, word: Word, lex: Lexicon) -> Word:
    """An accented syllable the lexicon does not know, read as the syllable of a
    two-syllable trade name it misspells by one letter with the syllable before it
    ('hạt điu' is 'hạt điều')."""
    if not word.accented or "@" + word.lower in lex.postings or not before.accented:
        return word
    pair = f"{before.lower} {word.lower}"
    found = {
        name
        for name in _vi_spellings(lex).get(pair, ())
        if name.split()[0] == before.lower and len(name) == len(pair) + 1
    }
    if len(found) != 1:
        return word
    right = next(iter(found)).split()[1]
    return Word(word.start, word.end, word.text, right, normalise_name(right))


def _distance_one(a: str, b: str) -> bool:
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def query_terms(text: str) -> list[Term]:
    lex = lexicon()
    # Question words by the word as written, accents kept ('canned' is goods, 'đồ' not 'do').
    asked = [
        (w.start, w.end)
        for w in words(text)
        if (w.lower if w.accented else w.folded) in QUESTION_WORDS
    ]
    lowered = text.lower()
    for phrase in QUESTION_PHRASES:
        asked += [(m.start(), m.end()) for m in re.finditer(rf"\b{phrase}\b", lowered)]
    items = [_corrected(word, lex) for word in words(text)]
    for index in range(1, len(items)):
        items[index] = _corrected_syllable(items[index - 1], items[index], lex)
    terms = [
        term
        for term in latin_terms(items)
        if not any(term.start < e and s < term.end for s, e in asked)
    ]
    if has_cjk(text):
        terms += _cjk_terms(text, lex)
    return terms


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
        # Raw goods before their preparations: a shorter legal text on equal words.
        score -= 0.001 * len(pool) ** 0.5
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
    scored = []
    for child in children:
        doc = lex.docs[child]
        score, found = _score(keys, doc.terms, lex)
        # A trade name counts for more where the legal texts do not tell the children apart.
        score += 0.5 * sum(
            lex.idf.get(key, 0.0)
            for key in lex.named(child, keys, children=False)
            if key not in shared
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


def _names(codes: tuple[str, ...], lex: Lexicon) -> dict[str, tuple[str, ...]]:
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
                names=_names(codes, lex),
                score=round(score, 3),
            )
        )
        taken = [(term.start, term.end) for term in used + variety]
        remaining = [
            term for term in remaining if not any(term.start < e and s < term.end for s, e in taken)
        ]
    found.sort(key=lambda match: match.start)
    return found


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
        lo = _bisect(lex.sorted_words, last)
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
    import bisect

    return bisect.bisect_left(items, value)


def names_for_code(code: str) -> dict[str, tuple[str, ...]]:
    """The goods names of an HS code in English, Vietnamese and Chinese (for cross-language
    search); a heading's names include its subheadings' names."""
    lex = lexicon()
    codes = (code, *lex.children.get(code, [])) if len(code) == 4 else (code,)
    return _names(tuple(c for c in codes if c in lex.docs), lex)


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
