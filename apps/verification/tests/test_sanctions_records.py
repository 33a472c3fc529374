"""What the list readers share: the values kept of a row, and a file told apart from a list
by its first bytes (a failed download saves an error page or an API's error answer)."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from apps.verification.sanctions.records import (
    HEAD_BYTES,
    BadRow,
    ParsedParty,
    foreign_content,
    open_binary,
    unique,
)


def test_a_rows_values_are_kept_stripped_once_each_in_their_first_order() -> None:
    assert unique([" Cuba ", "", "Iran", "Cuba", "  ", "iran"]) == ["Cuba", "Iran", "iran"]


@pytest.mark.parametrize(
    ("content", "held"),
    [
        (b"", "empty"),
        (b"\xef\xbb\xbf \r\n\t", "empty"),
        (b"<!DOCTYPE html><title>503</title>", "an HTML page"),
        (b'<?xml version="1.0"?>\n<html><body>Not found</body></html>', "an HTML page"),
        (b'  {"error": "rate limited"}', "a JSON document"),
        (b'[{"error": "rate limited"}]', "a JSON document"),
        (b'36,"AEROCARIBBEAN AIRLINES",-0-,"CUBA"', None),
        (b'<?xml version="1.0"?><CONSOLIDATED_LIST/>', None),
    ],
)
def test_a_file_holding_something_else_than_a_list_is_told_by_its_first_bytes(
    tmp_path: Path, content: bytes, held: str | None
) -> None:
    path = tmp_path / "sdn.csv"
    path.write_bytes(content)

    assert foreign_content(path) == held


def test_a_gzipped_file_is_looked_at_unzipped(tmp_path: Path) -> None:
    path = tmp_path / "sdn.csv.gz"
    path.write_bytes(gzip.compress(b"<html><body>Bad gateway</body></html>"))

    assert foreign_content(path) == "an HTML page"


def test_a_gzipped_file_is_opened_as_its_unzipped_bytes(tmp_path: Path) -> None:
    path = tmp_path / "un_consolidated.xml.gz"
    path.write_bytes(gzip.compress(b"<CONSOLIDATED_LIST/>"))

    with open_binary(path) as stream:
        assert stream.read() == b"<CONSOLIDATED_LIST/>"


def test_a_file_not_named_gz_is_opened_as_it_is(tmp_path: Path) -> None:
    zipped = gzip.compress(b"<CONSOLIDATED_LIST/>")
    path = tmp_path / "un_consolidated.xml"
    path.write_bytes(zipped)

    with open_binary(path) as stream:
        assert stream.read() == zipped


def test_an_html_tag_past_the_first_kilobyte_does_not_make_the_file_a_page(
    tmp_path: Path,
) -> None:
    path = tmp_path / "sdn.csv"
    path.write_bytes(b"x" * HEAD_BYTES + b"<html>")

    assert foreign_content(path) is None


def test_a_json_answer_after_a_byte_order_mark_is_told_as_json(tmp_path: Path) -> None:
    path = tmp_path / "sdn.csv"
    path.write_bytes(b'\xef\xbb\xbf\r\n{"status": 503}')

    assert foreign_content(path) == "a JSON document"


def test_a_party_read_without_lists_has_empty_ones_and_no_date() -> None:
    party = ParsedParty(source_id="1", name="ACME", kind="entity")

    assert (party.programmes, party.aliases, party.countries) == ([], [], [])
    assert (party.listed_on, party.remarks, party.line) == (None, "", 0)
    assert BadRow(3, "unknown type").file == ""
