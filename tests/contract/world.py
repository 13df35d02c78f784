"""What the contract's fuzzing needs to get past 401 and 404: a group with a roster, a banked match
and a match in play, a played game, a recorded play and an import of plays, a Banana Bandido
match (whose seats' links set their characters), a night, a season, a destination and a design,
made through the API itself; which link and which id each path of the document takes; and a case
of Schemathesis's put on them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# The link Schemathesis sets on a case as it makes it: a stand-in for the kind of link its path
# takes, swapped for the world's own as the case is sent (it makes some cases as the tests are
# collected, before any world is).
STAND_IN = "world-link:"
# Of every AS_DRAWN cases of an operation, all but one are tried on the world's things (so that
# they reach the operation itself, past 404); that one keeps its ids as drawn.
AS_DRAWN = 5
SMALL = ("number", "seat")  # a round's number, a seat: drawn small, they name real ones too
# A seat's own character (SPEC section 2: that seat's link alone sets it) is asked of the
# Bandido match, whose four seats are every seat drawn small.
CHARACTER = "/matches/{match_id}/seats/{seat}/character"


def made(response, status: int = 201) -> dict[str, Any]:
    assert response.status_code == status, (response.status_code, response.get_data(True))
    return response.get_json()


def link_kind(path: str) -> str | None:
    """The kind of link an operation's path takes: its match's host link (a Bandido seat's own
    link for its character), its group's (and its night's) owner link, its design's owner
    link."""
    if path == "/matches":
        return "group"  # a match made in a group takes the group's owner link
    if path == CHARACTER:
        return "seat"
    first = path.strip("/").split("/")[0]
    return {"matches": "match", "groups": "group", "nights": "night",
            "designs": "design"}.get(first)


@dataclass
class World:
    """The things an operation of the document is tried on, made anew for each operation: a
    write of one (a link replaced, a match abandoned) never leaves the next with nothing."""

    client: Any
    ids: dict[str, Any] = field(default_factory=dict)
    links: dict[str, str] = field(default_factory=dict)
    seat_links: list[str] = field(default_factory=list)  # the Bandido match's, seat by seat

    def call(self, method: str, path: str, token: str | None = None, json: Any = None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return self.client.open(f"/api/v1{path}", method=method, json=json, headers=headers)

    def make(self) -> World:
        group = made(self.call("POST", "/groups", json={
            "name": "Thursday", "players": ["Ana", "Ben", "Cy", "Dee"]}))
        owner = group["tokens"]["owner"]
        roster = [player["id"] for player in group["players"]]
        self.call("PATCH", f"/groups/{group['id']}", owner, {"ratings": True})
        banked = self._banked(group["id"], owner)
        match = made(self.call("POST", "/matches", owner, {
            "game": "generic", "players": ["Ana", "Ben", "Cy"], "group": group["id"]}))
        host = match["tokens"]["host"]
        for scores in ([3, 1, 2], [6, 4, 5]):
            made(self.call("POST", f"/matches/{match['id']}/rounds", host, {"scores": scores}))
        bandido = made(self.call("POST", "/matches", json={
            "game": "bandido", "players": ["Ana", "Ben", "Cy", "Dee"]}))
        night = made(self.call("POST", f"/groups/{group['id']}/nights", owner, {
            "game": "generic", "players": roster, "table_size": 2}))
        season = made(self.call("POST", f"/groups/{group['id']}/seasons", owner, {
            "name": "Autumn", "starts": "2020-01-01"}))
        destination = made(self.call("POST", f"/groups/{group['id']}/destinations", owner, {
            "kind": "webhook", "url": "https://hooks.example.org/in", "events": ["match_banked"]}))
        design = made(self.call("POST", "/designs", json={
            "name": "Darts", "rows": [{"key": "points", "label": "Points", "kind": "number"}]}))
        played = made(self.call("POST", f"/groups/{group['id']}/games", owner, {
            "name": "Wingspan"}))
        play = made(self.call("POST", f"/groups/{group['id']}/plays", owner, {
            "game": played["id"], "played_at": "2026-03-14T20:30:00+01:00",
            "players": [{"player": roster[0], "score": "12.5"}, {"guest": "Zoe"}]}))
        started = made(self.call("POST", f"/groups/{group['id']}/imports?dry_run=true", owner,
                                 {"plays": []}), 202)
        self.ids = {"group_id": group["id"], "match_id": match["id"], "banked": banked,
                    "game_id": played["id"], "play": play["id"], "import_id": started["id"],
                    "night_id": night["id"], "season_id": season["id"],
                    "destination_id": destination["id"], "player_id": roster[0],
                    "design_id": design["id"], "bandido": bandido["id"], "number": 2,
                    "seat": 1}
        self.links = {"match": host, "group": owner, "night": owner,
                      "design": design["tokens"]["owner"]}
        self.seat_links = list(bandido["tokens"]["seats"])
        return self

    def _banked(self, group_id: str, owner: str) -> str:
        match = made(self.call("POST", "/matches", owner, {
            "game": "generic", "players": ["Ana", "Ben"], "group": group_id,
            "options": {"rounds": 1}}))
        host = match["tokens"]["host"]
        made(self.call("POST", f"/matches/{match['id']}/rounds", host, {"scores": [5, 2]}))
        made(self.call("POST", f"/matches/{match['id']}/bank", host), 200)
        return match["id"]

    def path_value(self, path: str, name: str) -> Any:
        """A real value of a path parameter: the id of this world's thing."""
        if name == "match_id" and path.startswith("/groups/{group_id}/plays/"):
            return self.ids["play"]
        if name == "match_id" and path.startswith("/groups/"):
            return self.ids["banked"]
        if name == "match_id" and path == CHARACTER:
            return self.ids["bandido"]
        return self.ids.get(name)

    def learn(self, operation_id: str, status: int, answer: Any) -> None:
        """What a write changed that later requests need: a replaced link."""
        if not (200 <= status < 300 and isinstance(answer, dict)):
            return
        if operation_id == "replace_match_link":
            self.links["match"] = answer["host"]
        elif operation_id == "replace_group_link":
            self.links["group"] = self.links["night"] = answer["owner"]

    def put_on(self, case, number: int) -> None:
        """Case `number` of its operation on this world's things, but every AS_DRAWN-th: its
        path's ids the world's (a round's number or a seat drawn small kept), and no version
        drawn for `If-Match` (which would refuse nearly every write with 412 before its body
        is read). Schemathesis judges the case anew as it is sent: one made invalid by an id
        drawn is valid on the world's."""
        if number % AS_DRAWN != AS_DRAWN - 1:
            if case.headers and "If-Match" in case.headers:
                case.headers = {name: value for name, value in case.headers.items()
                                if name != "If-Match"}
            if case.path_parameters:
                real = dict(case.path_parameters)
                for name, drawn in case.path_parameters.items():
                    value = self.path_value(case.operation.path, name)
                    small = name in SMALL and str(drawn) in ("0", "1", "2", "3")
                    if value is not None and not small:
                        real[name] = value
                case.path_parameters = real
        self.with_live_link(case)

    def with_live_link(self, case, links: dict[str, str] | None = None) -> None:
        """The stand-in link swapped for the world's own of that kind, a seat's that of the
        seat its path names (a link Schemathesis left out or drew, to see it refused, stays as
        it is)."""
        sent = (case.headers or {}).get("Authorization", "")
        if sent.startswith(f"Bearer {STAND_IN}"):
            kind = sent[len(f"Bearer {STAND_IN}"):]
            live = self.seat_link(case) if kind == "seat" else (links or self.links)[kind]
            case.headers = {**case.headers, "Authorization": f"Bearer {live}"}

    def seat_link(self, case) -> str:
        """The link of the Bandido seat the case's path names (the world's seat where it names
        none of them)."""
        drawn = str((case.path_parameters or {}).get("seat"))
        seats = {str(seat): link for seat, link in enumerate(self.seat_links)}
        return seats.get(drawn, self.seat_links[self.ids["seat"]])
