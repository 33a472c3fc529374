"""Reading what a page hands its island, for the page tests of every app."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qsl, urlsplit

PRELOAD_TAG = '<script id="preload" type="application/json">'


def preload_of(response: Any) -> dict[str, Any]:
    html = response.content.decode()
    start = html.index(PRELOAD_TAG) + len(PRELOAD_TAG)
    return json.loads(html[start : html.index("</script>", start)])


def redirect_parts(response: Any) -> tuple[str, list[tuple[str, str]]]:
    location = urlsplit(response["Location"])
    return location.path, parse_qsl(location.query)
