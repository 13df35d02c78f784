"""Every page loads each of app/static's scripts as what it is: a module (it imports or exports:
tests/js/ imports it too) as <script type="module">, any other as a classic script, and every
module a script imports is there to be served (and kept by the service worker, which keeps
every static script). A module loaded as a classic script stops at its first `import`."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "app" / "static"
TEMPLATES = [*(ROOT / "app").rglob("templates/**/*.html"),
             *(ROOT / "tests").rglob("templates/**/*.html")]
TAG = re.compile(r"<script\b([^>]*)\bsrc=\"\{\{ url_for\('static', filename='([^']+\.js)'\) \}\}\""
                 r"([^>]*)>")
# A module's own statements: an import or export at the start of a line.
STATEMENT = re.compile(r"^(?:import\b[^(]|export\b)", re.MULTILINE)
IMPORTED = re.compile(r"^import\b[^;]*?from \"(\./[^\"]+)\";|\bimport\(\"(\./[^\"]+)\"\)",
                      re.MULTILINE)
# The game's own scripts a page adapter names (`scripts=("games/bandido/secret.js",)`), which
# sheet/_live.html loads as classic ones.
ADAPTER_SCRIPTS = re.compile(r"\bscripts=\(([^)]*)\)")


def served(name: str) -> Path | None:
    """The file a static name serves: app/static's, or a game's own (games/<game>/… is
    app/games/<game>/static/…)."""
    game = re.fullmatch(r"games/([^/]+)/(.+)", name)
    for path in (STATIC / name, *([ROOT / "app" / "games" / game[1] / "static" / game[2]]
                                   if game else [])):
        if path.is_file():
            return path
    return None


def is_module(path: Path) -> bool:
    return bool(STATEMENT.search(path.read_text(encoding="utf-8")))


def test_each_template_loads_a_module_as_a_module_and_a_classic_script_as_classic():
    loaded, wrong = 0, []
    for template in TEMPLATES:
        for before, name, after in TAG.findall(template.read_text(encoding="utf-8")):
            script = served(name)
            if script is None:
                continue  # not served from here: test_docs_paths and the pages' tests see to it
            loaded += 1
            attributes = before + after
            as_module = 'type="module"' in attributes
            if as_module != is_module(script):
                what = "a module" if is_module(script) else "classic"
                wrong.append(f"{template.relative_to(ROOT)}: {name} ({what}) {attributes.strip()}")
            elif not as_module and "defer" not in attributes.split():
                wrong.append(f"{template.relative_to(ROOT)}: {name} is not deferred")
    assert loaded > 10
    assert not wrong, wrong


def test_a_page_adapters_own_scripts_are_classic():
    named = [name for source in (ROOT / "app").rglob("*.py")
             for names in ADAPTER_SCRIPTS.findall(source.read_text(encoding="utf-8"))
             for name in re.findall(r"\"([^\"]+\.js)\"", names)]
    modules = [name for name in named if (script := served(name)) and is_module(script)]
    assert modules == []


def test_every_module_a_script_imports_is_there():
    scripts = [*STATIC.rglob("*.js"), *(ROOT / "app" / "games").glob("*/static/**/*.js")]
    missing = [f"{script.relative_to(ROOT)} imports {relative}"
               for script in scripts if "vendor" not in script.parts
               for found in IMPORTED.findall(script.read_text(encoding="utf-8"))
               for relative in found if relative
               if not (script.parent / relative).resolve().is_file()
               or not is_module((script.parent / relative).resolve())]
    assert any(IMPORTED.search(script.read_text(encoding="utf-8")) for script in scripts)
    assert missing == []
