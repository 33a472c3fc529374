"""The product a text names, the same whatever its language: its HS codes, its names in every
language where those codes hold other goods as well, and the states of goods the text asks for
that the codes leave open.

An invoice line names one product among grades, sizes, packing and crop words: the product is
the lexicon's best reading of the text ('coffee' in 'Robusta coffee beans, wet polished, 60kg
jute bags'), and the other readings ('polished': polishing machines, 'bags': sacks) are words
of the line, not goods. The codes come from that reading only.

A state ('dried', 'frozen', 'roasted') chooses subheadings where the nomenclature tells them
apart (frozen shrimps, roasted coffee); where it does not ('guavas, mangoes and mangosteens,
fresh or dried') the goods' descriptions must say it, in any language.

A product named plainly, in no state and by no kind of it ('cashew', not 'raw cashew' or
'cashew kernels'), also stands for its prepared goods that the nomenclature files elsewhere
under a name of it in a state ('roasted cashew' under 200819, among other nuts): there the
description must name the product."""

# ruff: noqa: RUF001

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import zip_longest

from apps.market.lexicon.index import Lexicon, lexicon, name_forms
from apps.market.lexicon.match import VARIETY_WORDS, ProductMatch, _is_anchor, match_products
from apps.market.lexicon.terms import query_terms
from apps.market.lexicon.text import Term, Word, has_cjk, stem, words
from apps.market.names import normalise_name


@dataclass(frozen=True)
class State:
    """A state of goods and its words in each language (the Vietnamese ones also without
    accents)."""

    key: str  # the English stem the lexicon reads it as
    en: tuple[str, ...]
    vi: tuple[str, ...]
    zh: tuple[str, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return (*self.en, *self.vi, *self.zh)


# States that tell goods apart within a code. The plain state of goods ('fresh', 'raw',
# 'whole') asks for nothing: it is what a description without a state word means.
STATES = (
    State("dri", ("dried", "dry", "dehydrated"), ("sấy", "khô"), ("干",)),
    State("frozen", ("frozen", "iqf"), ("đông lạnh",), ("冻",)),
    State("roast", ("roasted",), ("rang",), ("烘焙", "焙炒", "烤", "炒", "焗")),
    State("ground", ("ground", "powder"), ("xay", "bột"), ("粉", "磨")),
    State("salt", ("salted",), ("muối",), ("盐",)),
    State("smoke", ("smoked",), ("hun khói", "xông khói"), ("熏",)),
    State("cook", ("cooked", "boiled", "steamed"), ("luộc", "hấp"), ("熟", "煮", "蒸")),
    State("shell", ("shelled", "hulled"), ("bóc vỏ", "tách vỏ"), ("去壳",)),
    State("peel", ("peeled",), ("lột vỏ",), ("去皮",)),
)

# The states goods are prepared in and still called by their name: not ground into flour.
PREPARATIONS = tuple(state for state in STATES if state.key != "ground")


@lru_cache(maxsize=2)
def _terms_of(states: tuple[State, ...]) -> frozenset[str]:
    names = [name for state in states for name in (*state.en, *state.vi)]
    return frozenset(key for name in names for form in name_forms(name) for key in form)


# Words that say how goods are packed: the cartons, bags and sacks of an invoice line, in
# English (stems), Vietnamese and Chinese. A text of these words alone names no goods.
PACKING_WORDS = frozenset(
    [
        *("pack", "packag", "carton", "bag", "sack", "box"),
        *("đóng", "thùng", "bao", "túi", "hộp", "gói", "kiện"),
        *("包装", "装箱", "纸箱", "袋", "箱"),
    ]
)
_FOLDED_PACKING = frozenset(normalise_name(word) for word in PACKING_WORDS)


@dataclass(frozen=True)
class ProductConcept:
    """`codes`: the HS codes the goods are declared under; `names`: the product's names in
    every language, one of which a description must hold, when the codes hold other goods
    as well (empty when the codes say it all); `states`: states the text asks for that the
    codes leave open; `varieties`: variety words no code carries ('robusta'), each with the
    names that say it; `match`: the lexicon's reading."""

    codes: tuple[str, ...]
    names: tuple[str, ...]
    states: tuple[State, ...]
    varieties: tuple[tuple[str, ...], ...]
    match: ProductMatch
    # Codes of the product's prepared goods ('roasted cashew' under 200819, among other
    # nuts), where a description must hold one of `prepared_names`: the product's names.
    prepared: tuple[str, ...] = ()
    prepared_names: tuple[str, ...] = ()


def main_match(text: str) -> tuple[ProductMatch | None, tuple[str, ...]]:
    """The product an invoice line names: the lexicon's best reading of it, and the variety
    words read on their own beside other goods ('robusta' in 'cashew robusta'): they ask
    for that variety of these goods, not for the goods whose variety it is."""
    matches = match_products(text)
    varieties = [match for match in matches if _variety_only(match)]
    goods = [match for match in matches if match not in varieties] or varieties
    if not goods:
        return None, ()
    extra = tuple(m.text.lower() for m in varieties) if goods is not varieties else ()
    return max(goods, key=lambda match: match.score), extra


def _variety_only(match: ProductMatch) -> bool:
    return all(word.lower() in VARIETY_WORDS for word in match.words)


@lru_cache(maxsize=4096)
def product_concept(text: str) -> ProductConcept | None:
    """The product a text names, or None when the lexicon reads no product in it or the
    words it reads as one only say how goods are packed."""
    match, other_varieties = main_match(text)
    if match is None or _packing_only(text[match.start : match.end]):
        return None
    lex = lexicon()
    codes = match.hs_codes or (match.hs_code,)
    keys = _match_keys(text, match)
    chosen = _named_goods(codes, keys, lex)
    plain = [] if _states_said(text, match) else _plain_product(match, codes, keys, lex)
    names = tuple(dict.fromkeys(name for entry in plain for name in entry))
    prepared = _prepared_codes(names, codes, lex)
    return ProductConcept(
        codes=codes,
        names=_distinguishing_names(codes, chosen, match, lex),
        states=_open_states(text, match, codes, chosen, lex),
        varieties=(
            *_varieties(match, _product_entries(_scope(codes, lex), lex)),
            *((word,) for word in other_varieties),
        ),
        match=match,
        prepared=prepared,
        prepared_names=names if prepared else (),
    )


def _packing_only(text: str) -> bool:
    """Whether a text only says how goods are packed ('đóng thùng', 'DONG THUNG')."""
    return all(_packing(word) for word in words(text))


def _packing(word: Word) -> bool:
    if has_cjk(word.lower):
        rest = word.lower
        for name in PACKING_WORDS:
            rest = rest.replace(name, "")
        return not rest
    if word.accented:
        return word.lower in PACKING_WORDS
    return stem(word.lower) in PACKING_WORDS or word.folded in _FOLDED_PACKING


def _match_keys(text: str, match: ProductMatch) -> frozenset[str]:
    return frozenset(t.key for t in query_terms(text) if match.start <= t.start < match.end)


# A good named by a trade name: its names in every language.
Entry = tuple[str, ...]


def _scope(codes: tuple[str, ...], lex: Lexicon) -> list[str]:
    """The codes whose trade names may name the product: its own and their headings."""
    out = [*codes, *(code[:4] for code in codes if len(code) == 6)]
    return [code for code in dict.fromkeys(out) if code in lex.docs]


@lru_cache(maxsize=4096)
def _code_rows(code: str, lex: Lexicon) -> tuple[tuple[Entry, ...], ...]:
    """The goods of each trade name record of a code. A record with as many names in each
    of its languages lists that many goods side by side ('mango', 'guava' / 'xoài', 'ổi');
    otherwise its names are all one good's."""
    out: list[tuple[Entry, ...]] = []
    for record in lex.docs[code].records:
        if record.kind != "product":
            continue
        languages = [names for names in (record.en, record.vi, record.zh) if names]
        if len({len(names) for names in languages}) == 1 and len(languages[0]) > 1:
            rows = [tuple(n for n in row if n) for row in zip_longest(*languages)]
        else:
            rows = [tuple(name for names in languages for name in names)]
        out.append(tuple(entry for entry in rows if _anchors(entry)))
    return tuple(out)


def _code_entries(code: str, lex: Lexicon) -> tuple[Entry, ...]:
    """The goods a code's trade names name."""
    return tuple(entry for row in _code_rows(code, lex) for entry in row)


def _product_entries(codes: list[str], lex: Lexicon) -> list[Entry]:
    return list(dict.fromkeys(entry for code in codes for entry in _code_entries(code, lex)))


@lru_cache(maxsize=16384)
def _forms(entry: Entry) -> frozenset[frozenset[str]]:
    """Each name of a good as the set of its words' terms."""
    return frozenset(frozenset().union(*name_forms(name)) for name in entry if name_forms(name))


def _anchors(entry: Entry) -> frozenset[str]:
    return frozenset(key for forms in _forms(entry) for key in forms if _is_anchor(key))


def _named(entry: Entry, keys: frozenset[str]) -> bool:
    """Whether the text's words make up a whole name of the good."""
    return any(_spelt(name_forms(name), keys) for name in entry)


def _spelt(forms: tuple[frozenset[str], ...], keys: frozenset[str]) -> bool:
    return bool(forms) and all(form & keys for form in forms)


def _named_goods(codes: tuple[str, ...], keys: frozenset[str], lex: Lexicon) -> list[Entry]:
    """The goods whose name the text spells: among the trade names of the product's own
    codes, else of their headings ('tea' at the heading also lists 'black tea'); not those
    whose names are inside a longer one spelt ('tiêu' in 'tiêu đen')."""
    own = [entry for entry in _product_entries(list(codes), lex) if _named(entry, keys)]
    found = own or [e for e in _product_entries(_scope(codes, lex), lex) if _named(e, keys)]
    return _longest_named(found, keys)


def _longest_named(
    found: list[Entry], keys: frozenset[str], among: list[Entry] | None = None
) -> list[Entry]:
    """The goods of `found` but those whose names the text spells only inside a longer name
    of another of them, or of `among` ('tôm' in 'tôm hùm')."""
    spelt = {entry: _spelt_names(entry, keys) for entry in found}
    longer = [name for entry in (among or found) for name in _spelt_names(entry, keys)]
    return [
        entry
        for entry in found
        if not all(any(_inside(name, other) for other in longer) for name in spelt[entry])
    ]


def _spelt_names(entry: Entry, keys: frozenset[str]) -> list[str]:
    return [name for name in entry if _spelt(name_forms(name), keys)]


def _inside(name: str, other: str) -> bool:
    if has_cjk(name):
        return name != other and name in other
    return _plain_terms(name) < _plain_terms(other)


def _shared(codes: tuple[str, ...], chosen: list[Entry], lex: Lexicon) -> bool:
    """Whether a subheading of the product also holds other goods: goods of other names
    ('guavas, mangoes and mangosteens'; the other fresh fruit; 'oolong' beside 'black tea'),
    above all those listed beside the product's ('white pepper' beside 'black pepper'); not
    kinds of it ('black tiger shrimp' of 'shrimp', '胡椒粉' of '胡椒'), nor, where the text
    names no variety, the varieties and the plainer names of its goods ('robusta' and
    'coffee beans' beside 'green coffee': the code already says what 'green' says)."""
    names = [name for entry in chosen for name in entry]
    plain = not any(_variety_entry(entry) for entry in chosen)
    for code in codes:
        if len(code) != 6:
            continue
        beside = {e for row in _code_rows(code, lex) if set(row) & set(chosen) for e in row}
        for entry in _code_entries(code, lex):
            if entry in chosen or any(_kind(n, m) for n in entry for m in names):
                continue
            same = plain and (_variety_entry(entry) or _plainer(entry, names))
            if entry in beside or not same:
                return True
    return False


def _variety_entry(entry: Entry) -> bool:
    return any(name.lower() in VARIETY_WORDS for name in entry)


def _plainer(entry: Entry, names: list[str]) -> bool:
    """Whether a name of the good says less than one of `names`: 'coffee beans' than
    'green coffee' (words of form and state aside)."""
    return any(
        _essential(name) < _essential(other)
        for name in entry
        for other in names
        if not has_cjk(name) and not has_cjk(other) and _essential(name)
    )


def _essential(name: str) -> frozenset[str]:
    return frozenset(key for key in _plain_terms(name) if _is_anchor(key))


def _kind(name: str, of: str) -> bool:
    """Whether a name is of a kind of the goods of another: it holds all its words but
    those of a state ('black tiger shrimp' of 'frozen shrimp', '白虾' of '冻虾')."""
    if has_cjk(of):
        plain = of
        for word in _STATE_WORDS:
            plain = plain.replace(word, "")
        return bool(plain) and plain in name
    terms = _plain_terms(of)
    return bool(terms) and terms <= _plain_terms(name)


_STATE_WORDS = frozenset(word for state in STATES for word in state.zh)


@lru_cache(maxsize=16384)
def _plain_terms(name: str) -> frozenset[str]:
    return frozenset(key for form in name_forms(name) for key in form) - _terms_of(STATES)


def _distinguishing_names(
    codes: tuple[str, ...], chosen: list[Entry], match: ProductMatch, lex: Lexicon
) -> tuple[str, ...]:
    """The names a description must hold one of: none when the codes hold the product
    alone; its trade names in every language; the words as written for goods no trade
    name knows."""
    if not _shared(codes, chosen, lex):
        return ()
    if not chosen:
        return (match.text,)
    return tuple(dict.fromkeys(name for entry in chosen for name in entry))


def _named_spans(text: str, match: ProductMatch, chosen: list[Entry]) -> list[tuple[int, int]]:
    """Where the text spells a trade name of the product ('dried cassava', '干辣椒'): the
    states in it are the name's, which chose the codes."""
    terms = [t for t in query_terms(text) if match.start <= t.start < match.end]
    keys = frozenset(t.key for t in terms)
    spans: list[tuple[int, int]] = []
    for entry in chosen:
        for name in entry:
            forms = name_forms(name)
            if _spelt(forms, keys):
                flat = frozenset().union(*forms)
                spans += [(t.start, t.end) for t in terms if t.key in flat]
    return spans


def _segment(text: str, match: ProductMatch) -> tuple[int, int]:
    """The clause of an invoice line that names the product: between its commas."""
    separators = ",;，；"
    start = max((text.rfind(s, 0, match.start) for s in separators), default=-1) + 1
    ends = [i for i in (text.find(s, match.end) for s in separators) if i >= 0]
    return start, min(ends, default=len(text))


def _said(state: State, text: str, terms: list[Term]) -> list[tuple[int, int]]:
    """Where the text says a state: its English stem, a Vietnamese word with or without
    accents, or a Chinese character run holding one of its words."""
    stems = {state.key, *(stem(name) for name in state.en)}
    places = [(t.start, t.end) for t in terms if t.key in stems]
    lowered = [(w.start, w.end, w.lower, w.folded) for w in words(text)]
    for name in state.vi:
        size = len(name.split())
        for i in range(len(lowered) - size + 1):
            run = lowered[i : i + size]
            written = (" ".join(r[2] for r in run), " ".join(r[3] for r in run))
            if written in ((name, normalise_name(name)), (normalise_name(name),) * 2):
                places.append((run[0][0], run[-1][1]))
    for name in state.zh:
        found = text.find(name)
        while found >= 0:
            places.append((found, found + len(name)))
            found = text.find(name, found + 1)
    return places


def _open_states(
    text: str, match: ProductMatch, codes: tuple[str, ...], chosen: list[Entry], lex: Lexicon
) -> tuple[State, ...]:
    """The states the clause of the product asks for, outside a trade name of it, that its
    codes do not settle."""
    start, end = _segment(text, match)
    named = _named_spans(text, match, chosen)
    terms = [t for t in query_terms(text) if start <= t.start and t.end <= end]
    out = []
    for state in STATES:
        places = [
            (s, e)
            for s, e in _said(state, text, terms)
            if start <= s and e <= end and not any(a <= s and e <= b for a, b in named)
        ]
        if places and not _settled(state, codes, lex):
            out.append(state)
    return tuple(out)


# The plain states of goods, what a description without a state word means.
PLAIN_STATES = frozenset(["fresh", "raw", "live"])


def _settled(state: State, codes: tuple[str, ...], lex: Lexicon) -> bool:
    """Whether the codes keep to the state: they name it and a sibling does not ('frozen'
    shrimps beside the live ones), or their heading holds goods in that state alone
    ('dried vegetables', not 'fresh or dried')."""
    for code in codes:
        if len(code) != 6 or code not in lex.docs:
            return False
        siblings = lex.children.get(code[:4], [])
        holding = {child for child in siblings if state.key in lex.docs[child].terms}
        chosen = code in holding and holding != set(siblings)
        if not chosen and not _in_state(code[:4], state, lex):
            return False
    return True


def _in_state(heading: str, state: State, lex: Lexicon) -> bool:
    terms = lex.docs[heading].terms if heading in lex.docs else frozenset()
    return state.key in terms and not PLAIN_STATES & terms


def _states_said(text: str, match: ProductMatch) -> bool:
    start, end = _segment(text, match)
    terms = [t for t in query_terms(text) if start <= t.start and t.end <= end]
    return any(start <= s and e <= end for state in STATES for s, e in _said(state, text, terms))


def _plain_product(
    match: ProductMatch, codes: tuple[str, ...], keys: frozenset[str], lex: Lexicon
) -> list[Entry]:
    """The goods of a heading the text names plainly, in no state and by no kind of them
    ('cashew', not 'raw cashew' or 'cashew kernels'), nor inside a longer name of goods of
    its codes ('tôm' in 'tôm hùm')."""
    heading = match.hs_code
    if len(heading) != 4 or heading not in lex.docs:
        return []
    named = [e for e in _code_entries(heading, lex) if _named(e, keys)]
    return _longest_named(named, keys, [*named, *_product_entries(list(codes), lex)])


def _prepared_codes(
    names: tuple[str, ...], codes: tuple[str, ...], lex: Lexicon
) -> tuple[str, ...]:
    """The other codes whose trade names call goods the product in a state ('roasted
    cashew', 'hạt điều rang muối', '盐焗腰果' under 200819): its prepared goods."""
    terms = {key for name in names if not has_cjk(name) for key in _plain_terms(name)}
    candidates = {code for key in terms for code in lex.postings.get(key, ())}
    found = [
        code
        for code in sorted(candidates & _prepared_somewhere(lex))
        if len(code) == 6
        and code[:4] not in {c[:4] for c in codes}
        and any(_in_state_of(n, m) for e in _code_entries(code, lex) for n in e for m in names)
    ]
    return tuple(found)


@lru_cache(maxsize=1)
def _prepared_somewhere(lex: Lexicon) -> frozenset[str]:
    """The codes whose words say a state goods are prepared in."""
    return frozenset(code for key in _terms_of(PREPARATIONS) for code in lex.postings.get(key, ()))


def _in_state_of(name: str, of: str) -> bool:
    """Whether a name is another's with words of a state that keeps the goods what they
    are ('roasted cashew' of 'cashew'; not 'rice flour', 'bột gạo' of 'rice', 'gạo')."""
    if has_cjk(name) or has_cjk(of):
        plain = name
        for word in (word for state in PREPARATIONS for word in state.zh):
            plain = plain.replace(word, "")
        return has_cjk(name) and plain == of != name
    terms = frozenset(key for form in name_forms(name) for key in form)
    kept = terms - _terms_of(PREPARATIONS)
    return kept == frozenset(key for form in name_forms(of) for key in form) != terms


def _varieties(match: ProductMatch, entries: list[Entry]) -> tuple[tuple[str, ...], ...]:
    """Variety words of the product no code carries ('robusta'), each with the names of the
    goods that say it in other languages ('cà phê vối', '罗布斯塔')."""
    out = []
    for word in dict.fromkeys(q.lower() for q in match.qualifiers):
        if word not in VARIETY_WORDS:
            continue
        # The good the variety's own name stands for, not a product listing it among others.
        wanted = frozenset().union(*name_forms(word))
        naming = [entry for entry in entries if wanted in _forms(entry)]
        own = min(naming, key=len, default=())
        out.append(tuple(dict.fromkeys((word, *own))))
    return tuple(out)
