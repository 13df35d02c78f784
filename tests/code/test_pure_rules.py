"""Each game's rules are pure: every module of app/games/ but a game's page adapter (pages.py),
imported alone in a fresh interpreter, brings in no Flask, no SQLAlchemy and no Werkzeug (the
toy game of the tests too). The app's own __init__ (which makes the Flask app) is left unrun, as
a tool that imports only the rules would see them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "app" / "games"
TOY = ROOT / "tests" / "toy_game"
WEB = ("flask", "sqlalchemy", "werkzeug")
PAGE_ADAPTER = "pages.py"

# Imports `modules` with each package of `stand_ins` standing for its folder (its __init__ left
# unrun: app's makes the Flask app, app.games's imports every game), `extra` on the path, and
# prints, per module, what of WEB it brought in.
PROBE = """
import importlib, json, sys, types
stand_ins, extra, modules, web = json.loads(sys.argv[1])
for package, folder in stand_ins:
    sys.modules[package] = types.ModuleType(package)
    sys.modules[package].__path__ = [folder]
sys.path[:0] = extra
found = {}
for module in modules:
    importlib.import_module(module)
    found[module] = sorted(name for name in sys.modules if name.split(".")[0] in web)
print(json.dumps(found))
"""


def rules_modules(root: Path, package: str) -> list[str]:
    """Every module under `root` (a package named `package`) but the page adapters."""
    return sorted(
        ".".join((package, *path.relative_to(root).with_suffix("").parts)).removesuffix(
            ".__init__")
        for path in root.rglob("*.py")
        if path.name != PAGE_ADAPTER and not path.name.startswith("test_")
        and path.name != "conftest.py")


def web_brought_in(modules: list[str], root: Path = GAMES.parent, alone: bool = True,
                   extra: tuple[Path, ...] = ()) -> dict[str, list[str]]:
    """What of Flask, SQLAlchemy and Werkzeug each module brings in, imported in that order in a
    fresh interpreter (the first module to bring one in is the one to blame); `alone`: without
    the registry (app/games/__init__.py), which imports every game."""
    stand_ins = [("app", str(root))] + ([("app.games", str(root / "games"))] if alone else [])
    argument = json.dumps([stand_ins, [str(path) for path in extra], modules, WEB])
    done = subprocess.run([sys.executable, "-c", PROBE, argument], cwd=ROOT, text=True,
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def first_impure(found: dict[str, list[str]]) -> tuple[str, list[str]] | None:
    return next(((module, names) for module, names in found.items() if names), None)


GAME_PACKAGES = sorted(path.name for path in GAMES.iterdir()
                       if (path / "__init__.py").exists())


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_a_games_rules_import_no_flask_no_sqlalchemy_no_werkzeug(game):
    # The kit every engine shares first (base, reading, say), then the game's own modules.
    kit = [f"app.games.{path.stem}" for path in sorted(GAMES.glob("*.py"))
           if path.name != "__init__.py"]
    own = rules_modules(GAMES / game, f"app.games.{game}")
    assert f"app.games.{game}.engine" in own
    found = web_brought_in([*kit, *own])
    assert first_impure(found) is None, f"{first_impure(found)} : rules must stay pure"


def test_the_registry_of_engines_is_pure():
    found = web_brought_in(["app.games"], alone=False)
    assert first_impure(found) is None


def test_the_toy_games_rules_are_pure_too():
    found = web_brought_in(rules_modules(TOY, "toy_game"), extra=(TOY.parent,))
    assert first_impure(found) is None


def test_every_game_of_the_registry_has_its_package_and_its_page_adapter():
    from app.games import PACKAGES

    assert set(PACKAGES) == set(GAME_PACKAGES)
    assert all((GAMES / game / PAGE_ADAPTER).exists() for game in PACKAGES)


def test_the_check_blames_a_rules_module_that_imports_flask(tmp_path):
    # A game whose rules import Werkzeug (a helper of its, say) is caught, and named.
    game = tmp_path / "app" / "games" / "sixth"
    game.mkdir(parents=True)
    (tmp_path / "app" / "games" / "__init__.py").write_text("")
    (game / "__init__.py").write_text("from .engine import GAME\n")
    (game / "engine.py").write_text("from .helpers import GAME\n")
    (game / "helpers.py").write_text("import werkzeug.datastructures\nGAME = None\n")
    (game / PAGE_ADAPTER).write_text("import flask\n")  # the page adapter may
    modules = rules_modules(game, "app.games.sixth")
    assert modules == ["app.games.sixth", "app.games.sixth.engine", "app.games.sixth.helpers"]
    found = web_brought_in(modules, root=tmp_path / "app")
    assert first_impure(found)[0] == "app.games.sixth"
    assert "werkzeug" in first_impure(found)[1]
