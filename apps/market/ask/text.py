"""The question as text: folded forms that keep every position, the question's language, and
lexicons that find known names in it."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass


def _fold_char(char: str) -> str:
    """One character lower-cased and without accents (đ -> d); always one character, so that
    positions in the folded text are positions in the question."""
    low = char.lower()
    if len(low) != 1:
        low = char
    if low.isascii():
        return low
    if low == "đ":
        return "d"
    base = "".join(c for c in unicodedata.normalize("NFKD", low) if not unicodedata.combining(c))
    return base if len(base) == 1 else low


def fold(text: str) -> str:
    """Lower case without accents, the same length as `text`."""
    return "".join(_fold_char(char) for char in text)


def lower(text: str) -> str:
    """Lower case, one character for one (so positions stay positions in the question)."""
    return "".join(low if len(low := char.lower()) == 1 else char for char in text)


def prepare(question: str) -> str:
    """The question in its compatibility form (full-width letters and digits as ASCII)."""
    return unicodedata.normalize("NFKC", question).strip()


class QuestionText:
    """The question (NFKC), its lower-case form and its folded form, position for position.
    Spans that have been read (party names) are blanked in the two working copies."""

    def __init__(self, question: str) -> None:
        self.original = question
        self.low = lower(question)
        self.fold = fold(question)
        self.accented = self.low != self.fold and _has_vietnamese_marks(question)

    def marked(self) -> str:
        """The lower-case question with each span read replaced by '|' marks, so that the words
        on either side of it never read as one phrase."""
        return "".join(
            "|" if low == " " and not char.isspace() else low
            for char, low in zip(self.original, self.low, strict=True)
        )

    def blank(self, start: int, end: int) -> None:
        pad = " " * (end - start)
        self.low = self.low[:start] + pad + self.low[end:]
        self.fold = self.fold[:start] + pad + self.fold[end:]


_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_VI_LETTERS = frozenset("ăđơưĂĐƠƯ")
_VI_KEYWORDS_STRONG = re.compile(
    r"\b(?:xuat khau|nhap khau|ca phe|nam ngoai|nam nay|nam truoc|hat dieu|ho tieu|cao su|"
    r"sau rieng|thanh long|ca tra|bao nhieu|thang qua|quy truoc|khoai mi|do go|thi truong|"
    r"nha nhap khau|nha xuat khau|viet nam)\b"
)
_VI_KEYWORDS_WEAK = re.compile(
    r"\b(?:sang|tu|nam|thang|quy|gao|tom|che|tra|cua|den|vao|nhung|trong|duc|my|nhat|han)\b"
)


def _has_vietnamese_marks(text: str) -> bool:
    marked = 0
    for char in text:
        if char in _VI_LETTERS or "\u1ea0" <= char <= "\u1ef9":
            return True
        if not char.isascii() and char.isalpha() and fold(char) != char.lower():
            marked += 1
    return marked >= 2


def detect_language(question: str) -> str:
    """'zh' for Chinese characters, 'vi' for Vietnamese letters or words, else 'en'."""
    text = prepare(question)
    if _CJK.search(text):
        return "zh"
    if _has_vietnamese_marks(text):
        return "vi"
    folded = fold(text)
    if _VI_KEYWORDS_STRONG.search(folded) and not re.search(r"\b(?:the|of|from|to|in)\b", folded):
        return "vi"
    if _VI_KEYWORDS_STRONG.search(folded) and len(_VI_KEYWORDS_WEAK.findall(folded)) >= 1:
        return "vi"
    if len(_VI_KEYWORDS_WEAK.findall(folded)) >= 3:
        return "vi"
    return "en"


_LATIN_CHARS = "A-Za-z0-9\u00c0-\u024f\u1e00-\u1eff"


def _pattern(keys: Iterable[str]) -> re.Pattern[str]:
    parts = []
    for key in sorted(set(keys), key=lambda k: (-len(k), k)):
        body = r"\s+".join(re.escape(word) for word in key.split())
        if _CJK.search(key):
            parts.append(body)
        else:
            parts.append(rf"(?<![{_LATIN_CHARS}]){body}(?![{_LATIN_CHARS}])")
    return re.compile("|".join(parts))


@dataclass(frozen=True)
class Lexicon:
    """Known names (`entries`: name to key) and one pattern that finds any of them as whole
    words; names in `case_sensitive` count only when written in capitals."""

    entries: dict[str, str]
    pattern: re.Pattern[str]
    case_sensitive: frozenset[str] = frozenset()

    @classmethod
    def build(cls, entries: dict[str, str], case_sensitive: Iterable[str] = ()) -> Lexicon:
        return cls(entries, _pattern(entries), frozenset(case_sensitive))

    def find(self, text: str, original: str) -> list[tuple[int, int, str]]:
        found = []
        for match in self.pattern.finditer(text):
            key = " ".join(match.group().split())
            if key in self.case_sensitive and not original[match.start() : match.end()].isupper():
                continue
            found.append((match.start(), match.end(), self.entries[key]))
        return found
