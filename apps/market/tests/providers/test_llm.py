"""The language-model adapter: off unless configured, an OpenAI-compatible call when it is."""

from typing import Any

import pytest

from apps.market.providers import llm


class Reply:
    def raise_for_status(self) -> None:
        pass

    def json(self) -> dict[str, Any]:
        return {"choices": [{"message": {"content": '{"hs_code": ["0801"]}'}}]}


def test_no_model_without_a_base_url(settings: Any) -> None:
    settings.AI_BASE_URL = ""
    assert llm.language_model() is None


def test_the_configured_model_is_called_as_chat_completions(
    settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.AI_BASE_URL = "https://models.example/v1/"
    settings.AI_API_KEY = "secret"
    settings.AI_MODEL = "small-model"
    settings.AI_TIMEOUT = 7.5
    calls: list[dict[str, Any]] = []

    def post(url: str, **kwargs: Any) -> Reply:
        calls.append({"url": url, **kwargs})
        return Reply()

    monkeypatch.setattr(llm.requests, "post", post)
    model = llm.language_model()
    assert model is not None
    schema = {"type": "object", "properties": {"hs_code": {"type": "array"}}}
    reply = model.reply(instructions="Answer in JSON.", message="cashew?", schema=schema)
    assert reply == '{"hs_code": ["0801"]}'
    [call] = calls
    assert call["url"] == "https://models.example/v1/chat/completions"
    assert call["headers"]["Authorization"] == "Bearer secret"
    assert call["timeout"] == 7.5
    assert call["json"]["model"] == "small-model"
    assert call["json"]["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "search_filters", "strict": True, "schema": schema},
    }
    assert call["json"]["messages"] == [
        {"role": "system", "content": "Answer in JSON."},
        {"role": "user", "content": "cashew?"},
    ]
