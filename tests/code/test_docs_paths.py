"""The map of the code names only what is there: every repository path written in backticks in
README.md and docs/code.md (`app/…`, `tests/…`, `docs/…`, `migrations/…`, `deploy/…`) exists.

A placeholder (`app/games/<game>.py`) or a wildcard (`app/web/*.py`) stands for any name: it
must match at least one path. A name the text places by its context (`writes.py` in the row of
app/services/match/, `static/install.js` under app/hosting/) must at least be the end of some
path in the repository, so that a module renamed or moved away is caught there too."""

from __future__ import annotations

import fnmatch
import os
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = ("README.md", "docs/code.md")
ROOTS = ("app/", "tests/", "docs/", "migrations/", "deploy/")
BACKTICKED = re.compile(r"`([^`\s]+)`")
# A name in backticks that is a file or a folder of ours: a source file's name, or a path with a
# slash that is not a URL's (`/health`, `scheme://host:port`) nor a place made at run time.
SOURCE = re.compile(r"[\w<>*.-]+\.(?:py|js|css|html|toml|txt|json|cfg|ini)")
PLACEHOLDER = re.compile(r"<[^<>/]+>")
README_MOST = 12_000  # characters: what it does, two commands, a match from a phone, links
NOT_OURS = ("/", ".", "instance/")
UNREAD = {".git", ".venv", "node_modules", "__pycache__", "instance"}


def paths_named(text: str) -> list[str]:
    """The backticked names in `text` that stand for a path in the repository."""
    named = set()
    for match in BACKTICKED.finditer(text):
        name = match.group(1)
        if name.startswith(ROOTS):
            named.add(name)
        elif (":" not in name and not name.startswith(NOT_OURS)
              and ("/" in name or SOURCE.fullmatch(name))):
            named.add(name)
    return sorted(named)


@cache
def repository() -> tuple[str, ...]:
    """Every file and folder of the working tree, as a path from its root."""
    found = []
    for folder, folders, files in os.walk(ROOT):
        folders[:] = [name for name in folders if name not in UNREAD]
        here = Path(folder).relative_to(ROOT).as_posix()
        prefix = "" if here == "." else here + "/"
        found += [prefix + name for name in folders + files]
    return tuple(found)


def exists(name: str) -> bool:
    pattern = PLACEHOLDER.sub("*", name.rstrip("/"))
    if pattern.startswith(ROOTS):
        return any(fnmatch.fnmatchcase(path, pattern) for path in repository())
    return any(fnmatch.fnmatchcase(path, pattern) or fnmatch.fnmatchcase(path, "*/" + pattern)
               for path in repository())


@pytest.mark.parametrize("document", DOCUMENTS)
def test_every_path_a_document_names_exists(document):
    named = paths_named((ROOT / document).read_text(encoding="utf-8"))
    assert [name for name in named if name.startswith(ROOTS)], (
        f"{document} names no repository path: is the pattern still right?")
    assert [name for name in named if not exists(name)] == []


def test_the_readme_stays_a_front_door():
    """The map of homes lives in docs/code.md; the README links to it (issue 42)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme) < README_MOST
    assert "(docs/code.md)" in readme


def test_a_path_is_read_whole_and_a_placeholder_stands_for_any_name():
    assert paths_named("`app/web/blueprint.py`, `tests/toy_game/`, `make run`, `/health`, "
                       "`writes.py`, `static/install.js`, `scheme://host:port`, `carry`") == [
        "app/web/blueprint.py", "static/install.js", "tests/toy_game/", "writes.py"]
    assert exists("app/games/<game>.py")
    assert exists("app/web/*.py")
    assert exists("writes.py")
    assert not exists("app/web/nowhere.py")
    assert not exists("app/<wing>/nowhere/")
    assert not exists("nowhere.py")
    assert not exists("app/blueprint.py")  # a repository path is read from its root only
