"""The terms of a product text: its words folded and stemmed, obvious misspellings read as
the words they misspell, question and conversation words left out, and Chinese segmented
against the lexicon's names."""

from __future__ import annotations

import re
from functools import lru_cache

from apps.market.lexicon.index import Lexicon, lexicon
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

_ZH_PARTICLES = frozenset("的了和与及或、吗呢么")


# Nouns of trade that follow goods without making other goods of them ('腰果进口商').
_ZH_TRADE_NOUNS = frozenset(
    [
        "市场",
        "价格",
        "行情",
        "公司",
        "企业",
        "工厂",
        "厂家",
        "买家",
        "卖家",
        "客户",
        "数量",
        "贸易",
        "产量",
        "销量",
        "金额",
        "总额",
        "份额",
        "趋势",
    ]
)


def _zh_words(run: str) -> list[tuple[str, str]]:
    import jieba.posseg

    return [(pair.word, pair.flag) for pair in jieba.posseg.cut(run)]


def _modifier(run: str, start: int, end: int, lex: Lexicon) -> bool:
    """Whether the goods name at run[start:end] only describes other goods the lexicon does
    not know, named by the noun after it ('苹果手机', an Apple phone; '橡胶手套', rubber
    gloves), or by one word that begins with it ('苹果电脑')."""
    place = 0
    for word, flag in _zh_words(run):
        word_start, place = place, place + len(word)
        if word_start == start and place > end:
            return word not in lex.zh_names
        if word_start == end:
            return (
                flag == "n"
                and len(word) > 1
                and word not in lex.zh_names
                and word not in _ZH_TRADE_NOUNS
                and not word.endswith("商")
            )
    return False


def _cjk_terms(text: str, lex: Lexicon) -> list[Term]:
    """Chinese names of the lexicon found in the text, longest first, without overlaps; not
    a name that only describes other goods (`_modifier`)."""
    out: list[Term] = []
    # A Latin letter right before Chinese is part of the name ('T恤').
    for match in re.finditer(
        r"(?:[A-Za-z](?=[\u3400-\u9fff]))?[\u3400-\u9fff\uf900-\ufaff]+", text
    ):
        run, base, i = match.group(0), match.start(), 0
        while i < len(run):
            for size in range(min(lex.zh_longest, len(run) - i), 1, -1):
                piece = run[i : i + size]
                if piece in lex.zh_names and not _modifier(run, i, i + size, lex):
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


@lru_cache(maxsize=2)
def _folded_vi_names(lex: Lexicon) -> frozenset[tuple[str, ...]]:
    """The Vietnamese trade names of several syllables, as typed without accents."""
    return frozenset(
        tuple(normalise_name(name).split())
        for doc in lex.docs.values()
        for record in doc.records
        if record.kind == "product"
        for name in record.vi
        if 1 < len(name.split()) <= _LONGEST_VI_NAME
    )


_LONGEST_VI_NAME = 4


def _in_vi_names(found: list[Word], lex: Lexicon) -> frozenset[int]:
    """The words that spell a Vietnamese trade name typed without accents, where a syllable
    is also a question or stop word ('do go' is 'đồ gỗ', 'mi an lien' 'mì ăn liền')."""
    names = _folded_vi_names(lex)
    out: set[int] = set()
    for size in range(2, _LONGEST_VI_NAME + 1):
        for i in range(len(found) - size + 1):
            run = found[i : i + size]
            if not any(w.accented for w in run) and tuple(w.folded for w in run) in names:
                out |= set(range(i, i + size))
    return frozenset(out)


def _asked(found: list[Word], spelt: frozenset[int]) -> list[tuple[int, int]]:
    """Where the text's question words are, by the word as written, accents kept ('canned'
    is goods, 'đồ' not 'do'), but for the syllables of a trade name."""
    return [
        (w.start, w.end)
        for i, w in enumerate(found)
        if (w.lower if w.accented else w.folded) in QUESTION_WORDS and i not in spelt
    ]


def query_terms(text: str) -> list[Term]:
    lex = lexicon()
    found = words(text)
    spelt = _in_vi_names(found, lex)
    asked = _asked(found, spelt)
    lowered = text.lower()
    for phrase in QUESTION_PHRASES:
        asked += [(m.start(), m.end()) for m in re.finditer(rf"\b{phrase}\b", lowered)]
    items = [_corrected(word, lex) for word in found]
    for index in range(1, len(items)):
        items[index] = _corrected_syllable(items[index - 1], items[index], lex)
    terms = [
        term
        for term in latin_terms(items, kept=spelt)
        if not any(term.start < e and s < term.end for s, e in asked)
    ]
    if has_cjk(text):
        terms += _cjk_terms(text, lex)
    return terms
