"""The JSON API instance and its error handlers.

Every app contributes a router (see config/urls.py) and authenticates its own endpoints; this
module turns application errors, schema validation errors and authentication failures into
the one error shape."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError
from ninja.errors import ValidationError as SchemaValidationError

from apps.core.errors import ApplicationError, NotAuthenticated
from apps.core.responses import application_error_response, error_response

api = NinjaAPI(
    title="Tradewise API",
    version="1",
    description="Trade data, buyer leads and company verification for exporters.",
    docs_url="/api/docs",
    openapi_url="/api/openapi.json",
    urls_namespace="api",
)


def _field_name(location: tuple[Any, ...]) -> str:
    # ninja reports ("query", "filters", "start_date"); the client wants "start_date".
    names = [str(part) for part in location if part not in ("body", "query", "path", "payload")]
    return names[-1] if names else "non_field"


@api.exception_handler(ApplicationError)
def application_error(request: HttpRequest, exc: ApplicationError) -> HttpResponse:
    return application_error_response(exc)


@api.exception_handler(SchemaValidationError)
def schema_validation_error(request: HttpRequest, exc: SchemaValidationError) -> HttpResponse:
    fields: dict[str, list[str]] = {}
    for error in exc.errors:
        message = str(error.get("msg", "Invalid value")).removeprefix("Value error, ")
        fields.setdefault(_field_name(tuple(error.get("loc", ()))), []).append(message)
    first = next(iter(fields.values()))[0] if fields else "Invalid input"
    return error_response(status=422, message=first, code="validation_failed", fields=fields)


@api.exception_handler(AuthenticationError)
def authentication_error(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    return application_error(request, NotAuthenticated())


@api.exception_handler(HttpError)
def http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    return error_response(status=exc.status_code, message=str(exc), code="http_error")
