"""Middleware both servers share: the API's guard on its input and on the form of its answers,
and `no-store` on answers to a signed-in user.

- Text in a query string or a JSON body may not carry control characters (a NUL, which
  PostgreSQL refuses in text, or any other C0/C1 control except tab and line breaks) nor a lone
  UTF-16 surrogate (which JSON can spell as `\\ud800` and no database can store). Such a call is
  refused with a 422 in the error shape, naming the field, before any endpoint runs, so every
  field of every endpoint, present and future, is covered.
- A call the server will not read whole is refused first, in the error shape: an address (path
  and query string) over MAX_URL_CHARS (414), a body over DATA_UPLOAD_MAX_MEMORY_SIZE (413), a
  JSON body nested deeper than MAX_JSON_DEPTH (400; parsing it would exhaust Python's recursion)
  and more parameters than DATA_UPLOAD_MAX_NUMBER_FIELDS (400).
- Every answer of a failed call under the API's prefixes is in the error shape, also the ones
  Django or the API framework write themselves (405 for a wrong method, 400 for a request it
  cannot read), which would otherwise be text or HTML.

A body that is passed on untouched (a payment provider's signed event) is exempt from the text
check: its app registers the path in `raw_body_paths`.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Iterator
from http import HTTPStatus
from typing import Any

from django.conf import settings
from django.core.exceptions import TooManyFieldsSent
from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers

from apps.core.errors import ApplicationError, Problem
from apps.core.responses import application_error_response, error_response, is_api_request

CONTROL_CHARACTERS = Problem("Text must not contain control characters", "control_characters")
ALLOWED_CONTROLS = frozenset("\t\n\r")
# The longest address the API reads (8 KB, as common servers): far above any real search's query
# string. gunicorn (config/gunicorn.py) lets request lines of up to 8190 bytes through, so that
# the longer addresses it can read are refused here, in the error shape.
MAX_URL_CHARS = 8000
# No request of the API nests more than a few levels; Python's parser recurses once a level.
MAX_JSON_DEPTH = 32
# A JSON string (skipped whole) or a bracket.
_JSON_STRUCTURE = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]')

# Paths whose body is read as bytes by their endpoint (signed payloads): not checked here.
raw_body_paths: set[str] = set()


class UrlTooLong(ApplicationError):
    status = 414
    code = "url_too_long"
    message = f"The address is too long: at most {MAX_URL_CHARS} characters"


class BodyTooLarge(ApplicationError):
    status = 413
    code = "too_large"
    message = "The request body is too large"


class NestedTooDeeply(ApplicationError):
    status = 400
    code = "nested_too_deeply"
    message = f"JSON may be nested at most {MAX_JSON_DEPTH} levels deep"


class TooManyParameters(ApplicationError):
    status = 400
    code = "too_many_parameters"
    message = "Too many parameters"


_CODES = {
    HTTPStatus.BAD_REQUEST: "bad_request",
    HTTPStatus.NOT_FOUND: "not_found",
    HTTPStatus.METHOD_NOT_ALLOWED: "method_not_allowed",
    HTTPStatus.REQUEST_ENTITY_TOO_LARGE: "too_large",
}


def has_control_characters(text: str) -> bool:
    """Whether the text holds a control character other than tab and line breaks, or a lone
    surrogate."""
    return any(
        unicodedata.category(char) in ("Cc", "Cs") and char not in ALLOWED_CONTROLS for char in text
    )


def _texts(value: Any, field: str) -> Iterator[tuple[str, str]]:
    """(field name, text) for every string in a JSON value; an item of a list or object
    belongs to the nearest named field."""
    if isinstance(value, str):
        yield field, value
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item, field)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _texts(item, str(key))


def nested_deeper_than(body: bytes, limit: int) -> bool:
    """Whether the JSON text opens more than `limit` arrays or objects inside one another,
    counted without recursion (and without a scan when it has too few brackets)."""
    if body.count(b"[") + body.count(b"{") <= limit:
        return False
    depth = 0
    for token in _JSON_STRUCTURE.finditer(body):
        if token.group() in (b"[", b"{"):
            depth += 1
            if depth > limit:
                return True
        elif token.group() in (b"]", b"}"):
            depth -= 1
    return False


def refuse_unreadable(request: HttpRequest) -> None:
    """Raises the refusal of a call too large or too deep to read, before anything reads it."""
    if len(request.path) + len(request.META.get("QUERY_STRING", "")) > MAX_URL_CHARS:
        raise UrlTooLong()
    size = request.META.get("CONTENT_LENGTH") or "0"
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    if limit is not None and size.isdigit() and int(size) > limit:
        raise BodyTooLarge()


def _json_body(request: HttpRequest) -> Any:
    if request.method not in ("POST", "PUT", "PATCH", "DELETE") or request.path in raw_body_paths:
        return None
    if "json" not in (request.content_type or ""):
        return None
    if nested_deeper_than(request.body, MAX_JSON_DEPTH):
        raise NestedTooDeeply()
    try:
        return json.loads(request.body)
    except ValueError:
        return None  # the endpoint answers that it cannot read the body


def _query(request: HttpRequest) -> list[tuple[str, str]]:
    try:
        return [(key, value) for key, values in request.GET.lists() for value in values]
    except TooManyFieldsSent as exc:
        raise TooManyParameters() from exc


def refused_fields(request: HttpRequest) -> dict[str, list[str]]:
    """The fields of the call whose text carries control characters, each with the message."""
    fields: dict[str, list[str]] = {}
    for field, text in [*_query(request), *_texts(_json_body(request), "non_field")]:
        if has_control_characters(text):
            fields[field] = [CONTROL_CHARACTERS]
    return fields


def _in_error_shape(response: HttpResponse) -> HttpResponse:
    if response.status_code < 400 or "json" in response.get("Content-Type", ""):
        return response
    status = HTTPStatus(response.status_code)
    answer = error_response(
        status=status.value, message=status.phrase, code=_CODES.get(status, "http_error")
    )
    if response.has_header("Allow"):
        answer["Allow"] = response["Allow"]
    return answer


class ApiInputMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not is_api_request(request):
            return self.get_response(request)
        try:
            refuse_unreadable(request)
            fields = refused_fields(request)
        except ApplicationError as refusal:
            return application_error_response(refusal)
        if fields:
            return error_response(
                status=422, message=CONTROL_CHARACTERS, code="invalid_characters", fields=fields
            )
        return _in_error_shape(self.get_response(request))


class NoStoreForSignedInMiddleware:
    """Answers to a signed-in user (by session, or by a bearer token on the API) carry
    `Cache-Control: no-store`, so neither the browser nor a shared cache keeps a copy of
    someone's data. Anonymous answers keep their own caching."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        user = getattr(request, "user", None)
        signed_in = user is not None and user.is_authenticated
        if signed_in or "HTTP_AUTHORIZATION" in request.META:
            add_never_cache_headers(response)
        return response
