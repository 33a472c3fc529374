"""The language model that reads the questions the offline parser cannot: an OpenAI-compatible
chat-completions endpoint when `AI_BASE_URL` is set, else none (the AI box then answers from the
offline parse alone)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import requests
from django.conf import settings


class LanguageModel(Protocol):
    def reply(self, *, instructions: str, message: str, schema: dict[str, Any]) -> str:
        """The model's reply to `message`: one JSON object following `schema`; raises on any
        failure."""
        ...


@dataclass(frozen=True)
class ChatCompletionsModel:
    base_url: str
    model: str
    api_key: str = ""
    timeout: float = 15.0

    def reply(self, *, instructions: str, message: str, schema: dict[str, Any]) -> str:
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        response = requests.post(
            self.base_url.rstrip("/") + "/chat/completions",
            json={
                "model": self.model,
                "temperature": 0,
                "response_format": {
                    "type": "json_schema",
                    "json_schema": {"name": "search_filters", "strict": True, "schema": schema},
                },
                "messages": [
                    {"role": "system", "content": instructions},
                    {"role": "user", "content": message},
                ],
            },
            headers=headers,
            timeout=self.timeout,
        )
        response.raise_for_status()
        message_out = response.json()["choices"][0]["message"]
        if message_out.get("refusal"):
            raise ValueError("the model refused")
        return str(message_out["content"])


def language_model() -> LanguageModel | None:
    if not settings.AI_BASE_URL:
        return None
    return ChatCompletionsModel(
        base_url=settings.AI_BASE_URL,
        model=settings.AI_MODEL,
        api_key=settings.AI_API_KEY,
        timeout=settings.AI_TIMEOUT,
    )
