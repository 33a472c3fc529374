"""The AI box asks the language model only for a question it cannot read offline, and keeps the
offline reading when the model is missing or its reply is unusable."""

from dataclasses import dataclass, field
from datetime import date
from typing import Any

import pytest

from apps.market.ask import parse_question, parse_with_model
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
    assert parsed.filters["product_details"] == "cinnamon"
    assert parsed.filters["importer_country"] == "IN"
    assert parsed.filters["hs_code"] == ["0906"]
    assert parsed.filters["importer_name"] == ""


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
