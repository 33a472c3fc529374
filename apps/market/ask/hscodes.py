"""HS codes written in a question, in the usual forms of the three languages: 'HS 0904',
'hs code 100630', 'HS0904', 'mã HS 0801', '编码0801', '税号 0901.11', a dotted '0901.11' or a
bare subheading '100630'; several after one cue ('HS 0901, 0902 and 0904'). Each is checked
against the nomenclature: a national line of 8 digits becomes its subheading, a code the
nomenclature does not hold is reported, not searched."""

# ruff: noqa: RUF001

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

# A cue that the number after it is a code.
_CUE = (
    r"(?:\bh\.?\s?s\.?(?:\s*(?:code|codes|heading|subheading))?|\bhs\s*-?\s*code|"
    r"\b(?:tariff|customs|commodity|harmoni[sz]ed)\s+code|\bheading|\bsubheading|"
    r"\bma\s+(?:hs|so\s+hs|hang|hai\s+quan)|\bma\s+so|\bma|\bnhom|\bphan\s+nhom|"
    r"hs编码|hs编号|hs|海关编码|商品编码|税则号|税号|编码|编号|品目|子目)"
)
_CODE = r"(\d{4}(?:\.\d{2}(?:\.\d{2})?|\d{2}(?:\d{2}(?:\d{2})?)?)?(?![\d.]\d)|\d{2}(?![\d.]))"
_SEPARATOR = r"\s*(?:,|/|;|、|和|与|及|và|va|or|and|hoặc|hoac|或)\s*"
_CUED = re.compile(
    rf"{_CUE}\s*(?:[:：#=]|là|la|là:|số|so)?\s*{_CODE}((?:{_SEPARATOR}{_CODE})*)",
    re.IGNORECASE,
)
_NEXT = re.compile(_CODE)
# Forms that are codes without a cue: dotted (0901.11, 0901.11.00) or six to eight digits.
_DOTTED = re.compile(r"(?<![\d.])(\d{4})\.(\d{2})(?:\.(\d{2}))?(?![\d.])")
_BARE = re.compile(r"(?<![\d.,/-])(\d{6}|\d{8})(?![\d.,/-])")


@dataclass(frozen=True)
class CodeMatch:
    start: int
    end: int
    written: str  # the digits as written
    code: str  # the code searched, '' when the nomenclature does not hold it


def _digits(text: str) -> str:
    return re.sub(r"\D", "", text)


def _checked(digits: str, nomenclature: Collection[str]) -> str:
    """The code of the nomenclature the digits stand for, or ''."""
    if len(digits) not in (2, 4, 6, 8, 10):
        return ""
    if not nomenclature:
        return digits[:6] if len(digits) > 6 else digits
    if len(digits) > 6:
        # National lines (8 or 10 digits) are searched by their subheading.
        return digits[:6] if digits[:6] in nomenclature else ""
    return digits if digits in nomenclature else ""


def find_hs_codes(text: str, nomenclature: Collection[str]) -> list[CodeMatch]:
    """The codes written in `text` (the folded question), in order, each once."""
    found: list[CodeMatch] = []
    taken: list[tuple[int, int]] = []

    def add(start: int, end: int, written: str) -> None:
        if any(start < b and a < end for a, b in taken):
            return
        digits = _digits(written)
        taken.append((start, end))
        found.append(CodeMatch(start, end, digits, _checked(digits, nomenclature)))

    for match in _CUED.finditer(text):
        add(match.start(), match.end(1), match.group(1))
        tail_start = match.start(2)
        for extra in _NEXT.finditer(match.group(2)):
            add(tail_start + extra.start(), tail_start + extra.end(), extra.group())
    for match in _DOTTED.finditer(text):
        add(match.start(), match.end(), match.group())
    for match in _BARE.finditer(text):
        digits = match.group()
        if _checked(digits, nomenclature) or (len(digits) == 6 and digits[:4] in nomenclature):
            add(match.start(), match.end(), digits)
    seen: set[str] = set()
    unique = []
    for code_match in sorted(found, key=lambda item: item.start):
        if code_match.written in seen:
            continue
        seen.add(code_match.written)
        unique.append(code_match)
    return unique
