"""The JSON API instance and its error handlers.

Every app contributes a router (see config/urls.py) and authenticates its own endpoints; this
module turns application errors, schema validation errors and authentication failures into
the one error shape."""

from __future__ import annotations

import logging
from importlib import import_module
from typing import Any

from django.conf import settings
from django.db import DataError
from django.http import HttpRequest, HttpResponse
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError
from ninja.errors import ValidationError as SchemaValidationError
from ninja.openapi.schema import REF_TEMPLATE, OpenAPISchema

from apps.core.errors import ApplicationError, NotAuthenticated
from apps.core.responses import application_error_response, error_response
from apps.core.schemas import ErrorOut

logger = logging.getLogger(__name__)


class DocumentedErrorsAPI(NinjaAPI):
    """Its OpenAPI document gives every operation the one error shape for its 4XX answers and
    for 503 (an outside service or the trade index unavailable), which the error handlers below
    write."""

    def get_openapi_schema(
        self, *, path_prefix: str | None = None, path_params: dict[str, Any] | None = None
    ) -> OpenAPISchema:
        document = super().get_openapi_schema(path_prefix=path_prefix, path_params=path_params)
        error = ErrorOut.model_json_schema(ref_template=REF_TEMPLATE)
        schemas = document["components"]["schemas"]
        schemas.update(error.pop("$defs", {}))
        schemas[ErrorOut.__name__] = error
        answer = {
            "description": "Error",
            "content": {
                "application/json": {
                    "schema": {"$ref": f"#/components/schemas/{ErrorOut.__name__}"}
                }
            },
        }
        unavailable = {
            **answer,
            "description": "An outside service or the trade index is unavailable for now",
        }
        for operations in document["paths"].values():
            for operation in operations.values():
                operation["responses"].setdefault("4XX", answer)
                operation["responses"].setdefault("503", unavailable)
        return document


api = DocumentedErrorsAPI(
    title="Tradewise API",
    version="1",
    description="Trade data, buyer leads and company verification for exporters.",
    docs_url="/api/docs",
    openapi_url="/api/openapi.json",
    urls_namespace="api",
)


def openapi_document() -> dict[str, Any]:
    """The API's OpenAPI document, with the routers that the URL configuration adds."""
    import_module(settings.ROOT_URLCONF)
    return api.get_openapi_schema()


def _field_name(location: tuple[Any, ...]) -> str:
    # ninja reports ("query", "filters", "start_date"); the client wants "start_date". An item
    # of a list (("query", "filters", "company_ids", 0)) belongs to its list's field.
    names = [
        str(part)
        for part in location
        if part not in ("body", "query", "path", "payload") and not isinstance(part, int)
    ]
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


VALUE_DOES_NOT_FIT = "A value is too long or out of range"


@api.exception_handler(DataError)
def value_does_not_fit(request: HttpRequest, exc: DataError) -> HttpResponse:
    """The database refused a value that no schema bounded (a text past its column's length, a
    number past its type): the caller's input, so a 422, never a server error. Schemas bound
    the fields they know; this covers the ones they miss."""
    logger.warning("Input refused by the database on %s: %s", request.path, exc)
    return error_response(status=422, message=VALUE_DOES_NOT_FIT, code="validation_failed")


@api.exception_handler(AuthenticationError)
def authentication_error(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    return application_error(request, NotAuthenticated())


@api.exception_handler(HttpError)
def http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    return error_response(status=exc.status_code, message=str(exc), code="http_error")
