"""Reader of the UN Security Council Consolidated List XML (`sc-sanctions.xsd`): INDIVIDUALS and
ENTITIES, names in FIRST_NAME..FOURTH_NAME, aliases in *_ALIAS/ALIAS_NAME, the list's date in
the root's dateGenerated.

A file that is not that XML (empty, an HTML page, a JSON document, XML cut short or of another
root) raises `SanctionsFileError` naming the file and why."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from datetime import date
from pathlib import Path

from apps.core.importfiles import implausible_date
from apps.verification.sanctions.records import (
    BadRow,
    ParsedParty,
    SanctionsFileError,
    foreign_content,
    open_binary,
    unique,
)

NAME_PARTS = ("FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME")
KINDS = {"INDIVIDUAL": "individual", "ENTITY": "entity"}
ROOT = "CONSOLIDATED_LIST"


def text(element: ET.Element, path: str) -> str:
    return " ".join((element.findtext(path) or "").split())


def texts(element: ET.Element, path: str) -> list[str]:
    return [" ".join((found.text or "").split()) for found in element.iterfind(path)]


def read_un(path: Path) -> tuple[date | None, Iterator[ParsedParty | BadRow]]:
    """The list's generation date and its parties."""
    root = list_root(path)
    generated = root.get("dateGenerated", "")[:10]
    try:
        published = date.fromisoformat(generated) if generated else None
    except ValueError as error:
        raise SanctionsFileError(
            f"{path.name}: dateGenerated {generated!r} is not a date"
        ) from error
    return published, parties(root)


def list_root(path: Path) -> ET.Element:
    """The root of the UN list's XML; see the module's docstring for what is refused."""
    foreign = foreign_content(path)
    if foreign:
        raise SanctionsFileError(f"{path.name} is {foreign}, not the UN list's XML")
    try:
        with open_binary(path) as stream:
            root = ET.parse(stream).getroot()  # noqa: S314
    except ET.ParseError as error:
        raise SanctionsFileError(
            f"{path.name} is not well-formed XML ({error}): cut short, or not the UN list"
        ) from error
    if root.tag != ROOT:
        raise SanctionsFileError(
            f"{path.name}: its root element is <{root.tag}>, not the UN list's <{ROOT}>"
        )
    return root


def parties(root: ET.Element) -> Iterator[ParsedParty | BadRow]:
    for number, element in enumerate(
        (found for found in root.iter() if found.tag in KINDS), start=1
    ):
        kind = KINDS[element.tag]
        name = " ".join(part for part in (text(element, tag) for tag in NAME_PARTS) if part)
        dataid = text(element, "DATAID")
        if not name or not dataid:
            yield BadRow(number, f"{element.tag.lower()} {number}: no DATAID or no name")
            continue
        listed_text = text(element, "LISTED_ON")
        try:
            listed_on = date.fromisoformat(listed_text[:10]) if listed_text else None
        except ValueError:
            yield BadRow(number, f"{element.tag.lower()} {number}: LISTED_ON is not a date")
            continue
        problem = implausible_date(listed_on) if listed_on else None
        if problem:
            yield BadRow(number, f"{element.tag.lower()} {number}: LISTED_ON {problem}")
            continue
        yield ParsedParty(
            source_id=dataid,
            name=name,
            kind=kind,
            programmes=unique([text(element, "UN_LIST_TYPE")]),
            aliases=unique(
                [
                    text(element, "NAME_ORIGINAL_SCRIPT"),
                    *texts(element, f"{element.tag}_ALIAS/ALIAS_NAME"),
                ]
            ),
            countries=unique(
                [
                    *texts(element, "NATIONALITY/VALUE"),
                    *texts(element, f"{element.tag}_ADDRESS/COUNTRY"),
                ]
            ),
            listed_on=listed_on,
            remarks=" ".join(
                part
                for part in (text(element, "REFERENCE_NUMBER"), text(element, "COMMENTS1"))
                if part
            ),
            line=number,
        )
