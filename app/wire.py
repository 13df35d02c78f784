"""What arrives on the wire, read once and safely before the app sees it (SPEC section 2: no 5xx,
malformed HTTP included).

A body sent chunked can break half way (a chunk's size that is no number, a missing terminator),
and the server's reader raises only when the app reads it, deep inside form or JSON parsing, as a
500. A path's percent-escapes can spell bytes that are no UTF-8, which Werkzeug quietly turns into
U+FFFD. Here each request's body is read whole, at most as much as the largest request allowed
(a group's import), and handed on as it came; what is broken is said once, and the app answers it
400 in the client's own form (errors.py: JSON under /api/, the error page elsewhere)."""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from .turns import cooperative

# Where this layer leaves its verdict for the app: a sentence for a 400, "too large" or "slow".
VERDICT = "squarescores.wire"
TOO_LARGE = "too large"
SLOW = "slow"

Environ = dict[str, Any]
StartResponse = Callable[..., Any]
App = Callable[[Environ, StartResponse], Iterable[bytes]]


class WholeRequests:
    """WSGI middleware: a request's path checked and its body read whole before the app runs."""

    def __init__(self, app: App, largest: Callable[[], int], seconds: Callable[[], float]):
        self.app = app
        # The most any request may send, in bytes, and how long its body may take to arrive
        # (read from the app's settings at each request, so that a test may change them).
        self.largest = largest
        self.seconds = seconds

    def __call__(self, environ: Environ, start_response: StartResponse) -> Iterable[bytes]:
        verdict = _path_verdict(environ) or self._read_body(environ)
        if verdict:
            environ[VERDICT] = verdict
        return self.app(environ, start_response)

    def _read_body(self, environ: Environ) -> str | None:
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        length = environ.get("CONTENT_LENGTH") or ""
        if not chunked and not length:
            return None
        largest = self.largest()
        if not chunked:
            if not length.isdigit():
                return "The request's Content-Length is not a number."
            if int(length) > largest:
                return None  # Werkzeug answers 413 without reading a byte of it
        stream = environ["wsgi.input"]
        try:
            with _deadline(self.seconds()):
                body = (stream.read(int(length)) if not chunked
                        else _read_at_most(stream, largest + 1))
        except _Slow:
            environ["wsgi.input"] = io.BytesIO(b"")
            environ["CONTENT_LENGTH"] = "0"
            return SLOW
        except Exception:  # the server's reader: InvalidChunkSize, a NoMoreData, a reset
            environ["wsgi.input"] = io.BytesIO(b"")
            environ["CONTENT_LENGTH"] = "0"
            return "The request's body is broken: it could not be read."
        environ["wsgi.input"] = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        environ["wsgi.input_terminated"] = True
        if not chunked and len(body) < int(length):
            return "The request's body ended before its Content-Length."
        if len(body) > largest:
            return TOO_LARGE
        return None


class _Slow(Exception):
    """A body still arriving at its deadline."""


@contextlib.contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """SPEC section 6: a body not arrived within `seconds` is dropped, so that hundreds of
    connections trickling bytes hold nobody up. gunicorn's gevent worker bounds a request's
    headers (its keepalive timeout, around every request line and headers) but not its body:
    here a gevent.Timeout does (a greenlet waits on the socket; the timer wakes it). Elsewhere
    (Werkzeug's server in the tests, one thread each) the body is read as it comes."""
    if not cooperative():
        yield
        return
    import gevent

    with gevent.Timeout(seconds, _Slow):
        yield


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse_json(data: bytes) -> Any:
    """A body's JSON, or ValueError: no UTF-8, no JSON, NaN or Infinity (which no other JSON
    reader takes), nesting deeper than Python recurses, or a lone surrogate ("\\ud800": valid
    JSON, but no text, which can be neither stored nor shown)."""
    try:
        text = data.decode("utf-8")
        value = json.loads(text, parse_constant=_reject_constant)
        # UTF-8 holds no surrogate: one can come only as an escape, which few bodies hold.
        if _SURROGATE_ESCAPE.search(text):
            json.dumps(value, ensure_ascii=False).encode("utf-8")
    except (ValueError, RecursionError) as error:  # UnicodeError is a ValueError
        raise ValueError(str(error)) from error
    return value


def _path_verdict(environ: Environ) -> str | None:
    # PEP 3333: the path's bytes, each as one latin-1 character.
    try:
        environ.get("PATH_INFO", "").encode("latin-1").decode("utf-8")
    except UnicodeError:
        return "The request's path is not valid UTF-8."
    return None


def _read_at_most(stream: Any, limit: int) -> bytes:
    parts, size = [], 0
    while size < limit:
        part = stream.read(min(64 * 1024, limit - size))
        if not part:
            break
        parts.append(part)
        size += len(part)
    return b"".join(parts)
