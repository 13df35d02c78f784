"""How many event streams each link holds open on this server (SPEC section 6: at most 32 a link),
counted over every worker process of the server.

A stream takes a slot as it is answered and gives it back when its response closes. The slots
are kept in a SQLite file of the server's own (INSTANCE_DIR), which its workers share; a worker
that dies without giving its slots back (killed) has them swept by the next worker that starts.
An app with no file (the tests' own) counts in its process alone."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import threading
from pathlib import Path

from ..server_files import one_at_a_time, open_shared


class Slots:
    """The slots of one process: `take` answers a slot (or None past `per_link`), `give` ends it."""

    def __init__(self, per_link: int):
        self.per_link = per_link
        self._lock = threading.Lock()
        self._held: dict[str, int] = {}  # link -> slots it holds
        self._taken: dict[int, str] = {}  # slot -> its link
        self._next = 0
        self.here = 0  # slots this process holds

    def take(self, secret: str) -> int | None:
        with self._lock:
            if self._held.get(secret, 0) >= self.per_link:
                return None
            self._held[secret] = self._held.get(secret, 0) + 1
            self._next += 1
            self._taken[self._next] = secret
            self.here += 1
            return self._next

    def give(self, slot: int) -> None:
        with self._lock:
            secret = self._taken.pop(slot, None)
            if secret is None:
                return
            self.here -= 1
            self._held[secret] -= 1
            if not self._held[secret]:
                del self._held[secret]


class SharedSlots(Slots):
    """The slots of every worker of one server, in a file they share."""

    def __init__(self, per_link: int, path: Path):
        super().__init__(per_link)
        self.path = path
        self._connection: sqlite3.Connection | None = None

    def _db(self) -> sqlite3.Connection:
        if self._connection is None:
            db = open_shared(self.path,
                             "CREATE TABLE IF NOT EXISTS slot (id INTEGER PRIMARY KEY, "
                             "link TEXT NOT NULL, pid INTEGER NOT NULL)",
                             "CREATE INDEX IF NOT EXISTS slot_link ON slot (link)")
            for (pid,) in db.execute("SELECT DISTINCT pid FROM slot").fetchall():
                if pid != os.getpid() and not _alive(pid):
                    db.execute("DELETE FROM slot WHERE pid = ?", (pid,))
            self._connection = db
        return self._connection

    def take(self, secret: str) -> int | None:
        # The file holds a digest of the link, never the link itself.
        link = hashlib.sha256(secret.encode()).hexdigest()[:32]
        with self._lock, one_at_a_time(self._db()) as db:
            (held,) = db.execute("SELECT COUNT(*) FROM slot WHERE link = ?", (link,)).fetchone()
            slot = None
            if held < self.per_link:
                slot = db.execute("INSERT INTO slot (link, pid) VALUES (?, ?)",
                                  (link, os.getpid())).lastrowid
        if slot is not None:
            self.here += 1
        return slot

    def give(self, slot: int) -> None:
        with self._lock:
            if self._db().execute("DELETE FROM slot WHERE id = ?", (slot,)).rowcount:
                self.here -= 1


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
