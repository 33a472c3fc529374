"""How the lexicon reads text: words with their places in the text, sizes and units dropped,
negations and fixed trade phrases made single terms, English stems (Snowball), Vietnamese
syllables with and without accents, Chinese by the dictionary's names.

A text becomes a list of `Term`s. A term is what the lexicon indexes and looks up:
- a folded word stem (no accents, lower case): 'bananas' -> 'banana', 'cà' -> 'ca';
- the accented form of a Vietnamese word ('@chè'), so 'chè' (tea) is not 'chế';
- a pair of neighbouring words ('dragon_fruit', '@cà_phê'), which ranks names of several
  words above their single words;
- a negated stem ('!roast' for 'not roasted', 'unroasted', 'chưa rang');
- a Chinese name ('#香蕉')."""

# ruff: noqa: RUF001, RUF002

from __future__ import annotations

import re
import threading
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import snowballstemmer

from apps.market.names import normalise_name

# A stemmer keeps the word it works on in itself: two threads of a web process stemming at once
# would garble each other's words, so each thread has its own.
_STEMMERS = threading.local()
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
_SIZE = re.compile(
    r"^\d+(?:[.,]\d+)?(?:x\d+)?(?:mg|g|gr|gm|grs|gram|grams|kg|kgs|kgm|mt|mts|t|tne|ton|tons|"
    r"tonne|tonnes|lb|lbs|oz|ml|l|ltr|cl|cm|mm|m|pcs|pc|pce|bags?|cartons?|ctns?|x|s)?$"
)
UNIT_WORDS = frozenset(
    [
        "mg",
        "g",
        "gr",
        "gm",
        "grs",
        "gram",
        "grams",
        "kg",
        "kgs",
        "kgm",
        "mt",
        "mts",
        "tne",
        "ton",
        "tons",
        "tonne",
        "tonnes",
        "lb",
        "lbs",
        "oz",
        "ml",
        "ltr",
        "cl",
        "cm",
        "mm",
        "pcs",
        "pc",
        "pce",
        "x",
    ]
)

# Words that name no goods: they neither find a code nor become a qualifier.
STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "or",
        "the",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "from",
        "with",
        "without",
        "by",
        "as",
        "per",
        "other",
        "others",
        "n",
        "e",
        "c",
        "nec",
        "its",
        "their",
        "than",
        "such",
        "whether",
        "including",
        "include",
        "includes",
        "excluding",
        "exclude",
        "except",
        "also",
        "any",
        "kind",
        "kinds",
        "type",
        "types",
        "form",
        "forms",
        "used",
        "use",
        "using",
        "whole",
        "part",
        "parts",
        "thereof",
        "item",
        "items",
        "no",
        "heading",
        "headings",
        "subheading",
        "chapter",
        "spp",
        "this",
        "that",
        "these",
        "those",
        "be",
        "been",
        "being",
        "not",
        "nor",
        "neither",
        "only",
        "content",
        "contents",
        "exceeding",
        "exceed",
        "exceeds",
        "immediate",
        "packing",
        "packings",
        "package",
        "packages",
        "weight",
        "net",
        "gross",
        "more",
        "less",
        "into",
        "like",
        "similar",
        "containing",
        "contain",
        "proportion",
    ]
)
# Vietnamese ones, with accents only: unaccented 'ca' is also 'cá' (fish).
VI_STOPWORDS = frozenset(
    [
        "và",
        "hoặc",
        "của",
        "các",
        "loại",
        "khác",
        "kể",
        "cả",
        "đã",
        "có",
        "dùng",
        "để",
        "từ",
        "cho",
        "với",
        "trong",
        "những",
        "này",
        "thuộc",
        "nhóm",
        "phân",
        "hàng",
        "loai",
        "khac",
    ]
)
# Words of questions about trade that the nomenclature also holds ('ship' is a vessel,
# 'last' a shoe last, 'year' an antique's age): in a question they never name goods.
_QUESTION_WORDS = """
    who whom whose what which when where why how much many is are was were be do does did done
    have has had can could would should will shall me my we our us you your they them i it
    ship shipped shipping shipment shipments send sent buy buys bought buyer buyers purchase
    purchases purchaser sell sells sold seller sellers export exports exported exporter exporters
    exporting import imports imported importer importers importing trade trades traded trader
    traders trading supplier suppliers supply customer customers client clients partner
    partners company companies firm firms market markets country countries volume volumes
    value values price prices amount quantity total totals share top biggest largest big large
    main major leading most best highest lowest small smallest rank ranking list show give tell
    find search compare last past previous next this year years month months quarter quarters
    week weeks day days today since until between during over under about around per average
    growth change trend statistics data number how's what's who's origin destination
    hello hi please thanks thank help joke jokes funny story stories poem translate translation
    sentence word words weather forecast password login account email explain write
    bao nhiêu nhiều nhất lớn những nào ai đâu gì năm tháng quý tuần ngày qua trước nay từ
    đến giữa xuất khẩu nhập khẩu mua bán công ty doanh nghiệp thị trường giá trị sản lượng
    khối lượng số liệu top hàng đầu so sánh của cho tôi chúng thế sao làm kể một hãy giúp
    đổi sang vào tới
    """
QUESTION_WORDS = frozenset(_QUESTION_WORDS.split())
# Vietnamese words of several syllables that name no goods, though a syllable of them may
# ('mật' of 'mật khẩu', password, is also of 'mật ong', honey).
QUESTION_PHRASES = (
    "thời tiết",
    "dự báo",
    "mật khẩu",
    "tài khoản",
    "ngày mai",
    "hôm nay",
    "câu chuyện",
    "chuyện cười",
    "truyện cười",
    "thế nào",
    "làm sao",
    "dịch sang",
    "tiêu thụ",
)

# Words that make the next one negative: 'not roasted', 'chưa rang', 'neither crushed nor ground'.
_NEGATIONS = frozenset({"not", "non", "neither", "nor", "than", "chưa", "không", "chua", "khong"})
# Fixed trade phrases and forms that mean a term of the nomenclature (after folding).
_PHRASES: dict[tuple[str, ...], tuple[str, ...]] = {
    ("in", "shell"): ("inshell",),
    ("in", "the", "shell"): ("inshell",),
    ("with", "shell"): ("inshell",),
    ("unshelled",): ("inshell",),
    ("rcn",): ("cashew", "inshell"),
    ("chua", "boc", "vo"): ("inshell",),
    ("da", "boc", "vo"): ("shell",),
    ("kernel",): ("shell",),
    ("kernels",): ("shell",),
    ("unroasted",): ("!roast",),
    ("raw", "coffee"): ("coffee", "!roast"),
    ("green", "coffee"): ("coffee", "!roast"),
    ("coffee", "beans"): ("coffee",),
    ("decaf",): ("decaffein",),
    ("oolong",): ("partly", "ferment"),
    ("cold", "water"): ("coldwater",),
    ("cold", "water", "varieties"): ("coldwater",),
    ("iqf",): ("frozen",),
    ("whole", "black", "pepper"): ("pepper", "!ground"),
    ("peppercorns",): ("pepper", "!ground"),
    ("peppercorn",): ("pepper", "!ground"),
    ("powder",): ("ground",),
    ("mixed",): ("mix", "mixtur"),
    ("milled",): ("ground",),
    # 'than' is also Vietnamese: 'than đá' is coal, 'than củi' charcoal.
    ("than", "da"): ("coal",),
    ("than", "cui"): ("charcoal",),
}
_MAX_PHRASE = max(len(key) for key in _PHRASES)
_PHRASE_STARTS = frozenset(key[0] for key in _PHRASES)


@dataclass(frozen=True)
class Word:
    """A word of a text: its place, its text as written, lower-case and folded forms."""

    start: int
    end: int
    text: str
    lower: str
    folded: str

    @property
    def accented(self) -> bool:
        return self.lower != self.folded and not self.lower.isascii()


@dataclass(frozen=True)
class Term:
    key: str
    start: int  # place in the text of the words it comes from
    end: int


def has_cjk(text: str) -> bool:
    return bool(_CJK.search(text))


def words(text: str) -> list[Word]:
    """The words of a text with their places; Chinese runs are one word each."""
    out = []
    for match in _WORD.finditer(text):
        piece = match.group(0)
        lower = unicodedata.normalize("NFC", piece).lower()
        out.append(Word(match.start(), match.end(), piece, lower, normalise_name(piece)))
    return out


def is_size(word: str) -> bool:
    """'100g', '25kg', '500ml', '2x5kg', '13.5', 'kg': sizes and units, never a product."""
    folded = word.lower()
    return bool(_SIZE.match(folded)) or folded in UNIT_WORDS


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    return str(_stemmer().stemWord(word)) if word.isascii() and word.isalpha() else word


def _stemmer() -> Any:
    found = getattr(_STEMMERS, "english", None)
    if found is None:
        found = _STEMMERS.english = snowballstemmer.stemmer("english")
    return found


def latin_terms(
    items: list[Word], *, index: bool = False, kept: frozenset[int] = frozenset()
) -> list[Term]:
    """The terms of Latin-script words. With `index`, a Vietnamese word gives both its
    accented and its folded terms (a description is found with or without accents); in a
    query an accented word gives its accented term only. The words at `kept` are never
    left out as stop words."""
    out: list[Term] = []
    keys: list[tuple[list[str], int, int]] = []  # (keys, first, last) per kept unit
    i = 0
    negate = False
    while i < len(items):
        word = items[i]
        if has_cjk(word.text) or is_size(word.folded):
            i += 1
            negate = False
            continue
        replaced = False
        sizes = (
            range(min(_MAX_PHRASE, len(items) - i), 0, -1) if word.folded in _PHRASE_STARTS else ()
        )
        for size in sizes:
            phrase = tuple(item.folded for item in items[i : i + size])
            if phrase in _PHRASES:
                for key in _PHRASES[phrase]:
                    bare = key.lstrip("!")
                    keys.append(([key[: len(key) - len(bare)] + stem(bare)], i, i + size - 1))
                i += size
                replaced = True
                break
        if replaced:
            negate = False
            continue
        if word.folded in _NEGATIONS or word.lower in _NEGATIONS:
            negate = True
            i += 1
            continue
        # An accented Vietnamese word is never an English stop word ('thẻ' is not 'the').
        stop = (word.folded in STOPWORDS and not word.accented) or word.lower in VI_STOPWORDS
        if stop and i not in kept:
            i += 1
            if word.folded not in ("or", "hoac"):
                negate = False
            continue
        folded = stem(word.folded)
        forms: list[str]
        if negate:
            forms = ["!" + folded]
        elif word.accented:
            forms = ["@" + word.lower, folded] if index else ["@" + word.lower]
        else:
            forms = [folded]
        keys.append((forms, i, i))
        i += 1
    for position, (forms, first, last) in enumerate(keys):
        start, end = items[first].start, items[last].end
        out.extend(Term(key, start, end) for key in forms)
        if position + 1 < len(keys):
            following, next_first, next_last = keys[position + 1]
            if next_first - last > 2:
                continue  # not neighbours
            for left in forms:
                for right in following:
                    if left.startswith("!") or right.startswith("!") or left == right:
                        continue
                    first_key, second_key = left, right
                    if left.startswith("@") != right.startswith("@"):
                        # Pairs are all accented or all folded: in a query, a syllable
                        # without marks ('ca' of 'mắc ca') pairs with its neighbour folded.
                        first_key, second_key = _folded_key(left), _folded_key(right)
                        if index or first_key == second_key:
                            continue
                    out.append(Term(f"{first_key}_{second_key}", start, items[next_last].end))
                    if index and not left.startswith("@"):
                        out.append(Term(f"{right}_{left}", start, items[next_last].end))
    return out


def _folded_key(key: str) -> str:
    return stem(normalise_name(key[1:])) if key.startswith("@") else key


def cjk_runs(text: str) -> list[tuple[int, str]]:
    return [(match.start(), match.group(0)) for match in _CJK.finditer(text)]


def strip_cjk_boilerplate(name: str) -> list[str]:
    """Chinese names of a nomenclature text: the parts between separators, without the
    preparation words around them ('鲜或干香蕉（大蕉除外）' -> ['香蕉'])."""
    name = re.sub(r"[（(][^）)]*[）)]", "", name)
    parts = re.split(r"[、，,；;：:及和与或的]|以及|其他|包括", name)
    out = []
    for part in parts:
        part = re.sub(
            r"^(?:鲜|干|冷藏|冷冻|冻|未|已|不论是否|不论|是否|生|熟|整个|去壳|带壳)+", "", part
        )
        part = re.sub(r"(?:等|类|制品|产品)$", "", part)
        if len(part) >= 2 and has_cjk(part) and not re.search(r"\d", part):
            out.append(part)
    return out
