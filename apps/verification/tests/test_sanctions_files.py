"""Downloading the official lists (`import_sanctions --fetch`) against recorded answers of
OFAC's Sanctions List Service and the UN (recordings/sanctions_files/): every file streamed
with a time limit, the OFAC lists dated by Last-Modified, and any failed download leaving every
list as it was."""

from __future__ import annotations

import gzip
import io
import json
import re
from dataclasses import dataclass, field
from datetime import date
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
import requests
from django.core.management import CommandError, call_command

from apps.verification.management.commands import import_sanctions as command
from apps.verification.models import SanctionedParty, SanctionsList
from apps.verification.providers import SourceError
from apps.verification.providers.sanctions_files import (
    SanctionsFilesSource,
    last_modified,
    not_a_list_file,
)
from apps.verification.sanctions.imports import (
    OFAC_CONSOLIDATED,
    OFAC_SDN,
    UN_CONSOLIDATED,
    Publication,
    import_sanctions,
)

pytestmark = pytest.mark.django_db

TESTS = Path(__file__).parent
RECORDINGS = TESTS / "recordings" / "sanctions_files"
OFAC = "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/"
UN = "https://scsanctions.un.org/resources/xml/en/consolidated.xml"
OFAC_HOST = "sanctionslistservice.ofac.treas.gov"


@dataclass
class RecordedService:
    """Answers each GET from the recorded exchanges, by URL; remembers every request."""

    answers: dict[str, dict[str, Any] | Exception]
    calls: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def of(cls, *names: str) -> RecordedService:
        """`official`, with the answers of the later recordings in place of its own."""
        answers: dict[str, dict[str, Any] | Exception] = {}
        for name in ("official", *names):
            for exchange in json.loads((RECORDINGS / f"{name}.json").read_text()):
                answers[exchange["request"]["url"]] = exchange["response"]
        return cls(answers)

    def request(self, method: str, url: str, **kwargs: Any) -> requests.Response:
        self.calls.append({"method": method, "url": url, **kwargs})
        answer = self.answers[url]
        if isinstance(answer, Exception):
            raise answer
        response = requests.Response()
        response.status_code = answer["status"]
        response.url = url
        response.headers.update(answer["headers"])
        response.raw = io.BytesIO(body(TESTS / answer["body_file"]))
        return response


def body(path: Path) -> bytes:
    """The recorded body; a gzip'd file as the server sends it, decompressed."""
    return gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> RecordedService:
    """The recorded official answers, served to the command's downloads."""
    service = RecordedService.of()
    monkeypatch.setattr(command, "SanctionsFilesSource", lambda: SanctionsFilesSource(service))
    return service


def fetch(*options: str) -> str:
    out = StringIO()
    call_command("import_sanctions", "--fetch", "--no-progress", *options, stdout=out)
    return out.getvalue()


def test_every_official_file_is_streamed_from_its_address_with_a_time_limit(
    tmp_path: Path, settings: Any
) -> None:
    settings.SANCTIONS_DOWNLOAD_TIMEOUT = 42.0
    service = RecordedService.of()

    sdn, consolidated, un_list = SanctionsFilesSource(service).fetch(tmp_path)

    assert [call["url"] for call in service.calls] == [
        f"{OFAC}{name}"
        for name in (
            "SDN.CSV",
            "ALT.CSV",
            "ADD.CSV",
            "CONS_PRIM.CSV",
            "CONS_ALT.CSV",
            "CONS_ADD.CSV",
        )
    ] + [UN]
    assert all(call["stream"] and call["timeout"] == 42.0 for call in service.calls)
    assert (sdn.list_name, sdn.primary.name, sdn.aliases, sdn.addresses) == (
        OFAC_SDN,
        "sdn.csv",
        tmp_path / "alt.csv",
        tmp_path / "add.csv",
    )
    assert (
        sdn.primary.read_bytes() == (TESTS / "data/sanctions/ofac_sdn_2024-05-03.csv").read_bytes()
    )
    assert sdn.published == Publication(
        date(2024, 5, 3), f"Last-Modified of the download from {OFAC_HOST}"
    )
    assert (consolidated.list_name, consolidated.published.on) == (  # type: ignore[union-attr]
        OFAC_CONSOLIDATED,
        date(2025, 12, 19),
    )
    assert (un_list.list_name, un_list.primary.name) == (UN_CONSOLIDATED, "un_consolidated.xml")


def test_the_addresses_come_from_the_settings(tmp_path: Path, settings: Any) -> None:
    mirror = "https://mirror.tradewise.example"
    settings.SANCTIONS_OFAC_URL = f"{mirror}/ofac"  # with or without the closing slash
    settings.SANCTIONS_UN_URL = f"{mirror}/un.xml"
    official = RecordedService.of().answers
    service = RecordedService(
        {
            url.replace(OFAC, f"{mirror}/ofac/").replace(UN, f"{mirror}/un.xml"): answer
            for url, answer in official.items()
        }
    )

    SanctionsFilesSource(service).fetch(tmp_path)

    assert service.calls[0]["url"] == f"{mirror}/ofac/SDN.CSV"
    assert service.calls[-1]["url"] == f"{mirror}/un.xml"


def test_an_answer_without_last_modified_leaves_the_date_unknown(tmp_path: Path) -> None:
    service = RecordedService.of()
    sdn_answer = service.answers[f"{OFAC}SDN.CSV"]
    assert isinstance(sdn_answer, dict)
    del sdn_answer["headers"]["Last-Modified"]

    sdn, *_ = SanctionsFilesSource(service).fetch(tmp_path)

    assert sdn.published == Publication(None, f"unknown: {OFAC_HOST} sent no Last-Modified date")


@pytest.mark.usefixtures("served")
def test_fetch_loads_every_list_with_its_publication_date_and_entries() -> None:
    output = fetch()

    lines = [line.rsplit(", in ", 1)[0] for line in output.splitlines()]
    assert lines == [
        "OFAC SDN: 6 entries from sdn.csv (replacing 0), published 2024-05-03 "
        f"(Last-Modified of the download from {OFAC_HOST}), 0 bad rows",
        "OFAC Consolidated: 3 entries from cons_prim.csv (replacing 0), published 2025-12-19 "
        f"(Last-Modified of the download from {OFAC_HOST}), 0 bad rows",
        "UN Consolidated: 4 entries from un_consolidated.xml (replacing 0), published 2026-02-27 "
        "(dateGenerated in the file), 0 bad rows",
    ]
    nasrallah = SanctionedParty.objects.get(sanctions_list__name=OFAC_SDN, source_id="2686")
    assert nasrallah.aliases == ["NASRALLAH, Hassan"]  # from ALT.CSV
    assert SanctionsList.objects.get(name=OFAC_CONSOLIDATED).entry_count == 3


def test_fetch_with_if_empty_downloads_nothing_when_lists_are_loaded(
    served: RecordedService,
) -> None:
    import_sanctions([TESTS / "data/sanctions/ofac_sdn_2024-05-03.csv"])

    assert "already loaded" in fetch("--if-empty")
    assert served.calls == []


def screening_data() -> list[tuple[object, ...]]:
    lists = SanctionsList.objects.order_by("name").values_list(
        "name", "published_on", "published_note", "loaded_at", "entry_count"
    )
    parties = SanctionedParty.objects.order_by("id").values_list(
        "id", "sanctions_list__name", "source_id", "name", "aliases", "countries"
    )
    return [*lists, *parties]


@pytest.mark.parametrize(
    ("failure", "reason"),
    [
        ("un_unavailable", f"{UN}: HTTP 503"),
        ("cons_prim_html", f"{OFAC}CONS_PRIM.CSV: answered text/html instead of the list file"),
        ((f"{OFAC}CONS_ALT.CSV", requests.ConnectTimeout("timed out")), "CONS_ALT.CSV: timed out"),
        ((f"{OFAC}SDN.CSV", requests.ConnectionError("reset by peer")), "SDN.CSV: reset by peer"),
    ],
)
def test_a_failed_download_leaves_every_list_as_it_was(
    served: RecordedService, failure: str | tuple[str, Exception], reason: str
) -> None:
    data = TESTS / "data" / "sanctions"
    import_sanctions([data / "ofac_sdn_2024-05-03.csv", data / "un_consolidated.xml.gz"])
    before = screening_data()
    if isinstance(failure, str):
        served.answers.update(RecordedService.of(failure).answers)
    else:
        url, exception = failure
        served.answers[url] = exception

    with pytest.raises(CommandError) as error:
        fetch()

    assert str(error.value).startswith("Download failed: ")
    assert reason in str(error.value)
    assert str(error.value).endswith("No list was changed: the previous copies were kept.")
    assert screening_data() == before


def test_an_html_page_sent_as_csv_is_refused_by_the_load(served: RecordedService) -> None:
    answer = served.answers[f"{OFAC}CONS_PRIM.CSV"]
    assert isinstance(answer, dict)
    answer["body_file"] = "recordings/sanctions_files/error_page.html"  # Content-Type: text/csv

    with pytest.raises(
        CommandError, match=re.escape("cons_prim.csv is an HTML page, not an OFAC CSV")
    ):
        fetch()

    assert not SanctionsList.objects.exists()


def test_a_source_error_names_the_address(tmp_path: Path) -> None:
    service = RecordedService.of("un_unavailable")

    with pytest.raises(SourceError, match=f"^{re.escape(UN)}: HTTP 503$"):
        SanctionsFilesSource(service).fetch(tmp_path)


def answer(status: int = 200, headers: dict[str, str] | None = None, reason: str = "") -> Any:
    response = requests.Response()
    response.status_code, response.reason = status, reason
    response.headers.update(headers or {})
    return response


@pytest.mark.parametrize(
    ("response", "problem"),
    [
        (answer(200, {"Content-Type": "text/csv"}), None),
        (answer(200, {"Content-Type": "application/octet-stream"}), None),
        (answer(200), None),
        (
            answer(200, {"Content-Type": "Text/HTML; charset=utf-8"}),
            "answered text/html instead of the list file",
        ),
        (
            answer(200, {"Content-Type": "application/json"}),
            "answered application/json instead of the list file",
        ),
        (answer(404, reason="Not Found"), "HTTP 404 Not Found"),
        (answer(502), "HTTP 502"),
    ],
)
def test_an_answer_is_a_list_file_only_with_200_and_no_page_or_json_type(
    response: requests.Response, problem: str | None
) -> None:
    assert not_a_list_file(response) == problem


def test_the_publication_is_the_day_of_last_modified_from_the_host() -> None:
    response = answer(200, {"Last-Modified": "Fri, 03 May 2024 21:15:02 GMT"})

    assert last_modified(f"{OFAC}SDN.CSV", response) == Publication(
        date(2024, 5, 3), f"Last-Modified of the download from {OFAC_HOST}"
    )


def test_a_last_modified_that_is_not_a_date_leaves_the_date_unknown() -> None:
    response = answer(200, {"Last-Modified": "yesterday"})

    assert last_modified(f"{OFAC}SDN.CSV", response) == Publication(
        None, f"unknown: {OFAC_HOST} sent no Last-Modified date"
    )


def test_a_download_that_fails_is_not_saved_under_the_lists_name(tmp_path: Path) -> None:
    service = RecordedService.of("un_unavailable")

    with pytest.raises(SourceError):
        SanctionsFilesSource(service).download(UN, tmp_path / "un_consolidated.xml")

    assert not (tmp_path / "un_consolidated.xml").exists()
