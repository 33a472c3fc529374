"""The trade parties the data holds, as a dictionary of normalised names that finds them in a
question: the whole name and the name without its legal form ('Co., Ltd', 'JSC', 'CÔNG TY
TNHH', '有限公司'), with or without accents, the longest match first.

The dictionary is an Aho-Corasick automaton over the question's normalised words (a word is a
run of Latin letters and digits, or one Chinese character), built once per index snapshot.

Names are also found the way people write them (`near`): the first words of a name ('Hanseatic
Tradewind' for 'Hanseatic Tradewind Global Sourcing GmbH'), with a letter wrong or missing
('Atlantik', 'Merchant'), and a company word before them ('công ty', 'cong ty'); words that
could be the start of several parties' names are given back as suggestions."""

# ruff: noqa: RUF001

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

import ahocorasick
from rapidfuzz import fuzz, process

from apps.market.names import normalise_name

# Legal forms and company words that may lead or end a name; a name without them is still the
# company ('Phuc An Cashew Processing' for 'Phuc An Cashew Processing Co., Ltd').
_LEADING_FORMS = tuple(
    form.split()
    for form in (
        "cong ty tnhh thuong mai dich vu",
        "cong ty tnhh mtv",
        "cong ty tnhh",
        "cong ty co phan",
        "cong ty cp",
        "cong ty",
        "doanh nghiep tu nhan",
        "dntn",
        "ctcp",
        "pt",
        "cv",
    )
)
_TRAILING_FORMS = tuple(
    form.split()
    for form in (
        "trading services co ltd",
        "one member co ltd",
        "joint stock company",
        "private enterprise",
        "import export co ltd",
        "company limited",
        "co ltd",
        "pty ltd",
        "pvt ltd",
        "private limited",
        "sdn bhd",
        "co",
        "ltd",
        "limited",
        "jsc",
        "inc",
        "llc",
        "corp",
        "corporation",
        "company",
        "gmbh",
        "ag",
        "bv",
        "nv",
        "sa",
        "sas",
        "srl",
        "spa",
        "plc",
        "tbk",
        "ltda",
        "有 限 公 司",
        "股 份 有 限 公 司",
        "股 份 公 司",
        "公 司",
        "集 团",
    )
)
# Words that do not name a company by themselves: a short name made only of them is left out.
_GENERIC = frozenset(
    [
        "trading",
        "trade",
        "foods",
        "food",
        "import",
        "export",
        "imports",
        "exports",
        "international",
        "global",
        "sourcing",
        "ingredients",
        "distribution",
        "provisions",
        "agro",
        "agri",
        "merchants",
        "company",
        "group",
        "industries",
        "industry",
        "commodities",
        "and",
        "the",
        "of",
        "co",
        "ltd",
        "services",
        "service",
        "enterprise",
        "processing",
        "production",
        "coffee",
        "tea",
        "cashew",
        "pepper",
        "rice",
        "rubber",
        "seafood",
        "fruit",
        "fruits",
        "vegetables",
        "wood",
        "spices",
    ]
)

# The words of legal forms: a run of them names no one.
_FORM_WORDS = frozenset(word for form in (*_LEADING_FORMS, *_TRAILING_FORMS) for word in form)

_WORD = re.compile(
    r"[0-9A-Za-z\u00c0-\u024f\u1e00-\u1eff]+(?:['’.&][0-9A-Za-z\u00c0-\u024f\u1e00-\u1eff]+)*"
    r"|[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
)


@dataclass(frozen=True)
class Word:
    start: int
    end: int
    key: str


def words(text: str) -> list[Word]:
    """The question's words with their places and normalised forms."""
    found = []
    for match in _WORD.finditer(text):
        for key in normalise_name(match.group()).split():
            found.append(Word(match.start(), match.end(), key))
    return found


@dataclass(frozen=True)
class Party:
    name: str
    country: str
    exported: int  # shipments as exporter
    imported: int  # shipments as importer

    @property
    def side(self) -> str:
        return "exporter" if self.exported >= self.imported else "importer"


@dataclass(frozen=True)
class PartyMatch:
    start: int  # in the question
    end: int
    party: Party
    whole: bool  # the whole name, legal form included
    # Other parties whose names start with the same words (a name without its legal form
    # that several parties share): the question may mean any of them.
    others: tuple[Party, ...] = ()


@dataclass(frozen=True)
class NearMatch:
    """Words of the question that name a party as people write it: `party` when one party's
    name they can only be, else the parties they may mean (`suggestions`, busiest first)."""

    start: int
    end: int
    party: Party | None
    suggestions: tuple[Party, ...] = ()


# A word this long or longer may have a letter wrong; its likeness to the name's word, 0-100.
_FUZZY_WORD_LENGTH = 4
_FUZZY_WORD_SCORE = 85
# One word alone names a party only when it is this long and starts no other party's name.
_LONE_WORD_LENGTH = 6
_MAX_SUGGESTIONS = 3


def _strip_forms(tokens: list[str]) -> list[str]:
    changed = True
    while changed and tokens:
        changed = False
        for form in _LEADING_FORMS:
            if len(tokens) > len(form) and tokens[: len(form)] == form:
                tokens = tokens[len(form) :]
                changed = True
                break
        for form in _TRAILING_FORMS:
            if len(tokens) > len(form) and tokens[-len(form) :] == form:
                tokens = tokens[: -len(form)]
                changed = True
                break
    return tokens


def _core_is_a_name(tokens: list[str]) -> bool:
    """A name without its legal form still names one company: two words or more, one of them
    not a generic trade word."""
    if len(tokens) < 2:
        return False
    if all(token in _GENERIC for token in tokens):
        return False
    return any(len(token) >= 2 and not token.isdigit() for token in tokens)


class PartyDirectory:
    """Finds the parties the data holds in a question."""

    def __init__(self, parties: Iterable[tuple[str, str, int, int]]) -> None:
        """`parties`: (name, country, shipments as exporter, as importer)."""
        entries: dict[str, tuple[Party, bool]] = {}
        for name, country, exported, imported in parties:
            tokens = [word.key for word in words(name)]
            if not tokens:
                continue
            party = Party(name, country or "", int(exported or 0), int(imported or 0))
            full = " ".join(tokens)
            self._keep(entries, full, party, True)
            core = _strip_forms(list(tokens))
            if core != tokens and _core_is_a_name(core):
                self._keep(entries, " ".join(core), party, False)
        self.size = len(entries)
        self._by_first_word: dict[str, list[tuple[tuple[str, ...], Party]]] = defaultdict(list)
        for key, (party, _) in entries.items():
            name_words = tuple(key.split())
            self._by_first_word[name_words[0]].append((name_words, party))
        self._first_words = list(self._by_first_word)
        self._by_last_words = _last_words_index(entries)
        self._automaton = ahocorasick.Automaton()
        for key, (party, whole) in entries.items():
            self._automaton.add_word(f" {key} ", (key, party, whole))
        if entries:
            self._automaton.make_automaton()

    @staticmethod
    def _keep(entries: dict[str, tuple[Party, bool]], key: str, party: Party, whole: bool) -> None:
        """One party per key: the whole name over a shortened one, then the busiest party."""
        held = entries.get(key)
        if held is None:
            entries[key] = (party, whole)
            return
        held_party, held_whole = held
        busier = party.exported + party.imported > held_party.exported + held_party.imported
        if (whole and not held_whole) or (whole == held_whole and busier):
            entries[key] = (party, whole)

    def find(self, text: str) -> list[PartyMatch]:
        """The parties named in `text`, longest first where names overlap, left to right."""
        if not self.size:
            return []
        found = words(text)
        if not found:
            return []
        joined = " " + " ".join(word.key for word in found) + " "
        # Character offset in `joined` of each word's first letter.
        offsets: dict[int, int] = {}
        position = 1
        for index, word in enumerate(found):
            offsets[position] = index
            position += len(word.key) + 1
        candidates = []
        for end_index, (key, party, whole) in self._automaton.iter(joined):
            begin = end_index - len(key)  # first letter of the key (the match is " key ")
            first = offsets.get(begin)
            if first is None:
                continue
            last = first + len(key.split()) - 1
            candidates.append((first, last, party, whole))
        # Longest match first; a match inside a longer one is dropped.
        candidates.sort(key=lambda item: (-(item[1] - item[0]), item[0]))
        taken: list[tuple[int, int]] = []
        matches = []
        for first, last, party, whole in candidates:
            if any(first <= b and a <= last for a, b in taken):
                continue
            taken.append((first, last))
            others = (
                ()
                if whole
                else self._sharing(tuple(found[i].key for i in range(first, last + 1)), party)
            )
            matches.append(PartyMatch(found[first].start, found[last].end, party, whole, others))
        return sorted(matches, key=lambda match: match.start)

    def near(self, text: str, original: str) -> list[NearMatch]:
        """Parties named in `text` (folded, with what was read blanked) as people write them:
        the first words of a name, a letter off, each starting at a word capitalised in
        `original`; left to right, none overlapping."""
        if not self.size:
            return []
        found = words(text)
        matches: list[NearMatch] = []
        index = 0
        while index < len(found):
            near = self._near_at(found, index, original)
            if near is None:
                index += 1
                continue
            matches.append(near)
            index = next((i for i, word in enumerate(found) if word.start >= near.end), len(found))
        return matches

    def _sharing(self, name_words: tuple[str, ...], party: Party) -> tuple[Party, ...]:
        """The other parties whose names start with these words, busiest first."""
        others = {
            other
            for tokens, other in self._by_first_word.get(name_words[0], ())
            if tokens[: len(name_words)] == name_words and other != party
        }
        return tuple(sorted(others, key=lambda other: -(other.exported + other.imported)))

    def _near_at(self, found: list[Word], index: int, original: str) -> NearMatch | None:
        first = found[index]
        written = original[first.start : first.end]
        start = _after_company_word(found, index)
        capitalised = written[:1].isupper() or written[:1].isdigit()
        if not (capitalised or start < index) or first.key in _GENERIC:
            return None
        readings = [self._near_start(found, index, start), self._near_end(found, index, start)]
        # The reading that takes in more of the question, one party over several.
        return max(
            (near for near in readings if near is not None),
            key=lambda near: (near.end - near.start, near.party is not None),
            default=None,
        )

    def _near_end(self, found: list[Word], index: int, start: int) -> NearMatch | None:
        """The longest run of words ending one or more parties' names that takes in the word
        at `index`, starting up to two words before it ('hạt điều Tâm Phúc')."""
        for length in range(5, 1, -1):
            for first in range(max(index - 2, 0), index + 1):
                last = first + length
                if last <= index or last > len(found):
                    continue
                key = " ".join(word.key for word in found[first:last])
                parties = self._by_last_words.get(key)
                if parties:
                    return self._near_match(
                        found[min(start, first)].start, found[last - 1].end, parties
                    )
        return None

    @staticmethod
    def _near_match(start: int, end: int, parties: Iterable[Party]) -> NearMatch:
        ranked = sorted(parties, key=lambda party: -(party.exported + party.imported))
        if len(ranked) == 1:
            return NearMatch(start, end, ranked[0])
        return NearMatch(start, end, None, tuple(ranked[:_MAX_SUGGESTIONS]))

    def _near_start(self, found: list[Word], index: int, start: int) -> NearMatch | None:
        """The parties whose names start with the words from `index` (a letter off allowed)."""
        first = found[index]
        best: dict[Party, int] = {}
        for candidate in self._first_word_candidates(first.key):
            for tokens, party in self._by_first_word[candidate]:
                length = _prefix_length(found, index, tokens)
                if length and _names_alone(tokens[:length], tokens, self._by_first_word):
                    best[party] = max(best.get(party, 0), length)
        if not best:
            return None
        longest = max(best.values())
        parties = [party for party, length in best.items() if length == longest]
        return self._near_match(found[start].start, found[index + longest - 1].end, parties)

    def _first_word_candidates(self, key: str) -> list[str]:
        candidates = [key] if key in self._by_first_word else []
        if len(key) >= _FUZZY_WORD_LENGTH:
            close = process.extract(
                key, self._first_words, scorer=fuzz.ratio, score_cutoff=_FUZZY_WORD_SCORE, limit=5
            )
            candidates += [word for word, _, _ in close if word != key]
        return candidates


def _last_words_index(entries: dict[str, tuple[Party, bool]]) -> dict[str, set[Party]]:
    """The last two words or more of each name (not all generic) and the parties they end:
    many names put what tells them apart last ('Thủy sản Hải Nam' for 'CÔNG TY TNHH MTV CHẾ
    BIẾN THỦY SẢN HẢI NAM')."""
    index: dict[str, set[Party]] = defaultdict(set)
    for key, (party, _) in entries.items():
        key_words = key.split()
        for length in range(2, len(key_words)):
            ending = key_words[-length:]
            if not all(word in _GENERIC or word in _FORM_WORDS for word in ending):
                index[" ".join(ending)].add(party)
    return index


def _same_word(written: str, named: str) -> bool:
    if written == named:
        return True
    if min(len(written), len(named)) < _FUZZY_WORD_LENGTH:
        return False
    return fuzz.ratio(written, named) >= _FUZZY_WORD_SCORE


def _prefix_length(found: list[Word], index: int, tokens: tuple[str, ...]) -> int:
    """How many of the name's first words the question writes from `index` on."""
    length = 0
    while (
        length < len(tokens)
        and index + length < len(found)
        and _same_word(found[index + length].key, tokens[length])
    ):
        length += 1
    return length


def _names_alone(
    prefix: tuple[str, ...],
    tokens: tuple[str, ...],
    by_first_word: dict[str, list[tuple[tuple[str, ...], Party]]],
) -> bool:
    """Whether the first words written can stand for the name: two words or more, not all
    generic; or the whole name; or one long word that starts no other party's name."""
    if all(token in _GENERIC or token in _FORM_WORDS for token in prefix):
        return False
    if len(prefix) >= 2 or prefix == tokens:
        return True
    word = prefix[0]
    parties = {party for _, party in by_first_word.get(word, ())}
    return len(word) >= _LONE_WORD_LENGTH and len(parties) == 1


def _after_company_word(found: list[Word], index: int) -> int:
    """The index of the first word of a company word ('công ty', 'cong ty tnhh') right before
    `index`, else `index`: the company word is part of what names the party."""
    keys = [word.key for word in found]
    for form in _LEADING_FORMS:
        if index >= len(form) and keys[index - len(form) : index] == list(form):
            return index - len(form)
    return index
