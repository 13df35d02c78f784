"""Access logs without secrets: link tokens in paths and referrers, and bearer tokens, are masked."""

from __future__ import annotations

import re

from gunicorn.glogging import Logger

# A link token follows /m/ in page paths; 20+ URL-safe characters is a token, not a word.
_TOKEN_IN_PATH = re.compile(r"(/m/)[A-Za-z0-9_-]{20,}")


def redact(text: str) -> str:
    return _TOKEN_IN_PATH.sub(r"\1…", text)


class RedactingLogger(Logger):
    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        for key, value in atoms.items():
            if isinstance(value, str):
                if key.lower() in ("{authorization}i", "{cookie}i", "{http_authorization}e",
                                   "{http_cookie}e"):
                    atoms[key] = "-"
                else:
                    atoms[key] = redact(value)
        return atoms
