"""The open event streams of one app in one process, by match, and the news each waits for."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator

# Where an app keeps its hub, and its streams' slots (app.extensions).
EXTENSION = "squarescores.live"
SLOTS = "squarescores.live.slots"

# What a browser's EventSource waits before it reconnects after a stream ended, in ms: a
# replaced link, a restarted server or a dropped Wi-Fi costs a phone no more than this.
RETRY_MS = 2000


class Stream:
    """One open stream: a link watching its match, and the newest version it has not been sent.

    `sent` is the version the phone already has (its first event's, or its Last-Event-ID).
    The watcher tells it of newer ones; the response's generator waits on `wait`."""

    __slots__ = ("match_id", "secret", "sent", "_news", "_ended", "_wake")

    def __init__(self, match_id: str, secret: str, sent: int):
        self.match_id = match_id
        self.secret = secret  # kept only to notice the link being replaced; never logged
        self.sent = sent
        self._news: tuple[int, str] | None = None
        self._ended = False
        self._wake = threading.Event()

    def tell(self, version: int, status: str) -> None:
        """A newer version than the phone has: sent at once (one that was missed is not)."""
        if version > self.sent:
            self._news = (version, status)
            self._wake.set()

    def end(self) -> None:
        self._ended = True
        self._wake.set()

    @property
    def ended(self) -> bool:
        return self._ended

    def wait(self, timeout: float) -> tuple[int, str] | None:
        """The news, once there is some or the stream ended; None after `timeout` seconds."""
        self._wake.wait(timeout)
        self._wake.clear()
        news, self._news = self._news, None
        if news is None or self._ended:
            return None
        self.sent = news[0]
        return news


def event(version: int, status: str) -> bytes:
    """One event of SPEC section 4: `id`, `event: version` and its JSON `data`."""
    return (f"id: {version}\nevent: version\n"
            f'data: {{"version": {version}, "status": "{status}"}}\n\n').encode()


class Hub:
    """The streams open in this process for one app, and what the watcher last saw of each
    match they watch. Locked: request handlers add and remove streams while the watcher reads."""

    def __init__(self, keepalive: float):
        self.keepalive = keepalive
        self._lock = threading.Lock()
        self._streams: dict[str, set[Stream]] = {}
        self._known: dict[str, tuple[int, str]] = {}  # match -> (version, status) last told
        self._unchecked: set[str] = set()  # matches whose version the watcher has yet to read
        self.poked = threading.Event()  # a write in this process: look now, not at the next tick
        self.closing = False
        # The watcher starts here (watch.py).
        self.on_first_stream: Callable[[], None] = lambda: None
        self.idle = threading.Event()  # set while no watcher runs
        self.idle.set()

    # What the request side does.

    def events(self, stream: Stream, first: tuple[int, str] | None, hold: bool = True,
               ended: Callable[[], None] = lambda: None) -> Iterator[bytes]:
        """The body of an event stream: `first` at once (or a comment, so that the headers go
        out), then each newer version, and a comment every `keepalive` seconds; or, unless
        `hold`, nothing after the first message. `ended` is called once the body has begun,
        however it ends.

        The stream is registered only once the body is read: a response that is never sent
        (a HEAD request, a client gone before it) leaves nothing behind."""
        try:
            if not hold:
                yield f"retry: {RETRY_MS}\n".encode() + (event(*first) if first
                                                         else b": later\n\n")
                return
            self.add(stream)
            try:
                opening = f"retry: {RETRY_MS}\n".encode()
                yield opening + (event(*first) if first else b": watching\n\n")
                while not stream.ended:
                    news = stream.wait(self.keepalive)
                    if not stream.ended:  # wait() returns when the stream ends, too
                        yield event(*news) if news else b": still here\n\n"
            finally:
                self.remove(stream)
        finally:
            ended()

    def add(self, stream: Stream) -> None:
        with self._lock:
            if self.closing:
                stream.end()
                return
            first = not self._streams
            watchers = self._streams.setdefault(stream.match_id, set())
            if not watchers:
                self._unchecked.add(stream.match_id)
            watchers.add(stream)
            known = self._known.get(stream.match_id)
        if known:
            stream.tell(*known)
        if first:
            self.on_first_stream()
        self.poked.set()

    def remove(self, stream: Stream) -> None:
        with self._lock:
            watchers = self._streams.get(stream.match_id)
            if watchers is not None:
                watchers.discard(stream)
                if not watchers:
                    del self._streams[stream.match_id]
                    self._known.pop(stream.match_id, None)
                    self._unchecked.discard(stream.match_id)

    # What the watcher does.

    def __len__(self) -> int:
        with self._lock:
            return sum(len(watchers) for watchers in self._streams.values())

    def watched(self) -> list[str]:
        with self._lock:
            return list(self._streams)

    def unchecked(self) -> set[str]:
        with self._lock:
            taken, self._unchecked = self._unchecked, set()
            return taken

    def known(self, match_id: str) -> int:
        with self._lock:
            return self._known.get(match_id, (0, ""))[0]

    def secrets(self, match_ids: Iterable[str] | None = None) -> set[str]:
        """The links with a stream open, on these matches (or all)."""
        with self._lock:
            ids = self._streams if match_ids is None else match_ids
            return {s.secret for i in ids for s in self._streams.get(i, ())}

    def publish(self, match_id: str, version: int, status: str) -> None:
        """A match's new version: every stream on it that has an older one is told."""
        with self._lock:
            watchers = list(self._streams.get(match_id, ()))
            if watchers and version > self._known.get(match_id, (0, ""))[0]:
                self._known[match_id] = (version, status)
        for stream in watchers:
            stream.tell(version, status)

    def end(self, match_id: str | None = None, unless: set[str] | None = None) -> int:
        """Ends the streams on a match (or on all), except those of the links in `unless`:
        a replaced link's, a deleted match's, or all when the process stops. How many ended."""
        with self._lock:
            ids = list(self._streams) if match_id is None else [match_id]
            ending = [s for i in ids for s in self._streams.get(i, ())
                      if unless is None or s.secret not in unless]
        for stream in ending:
            stream.end()
        return len(ending)

    def close(self) -> None:
        """The process is stopping: every stream ends now (the phones reconnect elsewhere)."""
        with self._lock:
            self.closing = True
        self.end()
        self.poked.set()
