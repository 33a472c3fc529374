"""The shared reading of import files: bounded lines, encoding by line, CSV records, dates."""

from __future__ import annotations

import io
from datetime import date

import pytest

from apps.core.importfiles import (
    MAX_LINE_BYTES,
    BadLine,
    ImportReport,
    csv_records,
    implausible_date,
)


def records(data: bytes, limit: int = 64) -> list[tuple[int, list[str] | str]]:
    return [
        (line, fields.reason if isinstance(fields, BadLine) else fields)
        for line, fields in csv_records(io.BytesIO(data), limit)
    ]


def test_a_line_over_the_limit_is_a_bad_row_and_reading_goes_on() -> None:
    data = b"a,b\n" + b"x" * 1000 + b"\n\nc,d\n" + b"y" * 70
    assert records(data) == [
        (1, ["a", "b"]),
        (2, "the line is longer than 64 bytes"),
        (4, ["c", "d"]),
        (5, "the line is longer than 64 bytes"),
    ]


class CountingStream(io.BytesIO):
    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.largest = 0

    def readline(self, size: int | None = -1) -> bytes:
        assert size is not None
        assert 0 < size <= 1 << 16
        line = super().readline(size)
        self.largest = max(self.largest, len(line))
        return line


def test_a_long_line_is_never_read_whole() -> None:
    stream = CountingStream(b"a\n" + b"x" * 1_000_000 + b"\nb\n")
    found = [(line, fields) for line, fields in csv_records(stream, 100)]
    assert [line for line, _ in found] == [1, 2, 3]
    assert stream.largest <= 1 << 16


def test_lines_in_another_encoding_are_named_by_line() -> None:
    data = "a,b\ncafé,x\n".encode() + "café,y\n".encode("latin-1") + b"c,d\n"
    found = records(data)
    assert found[:2] == [(1, ["a", "b"]), (2, ["café", "x"])]
    assert found[2] == (
        3,
        "not UTF-8 text (byte 0xe9 at position 4 of the line); save the file as UTF-8",
    )
    assert found[3] == (4, ["c", "d"])


def test_a_byte_order_mark_is_dropped_and_utf16_is_named() -> None:
    assert records(b"\xef\xbb\xbfa,b\n") == [(1, ["a", "b"])]
    assert records("a,b\n".encode("utf-16"))[0] == (1, "the file is UTF-16 text; save it as UTF-8")


def test_quoted_line_ends_count_and_a_too_long_quoted_field_skips_its_record() -> None:
    field = '"' + ("y" * 400_000 + "\n") * 3 + '"'
    data = f'h\n"two\nlines",x\n{field},z\nlast,row\n'.encode()
    assert records(data, limit=MAX_LINE_BYTES) == [
        (1, ["h"]),
        (3, ["two\nlines", "x"]),
        (7, "a field is longer than 1,048,576 characters"),
        (8, ["last", "row"]),
    ]


@pytest.mark.parametrize(
    ("day", "plausible"),
    [
        (date(1, 1, 1), False),
        (date(1949, 12, 31), False),
        (date(1950, 1, 1), True),
        (date(date.today().year + 1, 12, 31), True),
        (date(date.today().year + 2, 1, 1), False),
    ],
)
def test_plausible_dates(day: date, plausible: bool) -> None:
    assert (implausible_date(day) is None) is plausible


def test_the_report_keeps_a_bounded_number_of_bad_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("apps.core.importfiles.MAX_BAD_ROWS", 2)
    report = ImportReport()
    for line in range(5):
        report.add_bad_row(line, "bad")
    assert (report.bad_row_count, len(report.bad_rows)) == (5, 2)
