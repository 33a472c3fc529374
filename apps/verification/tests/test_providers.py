"""What every JSON source shares (`get_json`): the body of a 200, nothing for a missing record
when that is allowed, and every other outcome a failure naming the source."""

from __future__ import annotations

import pytest
import requests

from apps.accounts.tests.http import FakeHttp, response
from apps.core.outbound import NotPublicAddress
from apps.verification.providers import SourceError, get_json

URL = "https://source.example/api"


def asked(answer: requests.Response | Exception, *, missing_ok: bool = False) -> object:
    http = FakeHttp({("GET", URL): answer})
    return get_json(http.request, URL, source="test source", timeout=2.5, missing_ok=missing_ok)


def test_a_200_answer_gives_its_json_body_and_the_request_is_sent_as_given() -> None:
    http = FakeHttp({("GET", URL): response(200, {"data": [1, 2]})})

    body = get_json(
        http.request,
        URL,
        source="test source",
        timeout=2.5,
        params={"q": "nut"},
        headers={"Accept": "application/json"},
    )

    assert body == {"data": [1, 2]}
    assert http.calls == [
        {
            "method": "GET",
            "url": URL,
            "params": {"q": "nut"},
            "headers": {"Accept": "application/json"},
            "timeout": 2.5,
        }
    ]


def test_a_404_is_no_record_when_allowed_and_a_failure_otherwise() -> None:
    assert asked(response(404, ""), missing_ok=True) is None

    with pytest.raises(SourceError) as failure:
        asked(response(404, ""))

    assert str(failure.value) == "The test source answered 404"


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (response(500, ""), "The test source answered 500"),
        (response(429, {"error": "slow down"}), "The test source answered 429"),
        (
            response(200, "<html>maintenance</html>"),
            "The test source answered in an unexpected form",
        ),
        (requests.ReadTimeout(), "The test source did not answer within 2.5 seconds"),
        (requests.ConnectionError("refused"), "The test source is unreachable"),
        (
            NotPublicAddress("source.example"),
            "The test source is unreachable: source.example resolves to a private address",
        ),
    ],
)
def test_every_other_outcome_is_a_source_error_naming_the_source(
    answer: requests.Response | Exception, message: str
) -> None:
    with pytest.raises(SourceError) as failure:
        asked(answer)

    assert str(failure.value) == message
