"""The shape of the house, checked: no import circle anywhere in app/ (function-local imports and
TYPE_CHECKING blocks count too), and no giant file (past 800 lines).

A file past 400 lines or a folder past 12 modules is a question to look at ("two meanings
here?"), never a reason to cut by count: `make test` lists them at its end
(tests/code/conftest.py), and nothing fails for them."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "app"
MODULES_PER_FOLDER = 12  # past it: a question, in the report
LINES_PER_FILE = 400  # past it: a question, in the report
GIANT = 800  # past it: fails
SOURCES = ("*.py", "*.js", "*.css", "*.html")


def module_name(path: Path) -> str:
    parts = path.relative_to(APP.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(root: Path = APP) -> dict[str, Path]:
    return {module_name(path): path for path in root.rglob("*.py")}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of app/ that `path` imports, wherever in the file the import stands.

    `from package import name` reaches `package.name` where that is a module, else `package`."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {module for module in found if module in known and module != name}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def import_graph(root: Path = APP) -> dict[str, set[str]]:
    known = modules(root)
    return {name: imports_of(name, path, set(known)) for name, path in known.items()}


def test_no_module_of_app_imports_itself_round_a_circle():
    found = circles(import_graph())
    assert not found, "import circles in app/: " + "; ".join(" <-> ".join(c) for c in found)


def test_the_circle_check_sees_a_circle_closed_by_an_import_inside_a_function(tmp_path):
    # The check itself, on a small house: b imports a only inside a function, and that counts.
    app = tmp_path / "app"
    (app / "wing").mkdir(parents=True)
    (app / "__init__.py").write_text("")
    (app / "wing" / "__init__.py").write_text("")
    (app / "wing" / "a.py").write_text("from . import b\n")
    (app / "wing" / "b.py").write_text("def later():\n    from .a import thing\n")
    (app / "wing" / "c.py").write_text("from ..wing import a\n")
    graph = {}
    for path in app.rglob("*.py"):
        parts = path.relative_to(tmp_path).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        graph[name] = path
    edges = {name: imports_of(name, path, set(graph)) for name, path in graph.items()}
    assert edges["app.wing.c"] == {"app.wing.a"}
    assert circles(edges) == [["app.wing.a", "app.wing.b"]]


def test_the_circle_check_resolves_the_imports_it_meets():
    graph = import_graph()
    assert "app.services.match.sheet" in graph["app.services.match.writes"]
    assert "app.web.sheet.view" in graph["app.web.games.base"]
    # `from ...services.match import edits`: a module of a package, named in the from-import
    assert "app.services.match.edits" in graph["app.web.match.sheet"]


# The services' packages, each standing on those after it: a dependency has one direction.
LAYERS = ("app.services.notify", "app.services.night", "app.services.bank",
          "app.services.plays", "app.services.match", "app.services.design",
          "app.services.group")


def package_arrows(graph: dict[str, set[str]], packages: tuple[str, ...]) -> set[tuple[str, str]]:
    """Which of `packages` imports which (a module of one importing a module of another)."""
    def package(name: str) -> str | None:
        return next((p for p in packages if name == p or name.startswith(p + ".")), None)

    return {(package(name), package(target)) for name, targets in graph.items()
            for target in targets
            if package(name) and package(target) and package(name) != package(target)}


def test_each_services_package_imports_only_those_below_it():
    """A banking says what happened (services/happened.py) and the chat's outbox takes it from
    there; a match is seated from a group's roster, and the bank holds a group's matches: the
    match imports the group, the bank both, never the other way round."""
    upward = sorted((a, b) for a, b in package_arrows(import_graph(), LAYERS)
                    if LAYERS.index(a) > LAYERS.index(b))
    assert not upward, f"imports running back up: {upward}"


def test_serving_at_home_imports_no_service():
    """app/hosting/ is what each worker runs beneath the app: what else a worker starts is given
    to it by create_app, never imported from it (the delivery worker was)."""
    graph = import_graph()
    reached = {target for name, targets in graph.items() if name.startswith("app.hosting")
               for target in targets if target.startswith("app.services")}
    assert not reached, reached


def test_no_private_name_is_imported_from_another_module():
    """A name beginning with "_" is its module's own: another module that needs it needs a public
    one (the models' `now` and `Time` were `_now` and `_Time`, imported by five modules)."""
    found = []
    for path in sorted(APP.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                found += [f"{path.relative_to(APP.parent)}: {alias.name} from {node.module}"
                          for alias in node.names if alias.name.startswith("_")]
    assert not found, found


def folders_past(most: int = MODULES_PER_FOLDER) -> dict[str, int]:
    """The folders of app/ holding more than `most` modules, with how many."""
    return {str(folder.relative_to(APP.parent)): count
            for folder in sorted({path.parent for path in APP.rglob("*.py")})
            if (count := len(list(folder.glob("*.py")))) > most}


def files_past(most: int = LINES_PER_FILE) -> dict[str, int]:
    """The source files of app/ longer than `most` lines, with how long."""
    return {str(path.relative_to(APP.parent)): lines
            for pattern in SOURCES for path in sorted(APP.rglob(pattern))
            if "vendor" not in path.parts
            and (lines := len(path.read_text().splitlines())) > most}


def test_no_file_of_app_is_a_giant():
    giants = files_past(GIANT)
    assert not giants, f"files past {GIANT} lines (more than one meaning?): {giants}"


def test_the_report_names_what_is_past_its_question_marks(tmp_path, monkeypatch):
    """The report sees a long file and a full folder (it is what `make test` prints)."""
    import sys

    folder = tmp_path / "app" / "crowded"
    folder.mkdir(parents=True)
    for n in range(MODULES_PER_FOLDER + 1):
        (folder / f"m{n}.py").write_text("x = 1\n" * (LINES_PER_FILE + 1 if n == 0 else 1))
    monkeypatch.setattr(sys.modules[__name__], "APP", tmp_path / "app")
    assert folders_past() == {"app/crowded": MODULES_PER_FOLDER + 1}
    assert files_past() == {"app/crowded/m0.py": LINES_PER_FILE + 1}
    assert files_past(GIANT) == {}


# What a service still takes untyped, and why. Everything else a client sends is read once at
# its edge, by a reader (`read_…`, or `clean_…` for one text), into a typed value that the write
# takes (NewMatch, NightPlan, SeasonFields, a Design, …) or the refusal of what was sent.
UNTYPED = {
    "import_group": "an export is read inside the import, after it is counted: the reading "
                    "replays every match, work that a refused import must not cause",
    "servers": "Apprise's plugin objects carry no types",
    "reads_nothing": "Apprise's plugin objects carry no types",
}


def untyped_parameters(path: Path) -> list[str]:
    """The public functions of `path` with a parameter annotated `Any` (alone or in a union)."""
    found = []
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            for argument in node.args.args + node.args.kwonlyargs:
                written = ast.unparse(argument.annotation) if argument.annotation else ""
                if "Any" in {part.strip() for part in written.split("|")}:
                    found.append(f"{node.name}({argument.arg}: {written})")
    return found


def test_a_service_takes_what_its_edge_read_not_what_a_client_sent():
    """The API's views and the pages read a client's input once, into typed values; a service
    function takes `Any` only where it is that reading, or where UNTYPED says why."""
    found = [f"{path.relative_to(APP.parent)}: {function}"
             for path in sorted((APP / "services").rglob("*.py"))
             for function in untyped_parameters(path)
             if not function.startswith(("read_", "clean_")) and
             function.partition("(")[0] not in UNTYPED]
    assert not found, found


def test_the_check_of_untyped_parameters_sees_one(tmp_path):
    written = tmp_path / "service.py"
    written.write_text("def create(body: Any, size: int) -> None: ...\n"
                       "def read_body(body: Any) -> int: ...\n"
                       "def change(body: Thing | Any) -> None: ...\n")
    assert untyped_parameters(written) == ["create(body: Any)", "read_body(body: Any)",
                                           "change(body: Thing | Any)"]
