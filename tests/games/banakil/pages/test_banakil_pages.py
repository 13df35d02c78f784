"""Banakil on the pages: the new match form, the hand calculator, its preview, the working."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from app.extensions import db
from app.games.banakil.engine import OPTIONS
from app.games.banakil.hands import CLASSES
from app.models import Match, Token

# rules/banakil.txt, "A worked hand". Dana: hearts 3–9 and three threes give 4 + 3 = 7 threes
# to sixes; hearts 7–9 and spades 10–K give 3 + 4 = 7 sevens to kings; the spades ace and three
# aces give 4 aces: 3.5 + 7 + 6 = 16.5 melded, + 20 for going out = 36.5 → 37.
DANA = {"melded-3-6": "7", "melded-7-K": "7", "melded-A": "4", "went_out": True}
# Ravi: 5,6 | 7,8,9,10,J and three aces melded: 1 + 5 + 4.5 = 10.5. In hand K, Q, 9, 7 | 6, 4,
# 4 | a two: 4 + 1.5 + 2 = 7.5. 10.5 − 7.5 = 3.
RAVI = {"melded-3-6": "2", "melded-7-K": "5", "melded-A": "3",
        "in_hand-3-6": "3", "in_hand-7-K": "4", "in_hand-2": "1"}
ZERO = {f"{pile}-{name}": "0" for pile in ("melded", "in_hand") for name in CLASSES}


def hand_url(token, seat, number=1):
    return f"/m/{token}/round/{number}/hand/{seat}"


def api_hand(melded=None, in_hand=None, **flags):
    return {"melded": melded or {}, "in_hand": in_hand or {}, **flags}


def post_round(match, *hands, dead=False):
    response = match.api.call("POST", f"/matches/{match.id}/rounds", match.host,
                              json={"dead": dead, "hands": list(hands)})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def stored_match(app, host_token):
    with app.app_context():
        token = db.session.scalar(select(Token).where(Token.secret == host_token))
        assert token is not None and token.role == "host"
        match = db.session.get(Match, token.match_id)
        return [seat.name for seat in match.seats], dict(match.options)


def hand_buttons(sheet):
    """The hand links of the sheet's entry section, by their ids."""
    return [a.get("id") for a in sheet.find_all("a", class_="button")
            if a.ancestor("ul") is not None and "hand-list" in a.ancestor("ul").classes]


def dead_hand_forms(sheet):
    return [f for f in sheet.forms() if (f.get("action") or "").endswith("/round/dead")]


def working_sides(working):
    return [li.text for li in working.find("ul", class_="working-sides").find_all("li")]


def working_hands(working):
    return {tr.find("th").text: [td.text for td in tr.find_all("td")]
            for tr in working.find("table", class_="working").find("tbody").find_all("tr")}


# The new match form ----------------------------------------------------------------------


def test_the_new_match_form_shows_every_option_with_its_help_sentence(page):
    form = page("/new/banakil")

    assert form.status == 200
    assert form.find("h1").text == "New match: Banakil"
    players = [n for n in form.find_all("input") if (n.get("name") or "").startswith("players-")]
    assert len(players) == 4  # Banakil takes 2 to 4
    for spec in OPTIONS:
        field = form.by_id(f"opt_{spec.name}")
        assert field is not None, spec.name
        block = field.ancestor("div")
        assert block.find("p", class_="hint").text == " ".join(spec.help.split())
        assert spec.label in block.text
    target = form.by_id("opt_target")
    assert target.get("value") == ""
    assert target.get("placeholder") == "by player count"
    assert "150 for two players, 203 for three, 303 for a partnership, 222 with the online" \
        in target.ancestor("div").text
    chosen = {name: [o.get("value") for o in form.by_id(f"opt_{name}").find_all("option")
                     if o.has("selected")] for name in ("side_scoring", "rules")}
    assert chosen == {"side_scoring": ["net"], "rules": ["table"]}
    assert not form.by_id("opt_no_turn_zero").has("checked")
    dealer = form.by_id("opt_first_dealer")  # asked by name: a choice per player line
    assert dealer.tag == "select"
    assert [(o.get("value"), o.text) for o in dealer.find_all("option")] == [
        ("0", "the first name"), ("1", "the second name"), ("2", "the third name"),
        ("3", "the fourth name")]
    assert [o.get("value") for o in dealer.find_all("option") if o.has("selected")] == ["0"]


@pytest.mark.parametrize(("names", "changes", "target"), [
    (["Dana", "Ravi"], {}, 150),
    (["Ana", "Ben", "Cy"], {}, 203),
    (["Ana", "Ben", "Cy", "Dee"], {}, 303),
    (["Ana", "Ben", "Cy", "Dee"], {"opt_rules": "online"}, 222),
    (["Ana", "Ben", "Cy"], {"opt_target": "99"}, 99),
])
def test_an_empty_target_follows_the_player_count(app, submit, page, location, names, changes,
                                                  target):
    typed = {f"players-{i}": name for i, name in enumerate(names)}

    response = submit("/new/banakil", **typed, **changes)

    path, _ = location(response)
    players, options = stored_match(app, path.rsplit("/", 1)[-1])
    assert players == names
    assert options["target"] == target
    assert f"target {target}" in page(path).find("p", class_="meta").text


def test_the_form_refuses_one_player_and_a_dealer_past_the_table(app, submit, page):
    one = submit("/new/banakil", **{"players-0": "Dana"})
    assert one.status_code == 422
    assert "2 to 4 players" in page(one).text

    far = submit("/new/banakil", **{"players-0": "Dana", "players-1": "Ravi",
                                    "opt_first_dealer": "3"})
    assert far.status_code == 422
    shown = page(far)
    block = shown.by_id("opt_first_dealer").ancestor("div")
    assert " ".join(e.text for e in block.find_all(class_="error")) == (
        "The fourth name is not typed: only 2 names are typed. Choose the first dealer among "
        "them.")
    with app.app_context():
        assert db.session.scalar(select(Match)) is None


# The hand calculator ---------------------------------------------------------------------


def test_the_hand_calculator_starts_empty_with_both_piles_and_the_version(page, banakil):
    match = banakil()

    form = page(hand_url(match.host, 0))

    assert form.status == 200
    assert form.find("h1").text == "Hand 1: Dana"
    for pile in ("melded", "in_hand"):
        for name in CLASSES:
            assert form.by_id(f"{pile}-{name}").get("value") == "0"
    assert form.find("input", name="mode", value="cards").has("checked")
    assert form.find("input", name="went_out") is not None
    assert form.find("input", name="all_at_once") is not None
    assert form.find("input", name="no_turn") is None  # only with the no_turn_zero variant
    assert form.find("input", name="version").get("value") == str(match.state()["version"])
    assert form.find("form", class_="hand-form").get("data-preview-url") == \
        hand_url(match.host, 0) + "/preview"


def test_the_no_turn_box_shows_with_its_variant(page, banakil):
    match = banakil(no_turn_zero=True)

    assert page(hand_url(match.host, 0)).find("input", name="no_turn") is not None


def test_the_worked_hand_from_card_counts_goes_on_the_sheet(submit, page, location, banakil):
    match = banakil()

    saved = submit(hand_url(match.host, 0), **DANA)

    path, query = location(saved)
    assert path == f"/m/{match.host}"
    assert query["focus"] == ["s1"]  # Ravi's hand is next to type, not Dana's again
    sheet = page(f"/m/{match.host}")
    assert "\u2068Dana\u2069's hand saved." in sheet.find(class_="flash-info").text
    assert sheet.row(1) == ["37", "…"]  # Dana's cell is known already; Ravi's is not
    assert "open" in sheet.by_id("r1").classes
    assert sheet.totals() == [0, 0]
    state = match.state()
    assert state["rounds"][0]["hand_scores"] == [36.5, None]
    assert working_hands(page(f"/m/{match.host}/round/1")) == {
        "Dana": ["16.5 melded − 0 in hand + 20 for going out", "36.5"],
        "Ravi": ["not typed yet", "…"]}
    assert state["rounds"][0]["input"]["hands"][0]["melded"] == {
        "3-6": 7, "7-K": 7, "A": 4, "2": 0, "joker": 0}

    saved = submit(hand_url(match.host, 1), **RAVI)

    assert location(saved)[1]["focus"] == ["s0"]  # hand 2: Dana's first
    sheet = page(f"/m/{match.host}")
    assert sheet.row(1) == ["37", "3"]
    assert sheet.totals() == [37, 3]
    assert "complete" in sheet.by_id("r1").classes
    assert sheet.standings()["Dana"]["note"] == "leads · 113 to go"  # 150 − 37
    assert sheet.standings()["Ravi"]["note"] == "147 to go"
    state = match.state()
    assert state["rounds"][0]["hand_scores"] == [36.5, 3]
    assert state["rounds"][0]["cells"] == [37, 3]

    again = page(hand_url(match.host, 0))  # a saved hand shows its counts again
    assert [again.by_id(f"melded-{n}").get("value") for n in CLASSES] == ["7", "7", "4", "0", "0"]
    assert again.find("input", name="went_out").has("checked")


def test_the_quick_score_mode_saves_the_number_the_table_counted(submit, page, banakil):
    match = banakil()

    assert submit(hand_url(match.host, 0), mode="score", score="36,5",
                  went_out=True).status_code == 302
    assert submit(hand_url(match.host, 1), mode="score", score=" 3 ").status_code == 302

    state = match.state()
    assert state["rounds"][0]["input"]["hands"] == [{"score": 36.5, "went_out": True},
                                                     {"score": 3, "went_out": False}]
    assert state["rounds"][0]["cells"] == [37, 3]  # 36.5 rounds up
    assert page(f"/m/{match.host}").totals() == [37, 3]
    again = page(hand_url(match.host, 0))
    assert again.find("input", name="mode", value="score").has("checked")
    assert again.by_id("score").get("value") == "36.5"

    # A typed −20 with the proper minus sign: Ravi melded nothing in hand 2.
    assert submit(hand_url(match.host, 1, 2), mode="score", score="−20").status_code == 302
    assert match.state()["rounds"][1]["hand_scores"] == [None, -20]


# Errors beside their field ---------------------------------------------------------------


def test_a_hand_that_lost_a_race_offers_keep_mine_and_keep_saved(client, page, submit, api,
                                                                  banakil):
    match = banakil()
    stale = page(hand_url(match.host, 0))
    saved = api.call("PUT", f"/matches/{match.id}/rounds/1/seats/0", match.host,
                     json={"score": 25, "went_out": False})
    assert saved.status_code in (200, 201)

    asked = page(submit(stale, mode="score", score="40"))

    assert asked.status == 409
    conflict = asked.find(class_="conflict")
    assert conflict.find("a", class_="keep-saved").get("href").startswith(f"/m/{match.host}")
    keep = next(form for form in conflict.find_all("form")
                if form.find("button", class_="keep-mine"))
    data = {field.get("name"): field.get("value") for field in keep.find_all("input")}
    assert data["mode"] == "score" and data["score"] == "40"
    assert match.state()["rounds"][0]["input"]["hands"][0]["score"] == 25

    # One tap keeps mine: the hand as typed, over the one saved meanwhile.
    assert client.post(keep.get("action"), data=data).status_code == 302
    assert match.state()["rounds"][0]["input"]["hands"][0]["score"] == 40


@pytest.mark.parametrize(("typed", "field", "says"), [
    pytest.param({"melded-7-K": "x"}, "melded-7-K", "Count whole cards", id="count-x"),
    pytest.param({"in_hand-A": "-1"}, "in_hand-A", "Count whole cards", id="count-negative"),
    pytest.param({"melded-7-K": "3", "in_hand-A": "1", "went_out": True}, "in_hand-error",
                 "holds no cards", id="went-out-with-cards-in-hand"),
    pytest.param({"went_out": True}, "melded-error", "melding something",
                 id="went-out-melding-nothing"),
    pytest.param({"melded-7-K": "3", "all_at_once": True}, "all_at_once-error", "went out",
                 id="all-at-once-without-going-out"),
    pytest.param({"in_hand-A": "9"}, "in_hand-A", "only 8 aces", id="more-than-the-packs"),
    pytest.param({"mode": "score", "score": "36.25", "went_out": True}, "score", "36.25",
                 id="score-in-quarter-points"),
    pytest.param({"mode": "score", "score": "about 30"}, "score", "36.5",
                 id="score-not-a-number"),
])
def test_a_wrong_hand_is_shown_again_with_the_message_beside_its_field(submit, page, banakil,
                                                                       typed, field, says):
    match = banakil()
    before = match.state()

    response = submit(hand_url(match.seats[0], 0), **typed)

    assert response.status_code == 422
    shown = page(response)
    if field.endswith("-error"):  # a message on a whole pile or box
        message = shown.by_id(field)
        assert message is not None and "error" in message.classes
        assert says in message.text
    else:
        assert says in (shown.field_error(field) or "")
        assert "invalid" in shown.by_id(field).classes
    for name, value in typed.items():  # what was typed is kept
        if value is True:
            assert shown.find("input", name=name).has("checked"), name
        elif name == "mode":
            assert shown.find("input", name="mode", value=value).has("checked")
        else:
            assert shown.find("input", name=name).get("value") == value, name
    assert match.state() == before  # nothing stored


def test_a_third_joker_across_two_hands_is_the_pack_limit(submit, page, banakil):
    match = banakil()
    assert submit(hand_url(match.host, 0), **{"melded-joker": "2", "melded-7-K": "3",
                                              "went_out": True}).status_code == 302
    before = match.state()

    response = submit(hand_url(match.host, 1), **{"melded-7-K": "3", "in_hand-joker": "1"})

    assert response.status_code == 422
    shown = page(response)
    message = shown.by_id("hand-error")
    assert message is not None, "the pack limit is not shown"
    assert message.text == "This hand counts 3 jokers, but the packs hold only 2."
    assert shown.by_id("in_hand-joker").get("value") == "1"
    assert shown.by_id("melded-7-K").get("value") == "3"
    assert match.state() == before
    assert before["rounds"][0]["input"]["hands"][1] is None


def test_a_second_player_going_out_is_refused_on_the_page(submit, page, banakil):
    match = banakil()
    submit(hand_url(match.host, 0), **DANA)

    response = submit(hand_url(match.host, 1), **{"melded-7-K": "4", "went_out": True})

    assert response.status_code == 422
    assert "Only one player can go out" in page(response).by_id("hand-error").text
    assert match.state()["rounds"][0]["input"]["hands"][1] is None


# The live preview ------------------------------------------------------------------------


def test_the_preview_scores_the_worked_hand_and_stores_nothing(client, banakil):
    match = banakil()

    reply = client.get(hand_url(match.host, 0) + "/preview",
                       query_string=ZERO | DANA | {"mode": "cards", "went_out": "on"})

    assert reply.status_code == 200
    assert reply.get_json() == {"ok": True, "hand_score": 36.5, "side": "Dana", "cell": 37,
                                "why": None}
    assert match.state()["rounds"] == []


def test_the_preview_of_an_impossible_hand_says_what_is_wrong(client, banakil):
    match = banakil()
    url = hand_url(match.host, 0) + "/preview"

    cards_in_hand = client.get(url, query_string=ZERO | {"melded-7-K": "3", "in_hand-A": "1",
                                                         "went_out": "on", "mode": "cards"})
    not_a_count = client.get(url, query_string=ZERO | {"melded-7-K": "x", "mode": "cards"})
    quarter = client.get(url, query_string={"mode": "score", "score": "36.25"})

    assert cards_in_hand.get_json()["ok"] is False
    assert cards_in_hand.get_json()["field"] == "in_hand"
    assert "holds no cards" in cards_in_hand.get_json()["message"]
    assert not_a_count.get_json() == {"ok": False, "field": "melded-7-K",
                                      "message": "Count whole cards: 0, 1, 2…"}
    assert quarter.get_json()["ok"] is False and quarter.get_json()["field"] == "score"
    assert match.state()["rounds"] == []


def test_the_preview_counts_the_carry_and_waits_for_the_netting(client, banakil):
    match = banakil()
    # Hand 1: Dana melded nothing (−20, owes 20); Ravi went out with 25.
    post_round(match, api_hand(in_hand={"A": 1}), {"score": 25, "went_out": True})

    reply = client.get(hand_url(match.host, 0, 2) + "/preview",
                       query_string={"mode": "score", "score": "26", "went_out": "on"})

    assert reply.get_json() == {"ok": True, "hand_score": 26, "side": "Dana", "cell": 6,
                                "why": None}

    four = banakil(("Ana", "Ben", "Cy", "Dee"))
    # Ben's hand alone: Ben & Dee's number waits for who went out and for Dee's hand.
    ben = client.get(hand_url(four.host, 1) + "/preview",
                     query_string=ZERO | {"melded-7-K": "4", "in_hand-joker": "1",
                                          "mode": "cards"})
    assert ben.get_json() == {"ok": True, "hand_score": 0, "side": "Ben & Dee", "cell": None,
                          "why": None}


# Ana goes out all at once: 16.5 melded, 36.5 the ordinary way, 40 as a dhamoon.
ALL_AT_ONCE = {"melded-3-6": "6", "melded-7-K": "9", "melded-A": "3", "went_out": "on",
               "all_at_once": "on", "mode": "cards"}


def test_the_preview_says_why_a_hand_out_all_at_once_is_no_dhamoon(client, submit, banakil):
    match = banakil(("Ana", "Ben", "Cy", "Dee"))
    url = hand_url(match.host, 0) + "/preview"

    waiting = client.get(url, query_string=ZERO | ALL_AT_ONCE).get_json()
    # Ben and Dee melded something; Cy, Ana's partner, melded nothing.
    submit(hand_url(match.host, 1), **{"melded-7-K": "3", "in_hand-3-6": "4"})
    submit(hand_url(match.host, 2), **{"in_hand-7-K": "5"})
    submit(hand_url(match.host, 3), **{"melded-A": "2"})
    spoiled = client.get(url, query_string=ZERO | ALL_AT_ONCE).get_json()
    arabic = client.get(url, query_string=ZERO | ALL_AT_ONCE,
                        headers={"Accept-Language": "ar"}).get_json()

    assert waiting["hand_score"] is None
    assert waiting["why"] == ("Out all at once: a dhamoon if nobody else melded, known once "
                              "every hand is typed.")
    assert spoiled["hand_score"] == 36.5
    assert spoiled["why"] == ("Out all at once, but no dhamoon: \u2068Ben\u2069 and "
                              "\u2068Dee\u2069 had melded.")
    assert "Ben" in arabic["why"] and "had melded" not in arabic["why"]


def test_the_preview_of_a_dhamoon_needs_no_reason(client, submit, banakil):
    match = banakil(("Ana", "Ben", "Cy", "Dee"))
    for seat in (1, 2, 3):
        submit(hand_url(match.host, seat), **{"in_hand-7-K": "5"})

    reply = client.get(hand_url(match.host, 0) + "/preview",
                       query_string=ZERO | ALL_AT_ONCE).get_json()

    assert reply["hand_score"] == 40 and reply["why"] is None


# The working -----------------------------------------------------------------------------


def test_the_working_names_who_spoiled_a_dhamoon(page, banakil):
    match = banakil(("Ana", "Ben", "Cy", "Dee"))
    post_round(match, api_hand({"3-6": 6, "7-K": 9, "A": 3}, went_out=True, all_at_once=True),
               api_hand(in_hand={"A": 1}), api_hand({"7-K": 3}, {"3-6": 4}),
               api_hand(in_hand={"A": 1}))

    working = page(f"/m/{match.host}/round/1")

    assert working_hands(working)["Ana"] == [
        "16.5 melded − 0 in hand + 20 for going out"
        "Out all at once, but no dhamoon: Cy had melded.", "36.5"]
    assert working_hands(working)["Ben"] == ["melded nothing: flat −20", "−20"]


def test_the_working_shows_each_hand_and_the_rounding(page, submit, banakil):
    match = banakil()
    submit(hand_url(match.host, 0), **DANA)
    submit(hand_url(match.host, 1), **RAVI)

    working = page(f"/m/{match.host}/round/1")

    assert working.status == 200
    assert working.find("h1").text == "Hand 1"
    assert "Dana dealt, Ravi played first." in working.text
    assert working_hands(working) == {
        "Dana": ["16.5 melded − 0 in hand + 20 for going out", "36.5"],
        "Ravi": ["10.5 melded − 7.5 in hand", "3"],
    }
    assert working_sides(working) == [
        "Dana (went out): 36.5 (Dana) = 36.5, rounded to 37. Enters 37.",
        "Ravi: 3 (Ravi) = 3. Enters 3.",
    ]


def test_the_working_of_a_partnership_takes_the_goers_partner_off(page, banakil):
    match = banakil(("Ana", "Ben", "Cy", "Dee"))
    # Ana out: 10 + 20 = 30. Ben: 4 − 4 (joker) = 0. Cy: 1.5 + 5 = 6.5. Dee: nothing, −20.
    post_round(match, api_hand({"7-K": 10}, went_out=True), api_hand({"7-K": 4}, {"joker": 1}),
               api_hand({"3-6": 3, "7-K": 5}), api_hand(in_hand={"A": 2}))
    # Ben out: 2 + 8 + 1.5 + 20 = 31.5. Ana: 6 − 6 = 0. Cy: 5 − 2 = 3. Dee: 3 − 0.5 = 2.5.
    post_round(match, api_hand({"7-K": 6}, {"joker": 1, "2": 1}),
               api_hand({"3-6": 4, "7-K": 8, "A": 1}, went_out=True),
               api_hand({"7-K": 5}, {"7-K": 2}), api_hand({"7-K": 3}, {"3-6": 1}))

    first = page(f"/m/{match.host}/round/1")

    assert working_hands(first)["Dee"] == ["melded nothing: flat −20", "−20"]
    assert working_hands(first)["Cy"] == ["6.5 melded − 0 in hand", "6.5"]
    # Ben & Dee: 0 + (−20) − 6.5 = −26.5, half toward +∞: −26; owes 26.
    assert working_sides(first) == [
        "Ana & Cy (went out): 30 (Ana) = 30. Enters 30.",
        "Ben & Dee: 0 (Ben) + (−20) (Dee) − 6.5 (Cy's hand) = −26.5, rounded to −26. "
        "Enters 0; owes 26 now.",
    ]

    second = page(f"/m/{match.host}/round/2")

    # Ana & Cy: 0 + 3 − 2.5 (Dee's) = 0.5 → 1. Ben & Dee: 31.5 → 32, 26 of it pays the debt.
    assert working_sides(second) == [
        "Ana & Cy: 0 (Ana) + 3 (Cy) − 2.5 (Dee's hand) = 0.5, rounded to 1. Enters 1.",
        "Ben & Dee (went out): 31.5 (Ben) = 31.5, rounded to 32. Pays 26 it owed; enters 6.",
    ]
    assert page(f"/m/{match.host}").totals() == [31, 6]


def test_a_negative_hand_taken_off_reads_as_a_subtraction_of_a_negative(page, banakil):
    match = banakil(("Ana", "Ben", "Cy", "Dee"))
    # Ana out with 30; Cy, her partner, melded nothing: −20. Ben 0, Dee 6.5.
    post_round(match, api_hand({"7-K": 10}, went_out=True), api_hand({"7-K": 4}, {"joker": 1}),
               api_hand(in_hand={"A": 1}), api_hand({"3-6": 3, "7-K": 5}))

    working = page(f"/m/{match.host}/round/1")

    # Ben & Dee: 0 + 6.5 − (−20) = 26.5 → 27.
    assert working_sides(working)[1] == (
        "Ben & Dee: 0 (Ben) + 6.5 (Dee) − (−20) (Cy's hand) = 26.5, rounded to 27. Enters 27.")
    assert match.state()["rounds"][0]["cells"] == [30, 27]


def test_the_working_of_a_debt_paid_in_part(page, banakil):
    match = banakil()
    post_round(match, api_hand(in_hand={"7-K": 1}), {"score": 25, "went_out": True})  # owes 20
    post_round(match, {"score": 15}, {"score": 25, "went_out": True})  # pays 15 of 20

    working = page(f"/m/{match.host}/round/2")

    assert working_sides(working)[0] == (
        "Dana: 15 (Dana) = 15. Pays 15 it owed; enters 0, still owes 5.")
    assert page(f"/m/{match.host}").standings()["Dana"]["note"] == "150 to go · owes 5"


# The sheet -------------------------------------------------------------------------------


def test_the_sheet_says_who_deals_and_who_plays_first(page, submit, banakil):
    match = banakil(("Ana", "Ben", "Cy"), first_dealer=1)

    sheet = page(f"/m/{match.host}")
    assert sheet.find("p", class_="deal").text == "Hand 1: Ben deals, Cy plays first."

    post_round(match, {"score": 30, "went_out": True}, {"score": 2}, {"score": -20})
    sheet = page(f"/m/{match.host}")

    assert sheet.find("p", class_="deal").text == "Hand 2: Cy deals, Ana plays first."
    assert sheet.by_id("r1").find(class_="dealer").text == "Ben"
    assert "Ben dealt, Cy played first." in page(f"/m/{match.host}/round/1").text


def test_the_standings_say_what_a_side_owes(page, banakil):
    match = banakil(("Ana", "Ben", "Cy", "Dee"))
    post_round(match, api_hand({"7-K": 10}, went_out=True), api_hand({"7-K": 4}, {"joker": 1}),
               api_hand({"3-6": 3, "7-K": 5}), api_hand(in_hand={"A": 2}))

    for token in (match.host, match.view, match.seats[1]):
        standings = page(f"/m/{token}").standings()
        assert standings["Ana & Cy"]["total"] == "30"
        assert standings["Ana & Cy"]["note"] == "leads · 273 to go"  # 303 − 30
        assert standings["Ben & Dee"]["total"] == "0"
        assert standings["Ben & Dee"]["note"] == "303 to go · owes 26"


def test_the_host_records_a_dead_hand_and_the_sheet_shows_it(client, page, banakil, location):
    match = banakil()
    post_round(match, api_hand(in_hand={"A": 1}), {"score": 25, "went_out": True})  # owes 20
    sheet = page(f"/m/{match.host}")
    (form,) = dead_hand_forms(sheet)
    assert form.find("button").text == "The stock ran dry: dead hand"

    number = form.find("input", name="number").get("value")
    assert number == "2"
    response = client.post(form.get("action"), data={"csrf_token": sheet.csrf_token(),
                                                      "number": number})

    assert location(response)[0] == f"/m/{match.host}"
    sheet = page(f"/m/{match.host}")
    assert "Hand 2 is dead" in sheet.find(class_="flash-info").text
    dead = sheet.by_id("r2")
    assert "dead" in dead.classes
    assert dead.find("td", class_="dead").text == "dead hand"
    assert dead.find("td").get("colspan") == "2"
    assert sheet.totals() == [0, 25]
    assert sheet.standings()["Dana"]["note"] == "150 to go · owes 20"  # carry untouched
    # Ravi dealt the dead hand; the deal passes on to Dana.
    assert sheet.find("p", class_="deal").text == "Hand 3: Dana deals, Ravi plays first."
    state = match.state()
    assert state["rounds"][1]["status"] == "dead"
    assert state["carry"] == [20, 0]
    working = page(f"/m/{match.host}/round/2")
    assert "A dead hand" in working.text and "Ravi dealt" in working.text


def test_a_dead_hand_replaces_the_open_hand(client, page, submit, banakil):
    match = banakil()
    submit(hand_url(match.host, 0), **DANA)
    sheet = page(f"/m/{match.host}")

    (form,) = dead_hand_forms(sheet)
    client.post(form.get("action"), data={"number": form.find("input", name="number").get("value")})

    state = match.state()
    assert [r["status"] for r in state["rounds"]] == ["dead"]
    assert state["rounds"][0]["input"] == {"dead": True}
    assert client.get(hand_url(match.host, 0)).status_code == 409  # nothing to type into
    assert page(f"/m/{match.host}").row(1) == ["dead hand"]


def test_only_the_host_may_record_a_dead_hand(client, page, banakil):
    match = banakil()

    for token in (match.seats[0], match.view):
        assert dead_hand_forms(page(f"/m/{token}")) == []
        assert client.post(f"/m/{token}/round/dead", data={}).status_code == 403
    assert match.state()["rounds"] == []


def test_a_seat_link_sees_only_its_sides_hands(client, page, submit, banakil):
    match = banakil(("Ana", "Ben", "Cy", "Dee"))
    ana = match.seats[0]

    sheet = page(f"/m/{ana}")

    assert hand_buttons(sheet) == ["s0", "s2"]  # her own and her partner Cy's
    assert [a.text for a in sheet.find("ul", class_="hand-list").find_all("a")] == [
        "Ana: count the hand", "Cy: count the hand"]
    assert "Waiting for Ben and Dee." in sheet.text
    assert client.get(hand_url(ana, 1)).status_code == 403
    assert client.post(hand_url(ana, 3), data=ZERO | {"mode": "cards"}).status_code == 403
    assert client.get(hand_url(ana, 3) + "/preview").status_code == 403

    # Ana types Cy's hand: Cy: 1.5 + 5 = 6.5.
    assert submit(hand_url(ana, 2), **{"melded-3-6": "3", "melded-7-K": "5"}).status_code == 302
    assert match.state()["rounds"][0]["hand_scores"] == [None, None, 6.5, None]
    two = banakil()
    assert hand_buttons(page(f"/m/{two.seats[1]}")) == ["s1"]


def test_a_viewer_sees_no_hand_to_type(client, page, banakil):
    match = banakil()
    post_round(match, {"score": 36.5, "went_out": True}, {"score": 3})

    sheet = page(f"/m/{match.view}")

    assert sheet.find(class_="role").text == "Viewer"
    assert hand_buttons(sheet) == []
    assert sheet.find("ul", class_="hand-list") is None
    assert "/hand/" not in sheet.html
    assert sheet.totals() == [37, 3]
    assert client.get(hand_url(match.view, 0, 2)).status_code == 403
    assert client.get(hand_url(match.view, 0, 1)).status_code == 403
    assert client.post(hand_url(match.view, 0, 2),
                       data={"mode": "score", "score": "5"}).status_code == 403
    assert len(match.state()["rounds"]) == 1


def test_a_dead_hand_button_for_a_hand_finished_meanwhile_kills_nothing(client, page, banakil):
    match = banakil()
    sheet = page(f"/m/{match.host}")
    (form,) = dead_hand_forms(sheet)
    post_round(match, api_hand(in_hand={"A": 1}), {"score": 25, "went_out": True})  # hand 1 done

    client.post(form.get("action"), data={"csrf_token": sheet.csrf_token(),
                                          "number": form.find("input", name="number").get("value")})

    assert [r["status"] for r in match.state()["rounds"]] == ["complete"]
    assert "changed on another phone" in page(f"/m/{match.host}").find(class_="flash-error").text


@pytest.mark.parametrize("lang, leads, wins", [
    ("en", "Amira &amp; Chadi lead.", "Amira &amp; Chadi win."),
    ("de", "Amira &amp; Chadi führen.", "Amira &amp; Chadi gewinnen."),
])
def test_a_partnership_is_two_people_in_every_sentence(client, banakil, lang, leads, wins):
    """"Amira & Chadi leads" was said of a partnership: the verb counts the people behind the
    names (two), not the sides (one)."""
    match = banakil(("Amira", "Basse", "Chadi", "Dina"), target=50)
    goer = {"melded": {"7-K": 6, "A": 2}, "went_out": True}
    hand = {"melded": {"3-6": 3, "7-K": 4}, "in_hand": {"A": 1}}
    response = match.api.call("POST", f"/matches/{match.id}/rounds", match.host,
                              json={"hands": [goer, hand, hand, hand]})
    assert response.status_code == 201, response.get_json()
    client.set_cookie("lang", lang)

    def said(token):
        return re.sub(r"<[^>]+>", "", client.get(f"/m/{token}").get_data(as_text=True))

    assert leads in said(match.view)
    response = match.api.call("POST", f"/matches/{match.id}/rounds", match.host,
                              json={"hands": [goer, hand, hand, hand]})
    assert response.get_json()["status"] == "over"
    assert wins in said(match.view)
