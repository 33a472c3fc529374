"""Normalised trade-party names, so that spellings of one company meet.

'CONG TY TNHH ABC', 'Công ty TNHH A.B.C.' and 'cong ty  tnhh abc' all become
'cong ty tnhh abc': diacritics stripped from Latin letters (Vietnamese đ becomes d), case
folded, dots and apostrophes dropped, other punctuation turned into spaces, spaces collapsed.
Names in other scripts (Chinese, Japanese, ...) keep their characters; only their whitespace
and punctuation change."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

# Letters that carry no combining mark to strip, mapped to their plain forms.
_LETTERS = str.maketrans({"đ": "d", "Đ": "d", "ð": "d", "ø": "o", "Ø": "o", "ł": "l", "Ł": "l"})
# Dots and apostrophes vanish (A.B.C. -> abc, O'Neil -> oneil); other punctuation separates words.
_DROPPED = frozenset(".'`\u2019\u2018\u00b4")
_LATIN_END = 0x250  # combining marks after a Latin letter are accents; elsewhere they matter


@lru_cache(maxsize=65536)
def normalise_name(name: str) -> str:
    """The matching key of a trade party's name."""
    text = unicodedata.normalize("NFKD", name.translate(_LETTERS))
    out: list[str] = []
    previous_latin = False
    for char in text:
        category = unicodedata.category(char)
        if category == "Mn":
            if previous_latin:
                continue
            out.append(char)
        elif char in _DROPPED:
            continue
        elif category[0] in "PSZC":
            out.append(" ")
            previous_latin = False
        else:
            out.append(char)
            previous_latin = ord(char) < _LATIN_END
    folded = unicodedata.normalize("NFC", "".join(out)).casefold()
    return " ".join(folded.split())


def clean_display_name(name: str) -> str:
    """A party's name as shown: the original spelling with its whitespace collapsed."""
    return " ".join(name.split())
