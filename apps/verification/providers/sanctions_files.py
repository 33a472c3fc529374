"""Downloads of the official sanctions list files: OFAC's SDN and Consolidated CSV files from
its Sanctions List Service (SANCTIONS_OFAC_URL) and the UN Security Council Consolidated List
XML (SANCTIONS_UN_URL). Each file is streamed to a folder, and every one must arrive before any
list is loaded, so a failed download changes nothing. An error status, an HTML page or a JSON
answer where a list file was asked for is a failure, never a list."""

from __future__ import annotations

from datetime import date
from email.utils import parsedate_to_datetime
from pathlib import Path
from urllib.parse import urlsplit

import requests
from django.conf import settings

from apps.accounts.providers.oidc import HttpClient
from apps.verification.providers import SourceError
from apps.verification.sanctions.imports import (
    OFAC_CONSOLIDATED,
    OFAC_SDN,
    UN_CONSOLIDATED,
    ListFiles,
    Publication,
)

# Each OFAC list's files on the Sanctions List Service: primary records, aliases, addresses.
OFAC_FILES = {
    OFAC_SDN: ("SDN.CSV", "ALT.CSV", "ADD.CSV"),
    OFAC_CONSOLIDATED: ("CONS_PRIM.CSV", "CONS_ALT.CSV", "CONS_ADD.CSV"),
}
UN_FILE = "un_consolidated.xml"
CHUNK_BYTES = 1 << 16
NOT_A_LIST = ("text/html", "application/json")


class SanctionsFilesSource:
    """The official list files, fetched over HTTP (`http` stands in for `requests` in tests)."""

    def __init__(self, http: HttpClient | None = None) -> None:
        self.request = http.request if http else requests.request

    def fetch(self, folder: Path) -> list[ListFiles]:
        """Every official list, its files downloaded into `folder`."""
        ofac = [self.ofac_list(name, files, folder) for name, files in OFAC_FILES.items()]
        un_path = folder / UN_FILE
        self.download(settings.SANCTIONS_UN_URL, un_path)  # dated by its own dateGenerated
        return [*ofac, ListFiles(UN_CONSOLIDATED, un_path)]

    def ofac_list(self, list_name: str, file_names: tuple[str, ...], folder: Path) -> ListFiles:
        """An OFAC list dated by the Last-Modified of its primary file: OFAC's CSV files carry
        no date of their own."""
        base = settings.SANCTIONS_OFAC_URL.rstrip("/")
        primary, aliases, addresses = paths = [folder / name.lower() for name in file_names]
        dates = [
            self.download(f"{base}/{name}", path)
            for name, path in zip(file_names, paths, strict=True)
        ]
        return ListFiles(list_name, primary, aliases, addresses, published=dates[0])

    def download(self, url: str, path: Path) -> Publication:
        """Save the file at `url` as `path`; its publication as the server states it."""
        try:
            with self.request(
                "GET", url, stream=True, timeout=settings.SANCTIONS_DOWNLOAD_TIMEOUT
            ) as response:
                problem = not_a_list_file(response)
                if problem:
                    raise SourceError(f"{url}: {problem}")
                with path.open("wb") as file:
                    for chunk in response.iter_content(CHUNK_BYTES):
                        file.write(chunk)
        except requests.RequestException as error:
            raise SourceError(f"{url}: {error}") from error
        return last_modified(url, response)


def not_a_list_file(response: requests.Response) -> str | None:
    """Why the answer is not the file asked for (an error status, a page), or None."""
    if response.status_code != 200:
        return f"HTTP {response.status_code} {response.reason or ''}".strip()
    content_type = response.headers.get("Content-Type", "").split(";")[0].strip().lower()
    if content_type in NOT_A_LIST:
        return f"answered {content_type} instead of the list file"
    return None


def last_modified(url: str, response: requests.Response) -> Publication:
    """The file's publication date from the answer's Last-Modified header, when it has one."""
    host = urlsplit(url).hostname or url
    header = response.headers.get("Last-Modified", "")
    try:
        published: date | None = parsedate_to_datetime(header).date()
    except ValueError:
        return Publication(None, f"unknown: {host} sent no Last-Modified date")
    return Publication(published, f"Last-Modified of the download from {host}")
