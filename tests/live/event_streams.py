"""Reading an event stream as a browser's EventSource reads it: events, comments, the end."""

from __future__ import annotations

import http.client
import json
import re
from collections.abc import Iterator
from typing import Any

from launcher import HOST, TIMEOUT

_LINE_END = re.compile(rb"\r\n|\r|\n")


class Events:
    """The events of a stream whose body arrives as `chunks` (bytes, as the server sent them).

    `next()` answers the next event as {"id", "event", "data"} (data parsed as JSON), or None
    once the stream has ended; comments met on the way are kept in `comments`, in order."""

    def __init__(self, chunks: Iterator[bytes]):
        self._chunks = chunks
        self._buffer = b""
        self.comments: list[str] = []
        self.retry: int | None = None
        self.ended = False

    def _line(self) -> bytes | None:
        while True:
            found = _LINE_END.search(self._buffer)
            # A lone \r at the end may be the first half of \r\n: wait for more.
            if found and not (found.group() == b"\r" and found.end() == len(self._buffer)):
                line, self._buffer = self._buffer[:found.start()], self._buffer[found.end():]
                return line
            chunk = next(self._chunks, b"")
            if not chunk:
                self.ended = True
                return None
            self._buffer += chunk

    def next_item(self) -> tuple[str, Any]:
        """("event", the event), ("comment", its text) or ("end", None): whatever comes next."""
        fields: dict[str, str] = {}
        while True:
            line = self._line()
            if line is None:
                return "end", None
            text = line.decode()
            if text.startswith(":"):
                self.comments.append(text[1:].strip())
                if not fields:
                    return "comment", text[1:].strip()
                continue
            if text == "":
                if "data" in fields:
                    return "event", {"id": fields.get("id"), "event": fields.get("event"),
                                     "data": json.loads(fields["data"])}
                fields.clear()
                continue
            name, _, value = text.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if name == "retry" and value.isdigit():
                self.retry = int(value)
            elif name == "data" and "data" in fields:
                fields["data"] += "\n" + value
            else:
                fields[name] = value

    def next(self) -> dict[str, Any] | None:
        """The next event, past any comments; None once the stream ended."""
        while True:
            kind, item = self.next_item()
            if kind == "event":
                return item
            if kind == "end":
                return None


class HTTPEvents(Events):
    """An event stream over real HTTP, on a connection of its own; a read that waits longer
    than `timeout` seconds raises (TimeoutError)."""

    def __init__(self, port: int, path: str, token: str | None = None,
                 headers: dict[str, str] | None = None, timeout: float = TIMEOUT):
        headers = {"Accept": "text/event-stream", **(headers or {})}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        self.connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
        self.connection.request("GET", path, headers=headers)
        self.response = self.connection.getresponse()
        self.status, self.headers = self.response.status, self.response.headers
        if self.status != 200:
            self.body = self.response.read()
        super().__init__(iter(lambda: self.response.read1(65536), b""))

    def close(self) -> None:
        self.response.close()
        self.connection.close()

    def __enter__(self) -> HTTPEvents:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
