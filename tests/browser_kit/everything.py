"""The pages the look and layout checks open: one app with every game active and over, a group
with its bank, seasons and a night, and designs, made through the API (the session's `site` in
fixtures.py makes them once)."""

from __future__ import annotations


def api(client, method, path, token=None, json=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = client.open(f"/api/v1{path}", method=method, json=json, headers=headers)
    assert response.status_code in (200, 201), (path, response.get_json())
    return response.get_json()


def match(client, game, players, options=None, group=None, token=None):
    body = {"game": game, "players": list(players)}
    if options:
        body["options"] = options
    if group:
        body["group"] = group
    return api(client, "POST", "/matches", token, body)


def play(client, made, body):
    """A round of the match `made` (as POST /matches answered it), saved by its host."""
    return api(client, "POST", f"/matches/{made['id']}/rounds", made["tokens"]["host"], body)


def make_everything(client) -> dict[str, str]:
    """Every game active and over, a group with a bank; the page paths, by name."""
    paths = {"home": "/", "new group": "/groups/new", "import": "/groups/import",
             "404": "/m/no-such-link"}
    for game in ("generic", "banakil", "blue_banana", "bandido"):
        paths[f"new {game}"] = f"/new/{game}"

    def player(correct=0, incorrect=0, banana=None):
        return {"correct": correct, "incorrect": incorrect, "banana": banana}

    # The free sheet: active (two rounds of three) and over (target reached).
    generic = match(client, "generic", ("Ana", "Ben", "Cy"), {"target": 100})
    play(client, generic, {"scores": [10, -20, 30]})
    play(client, generic, {"scores": [5, 5, 5]})
    host = generic["tokens"]["host"]
    paths.update({
        "sheet generic": f"/m/{host}", "sheet generic seat": f"/m/{generic['tokens']['seats'][1]}",
        "sheet generic view": f"/m/{generic['tokens']['view']}",
        "cell generic": f"/m/{host}/round/2/seat/1",
        "next cell generic": f"/m/{host}/round/3/seat/0",
        "table": f"/m/{host}/table", "links": f"/m/{host}/links", "line": f"/m/{host}/line",
        "details": f"/m/{host}/details", "abandon": f"/m/{host}/abandon"})
    generic_over = match(client, "generic", ("Ana", "Ben"), {"target": 30})
    play(client, generic_over, {"scores": [35, 5]})
    paths["sheet generic over"] = f"/m/{generic_over['tokens']['host']}"
    paths["table over"] = f"/m/{generic_over['tokens']['host']}/table"
    twelve = match(client, "generic", ("Annabelle", "Bartholomew", "Cyrus", "Dana", "Emil",
                                        "Fatima", "Gustav", "Hana", "Ilse", "Jamal", "Karin",
                                        "Leopold"))
    for number in range(3):
        play(client, twelve, {"scores": [(number * k) % 23 - 4 for k in range(12)]})
    paths["sheet twelve"] = f"/m/{twelve['tokens']['host']}"

    # Banakil: a hand in, and a match over its line.
    banakil = match(client, "banakil", ("Dana", "Ravi", "Sami", "Lina"))
    play(client, banakil, {"dead": False, "hands": [
        {"score": 36.5, "went_out": True}, {"score": -20, "went_out": False},
        {"melded": {"3-6": 2, "A": 1}, "in_hand": {"7-K": 1}, "went_out": False},
        {"score": 15, "went_out": False}]})
    host = banakil["tokens"]["host"]
    paths.update({"sheet banakil": f"/m/{host}", "round banakil": f"/m/{host}/round/1",
                  "hand banakil": f"/m/{host}/round/2/hand/0",
                  "hand banakil typed": f"/m/{host}/round/1/hand/0",
                  "line banakil": f"/m/{host}/line"})
    banakil_over = match(client, "banakil", ("Dana", "Ravi"), {"target": 150})
    play(client, banakil_over, {"dead": False, "hands": [
        {"score": 160, "went_out": True}, {"score": 10, "went_out": False}]})
    paths["sheet banakil over"] = f"/m/{banakil_over['tokens']['host']}"

    # Blue Banana: a round with task cards, and eight rounds played.
    blue = match(client, "blue_banana", ("Ana", "Ben", "Cy"))
    play(client, blue, {"players": [player(3, 1, "correct"), player(2), player(0, 2)],
                          "task": [{"motif": "flamingo", "color": "green"},
                                   {"motif": "banana", "color": "blue"}]})
    host = blue["tokens"]["host"]
    paths.update({"sheet blue_banana": f"/m/{host}", "task blue_banana": f"/m/{host}/task",
                  "round blue_banana": f"/m/{host}/round/1",
                  "check blue_banana": f"/m/{host}/round/1/check?motif=frog&color=pink",
                  "hand blue_banana": f"/m/{host}/round/2/hand/1"})
    # A round whose task cards are up and whose banana nobody has snatched yet.
    waiting = match(client, "blue_banana", ("Ana", "Ben"))
    play(client, waiting, {"players": [None, None],
                             "task": [{"motif": "frog", "color": "red"},
                                      {"motif": "whale", "color": "yellow"}]})
    host = waiting["tokens"]["host"]
    paths.update({"round blue_banana waiting": f"/m/{host}/round/1",
                  "check blue_banana waiting": f"/m/{host}/round/1/check?motif=frog&color=pink",
                  "check blue_banana no such card":
                      f"/m/{host}/round/1/check?motif=banana&color=yellow"})
    blue_over = match(client, "blue_banana", ("Ana", "Ben"))
    for _ in range(8):
        play(client, blue_over, {"players": [player(1), player(2, 1)]})
    paths["sheet blue_banana over"] = f"/m/{blue_over['tokens']['host']}"

    # Bandido: a turn in, a character page, and a match won.
    bandido = match(client, "bandido", ("Ana", "Ben", "Cy"))
    play(client, bandido, {"players": [{"vp": 1, "symbols": ["stone"]},
                                         {"vp": 0, "symbols": []}, {"vp": 2, "symbols": []}]})
    host, seat = bandido["tokens"]["host"], bandido["tokens"]["seats"][1]
    paths.update({"sheet bandido": f"/m/{host}", "character bandido": f"/m/{seat}/character",
                  "hand bandido": f"/m/{host}/round/2/hand/0",
                  "sheet bandido seat": f"/m/{seat}"})
    # Cy's character typed on his phone: his link elsewhere asks before replacing it; the
    # host who plays Ana enters hers on the host's phone.
    cy = bandido["tokens"]["seats"][2]
    api(client, "PUT", f"/matches/{bandido['id']}/seats/2/character", cy,
         json={"symbols": ["coconut"] * 3})
    paths.update({"character bandido asked": f"/m/{cy}/character",
                  "character bandido host": f"/m/{host}/character?seat=0"})
    bandido_over = match(client, "bandido", ("Ana", "Ben"))
    play(client, bandido_over, {"players": [{"vp": 5, "symbols": []},
                                              {"vp": 0, "symbols": []}]})
    paths["sheet bandido over"] = f"/m/{bandido_over['tokens']['host']}"

    # A group with a bank of two matches, a match of it over and waiting to be banked.
    group = api(client, "POST", "/groups", json={"name": "Thursday table",
                                                   "players": ["Ana", "Ben", "Cy"]})
    owner = group["tokens"]["owner"]
    for scores in ([10, 4, 2], [3, 12, 7]):
        played = match(client, "generic", ("Ana", "Ben", "Cy"), {"rounds": 1},
                        group=group["id"], token=owner)
        play(client, played, {"scores": scores})
        api(client, "POST", f"/matches/{played['id']}/bank", played["tokens"]["host"])
    waiting = match(client, "generic", ("Ana", "Ben"), {"rounds": 1}, group=group["id"],
                     token=owner)
    play(client, waiting, {"scores": [8, 9]})
    banked = match(client, "generic", ("Ana", "Cy"), {"rounds": 1})
    play(client, banked, {"scores": [1, 2]})
    api(client, "POST", f"/matches/{banked['id']}/bank", banked["tokens"]["host"])
    # Ratings on: the leaderboard's rating column, each match's changes, a player's chart.
    api(client, "PATCH", f"/groups/{group['id']}", owner, {"ratings": True})
    ana = next(p["id"] for p in group["players"] if p["name"] == "Ana")
    paths["player"] = f"/g/{group['tokens']['view']}/players/{ana}"
    paths.update({"group": f"/g/{owner}", "group view": f"/g/{group['tokens']['view']}",
                  "roster": f"/g/{owner}/players", "group links": f"/g/{owner}/links",
                  "destinations": f"/g/{owner}/destinations",
                  "group new match": f"/g/{owner}/new/generic",
                  "sheet in group over": f"/m/{waiting['tokens']['host']}",
                  "sheet banked": f"/m/{banked['tokens']['host']}"})
    for game in ("banakil", "blue_banana", "bandido"):
        paths[f"table {game}"] = paths[f"sheet {game}"] + "/table"

    # A game night of the group at Banakil: a hand at one table, another table banked.
    ids = [p["id"] for p in api(client, "POST", f"/groups/{group['id']}/players", owner,
                                 {"name": "Dee"})["players"]]
    for name in ("Eli", "Fay", "Gus", "Hal"):
        ids = [p["id"] for p in api(client, "POST", f"/groups/{group['id']}/players", owner,
                                     {"name": name})["players"]]
    night = api(client, "POST", f"/groups/{group['id']}/nights", owner,
                 {"game": "banakil", "players": ids[:8], "name": "Friday club"})
    first, second = ({"id": t["match"], "tokens": t["tokens"]} for t in night["seatings"][0])
    hands = [{"score": 40, "went_out": True}, {"score": 10}, {"score": -20}, {"score": 5}]
    play(client, first, {"dead": False, "hands": hands})
    api(client, "PATCH", f"/matches/{second['id']}/options", second["tokens"]["host"],
         {"target": 20})
    play(client, second, {"dead": False, "hands": hands})
    api(client, "POST", f"/matches/{second['id']}/bank", second["tokens"]["host"])
    # A season over the whole bank (SPEC section 11): its page, its form, and its top five on
    # the group page and the big screen.
    season = api(client, "POST", f"/groups/{group['id']}/seasons", owner,
                  {"name": "Autumn league", "starts": "2000-01-01", "best_of": 3, "at_least": 2})
    paths.update({"season": f"/g/{owner}/seasons/{season['id']}",
                  "season view": f"/g/{group['tokens']['view']}/seasons/{season['id']}",
                  "season new": f"/g/{owner}/seasons/new",
                  "season edit": f"/g/{owner}/seasons/{season['id']}/edit"})
    paths.update({"night start": f"/g/{owner}/nights/new",
                  "night start banakil": f"/g/{owner}/nights/new?game=banakil",
                  "night": f"/g/{owner}/nights/{night['id']}",
                  "night view": f"/g/{group['tokens']['view']}/nights/{night['id']}",
                  "night screen": f"/tv/{night['tokens']['tv']}",
                  "night seat": f"/m/{first['tokens']['seats'][1]}"})
    paths.update(designs(client))
    return paths


SEVEN = {"military": 3, "coins": 6, "wonder": 5, "civilian": 4, "commercial": 0, "guilds": 0,
         "gear": 1, "compass": 1, "tablet": 0}


def designs(client) -> dict[str, str]:
    """A sheet for any game: a tally half filled in and one over on its tie-break, a rounds
    design, and the designs' own pages."""
    tally = api(client, "POST", "/matches", json={"game": "custom", "design": "7-wonders",
                                                   "players": ["Ana", "Ben", "Cy"]})
    api(client, "PUT", f"/matches/{tally['id']}/rounds/1/seats/0", tally["tokens"]["host"],
         SEVEN)
    over = api(client, "POST", "/matches", json={"game": "custom", "design": "7-wonders",
                                                  "players": ["Ana", "Ben"]})
    play(client, over, {"players": [SEVEN, SEVEN | {"coins": 3, "military": 4}]})
    wizard = api(client, "POST", "/matches", json={"game": "custom", "design": "wizard",
                                                    "players": ["Ana", "Ben", "Cy"]})
    play(client, wizard, {"players": [{"bid": 1, "tricks": 1}, {"bid": 0, "tricks": 2},
                                        {"bid": 2, "tricks": 0}]})
    made = api(client, "POST", "/designs",
                json=api(client, "GET", "/designs/tichu")["design"])
    host, rounds = tally["tokens"]["host"], wizard["tokens"]["host"]
    return {"new custom": "/new/custom", "custom start": "/new/custom?opt_design=7-wonders",
            "sheet custom": f"/m/{host}", "hand custom": f"/m/{host}/round/1/hand/1",
            "sheet custom over": f"/m/{over['tokens']['host']}",
            "sheet custom rounds": f"/m/{rounds}", "round custom": f"/m/{rounds}/round/1",
            "designer": "/designs/new", "design owner":
                f"/d/{made['id']}/{made['tokens']['owner']}", "design import": "/designs/import"}
