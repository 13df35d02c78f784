"""Page-test helpers: a small DOM from html.parser, and matches begun through the API (one
fixture per game, and `played`: a free sheet two rounds in)."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlsplit

import pytest

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


@dataclass
class Node:
    tag: str
    attrs: dict[str, str | None]
    parent: Node | None = field(default=None, repr=False)
    children: list[Node | str] = field(default_factory=list, repr=False)

    def get(self, name: str, default: str | None = None) -> str | None:
        return self.attrs.get(name, default)

    def has(self, name: str) -> bool:
        return name in self.attrs

    @property
    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    @property
    def text(self) -> str:
        """The text inside, whitespace collapsed."""
        parts: list[str] = []

        def walk(node: Node) -> None:
            for child in node.children:
                if isinstance(child, str):
                    parts.append(child)
                else:
                    walk(child)

        walk(self)
        return " ".join("".join(parts).split())

    def iter(self):
        for child in self.children:
            if isinstance(child, Node):
                yield child
                yield from child.iter()

    def find_all(self, tag: str | None = None, class_: str | None = None, **attrs) -> list[Node]:
        """Descendants by tag, one class, and attributes (value True: the attribute is present)."""
        found = []
        for node in self.iter():
            if tag is not None and node.tag != tag:
                continue
            if class_ is not None and class_ not in node.classes:
                continue
            if all((name in node.attrs) if value is True else node.attrs.get(name) == value
                   for name, value in ((k.rstrip("_").replace("_", "-"), v)
                                       for k, v in attrs.items())):
                found.append(node)
        return found

    def find(self, tag: str | None = None, class_: str | None = None, **attrs) -> Node | None:
        found = self.find_all(tag, class_, **attrs)
        return found[0] if found else None

    def by_id(self, id_: str) -> Node | None:
        found = [node for node in self.iter() if node.attrs.get("id") == id_]
        assert len(found) <= 1, f"id {id_!r} is used {len(found)} times"
        return found[0] if found else None

    def ancestor(self, tag: str) -> Node | None:
        node = self.parent
        while node is not None and node.tag != tag:
            node = node.parent
        return node


class _Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.current = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, dict(attrs), self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Node(tag, dict(attrs), self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)


class Page:
    """A response parsed: its status, the DOM, and the questions page tests keep asking."""

    def __init__(self, response):
        self.response = response
        self.status = response.status_code
        self.html = response.get_data(as_text=True)
        builder = _Builder()
        builder.feed(self.html)
        builder.close()
        self.root = builder.root

    def __getattr__(self, name):
        return getattr(self.root, name)

    def field_error(self, input_id: str) -> str | None:
        """The error message tied to an input through aria-describedby (None when it has none)."""
        element = self.root.by_id(input_id)
        assert element is not None, f"no element #{input_id}"
        described = element.get("aria-describedby")
        if not described:
            return None
        messages = [self.root.by_id(ref) for ref in described.split()]
        messages = [m for m in messages if m is not None and "error" in m.classes]
        return " ".join(m.text for m in messages) or None

    def editable_inputs(self) -> list[Node]:
        """Inputs a person could type into (not hidden, not read-only)."""
        return [node for node in self.root.find_all("input")
                if node.get("type") != "hidden" and not node.has("readonly")]

    def forms(self, method: str = "post") -> list[Node]:
        return [f for f in self.root.find_all("form") if (f.get("method") or "").lower() == method]

    def totals(self) -> list[int]:
        """The totals row of the grid (the table's foot), one per side."""
        foot = self.root.find("tfoot")
        assert foot is not None, "no totals row"
        # The page writes a negative total with its minus sign (U+2212).
        return [int(td.text.replace("\u2212", "-")) for td in foot.find_all("td", class_="total")]

    def row(self, number: int) -> list[str]:
        """The cells of round `number` as shown (links and inputs read as their text or value)."""
        tr = self.root.by_id(f"r{number}")
        assert tr is not None, f"no row for round {number}"
        cells = []
        for td in tr.find_all("td"):
            field_ = td.find("input")
            cells.append(field_.get("value") if field_ is not None else td.text)
        return cells

    def standings(self) -> dict[str, dict[str, str]]:
        """Each side's entry in the standings list: its total and its note."""
        out = {}
        for item in self.root.find_all("li", class_="standing"):
            out[item.find(class_="side-name").text] = {
                "total": item.find(class_="total").text,
                "note": item.find(class_="note").text,
                "classes": item.classes,
            }
        return out

    def form_data(self, form_id: str | None = None, **changes) -> tuple[str, dict[str, str]]:
        """What a browser posts from a form (the first POST form, or #form_id) and where to.

        Each control sends its value as rendered, a checkbox only when ticked. `changes` type
        into fields by name: a string replaces the value, True ticks a box, None unticks it."""
        if form_id is None:
            form = self.forms("post")[0]
        else:
            form = self.root.by_id(form_id)
        assert form is not None, f"no form {form_id!r}"
        controls = form.find_all("input") + form.find_all("select")
        if form.get("id"):
            controls += [node for node in self.root.find_all(form=form.get("id"))
                         if node not in controls]
        data: dict[str, str] = {}
        for control in controls:
            name = control.get("name")
            if not name or control.has("disabled"):
                continue
            kind = control.get("type", "text")
            if control.tag == "select":
                options = control.find_all("option")
                chosen = [o for o in options if o.has("selected")] or options[:1]
                data[name] = chosen[0].get("value", chosen[0].text) if chosen else ""
            elif kind in ("checkbox", "radio"):
                if control.has("checked"):
                    data[name] = control.get("value") or "on"
            elif kind not in ("submit", "button", "image", "reset", "file"):
                data[name] = control.get("value") or ""
        for name, value in changes.items():
            if value is None:
                data.pop(name, None)
            elif value is True:
                box = self.root.find("input", name=name)
                data[name] = (box.get("value") if box is not None else None) or "on"
            else:
                data[name] = value
        action = form.get("action") or urlsplit(self.response.request.url).path
        return action, data

    def csrf_token(self) -> str | None:
        field_ = self.root.find("input", name="csrf_token")
        return field_.get("value") if field_ is not None else None


def query(location: str) -> dict[str, list[str]]:
    return parse_qs(urlsplit(location).query)


@dataclass
class Created:
    """Something made through API v1 (a match, a group): its answer, its id and its view link."""

    api: object
    data: dict

    @property
    def id(self) -> str:
        return self.data["id"]

    @property
    def view(self) -> str:
        return self.data["tokens"]["view"]


class Started(Created):
    """A match started through API v1, with its tokens, as the pages' tests need it."""

    @property
    def host(self) -> str:
        return self.data["tokens"]["host"]

    @property
    def seats(self) -> list[str]:
        return self.data["tokens"]["seats"]

    def state(self) -> dict:
        """The match as the API shows it to the host: the ground truth the pages must agree with."""
        response = self.api.call("GET", f"/matches/{self.id}", self.host)
        assert response.status_code == 200
        return response.get_json()

    def add_round(self, *scores) -> dict:
        response = self.api.call("POST", f"/matches/{self.id}/rounds", self.host,
                                 json={"scores": list(scores)})
        assert response.status_code == 201, response.get_json()
        return response.get_json()


@pytest.fixture
def start(api):
    """start(players, game="generic", **options): a match begun through the API."""

    def start_(players=("Ana", "Ben", "Cy"), game="generic", **options):
        return Started(api, api.create(players, game=game, options=options or None))

    return start_


def _game(name: str, players: tuple[str, ...]):
    """A fixture like `start`, for one game: game(players, **options)."""

    @pytest.fixture
    def started(start):
        def start_(players=players, **options):
            return start(players, game=name, **options)

        return start_

    started.__doc__ = f"{name}(players, **options): a {name} match begun through the API."
    return started


banakil = _game("banakil", ("Dana", "Ravi"))
blue_banana = _game("blue_banana", ("Ana", "Ben", "Cy"))
bandido = _game("bandido", ("Ana", "Ben", "Cy"))


@pytest.fixture
def played(start):
    """Three players, target 100, two complete rounds."""
    match = start(("Ana", "Ben", "Cy"), target=100)
    match.add_round(10, 20, 30)
    match.add_round(5, 5, 5)
    return match


@pytest.fixture
def over(start):
    """Target 30, reached by Ana in round 2."""
    match = start(("Ana", "Ben", "Cy"), target=30)
    match.add_round(10, 5, 0)
    match.add_round(25, 10, 3)
    assert match.state()["status"] == "over"
    return match


@pytest.fixture
def page(client):
    """page(url) or page(response): the page parsed; GET when given a URL."""

    def page_(target, **kwargs):
        response = client.get(target, **kwargs) if isinstance(target, str) else target
        return Page(response)

    return page_


@pytest.fixture
def submit(client):
    """submit(url or Page, form_id=None, **changes): fill in a page's form and post it, as a
    browser would (every field as rendered, plus what was typed). Answers the response."""

    def submit_(target, form_id: str | None = None, **changes):
        shown = Page(client.get(target)) if isinstance(target, str) else target
        assert shown.status == 200, shown.status
        action, data = shown.form_data(form_id, **changes)
        return client.post(action, data=data)

    return submit_


@pytest.fixture
def location():
    """The path and query a redirect points at, and its query parsed."""

    def location_(response) -> tuple[str, dict[str, list[str]]]:
        assert response.status_code in (302, 303), response.status_code
        target = response.headers["Location"]
        return urlsplit(target).path, query(target)

    return location_



class Group(Created):
    """A group started through API v1, with its links, and matches played into its bank."""

    @property
    def owner(self) -> str:
        return self.data["tokens"]["owner"]

    def start(self, players, game="generic", name=None, **options) -> Started:
        body = {"game": game, "players": list(players), "group": self.id}
        if name:
            body["name"] = name
        if options:
            body["options"] = options
        response = self.api.call("POST", "/matches", self.owner, json=body)
        assert response.status_code == 201, response.get_json()
        return Started(self.api, response.get_json())

    def play(self, players, *rounds, bank=True, name=None, **options) -> Started:
        """A free-sheet match of these players in the group, its rounds' scores, banked."""
        match = self.start(players, name=name, rounds=len(rounds), **options)
        for scores in rounds:
            match.add_round(*scores)
        if bank:
            response = self.api.call("POST", f"/matches/{match.id}/bank", match.host)
            assert response.status_code == 200, response.get_json()
        return match

    def state(self) -> dict:
        response = self.api.call("GET", f"/groups/{self.id}", self.owner)
        assert response.status_code == 200
        return response.get_json()

    def stats(self, game=None) -> dict:
        query = f"?game={game}" if game else ""
        response = self.api.call("GET", f"/groups/{self.id}/stats{query}", self.owner)
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def player_id(self, name: str) -> int:
        return next(p["id"] for p in self.state()["players"] if p["name"] == name)


@pytest.fixture
def group(api):
    """group(name="Thursday", players=(...)): a group begun through the API."""

    def group_(name="Thursday", players=("Ana", "Ben", "Cy")):
        response = api.call("POST", "/groups", json={"name": name, "players": list(players)})
        assert response.status_code == 201, response.get_json()
        return Group(api, response.get_json())

    return group_
