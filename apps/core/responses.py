"""The one response shape of the API: `{"data": ..., "meta": {...}}` (DESIGN.md §4)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, JsonResponse

from apps.core.errors import ApplicationError, problem_code
from apps.core.schemas import ErrorData, ErrorMeta, ErrorOut

API_PREFIXES = ("/fast-ai/", "/oms-backend/")


def envelope(data: Any, **meta: Any) -> dict[str, Any]:
    return {"data": data, "meta": meta}


def error_body(
    *, message: str, code: str, fields: dict[str, list[str]] | None = None
) -> dict[str, Any]:
    fields = fields or {}
    codes = {field: problem_code(texts[0]) for field, texts in fields.items() if texts}
    body = ErrorOut(
        data=ErrorData(error=message, fields=fields),
        meta=ErrorMeta(message=message, code=code, field_codes=codes),
    )
    return body.model_dump(exclude_defaults=True)  # `field_codes` only when a field is wrong


def error_response(
    *, status: int, message: str, code: str, fields: dict[str, list[str]] | None = None
) -> JsonResponse:
    return JsonResponse(error_body(message=message, code=code, fields=fields), status=status)


def application_error_response(exc: ApplicationError) -> JsonResponse:
    response = error_response(
        status=exc.status, message=exc.message, code=exc.code, fields=exc.fields
    )
    if exc.retry_after is not None:
        response["Retry-After"] = str(max(1, exc.retry_after))
    return response


def is_api_request(request: HttpRequest) -> bool:
    """Calls of the JSON API answer in the error shape, not with pages or redirects."""
    return request.path.startswith(API_PREFIXES)
