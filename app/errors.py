"""The errors a service may raise; each carries the HTTP status and code that SPEC.md gives it."""

from __future__ import annotations


class ServiceError(Exception):
    status = 500
    code = "error"

    def __init__(self, message: str, field: str | None = None, seat: int | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.seat = seat  # the seat whose part is at fault, where there is one


class Malformed(ServiceError):
    status, code = 400, "malformed"


class Unauthorized(ServiceError):
    status, code = 401, "unauthorized"


class Forbidden(ServiceError):
    status, code = 403, "forbidden"


class NotFound(ServiceError):
    status, code = 404, "not_found"


class Conflict(ServiceError):
    status, code = 409, "conflict"


class EditConflict(Conflict):
    """Someone else saved this cell after the page it was typed on was loaded."""

    code = "edit_conflict"

    def __init__(self, message: str, seat: int, theirs, yours):
        super().__init__(message, seat=seat)
        self.theirs = theirs
        self.yours = yours


class VersionMismatch(ServiceError):
    status, code = 412, "version_mismatch"


class Invalid(ServiceError):
    status, code = 422, "invalid"


class TooManyRequests(ServiceError):
    status, code = 429, "too_many_requests"
    retry_after = 60
