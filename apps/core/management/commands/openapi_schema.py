"""Prints the API's OpenAPI document (the source of the frontend's types: `make types`)."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand

from apps.core.api import openapi_document


class Command(BaseCommand):
    help = "Print the API's OpenAPI document as JSON."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(json.dumps(openapi_document(), indent=2, ensure_ascii=False))
