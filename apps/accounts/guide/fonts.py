"""The guide's fonts: Noto Sans (Latin and Vietnamese) and Noto Sans SC (Chinese) from the
project's own npm packages, so the PDFs look the same on every machine and need no system font.

The npm packages split each font into files by Unicode range; a guide embeds only the files its
text needs, and every character must be covered by one of them: a missing glyph would print as
a box, so `fonts_for` refuses the text instead."""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings
from fontTools.ttLib import TTFont

# Tried in this order for each character: Latin and Vietnamese first, then Chinese.
PACKAGES = ("noto-sans", "noto-sans-sc")
WEIGHTS = (400, 700)
# Characters the stylesheet prints besides the text: page numbers and list markers.
GENERATED_CHARACTERS = frozenset(string.digits + " /.•")

FACE = re.compile(r"@font-face\s*{(?P<body>[^}]*)}")
SOURCE = re.compile(r"url\(\./(?P<file>files/[^)]+\.woff2)\)")
UNICODE_RANGE = re.compile(r"unicode-range:\s*(?P<ranges>[^;]+);")


class MissingGlyphs(Exception):
    """The text holds characters that none of the guide's fonts can draw."""

    def __init__(self, characters: Iterable[str]) -> None:
        self.characters = "".join(sorted(set(characters)))
        listed = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in self.characters)
        super().__init__(f"no font of the user guide has a glyph for: {listed}")


@dataclass(frozen=True)
class FontFile:
    family: str
    weight: int
    path: Path
    unicode_range: frozenset[int]

    def css(self) -> str:
        return (
            f"@font-face {{ font-family: '{self.family}'; font-weight: {self.weight}; "
            f"src: url('{self.path.as_uri()}'); }}"
        )


def fonts_dir() -> Path:
    return Path(settings.BASE_DIR) / "node_modules" / "@fontsource"


def _code_points(ranges: str) -> frozenset[int]:
    points: set[int] = set()
    for item in ranges.split(","):
        first, _, last = item.strip().removeprefix("U+").partition("-")
        points.update(range(int(first, 16), int(last or first, 16) + 1))
    return frozenset(points)


@cache
def font_files(package: str, weight: int) -> tuple[FontFile, ...]:
    """The files of a package at a weight, as its stylesheet lists them with their ranges."""
    stylesheet = fonts_dir() / package / f"{weight}.css"
    if not stylesheet.exists():
        raise FileNotFoundError(f"{stylesheet} is missing: run `npm ci` to install the fonts")
    files = []
    for face in FACE.finditer(stylesheet.read_text()):
        source = SOURCE.search(face["body"])
        ranges = UNICODE_RANGE.search(face["body"])
        if source and ranges:
            path = stylesheet.parent / source["file"]
            family = path.name.removesuffix(f"-{weight}-normal.woff2")
            files.append(FontFile(family, weight, path, _code_points(ranges["ranges"])))
    return tuple(files)


@cache
def glyphs(path: Path) -> frozenset[int]:
    """The code points the font file has a glyph for."""
    with TTFont(path, lazy=True) as font:
        return frozenset(font.getBestCmap())


def drawn_characters(text: str) -> set[str]:
    """The characters that need a glyph: all but white space and control characters."""
    return {c for c in text if not c.isspace() and c.isprintable()}


def fonts_for(text: str) -> list[FontFile]:
    """The font files that draw every character of `text` in every weight, in fallback order;
    raises MissingGlyphs naming the characters none of them has."""
    needed = {ord(c) for c in drawn_characters(text) | GENERATED_CHARACTERS}
    chosen: list[FontFile] = []
    for weight in WEIGHTS:
        left = set(needed)
        for package in PACKAGES:
            for font in font_files(package, weight):
                wanted = left & font.unicode_range
                covered = wanted & glyphs(font.path) if wanted else set()
                if covered:
                    chosen.append(font)
                    left -= covered
        if left:
            raise MissingGlyphs(chr(point) for point in left)
    return chosen


def stylesheet(fonts: list[FontFile]) -> str:
    """@font-face rules for the files and the font-family list that falls back through them."""
    families = list(dict.fromkeys(font.family for font in fonts))
    faces = "\n".join(font.css() for font in fonts)
    family_list = ", ".join(f"'{family}'" for family in families)
    return f"{faces}\nhtml {{ font-family: {family_list}; }}"
