"""The product's words (docs/terminology.toml) hold in every text a Vietnamese or Chinese user
reads: the interface catalogues, the texts of the server (emails, verdicts, the AI box's answers,
the identity provider's pages), the plans as migrated and the user guides."""

from __future__ import annotations

import ast
import json
import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from apps.billing.models import Plan

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "docs" / "terminology.toml"
LANGUAGES = ("vi", "zh")

# Modules whose strings are written for users. Modules that read what users type (the AI box's
# parsing, the lexicon) are left out: a user may write any word.
SERVER_TEXT_MODULES = (
    *sorted(ROOT.glob("apps/**/texts.py")),
    *(ROOT / "apps/market/ask" / name for name in ("answer.py", "compare.py", "figures.py")),
    ROOT / "apps/market/ask/wording.py",
    ROOT / "apps/core/phones.py",
    ROOT / "apps/billing/providers/stripe_checkout.py",
)
CJK = re.compile(r"[\u3400-\u9fff]")
VIETNAMESE = re.compile(r"[ăâđêôơưĂÂĐÊÔƠƯ]|[\u0300-\u0323]|[àáảãạèéẻẽẹìíỉĩịòóỏõọùúủũụỳýỷỹỵ]", re.I)
LANGUAGE_KEYS = {"vi": "vi", "zh": "zh", "zh-hans": "zh"}


@dataclass(frozen=True)
class Rendering:
    term: str
    use: str
    avoid: tuple[str, ...]
    allowed: tuple[str, ...]


@dataclass(frozen=True)
class Text:
    where: str
    language: str
    text: str


def renderings(language: str) -> list[Rendering]:
    table = tomllib.loads(TABLE.read_text(encoding="utf-8"))
    return [
        Rendering(
            term=term["en"],
            use=term[language]["use"],
            avoid=tuple(term[language].get("avoid", ())),
            allowed=tuple(term[language].get("allowed", ())),
        )
        for term in table["term"]
    ]


def catalogue_texts(language: str) -> Iterator[Text]:
    path = ROOT / "assets" / "i18n" / f"{language}.json"
    for key, text in json.loads(path.read_text(encoding="utf-8")).items():
        yield Text(f"{path.name} {key}", language, text)


def guide_texts(language: str) -> Iterator[Text]:
    path = ROOT / "apps/accounts/templates/accounts/user_guide" / f"{language}.html"
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        yield Text(f"{path.name}:{number}", language, line)


def _strings(tree: ast.AST) -> Iterator[tuple[ast.expr, str]]:
    """Each string literal with its text; an f-string once, its fixed parts joined by "…"."""
    parts = {
        id(part)
        for node in ast.walk(tree)
        if isinstance(node, ast.JoinedStr)
        for part in node.values
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in parts:
            yield node, node.value
        elif isinstance(node, ast.JoinedStr):
            fixed = [part.value for part in node.values if isinstance(part, ast.Constant)]
            yield node, "…".join(str(value) for value in fixed)


def _language_keys(tree: ast.AST) -> dict[int, str]:
    """The language of each value written under a language key ({"vi": ..., "zh-hans": ...})."""
    return {
        id(value): LANGUAGE_KEYS[key.value]
        for node in ast.walk(tree)
        if isinstance(node, ast.Dict)
        for key, value in zip(node.keys, node.values, strict=True)
        if isinstance(key, ast.Constant) and key.value in LANGUAGE_KEYS
    }


def _language_of(text: str) -> str | None:
    if CJK.search(text):
        return "zh"
    if VIETNAMESE.search(text):
        return "vi"
    return None


def server_texts() -> Iterator[Text]:
    """Strings of the server's text modules: a value under a language key has that language,
    any other string the language its script shows (Chinese characters, Vietnamese letters)."""
    for path in SERVER_TEXT_MODULES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        keyed = _language_keys(tree)
        for node, text in _strings(tree):
            language = keyed.get(id(node)) or _language_of(text)
            if language:
                yield Text(f"{path.relative_to(ROOT)}:{node.lineno}", language, text)


def plan_texts() -> Iterator[Text]:
    for plan in Plan.objects.all():
        for language in LANGUAGES:
            for field, value in plan.texts.get(language, {}).items():
                for text in value if isinstance(value, list) else [value]:
                    yield Text(f"plan {plan.key} {field}", language, str(text))


def avoided(text: Text, rendering: Rendering) -> list[str]:
    """The avoided renderings in the text, once its allowed phrases are taken out."""
    reduced = text.text
    for phrase in rendering.allowed:
        reduced = re.sub(re.escape(phrase), " ", reduced, flags=re.IGNORECASE)
    return [word for word in rendering.avoid if word.casefold() in reduced.casefold()]


def misuses(texts: Iterator[Text]) -> list[str]:
    found: list[str] = []
    rules = {language: renderings(language) for language in LANGUAGES}
    for text in texts:
        for rendering in rules[text.language]:
            for word in avoided(text, rendering):
                rule = f"'{word}' for {rendering.term} (use '{rendering.use}')"
                found.append(f"{text.where}: {rule}: {text.text[:90]}")
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_interface_and_guide_use_the_products_words(language: str) -> None:
    found = misuses(iter([*catalogue_texts(language), *guide_texts(language)]))
    assert not found, "\n".join(found)


def test_the_servers_texts_use_the_products_words() -> None:
    texts = list(server_texts())
    assert {text.language for text in texts} == set(LANGUAGES)
    found = misuses(iter(texts))
    assert not found, "\n".join(found)


@pytest.mark.django_db
def test_the_plans_use_the_products_words() -> None:
    texts = list(plan_texts())
    assert {text.language for text in texts} == set(LANGUAGES)
    found = misuses(iter(texts))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_of_the_table_is_the_one_the_catalogue_uses(language: str) -> None:
    catalogue = " ".join(text.text for text in catalogue_texts(language)).casefold()
    unused = [
        rendering.use
        for rendering in renderings(language)
        if rendering.use.casefold() not in catalogue
    ]
    assert not unused, f"the table's words the {language} catalogue never uses: {unused}"


def test_an_avoided_rendering_is_found_and_an_allowed_phrase_is_not() -> None:
    credit = next(rendering for rendering in renderings("vi") if rendering.term == "credit")
    assert avoided(Text("x", "vi", "Bạn còn 10 tín dụng"), credit) == ["tín dụng"]
    assert avoided(Text("x", "vi", "Thanh toán bằng thư tín dụng"), credit) == []
