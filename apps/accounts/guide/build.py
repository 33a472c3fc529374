"""Builds the user guide PDFs with WeasyPrint, into VAR_DIR/user-guide/<language>.pdf."""

from __future__ import annotations

import logging
import os
import tempfile
from html.parser import HTMLParser
from pathlib import Path

from django.conf import settings
from django.template.loader import render_to_string

from apps.accounts.guide.fonts import fonts_for, stylesheet

LANGUAGES = ("en", "vi", "zh")
SCREENSHOTS_DIR = Path(__file__).resolve().parent / "screenshots"
SCREENSHOTS = (
    "signin",
    "market-insights",
    "company-search",
    "company-detail",
    "people",
    "my-leads",
    "verification",
    "profile",
)


class _Text(HTMLParser):
    """The text a reader sees: everything but the contents of <style>."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in_style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        self._in_style = False

    def handle_data(self, data: str) -> None:
        if not self._in_style:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return "".join(parser.parts)


def guide_path(language: str) -> Path:
    return Path(settings.VAR_DIR) / "user-guide" / f"{language}.pdf"


def screenshots(language: str) -> dict[str, str]:
    """Each screenshot's file URI by a template-friendly name; all must exist."""
    found: dict[str, str] = {}
    for name in SCREENSHOTS:
        path = SCREENSHOTS_DIR / language / f"{name}.jpg"
        if not path.exists():
            raise FileNotFoundError(f"{path} is missing: run bin/guide_screenshots")
        found[name.replace("-", "_")] = path.as_uri()
    return found


def render_html(language: str) -> str:
    """The guide's HTML in `language`, with the fonts that draw all of its text."""
    template = f"accounts/user_guide/{language}.html"
    context = {"language": language, "shots": screenshots(language), "fonts": ""}
    fonts = stylesheet(fonts_for(visible_text(render_to_string(template, context))))
    return render_to_string(template, context | {"fonts": fonts})


def build(language: str) -> Path:
    """Writes the guide's PDF (atomically: a reader never sees half a file)."""
    for chatty in ("weasyprint", "fontTools"):  # Progress lines on every build otherwise.
        logging.getLogger(chatty).setLevel(logging.WARNING)
    from weasyprint import HTML  # Loads Pango: only the build needs it.

    if language not in LANGUAGES:
        raise ValueError(f"no user guide in {language!r}; languages: {', '.join(LANGUAGES)}")
    target = guide_path(language)
    target.parent.mkdir(parents=True, exist_ok=True)
    # Tagged (headings, paragraphs, lists, figures and their alternative text in the PDF's
    # structure tree), so screen readers read the guide in order.
    pdf = HTML(string=render_html(language)).write_pdf(pdf_tags=True)
    with tempfile.NamedTemporaryFile(dir=target.parent, suffix=".pdf", delete=False) as out:
        out.write(pdf)
    os.chmod(out.name, 0o644)
    os.replace(out.name, target)
    return target


def built_guide(language: str) -> Path:
    """The guide's PDF, built first when it is missing."""
    target = guide_path(language)
    return target if target.exists() else build(language)
