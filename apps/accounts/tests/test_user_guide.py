"""The user guide PDFs: built once for the session, read back with pypdf."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import Client, override_settings
from pypdf import PdfReader

from apps.accounts.guide.build import LANGUAGES, guide_path, render_html, visible_text
from apps.accounts.guide.fonts import (
    GENERATED_CHARACTERS,
    MissingGlyphs,
    drawn_characters,
    fonts_for,
)

HEADINGS = {
    "en": [
        "User guide",
        "1. Signing in",
        "2. Market Insight and the AI box",
        "3. Finding buyers",
        "4. Lead Verification",
        "5. Plans and credits",
    ],
    "vi": [
        "Hướng dẫn sử dụng",
        "1. Đăng nhập",
        "2. Phân tích thị trường và ô hỏi đáp AI",
        "3. Tìm người mua",
        "4. Xác minh đối tác",
        "5. Gói dịch vụ và điểm",
    ],
    "zh": [
        "用户指南",
        "1. 登录",
        "2. 市场洞察与 AI 问答",
        "3. 寻找买家",
        "4. 客户核验",
        "5. 套餐与积分",
    ],
}
SUBSET_TAG = re.compile(r"^/?[A-Z]{6}\+")


@pytest.fixture(scope="session")
def guides_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """VAR_DIR of a build of every guide, made once."""
    var_dir = tmp_path_factory.mktemp("var")
    with override_settings(VAR_DIR=var_dir):
        call_command("build_user_guides")
    return var_dir


@pytest.fixture
def built_guides(guides_dir: Path, settings: Any) -> Path:
    settings.VAR_DIR = guides_dir
    return guides_dir


def page_texts(language: str) -> list[str]:
    return [page.extract_text() for page in PdfReader(guide_path(language)).pages]


def embedded_fonts(page: Any) -> set[str]:
    """The font files a page embeds, by family (no subset tag, weight or slant)."""
    names = set()
    for font in page["/Resources"]["/Font"].values():
        name = SUBSET_TAG.sub("", str(font.get_object()["/BaseFont"]))
        names.add(re.sub(r"-(Bold|Oblique|BoldOblique)$", "", name))
    return names


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_guide_holds_its_headings_in_its_language(built_guides: Path, language: str) -> None:
    lines = {line.strip() for text in page_texts(language) for line in text.splitlines()}

    for heading in HEADINGS[language]:
        assert heading in lines, f"{heading!r} missing from the {language} guide"


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_guide_is_tagged_for_screen_readers(built_guides: Path, language: str) -> None:
    catalog = PdfReader(guide_path(language)).trailer["/Root"]
    assert catalog["/MarkInfo"]["/Marked"]
    tags = {
        str(element.get_object().get("/S"))
        for element in _structure(catalog["/StructTreeRoot"].get_object())
    }
    assert {"/H1", "/H2", "/P", "/Figure"} <= tags


def _structure(node: Any) -> Any:
    """Every element of a PDF structure tree, depth first."""
    kids = node.get("/K")
    if kids is None:
        return
    for kid in kids if isinstance(kids, list) else [kids]:
        element = kid.get_object()
        if hasattr(element, "get") and "/S" in element:
            yield element
            yield from _structure(element)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_draws_its_text_with_the_guide_fonts(built_guides: Path, language: str) -> None:
    reader = PdfReader(guide_path(language))
    assert len(reader.pages) >= 5
    for number, page in enumerate(reader.pages, start=1):
        text = page.extract_text()
        fonts_for(text)  # Raises on a character none of the guide's fonts has a glyph for.
        assert drawn_characters(text), f"page {number} of the {language} guide is empty"
        # Only the project's fonts (named after their files): no system font drew a character.
        for font in embedded_fonts(page):
            assert font.startswith("noto-sans"), f"{font} on page {number} ({language})"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_text_reads_back_as_written(built_guides: Path, language: str) -> None:
    """Every character of the guide comes back out of the PDF, and nothing else: a glyph
    mapped to the wrong character would break copying and searching."""
    written = drawn_characters(visible_text(render_html(language)))
    read = drawn_characters("".join(page_texts(language)))

    assert written - read == set()
    assert read - written - GENERATED_CHARACTERS == set()


def test_the_chinese_guide_draws_chinese_with_noto_sans_sc(built_guides: Path) -> None:
    pages = PdfReader(guide_path("zh")).pages
    fonts = set().union(*(embedded_fonts(page) for page in pages))

    assert any(font.startswith("noto-sans-sc-") for font in fonts)


def test_the_glyph_check_names_the_characters_no_font_has() -> None:
    with pytest.raises(MissingGlyphs, match=r"'ก' \(U\+0E01\)"):
        fonts_for("Xin chào, 你好, สวัสดี ก")


def test_the_build_refuses_an_unknown_language() -> None:
    with pytest.raises(CommandError, match="No user guide in fr"):
        call_command("build_user_guides", "fr")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_guide_is_served_in_each_language(
    built_guides: Path, client: Client, language: str
) -> None:
    response = client.get(f"/user-guide/{language}.pdf")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert f"tradewise-user-guide-{language}.pdf" in response["Content-Disposition"]
    assert b"".join(response.streaming_content) == guide_path(language).read_bytes()


@pytest.mark.parametrize("path", ["/user-guide/fr.pdf", "/user-guide/EN.pdf", "/user-guide/.pdf"])
def test_no_guide_in_other_languages(client: Client, path: str) -> None:
    assert client.get(path).status_code == 404


def test_a_missing_guide_is_built_on_the_first_request(
    guides_dir: Path, tmp_path: Path, settings: Any, client: Client
) -> None:
    settings.VAR_DIR = tmp_path

    response = client.get("/user-guide/en.pdf")

    assert response.status_code == 200
    assert b"".join(response.streaming_content).startswith(b"%PDF")
    assert (tmp_path / "user-guide" / "en.pdf").exists()
