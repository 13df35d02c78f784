"""SPEC section 14's pages for a recorded play, without a browser: the owner logs one from the
group's page (a new game, the roster's chips, a guest typed), its page shows the result, and the
owner corrects and deletes it; a refusal is said beside its field with what was typed kept; a
view link may only look."""

from __future__ import annotations

import pytest


def bank_of(club):
    return club.state()["matches"]


def roster(club):
    return {p["name"]: p["id"] for p in club.state()["players"]}


def add_game(api, club, **fields):
    response = api.call("POST", f"/groups/{club.id}/games", club.owner,
                        json={"name": "Wingspan"} | fields)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def test_the_owner_logs_a_play_of_a_new_game_with_a_guest(group, page, submit, client,
                                                          location):
    club = group(players=("Ana", "Ben", "Cy"))
    home = page(f"/g/{club.owner}")
    assert f"/g/{club.owner}/plays/new" in [a.get("href") for a in home.find_all("a")]
    form = page(f"/g/{club.owner}/plays/new")
    assert form.status == 200
    assert form.by_id("game").find("option", selected=True).get("value") == ""
    ids = roster(club)
    score = form.by_id(f"score-p{ids['Ana']}")
    assert score.get("inputmode") == "decimal"
    assert form.by_id("played_at").get("type") == "datetime-local"
    posted = submit(form, game="new", new_game="Azul", lowest_wins=None, player=str(ids["Ana"]),
                    **{f"score-p{ids['Ana']}": "12.5", f"score-p{ids['Ben']}": "99",
                       "guest-0": "Visitor", "score-g0": "-3", "played_at": "2026-03-14T20:30",
                       "offset": "60", "minutes": "40", "note": "At the café"})
    path, _query = location(posted)
    [play] = bank_of(club)
    assert path == f"/g/{club.owner}/plays/{play['id']}"
    assert play["played_game"]["name"] == "Azul"
    assert play["banked_at"] == "2026-03-14T19:30:00+00:00" and play["duration"] == 40 * 60
    lines = {p["name"]: p for p in play["players"]}
    assert set(lines) == {"Ana", "Visitor"}  # Ben's score without his tick: not chosen
    assert lines["Ana"]["winner"] and lines["Ana"]["total"] == 12.5
    assert lines["Visitor"] | {"guest": True, "winner": False, "total": -3} == lines["Visitor"]

    shown = page(client.get(posted.headers["Location"]))
    assert "The play of Azul is in the bank." in shown.text
    assert shown.find("h1").text == "Azul"
    rows = [[cell.text for cell in tr.children if not isinstance(cell, str)]
            for tr in shown.find("table", class_="play-result").find("tbody").find_all("tr")]
    assert rows[0][:3] == ["1", "Ana", "12.5"] and "✓" in rows[0][3]
    assert rows[1][:3] == ["2", "Visitor guest", "−3"]
    assert "At the café" in shown.text and "40 min" in shown.text
    # The group's bank links the play to its page.
    home = page(f"/g/{club.owner}")
    assert f"/g/{club.owner}/plays/{play['id']}" in [a.get("href") for a in
                                                      home.by_id("bank").find_all("a")]


def test_the_form_offers_the_most_recently_played_game_first(group, api, page, submit):
    club = group()
    older, newer = add_game(api, club, name="Azul"), add_game(api, club, name="Wingspan")
    ids = roster(club)
    for game, when in ((newer, "2026-01-01T20:00"), (older, "2026-02-01T20:00")):
        submit(f"/g/{club.owner}/plays/new", game=str(game["id"]), player=str(ids["Ana"]),
               played_at=when)
    form = page(f"/g/{club.owner}/plays/new")
    options = [(o.get("value"), o.text) for o in form.by_id("game").find_all("option")]
    assert options == [("", "Choose a game…"), (str(older["id"]), "Azul"),
                       (str(newer["id"]), "Wingspan"), ("new", "A new game (type its name)")]
    # Nothing chosen for the owner: a play of the wrong game is not one tap away.
    assert form.by_id("game").find("option", selected=True).get("value") == ""


def test_a_refusal_is_said_beside_its_field_with_what_was_typed_kept(group, api, page, submit,
                                                                    client):
    club = group()
    ids = roster(club)
    game = add_game(api, club)
    refused = submit(f"/g/{club.owner}/plays/new", game=str(game["id"]), player=str(ids["Ben"]),
                     **{f"score-p{ids['Ben']}": "ten", "note": "kept", "minutes": "30"})
    assert refused.status_code == 422
    again = page(refused)
    assert "number" in again.field_error(f"score-p{ids['Ben']}")
    assert again.by_id(f"score-p{ids['Ben']}").get("value") == "ten"
    assert again.by_id(f"player-{ids['Ben']}").has("checked")
    assert again.by_id("note").text == "kept" and again.by_id("minutes").get("value") == "30"

    nobody = page(submit(f"/g/{club.owner}/plays/new", game=str(game["id"]),
                         **{f"score-p{ids['Ana']}": "3"}))
    assert nobody.status == 422
    assert nobody.field_error("players") == "Tick who played, or type a guest's name."

    coop = add_game(api, club, name="The Crew", cooperative=True, no_points=True)
    form = page(f"/g/{club.owner}/plays/new")
    action, data = form.form_data(game=str(coop["id"]), **{f"winner-p{ids['Ana']}": "y"})
    data["player"] = [str(ids["Ana"]), str(ids["Ben"])]
    mixed = page(client.post(action, data=data))
    assert mixed.status == 422
    assert "won or lost by everyone together" in mixed.field_error("players")
    assert mixed.by_id("game").find("option", selected=True).text == "The Crew"
    assert bank_of(club) == []

    new_game_refused = page(submit(f"/g/{club.owner}/plays/new", game="new", new_game="Duel",
                                   cooperative="y", uses_teams="y", player=str(ids["Ana"])))
    assert new_game_refused.status == 422
    assert "uses no teams" in new_game_refused.field_error("uses_teams")
    assert new_game_refused.by_id("new_game").get("value") == "Duel"
    assert [g["name"] for g in api.call("GET", f"/groups/{club.id}/games", club.owner)
            .get_json()["games"]] == ["The Crew", "Wingspan"]


def test_a_cooperative_play_is_won_together(group, api, page, submit, client):
    club = group()
    ids = roster(club)
    coop = add_game(api, club, name="The Crew", cooperative=True, no_points=True)
    form = page(f"/g/{club.owner}/plays/new")
    action, data = form.form_data(game=str(coop["id"]), outcome="won")
    data["player"] = [str(ids["Ana"]), str(ids["Cy"])]
    response = client.post(action, data=data)
    assert response.status_code == 302
    [play] = bank_of(club)
    assert all(p["winner"] for p in play["players"])
    shown = page(client.get(response.headers["Location"]))
    assert "the table won together" in shown.text


def test_the_owner_corrects_and_deletes_a_play(group, api, page, submit, client, location):
    club = group()
    ids = roster(club)
    game = add_game(api, club)
    submit(f"/g/{club.owner}/plays/new", game=str(game["id"]), player=str(ids["Ana"]),
           **{f"score-p{ids['Ana']}": "10", "guest-0": "Zed", "score-g0": "7",
              "winner-g0": "y", "played_at": "2026-03-14T20:30"})
    [play] = bank_of(club)
    shown = page(f"/g/{club.owner}/plays/{play['id']}")
    links = [a.get("href") for a in shown.find_all("a")]
    edit = f"/g/{club.owner}/plays/{play['id']}/edit"
    assert edit in links and f"/g/{club.owner}/plays/{play['id']}/delete" in links

    form = page(edit)
    assert form.by_id(f"player-{ids['Ana']}").has("checked")
    assert not form.by_id(f"player-{ids['Ben']}").has("checked")
    assert form.by_id(f"score-p{ids['Ana']}").get("value") == "10"
    assert form.by_id("guest-0").get("value") == "Zed"
    assert form.find("input", name="winner-g0").has("checked")
    assert form.by_id("played_at").get("value") == "2026-03-14T20:30"
    corrected = submit(form, **{f"score-p{ids['Ana']}": "12,5", "winner-g0": None,
                                "played_at": "2026-03-14T21:00"})
    path, _query = location(corrected)
    assert path == f"/g/{club.owner}/plays/{play['id']}"
    [after] = bank_of(club)
    lines = {p["name"]: p for p in after["players"]}
    assert lines["Ana"]["total"] == 12.5 and lines["Ana"]["winner"]
    assert not lines["Zed"]["winner"] and after["banked_at"] == "2026-03-14T21:00:00+00:00"

    ask = page(f"/g/{club.owner}/plays/{play['id']}/delete")
    assert ask.status == 200 and "Delete the play?" in ask.text
    assert bank_of(club)  # asking deletes nothing
    gone = submit(ask)
    assert location(gone)[0] == f"/g/{club.owner}"
    assert bank_of(club) == []
    assert page(f"/g/{club.owner}/plays/{play['id']}").status == 404


def test_a_view_link_sees_a_play_but_cannot_log_correct_or_delete(group, api, page, submit,
                                                                 client):
    club = group()
    ids = roster(club)
    game = add_game(api, club)
    submit(f"/g/{club.owner}/plays/new", game=str(game["id"]), player=str(ids["Ana"]))
    [play] = bank_of(club)
    view = club.view
    shown = page(f"/g/{view}/plays/{play['id']}")
    assert shown.status == 200 and not shown.forms()
    assert "/edit" not in shown.html and "/delete" not in shown.html
    assert "/plays/new" not in page(f"/g/{view}").html
    assert client.get(f"/g/{view}/plays/new").status_code == 403
    assert client.post(f"/g/{view}/plays/new", data={"game": str(game["id"]),
                                                     "player": str(ids["Ben"])}
                       ).status_code == 403
    assert client.get(f"/g/{view}/plays/{play['id']}/edit").status_code == 403
    assert client.post(f"/g/{view}/plays/{play['id']}/delete").status_code == 403
    assert client.get(f"/g/unknown-link/plays/{play['id']}").status_code == 404
    assert len(bank_of(club)) == 1


@pytest.mark.parametrize("typed", ["-3", "\u22123", "12.5", "12,5"])
def test_a_score_is_typed_as_a_phone_types_it(group, api, submit, typed):
    club = group()
    ids = roster(club)
    game = add_game(api, club)
    response = submit(f"/g/{club.owner}/plays/new", game=str(game["id"]),
                      player=str(ids["Ana"]), **{f"score-p{ids['Ana']}": typed})
    assert response.status_code == 302
    [play] = bank_of(club)
    assert play["players"][0]["total"] == float(typed.replace("\u2212", "-").replace(",", "."))


def test_a_players_page_names_each_played_game_and_links_its_plays(api, group, page):
    club = group(players=("Ana", "Ben"))
    assert api.call("PATCH", f"/groups/{club.id}", club.owner,
                    json={"ratings": True}).status_code == 200
    ids = roster(club)
    azul, heat = add_game(api, club, name="Azul"), add_game(api, club, name="Heat",
                                                           no_points=True)
    for game, lines in ((azul, [{"player": ids["Ana"], "score": "61.5"},
                                {"player": ids["Ben"], "score": "40"}]),
                        (heat, [{"player": ids["Ana"]}, {"player": ids["Ben"],
                                                          "winner": True}])):
        logged = api.call("POST", f"/groups/{club.id}/plays", club.owner, json={
            "game": game["id"], "played_at": "2026-03-14T20:30:00Z", "players": lines})
        assert logged.status_code == 201, logged.get_json()
    shown = page(f"/g/{club.owner}/players/{ids['Ana']}")
    assert shown.status == 200
    per_game = {row.find("th").text: [td.text for td in row.find_all("td")]
                for row in shown.find_all("tr") if row.find("th", scope="row")}
    assert per_game["Azul"][:2] == ["1", "1"] and per_game["Azul"][-1] == "61.5"
    assert per_game["Heat"][:2] == ["1", "0"] and per_game["Heat"][-1] == ""
    headings = [h.text for h in shown.find_all("h2")]
    assert "Azul: rating" in headings and "Heat: rating" in headings
    links = [a.get("href") for a in shown.find_all("a", class_="banked-name")]
    assert links and all(f"/g/{club.owner}/plays/" in link for link in links)


def test_a_plays_result_card_is_drawn_and_drawn_again_when_corrected(api, group, client, app):
    from app.web.match.share import card_in

    club = group(players=("Ana", "Ben"))
    ids = roster(club)
    game = add_game(api, club, name="Cascadia")
    body = {"game": game["id"], "played_at": "2026-03-14T20:30:00Z",
            "players": [{"player": ids["Ana"], "score": "88.5"}, {"guest": "Zoe"}]}
    play = api.call("POST", f"/groups/{club.id}/plays", club.owner, json=body).get_json()
    card = client.get(f"/g/{club.view}/plays/{play['id']}/card.png")
    assert card.status_code == 200 and card.mimetype == "image/png"
    assert card.data.startswith(b"\x89PNG")
    corrected = api.call("PUT", f"/groups/{club.id}/plays/{play['id']}", club.owner,
                         json=body | {"players": [{"player": ids["Ana"], "score": "1"},
                                                  {"guest": "Zoe", "score": "2"}]})
    assert corrected.status_code == 200, corrected.get_json()
    again = client.get(f"/g/{club.view}/plays/{play['id']}/card.png")
    assert again.status_code == 200 and again.data != card.data
    with app.app_context():  # as the chat's worker draws it, in a destination's language
        assert card_in(play["id"], "ar").startswith(b"\x89PNG")
    assert client.get(f"/g/{club.view}/plays/nothing/card.png").status_code == 404


def test_a_play_with_no_game_chosen_is_refused_beside_the_game_and_at_the_top(group, page,
                                                                            submit):
    club = group()
    ids = roster(club)
    form = page(submit(f"/g/{club.owner}/plays/new", game="", player=str(ids["Ana"]),
                       played_at="2026-03-14T20:30", **{f"score-p{ids['Ana']}": "7"}))

    assert form.status == 422 and bank_of(club) == []
    assert "Choose the game" in form.field_error("game")
    assert form.by_id("game").find("option", selected=True).get("value") == ""
    assert form.by_id(f"score-p{ids['Ana']}").get("value") == "7"  # what was typed, kept
    summary = form.by_id("error-summary")
    assert summary is not None and summary.has("autofocus")
    assert "not logged" in summary.find("h2").text
    [link] = summary.find_all("a")
    assert link.get("href") == "#game" and link.text == "Game"
    assert "Choose the game" in link.ancestor("li").text


def test_a_refused_play_lists_each_field_at_fault_at_the_top_in_the_page_s_order(group, page,
                                                                                submit):
    club = group()
    ids = roster(club)
    form = page(submit(f"/g/{club.owner}/plays/new", game="new", player=str(ids["Ana"]),
                       played_at="", minutes="forty"))

    assert form.status == 422
    summary = form.by_id("error-summary")
    assert [(a.get("href"), a.text) for a in summary.find_all("a")] == [
        ("#new_game", "A new game"), ("#played_at", "When it was played"),
        ("#minutes", "Minutes played")]
    assert page(f"/g/{club.owner}/plays/new").by_id("error-summary") is None


def test_a_play_with_no_score_and_no_winner_is_said_before_it_is_saved_and_kept_so(
        group, api, page, submit):
    # SPEC section 14: a score may be null and `winner` is optional, so such a play is one.
    club = group()
    game = add_game(api, club, name="Azul")
    ids = roster(club)
    form = page(f"/g/{club.owner}/plays/new")
    said = form.by_id("no-result")
    assert said.has("hidden") and said.get("role") == "status"  # its script shows it when so
    assert said.text == "No scores and no winner: recorded as played, nobody won."
    assert any("nobody winning" in p.text for p in form.find_all("p", class_="no-script"))

    submit(f"/g/{club.owner}/plays/new", game=str(game["id"]), player=[str(ids["Ana"]),
                                                                      str(ids["Ben"])],
           played_at="2026-03-14T20:30")
    [play] = bank_of(club)
    assert [(p["total"], p["winner"]) for p in play["players"]] == [(None, False)] * 2


def test_the_bank_says_how_long_a_play_took_only_where_its_minutes_were_given(api, group, page):
    club = group(players=("Ana", "Ben"))
    ids, azul = roster(club), add_game(api, club, name="Azul")
    for minutes in (None, 45):
        logged = api.call("POST", f"/groups/{club.id}/plays", club.owner, json={
            "game": azul["id"], "played_at": "2026-03-14T20:30:00Z", "minutes": minutes,
            "players": [{"player": ids["Ana"], "score": "12"}, {"player": ids["Ben"]}]})
        assert logged.status_code == 201, logged.get_json()
    hints = [link.parent.find("span", class_="hint").text
             for link in page(f"/g/{club.owner}").find_all("a", class_="banked-name")]
    assert len(hints) == 2
    assert sum("45 min" in hint for hint in hints) == 1
    assert not any("under a minute" in hint for hint in hints), hints
