"""The frontend's committed API types are the ones `make types` writes from the OpenAPI document."""

from __future__ import annotations

import subprocess
from io import StringIO
from pathlib import Path

from django.conf import settings
from django.core.management import call_command

GENERATED = Path(settings.BASE_DIR) / "assets" / "api" / "schema.gen.ts"
GENERATOR = Path(settings.BASE_DIR) / "node_modules" / ".bin" / "openapi-typescript"


def test_the_generated_api_types_follow_the_openapi_document(tmp_path: Path) -> None:
    document = StringIO()
    call_command("openapi_schema", stdout=document)
    types = tmp_path / "schema.gen.ts"
    subprocess.run(
        [str(GENERATOR), "--output", str(types)],
        input=document.getvalue(),
        text=True,
        check=True,
        capture_output=True,
    )
    assert types.read_text() == GENERATED.read_text(), "Run `make types`: schema.gen.ts is stale."
