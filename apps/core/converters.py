"""URL converters of the pages: `<record_id:company_id>` matches a database id that fits a
64-bit integer (1 to 18 digits), so a longer number is an unknown page (404), not a database
error."""

from __future__ import annotations


class RecordIdConverter:
    regex = "[1-9][0-9]{0,17}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)
