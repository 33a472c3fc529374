"""Application errors. Services and selectors raise these; apps/core/api.py turns each into
the spec's response shape (DESIGN.md §4), so no endpoint builds an error by hand."""

from __future__ import annotations


class Problem(str):
    """The message of a field that is wrong, with its stable code: the client translates the
    code (`meta.field_codes` of the error shape) and shows the message when it does not know
    it. A message keeps its code through a schema's validation, which passes on text alone."""

    code: str

    def __new__(cls, text: str, code: str, *, listed: bool = True) -> Problem:
        """`listed` lets `problem_code` find the code by the text alone; a text made for one
        answer (with the user's values in it) is not listed."""
        problem = super().__new__(cls, text)
        problem.code = code
        if listed:
            _CODES.setdefault(text, code)
        return problem


_CODES: dict[str, str] = {}
UNKNOWN_PROBLEM = "invalid"


def problem_code(message: str) -> str:
    """The code of a field's message: its own, or that of the Problem with its text."""
    return getattr(message, "code", None) or _CODES.get(message, UNKNOWN_PROBLEM)


class ApplicationError(Exception):
    status = 400
    code = "bad_request"
    message = "Something went wrong"
    # Seconds after which the same call may succeed: sent as `Retry-After` when set.
    retry_after: int | None = None

    def __init__(
        self,
        message: str | None = None,
        *,
        fields: dict[str, list[str]] | None = None,
        retry_after: int | None = None,
    ):
        self.message = message or self.message
        self.fields = fields or {}
        if retry_after is not None:
            self.retry_after = retry_after
        super().__init__(self.message)


class ValidationFailed(ApplicationError):
    status = 422
    code = "validation_failed"
    message = "Invalid input"


class NotAuthenticated(ApplicationError):
    status = 401
    code = "not_authenticated"
    message = "Please login to use this feature"


class PermissionDenied(ApplicationError):
    status = 403
    code = "permission_denied"
    message = "Permission Denied"


class NotFound(ApplicationError):
    status = 404
    code = "not_found"
    message = "Not found"


class Conflict(ApplicationError):
    status = 409
    code = "conflict"
    message = "Conflict"


class TooManyRequests(ApplicationError):
    """Over a throttle: the answer says when to try again (Retry-After, in seconds)."""

    status = 429
    code = "too_many_requests"
    message = "Too many attempts. Please try again later."

    def __init__(self, retry_after: int, message: str | None = None) -> None:
        super().__init__(message, retry_after=retry_after)


SOMETHING_WENT_WRONG = (
    "Something went wrong. Please try again or contact support if the problem persists."
)


class ProviderUnavailable(ApplicationError):
    status = 503
    code = "provider_unavailable"
    message = SOMETHING_WENT_WRONG


class QueryTimedOut(ProviderUnavailable):
    """A search (of the trade index or the database) ran past its time limit and was
    stopped."""

    code = "search_timeout"
    message = (
        "This search is taking too long and was stopped. "
        "Narrow it down (fewer words, a shorter period) and try again."
    )
    # The same search would take as long again: the client waits before offering it anew.
    retry_after = 30


class ServerError(ApplicationError):
    status = 500
    code = "server_error"
    message = SOMETHING_WENT_WRONG
