"""The trade parties the data holds, as a dictionary of normalised names that finds them in a
question: the whole name and the name without its legal form ('Co., Ltd', 'JSC', 'CÔNG TY
TNHH', '有限公司'), with or without accents, the longest match first.

The dictionary is an Aho-Corasick automaton over the question's normalised words (a word is a
run of Latin letters and digits, or one Chinese character), built once per index snapshot."""

# ruff: noqa: RUF001

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

import ahocorasick

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
            matches.append(PartyMatch(found[first].start, found[last].end, party, whole))
        return sorted(matches, key=lambda match: match.start)
