"""Logs without secrets: link tokens in paths, referrers, user names and errors are masked, and
so is what a URL carries past its host (a webhook's or a chat's URL holds its token there)."""

from __future__ import annotations

import logging
import re
from typing import Any
from urllib.parse import unquote

from gunicorn.glogging import Logger, SafeAtoms

# A link token follows /m/ (a match), /g/ (a group), /n/ or /tv/ (a night) in page paths; 20+
# URL-safe characters is a token, not a word.
_TOKEN_IN_PATH = re.compile(r"(/(?:[mgn]|tv)/)[A-Za-z0-9_-]{20,}")
# Elsewhere (/m//<token>, /M/<token>, an escaped %2Fm%2F<token>), a token is still one run of
# 43 URL-safe characters: nothing else a log line holds is a run of 32 or more.
_TOKEN_ANYWHERE = re.compile(r"[A-Za-z0-9_-]{32,}")
# A path reaches the app decoded: "/m/%37%79…" is the link "/m/7y…". A run of URL-safe characters
# and percent-escapes is read as the app reads it (and again, for an escape escaped twice); one
# that spells a token's 20 or more characters so is masked whole.
_ESCAPED_RUN = re.compile(r"(?:[A-Za-z0-9_.~-]|%[0-9A-Fa-f]{2})*%[0-9A-Fa-f]{2}"
                          r"(?:[A-Za-z0-9_.~-]|%[0-9A-Fa-f]{2})*")
_TOKEN_SPELLED = re.compile(r"[A-Za-z0-9_-]{20,}")
# A URL of any scheme (https://, discord://, mailto://): its user and password, and any part of
# its path or query of 12 or more characters (a webhook's token, a chat's key: "hooks/T0123/
# B0456/XXXXXXXXXXXXXXXXXXXXXXXX"), are masked; a page's own short path is left as it is.
_URL = re.compile(r"\b([a-z][a-z0-9+.-]{1,15}://)([^/\s?#@\"']*@)?([^/\s?#\"']*)([^\s\"']*)")
_URL_PART = re.compile(r"[^/?&=#;:,.]{12,}")
# What a host looks like: a name with a dot, an address, localhost. Apprise writes a chat's
# keys where a host would be ("tgram://<bot token>/…", "discord://<webhook id>/…"): masked.
_HOST = re.compile(r"(?:(?:[A-Za-z0-9-]+\.)+[A-Za-z0-9-]+|\[[0-9A-Fa-f:.]+\]|localhost)"
                   r"(?::[0-9]{1,5})?")


def _mask_url(found: re.Match[str]) -> str:
    scheme, user, host, rest = found.groups()
    return (scheme + ("…@" if user else "") + (host if _HOST.fullmatch(host) or not host
                                                else "…") + _URL_PART.sub("…", rest))


def _mask_escaped(run: re.Match[str]) -> str:
    plain = run.group(0)
    for _ in range(4):
        decoded = unquote(plain)
        if decoded == plain:
            break
        plain = decoded
    return "…" if _TOKEN_SPELLED.search(plain) else run.group(0)


def redact(text: str) -> str:
    if "://" in text:
        text = _URL.sub(_mask_url, text)
    # Each pattern below needs a percent-escape or a run of 20 URL-safe characters: most of what
    # is logged (a poll's path, a user agent, a status) holds neither, and is left as it is.
    if "%" not in text and not _TOKEN_SPELLED.search(text):
        return text
    text = _ESCAPED_RUN.sub(_mask_escaped, text)
    return _TOKEN_ANYWHERE.sub("…", _TOKEN_IN_PATH.sub(r"\1…", text))


class RedactRecord(logging.Filter):
    """gunicorn's messages quote what a client sent ("Invalid HTTP request line: 'GET /m/…'")."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            record.msg, record.args = redact(record.getMessage()), None
        except Exception:  # a message that cannot be formatted: logging reports it as usual
            return True
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


# Where a token may be whole and plain: the user name of a Basic Authorization header ("u"), and
# the headers that carry credentials. They are never logged.
_UNLOGGED = frozenset(("{authorization}i", "{cookie}i", "{http_authorization}e",
                       "{http_cookie}e"))


class RedactedAtoms(SafeAtoms):
    """gunicorn's atoms (SafeAtoms: any case of a header's name, "-" for what is missing, quotes
    escaped), each masked when the access log's format reads it rather than all of them up
    front."""

    def __init__(self, atoms: dict[str, Any]):
        dict.__init__(self, atoms)

    def __getitem__(self, key: str) -> Any:
        if key == "u" or key.lower() in _UNLOGGED:
            return "-"
        value = super().__getitem__(key)
        if isinstance(value, str):
            return redact(value).replace('"', '\\"')
        return value


class RedactingLogger(Logger):
    def setup(self, cfg: object) -> None:
        super().setup(cfg)
        for handler in self.error_log.handlers:
            handler.addFilter(RedactRecord())

    # gunicorn gives the access log's format some forty atoms (every header, every environ
    # variable); a line reads nine of them. Each is masked as the format reads it.
    atoms_wrapper_class = RedactedAtoms
