"""The lexicon's index: for every chapter, heading and subheading, the terms of its names in
three languages, and for every term the codes that carry it. Built once per process."""

from __future__ import annotations

import hashlib
import logging
import math
import os
import pickle
import re
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

from apps.market.lexicon.sources import NameRecord, parts, records
from apps.market.lexicon.text import has_cjk, latin_terms, stem, strip_cjk_boilerplate, words

logger = logging.getLogger(__name__)

LANGUAGES = ("en", "vi", "zh")


@dataclass
class CodeDoc:
    """What the lexicon knows of one code."""

    code: str
    nomenclature: set[str] = field(default_factory=set)  # terms of the code's own legal text
    lines: set[str] = field(default_factory=set)  # terms of its national 8-digit lines
    products: set[str] = field(default_factory=set)  # terms of the trade names given to it
    records: list[NameRecord] = field(default_factory=list)
    # Each trade name as the forms of each of its words: it counts when all are present.
    names: list[tuple[frozenset[str], ...]] = field(default_factory=list)

    terms: frozenset[str] = frozenset()

    def freeze(self) -> None:
        self.terms = frozenset(self.nomenclature | self.lines | self.products)

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        del state["terms"]
        return state

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self.freeze()


@cache
def record_terms(text: str) -> frozenset[str]:
    """The index terms of a name: its Latin words' terms, its Chinese names."""
    terms = {term.key for term in latin_terms(words(text), index=True)}
    if has_cjk(text):
        names = strip_cjk_boilerplate(text) if len(text) > 6 else [text]
        terms |= {"#" + name for name in names}
    # One string object per term: the index holds each term once, in memory and in its file.
    return frozenset(sys.intern(term) for term in terms)


@cache
def name_forms(text: str) -> tuple[frozenset[str], ...]:
    """A trade name's words, each as the set of terms that stand for it."""
    if has_cjk(text):
        return (frozenset({"#" + text}),)
    by_place: dict[tuple[int, int], set[str]] = defaultdict(set)
    for term in latin_terms(words(text), index=True):
        if "_" not in term.key:
            by_place[(term.start, term.end)].add(term.key)
    out: list[frozenset[str]] = []
    for _, forms in sorted(by_place.items()):
        if any(form.startswith("@") for form in forms):
            out.append(frozenset(forms))  # one word, with and without accents
        else:
            out.extend(frozenset({form}) for form in sorted(forms))  # 'rcn': each term
    return tuple(out)


@cache
def _word_terms(text: str) -> tuple[tuple[str, str], ...]:
    """(folded word, stem) of each word of a text, for completing a word being typed."""
    return tuple(
        (word.folded, stem(word.folded))
        for word in words(text)
        if word.folded.isalpha() and len(word.folded) > 1
    )


def _display(text: str) -> str:
    text = " ".join(text.split())
    return text[:1].upper() + text[1:]


class Lexicon:
    """Every code's terms and names; `postings` gives the codes of a term."""

    def __init__(self, items: list[NameRecord]) -> None:
        self.docs: dict[str, CodeDoc] = {}
        self.display: dict[str, dict[str, str]] = defaultdict(dict)
        self.zh_names: dict[str, set[str]] = defaultdict(set)
        self.words: dict[str, set[str]] = defaultdict(set)  # folded word -> its terms
        for record in items:
            self._add(record)
        for doc in self.docs.values():
            doc.freeze()
        self.children: dict[str, list[str]] = defaultdict(list)
        for code in sorted(self.docs):
            if len(code) == 6 and code[:4] in self.docs:
                self.children[code[:4]].append(code)
            elif len(code) == 4 and code[:2] in self.docs:
                self.children[code[:2]].append(code)
        postings: dict[str, list[str]] = defaultdict(list)
        for code, doc in self.docs.items():
            for term in doc.terms:
                postings[term].append(code)
        self.postings: dict[str, tuple[str, ...]] = {t: tuple(c) for t, c in postings.items()}
        total = len(self.docs)
        self.idf = {term: math.log(1 + total / len(codes)) for term, codes in self.postings.items()}
        self._heading_terms: dict[str, frozenset[str]] = {}
        self.zh_longest = max((len(name) for name in self.zh_names), default=0)
        self.sorted_words = sorted(self.words)
        self.children = dict(self.children)
        self.display = dict(self.display)
        self.zh_names = dict(self.zh_names)
        self.words = dict(self.words)

    def _add(self, record: NameRecord) -> None:
        doc = self.docs.setdefault(record.code, CodeDoc(record.code))
        doc.records.append(record)
        target = {"line": doc.lines, "product": doc.products}.get(record.kind, doc.nomenclature)
        for language in LANGUAGES:
            for text in getattr(record, language):
                terms = record_terms(text)
                if record.kind == "product":
                    doc.names.append(name_forms(text))
                target |= terms
                for term in terms:
                    if term.startswith("#"):
                        self.zh_names[term[1:]].add(record.code)
                if language != "zh":
                    for folded, stemmed in _word_terms(text):
                        self.words[folded].add(stemmed)
                if record.kind == "code" and language not in self.display[record.code]:
                    self.display[record.code][language] = _display(text)

    def heading_terms(self, code: str) -> frozenset[str]:
        """A heading's terms with those of its subheadings (other codes: their own)."""
        if code not in self._heading_terms:
            terms = set(self.docs[code].terms)
            if len(code) == 4:
                for child in self.children.get(code, []):
                    terms |= self.docs[child].terms
            self._heading_terms[code] = frozenset(terms)
        return self._heading_terms[code]

    def named(self, code: str, keys: set[str], *, children: bool = True) -> set[str]:
        """The keys that make up a whole trade name of the code (or of its subheadings)."""
        codes = [code, *(self.children.get(code, []) if children and len(code) == 4 else [])]
        out: set[str] = set()
        for item in codes:
            for name in self.docs[item].names:
                if all(forms & keys for forms in name):
                    for forms in name:
                        out |= forms & keys
        return out

    def __getstate__(self) -> dict[str, object]:
        state = dict(self.__dict__)
        state["_heading_terms"] = {}
        return state

    def name(self, code: str, language: str) -> str:
        """The code's name in a language: its own, else its parent's, else the English one."""
        names = self.display.get(code, {})
        if language in names:
            return names[language]
        own_products = [
            r.zh[0] if language == "zh" else (r.vi[0] if language == "vi" and r.vi else "")
            for r in self.docs.get(code, CodeDoc(code)).records
            if r.kind == "product" and getattr(r, language)
        ]
        if own_products:
            return "、".join(dict.fromkeys(own_products)) if language == "zh" else own_products[0]
        parent = code[:4] if len(code) == 6 else code[:2] if len(code) == 4 else ""
        if parent and language in self.display.get(parent, {}):
            return self.display[parent][language] + " — " + names.get("en", "")
        return names.get("en", "")

    def names_of(self, code: str) -> dict[str, tuple[str, ...]]:
        """The goods names of a code in each language, for finding its goods by their
        descriptions: product names first, then the parts of its legal texts."""
        out: dict[str, list[str]] = {language: [] for language in LANGUAGES}
        doc = self.docs.get(code)
        if doc is None:
            return dict.fromkeys(LANGUAGES, ())
        ordered = sorted(doc.records, key=lambda r: {"product": 0, "code": 1, "line": 2}[r.kind])
        for record in ordered:
            for language in LANGUAGES:
                for text in getattr(record, language):
                    pieces = (text,) if record.kind == "product" else parts(text, language)
                    out[language].extend(piece.lower() for piece in pieces)
        return {language: tuple(dict.fromkeys(out[language])) for language in LANGUAGES}


# Bump when the way the index is built changes, so saved copies are not reused.
_FORMAT = "2"


def _cache_directory() -> Path | None:
    try:
        from django.conf import settings

        return Path(settings.VAR_DIR) / "lexicon"
    except Exception:
        return None


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """The lexicon of the built-in names and the database's HS codes, built once per process.

    Building it reads some 20,000 texts (seconds); the result is kept in a file under
    `VAR_DIR/lexicon/` named after a digest of its sources, so other processes and later
    starts load it (well under a second) until a source changes, e.g. an HS import."""
    items = records()
    # The way texts become terms is part of what the saved copy depends on.
    code = b"".join((Path(__file__).parent / name).read_bytes() for name in ("text.py", "index.py"))
    digest = hashlib.sha256(repr((_FORMAT, items)).encode("utf-8") + code).hexdigest()[:20]
    directory = _cache_directory()
    path = directory / f"lexicon-{digest}.pickle" if directory else None
    if path is not None and path.exists():
        try:
            with path.open("rb") as handle:
                loaded = pickle.load(handle)  # noqa: S301 - our own file, named by its digest
            if isinstance(loaded, Lexicon):
                return loaded
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError):
            logger.warning("Lexicon file %s unreadable; rebuilding it", path)
    built = Lexicon(items)
    if path is not None:
        _save(built, path)
    return built


def _save(built: Lexicon, path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        with partial.open("wb") as handle:
            pickle.dump(built, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(partial, path)
        for old in path.parent.glob("lexicon-*.pickle"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        logger.warning("Could not keep the lexicon in %s", path.parent)


def reset_lexicon() -> None:
    """Forget the lexicon (after an import of HS codes), so the next use rebuilds it."""
    lexicon.cache_clear()


_CODE = re.compile(r"^\d{2}(?:\d{2}){0,2}$")


def is_code(text: str) -> bool:
    return bool(_CODE.match(text))
