"""What the list readers share: the values kept of a row, and a file told apart from a list
by its first bytes (a failed download saves an error page or an API's error answer)."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from apps.verification.sanctions.records import foreign_content, unique


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
