"""The language model that reads the questions the offline parser cannot: an OpenAI-compatible
chat-completions endpoint when `AI_BASE_URL` is set, else none (the AI box then answers from the
offline parse alone)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import requests
from django.conf import settings


class LanguageModel(Protocol):
    def reply(self, *, instructions: str, message: str) -> str:
        """The model's reply to `message`, asked for one JSON object; raises on any failure."""
        ...


@dataclass(frozen=True)
class ChatCompletionsModel:
    base_url: str
    model: str
    api_key: str = ""
    timeout: float = 15.0

    def reply(self, *, instructions: str, message: str) -> str:
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        response = requests.post(
            self.base_url.rstrip("/") + "/chat/completions",
            json={
                "model": self.model,
                "temperature": 0,
                "response_format": {"type": "json_object"},
                "messages": [
                    {"role": "system", "content": instructions},
                    {"role": "user", "content": message},
                ],
            },
            headers=headers,
            timeout=self.timeout,
        )
        response.raise_for_status()
        return str(response.json()["choices"][0]["message"]["content"])


def language_model() -> LanguageModel | None:
    if not settings.AI_BASE_URL:
        return None
    return ChatCompletionsModel(
        base_url=settings.AI_BASE_URL,
        model=settings.AI_MODEL,
        api_key=settings.AI_API_KEY,
        timeout=settings.AI_TIMEOUT,
    )
