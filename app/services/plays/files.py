"""A file of plays logged elsewhere (a BG Stats export or a spreadsheet's CSV), read into plain
values: the file's players, games and plays, and the plays that could not be read, each with why.

Nothing here touches the database: what the values become in a group is decided elsewhere. The
values themselves are made in contents.py, and each kind of file is read by a module of its own
(bgstats.py, spreadsheet.py); this is where a file is told apart and where all of it is found.
"""

from __future__ import annotations

import json
from zoneinfo import ZoneInfo

from .bgstats import read_export
from .contents import MAX_PLAYS, FileContents, FileRefused, decoded, parsed_json, score_of
from .spreadsheet import read_text

# What the callers of a file's reading name (the values themselves are contents.py's).
__all__ = ["MAX_PLAYS", "FileContents", "FileRefused", "read_file", "score_of"]


def read_file(data: bytes, zone: ZoneInfo) -> FileContents:
    """A BG Stats export (a JSON object) or else a CSV (UTF-8, a byte order mark allowed), read
    in `zone` where the file's times have no offset."""
    text = decoded(data)
    if text.lstrip().startswith(("{", "[")):
        return read_export(parsed_json(text), zone)
    try:
        # Other JSON (a number, a string): no CSV is that, and a CSV fails at its first cell.
        json.loads(text)
    except ValueError:
        return read_text(text, zone)
    return read_export(None, zone)
