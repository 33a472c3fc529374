"""The AI box asks the language model only for a question it cannot read offline, and keeps the
offline reading when the model is missing or its reply is unusable."""

import json
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import pytest

from apps.market.ask import AskContext, parse_question, parse_with_model
from apps.market.ask.directory import PartyDirectory
from apps.market.ask.parse import FILTERS_SCHEMA
from apps.market.filters import SEARCH_FIELDS
from apps.market.providers import llm

TODAY = date(2026, 11, 22)


@dataclass
class RecordedModel:
    """A language model that answers every question with `answer`."""

    answer: str
    questions: list[str] = field(default_factory=list)

    def reply(self, *, instructions: str, message: str, schema: dict[str, Any]) -> str:
        assert schema["required"]
        self.questions.append(message)
        return self.answer


def use_model(monkeypatch: pytest.MonkeyPatch, answer: str) -> RecordedModel:
    model = RecordedModel(answer)
    monkeypatch.setattr(llm, "language_model", lambda: model)
    return model


def test_without_a_model_the_offline_reading_stands(settings: Any) -> None:
    settings.AI_BASE_URL = ""
    assert llm.language_model() is None
    assert parse_with_model("what sells best?", TODAY) == parse_question(
        "what sells best?", today=TODAY
    )


def test_a_question_read_offline_is_not_sent_to_the_model(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    model = use_model(monkeypatch, "{}")
    parsed = parse_with_model("cashew exports to Germany in 2024", TODAY)
    assert parsed.understood
    assert model.questions == []


def test_the_model_parses_harder_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    use_model(
        monkeypatch,
        '{"product_details": "cinnamon", "importer_country": "in", "exporter_country": "VN", '
        '"start_date": "01-01-2025", "end_date": "31-12-2025", "hs_code": ["0906"]}',
    )
    parsed = parse_with_model("what about Delhi in 2025?", TODAY)
    assert parsed.understood
    assert parsed.filters.product_details == "cinnamon"
    assert parsed.filters.importer_country == "IN"
    assert parsed.filters.hs_codes == ("0906",)
    assert parsed.filters.importer_name == ""


@pytest.mark.parametrize(
    "reply",
    [
        "not json",
        '{"importer_country": "ZZZ"}',
        '{"start_date": "2025-01-01"}',
        '{"start_date": "01-01-2026", "end_date": "01-01-2025"}',
        '{"hs_code": ["abc"]}',
        '{"sql": "DROP TABLE"}',
    ],
)
def test_the_offline_parse_stands_when_the_model_fails(
    monkeypatch: pytest.MonkeyPatch, reply: str
) -> None:
    use_model(monkeypatch, reply)
    parsed = parse_with_model("what sells best?", TODAY)
    assert parsed == parse_question("what sells best?", today=TODAY)


# Recorded exchanges with an OpenAI-compatible endpoint, through the adapter.

CONTEXT = AskContext(
    PartyDirectory(
        [
            ("Hanseatic Tradewind Global Sourcing GmbH", "DE", 0, 209),
            ("CÔNG TY TNHH CHẾ BIẾN HẠT ĐIỀU HOÀNG LONG", "VN", 12, 0),
        ]
    ),
    frozenset({"0801", "080131", "080132", "0906", "090611", "0904"}),
)
QUESTION = "who was that hamburg buyer again, 2025?"


def recorded(content: str | None, refusal: str | None = None) -> dict[str, Any]:
    """A chat-completions response body as the endpoint sends it."""
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if refusal:
        message["refusal"] = refusal
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "model": "small-model",
        "choices": [{"index": 0, "finish_reason": "stop", "message": message}],
        "usage": {"prompt_tokens": 312, "completion_tokens": 61, "total_tokens": 373},
    }


class RecordedReply:
    def __init__(self, body: dict[str, Any]) -> None:
        self.body = body

    def raise_for_status(self) -> None:
        pass

    def json(self) -> dict[str, Any]:
        return self.body


def endpoint(settings: Any, monkeypatch: pytest.MonkeyPatch, body: dict[str, Any]) -> list[Any]:
    settings.AI_BASE_URL = "https://models.example/v1"
    settings.AI_MODEL = "small-model"
    calls: list[Any] = []

    def post(url: str, **kwargs: Any) -> RecordedReply:
        calls.append(kwargs["json"])
        return RecordedReply(body)

    monkeypatch.setattr(llm.requests, "post", post)
    return calls


def filters_reply(**values: Any) -> str:
    reply = dict.fromkeys(SEARCH_FIELDS, "") | {"hs_code": []} | values
    return json.dumps(reply)


def test_the_model_is_asked_for_filters_through_a_json_schema(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    content = filters_reply(
        importer_name="Hanseatic Tradewind Global Sourcing",
        start_date="01-01-2025",
        end_date="31-12-2025",
        importer_country="DE",
    )
    calls = endpoint(settings, monkeypatch, recorded(content))
    parsed = parse_with_model(QUESTION, TODAY, CONTEXT)
    [request] = calls
    schema = request["response_format"]["json_schema"]
    assert request["response_format"]["type"] == "json_schema"
    assert schema["strict"] is True
    assert schema["schema"] == FILTERS_SCHEMA
    assert set(FILTERS_SCHEMA["required"]) == set(SEARCH_FIELDS)
    # The model's name is checked against the parties the data holds and searched as held.
    assert parsed.understood
    assert parsed.filters.importer_name == "Hanseatic Tradewind Global Sourcing GmbH"
    assert parsed.filters.importer_country == "DE"
    assert parsed.filters.period == (date(2025, 1, 1), date(2025, 12, 31))


@pytest.mark.parametrize(
    "body",
    [
        # A company the data does not hold.
        recorded(filters_reply(importer_name="Hamburg Coffee Imports AG")),
        # A code outside the nomenclature.
        recorded(filters_reply(hs_code=["0999"])),
        # A country that is not one.
        recorded(filters_reply(importer_country="XX", hs_code=["0801"])),
        # A refusal.
        recorded(None, refusal="I can't help with that."),
        # Not JSON.
        recorded("Sure! Here are the filters: cashew"),
    ],
)
def test_a_reply_the_data_cannot_support_leaves_the_offline_reading(
    settings: Any, monkeypatch: pytest.MonkeyPatch, body: dict[str, Any]
) -> None:
    endpoint(settings, monkeypatch, body)
    parsed = parse_with_model(QUESTION, TODAY, CONTEXT)
    assert parsed == parse_question(QUESTION, today=TODAY, context=CONTEXT)
    assert not parsed.understood


def test_a_vietnamese_company_written_without_accents_by_the_model_is_the_datas(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    content = filters_reply(exporter_name="Cong ty TNHH Che Bien Hat Dieu Hoang Long")
    endpoint(settings, monkeypatch, recorded(content))
    parsed = parse_with_model(QUESTION, TODAY, CONTEXT)
    assert parsed.filters.exporter_name == "CÔNG TY TNHH CHẾ BIẾN HẠT ĐIỀU HOÀNG LONG"
