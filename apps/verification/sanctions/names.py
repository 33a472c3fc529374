"""Name normalisation for sanctions screening.

A name becomes a list of plain ASCII word tokens: case folded, accents and the Vietnamese đ
removed, other scripts transliterated (anyascii), punctuation dropped, '&' read as 'and',
and legal forms ('Công ty TNHH', 'Co., Ltd', 'LLC', 'Aktiengesellschaft', '有限公司') taken
out, so that names compare on what distinguishes them."""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

from anyascii import anyascii

LEGAL_FORMS_FILE = Path(__file__).parent / "data" / "legal_forms.txt"
# Phrases longer than this are not looked for (the longest useful legal form has 7 words).
MAX_FORM_WORDS = 8

# Chinese legal forms at the end of a name, longest first: the ELF list names Chinese
# organisation kinds but not the suffixes companies carry.
CHINESE_FORMS = re.compile(
    r"(股份有限公司|有限责任公司|有限責任公司|有限公司|股份公司|集团公司|集團公司|公司)$"
)
CJK = re.compile(r"([\u3400-\u9fff\uf900-\ufaff])")
# Dots and apostrophes join ('A.B.C.' → 'abc', "Qa'ida" → 'qaida'); other marks split words.
JOINING = re.compile(r"[.'`\u2018\u2019\u00b4\u02bc]")
SPLITTING = re.compile(r"[^a-z0-9]+")
ORDINAL_DIGITS = re.compile(r"^(\d+)(?:st|nd|rd|th)$")
UNITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
         "twelve")  # fmt: skip
TENS = {
    "twenty": "20", "thirty": "30", "forty": "40", "fourty": "40", "fifty": "50",
    "sixty": "60", "seventy": "70", "eighty": "80", "ninety": "90",
}  # fmt: skip
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
            "tenth")  # fmt: skip
NUMBER_WORDS = {
    **{word: str(value) for value, word in enumerate(UNITS, start=1)},
    **{word: str(value) for value, word in enumerate(ORDINALS, start=1)},
    **TENS,
}
ABBREVIATIONS = {
    "intl": "international", "int": "international", "natl": "national",
    "dept": "department", "assn": "association", "bros": "brothers", "mfg": "manufacturing",
}  # fmt: skip


def transliterate(name: str) -> str:
    """The name in lower-case ASCII, Chinese characters read one syllable per word."""
    text = unicodedata.normalize("NFKC", name).strip()
    text = CHINESE_FORMS.sub("", text) or text
    text = CJK.sub(r" \1 ", text)
    return anyascii(text).casefold().replace("&", " and ")


def tokens(name: str) -> list[str]:
    """The name's words, legal forms included, numbers as digits and abbreviations spelt out."""
    words = SPLITTING.sub(" ", JOINING.sub("", transliterate(name))).split()
    return numbers_as_digits([ABBREVIATIONS.get(word, word) for word in words])


def numbers_as_digits(words: list[str]) -> list[str]:
    """'forty four' and 'forty 4' → '44', 'first' and '1st' → '1'."""
    result: list[str] = []
    for word in words:
        value = NUMBER_WORDS.get(word) or ORDINAL_DIGITS.sub(r"\1", word)
        previous = result[-1] if result else ""
        if len(value) == 1 and value.isdigit() and len(previous) == 2 and previous.endswith("0"):
            result[-1] = str(int(previous) + int(value))
        else:
            result.append(value)
    return result


@cache
def legal_forms() -> frozenset[tuple[str, ...]]:
    """Legal forms as word tuples, from the list derived from the GLEIF ELF code list."""
    lines = LEGAL_FORMS_FILE.read_text(encoding="utf-8").splitlines()
    return frozenset(tuple(line.split()) for line in lines if line and not line.startswith("#"))


def strip_legal_forms(words: list[str]) -> list[str]:
    """The words without legal forms, longest phrase first; all of them if nothing else is left."""
    forms = legal_forms()
    kept: list[str] = []
    position = 0
    while position < len(words):
        for length in range(min(MAX_FORM_WORDS, len(words) - position), 0, -1):
            if tuple(words[position : position + length]) in forms:
                position += length
                break
        else:
            kept.append(words[position])
            position += 1
    return kept or words


def match_key(name: str, *, organisation: bool = True) -> str:
    """The name as compared: its words, space-separated, without legal forms for organisations
    (a person's name keeps every word: 'Son' or 'SA' may be part of it). A name in Chinese
    characters loses its legal form as characters (`transliterate`) and keeps every syllable:
    'da' or 'fa' would otherwise be taken for another language's legal form."""
    words = [word for word in tokens(name) if word != "the"] or tokens(name)
    return " ".join(strip_legal_forms(words) if organisation and not CJK.search(name) else words)
