"""Blue Banana on the pages: turning up task cards, the card checker, a player's line, the sheet."""

from __future__ import annotations

import pytest
from games.blue_banana.worked_match import (
    CHIPS,
    LAST_TURNED_OVER,
    PLAYERS,
    ROUNDS,
    TOTALS,
    chips_label,
)

# rules/blue-banana.txt: "a green flamingo and a blue banana" (SPEC: the "pink flamingo" of the
# first example is a misprint). Sought: pink and yellow (the flamingo's and the banana's own
# colours), frogs and whales (the motifs of green and blue).
FLAMINGO_BANANA = [{"motif": "flamingo", "color": "green"}, {"motif": "banana", "color": "blue"}]
TURN_UP = {"motif0": "flamingo", "color0": "green", "motif1": "banana", "color1": "blue"}
# What the flamingo and banana seek, as words and as the phone draws them.
REVEALING = ("pink", "yellow", "frog", "whale", "icon-frog", "icon-whale")
# A blue strawberry seeks red and whales; a black banana seeks yellow and top hats.
STRAWBERRY_HAT = [{"motif": "strawberry", "color": "blue"}, {"motif": "banana", "color": "black"}]


def line(correct=0, incorrect=0, banana=None):
    return {"correct": correct, "incorrect": incorrect, "banana": banana}


def post_round(match, *lines, task=None):
    body = {"players": list(lines)}
    if task is not None:
        body["task"] = task
    response = match.api.call("POST", f"/matches/{match.id}/rounds", match.host, json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def hand_url(token, seat, number=1):
    return f"/m/{token}/round/{number}/hand/{seat}"


def checked(page_, name):
    """The value of the ticked radio called `name`, or None."""
    ticked = [node.get("value") for node in page_.find_all("input", name=name)
              if node.has("checked")]
    assert len(ticked) <= 1
    return ticked[0] if ticked else None


def verdict(page_):
    found = page_.find(class_="verdict")
    return None if found is None else found.find("strong").text


def grid_cell(sheet, number, seat):
    """A cell of the grid: the number it shows, and the penalty note beside it (or None)."""
    td = sheet.by_id(f"r{number}").find_all("td")[seat]
    link = td.find("a", class_="cell-link")
    number = link.find("bdi")  # the number, isolated so a sign never turns around in Arabic
    shown = number.text if number is not None else next(
        child for child in link.children if isinstance(child, str)).strip()
    penalty = td.find(class_="penalty")
    return shown, None if penalty is None else penalty.text


def header_chips(sheet, seat):
    """A player's chips as the grid's head draws them: the label, small chips, large chips."""
    th = sheet.find("thead").find_all("th")[seat + 1]
    drawn = th.find(class_="chips")
    chips = drawn.find_all(class_="chip")
    return (drawn.get("aria-label"), sum("large" not in chip.classes for chip in chips),
            [chip.text for chip in chips if "large" in chip.classes])


def mode_card(sheet):
    card = sheet.find(class_="mode-card")
    return None if card is None else (card.classes - {"mode-card"}, card.text)


# The task page ---------------------------------------------------------------------------


def test_the_task_page_is_the_hosts_alone(client, page, blue_banana, start):
    match = blue_banana()

    host = page(f"/m/{match.host}/task")

    assert host.status == 200
    assert host.find("h1").text == "Round 1: the task cards"
    for i in (0, 1):
        assert [n.get("value") for n in host.find_all("input", name=f"motif{i}")] == [
            "banana", "frog", "whale", "eggplant", "flamingo", "strawberry", "basketball",
            "top_hat"]
        assert [n.get("value") for n in host.find_all("input", name=f"color{i}")] == [
            "yellow", "green", "blue", "purple", "pink", "red", "orange", "black"]
        assert checked(host, f"motif{i}") is None and checked(host, f"color{i}") is None
    for token in (match.seats[0], match.seats[2], match.view):
        assert page(f"/m/{token}/task").status == 403
        assert client.post(f"/m/{token}/task", data=TURN_UP).status_code == 403
    assert match.state()["rounds"] == []
    assert page(f"/m/{start().host}/task").status == 404  # a free sheet has no task cards


def test_the_pink_flamingo_is_refused_by_name_and_the_choice_kept(submit, page, blue_banana):
    match = blue_banana()
    version = match.state()["version"]

    response = submit(f"/m/{match.host}/task", **TURN_UP | {"color0": "pink"})

    assert response.status_code == 422
    shown = page(response)
    assert "There is no pink flamingo" in shown.by_id("task-error").text
    assert [checked(shown, name) for name in ("motif0", "color0", "motif1", "color1")] == [
        "flamingo", "pink", "banana", "blue"]
    state = match.state()
    assert state["rounds"] == [] and state["version"] == version


def test_two_identical_task_cards_are_refused(submit, page, blue_banana):
    match = blue_banana()

    response = submit(f"/m/{match.host}/task", motif0="frog", color0="red", motif1="frog",
                      color1="red")

    assert response.status_code == 422
    assert "same card" in page(response).by_id("task-error").text
    assert checked(page(response), "motif1") == "frog"
    assert match.state()["rounds"] == []


def test_a_card_without_its_colour_is_refused(submit, page, blue_banana):
    match = blue_banana()

    response = submit(f"/m/{match.host}/task", motif0="frog", color0="red", motif1="whale")

    assert response.status_code == 422
    assert "colour" in page(response).by_id("task-error").text
    assert match.state()["rounds"] == []


def test_valid_cards_open_the_round_and_show_on_the_sheet(submit, page, location, blue_banana):
    match = blue_banana()

    response = submit(f"/m/{match.host}/task", **TURN_UP)

    path, _ = location(response)
    assert path == f"/m/{match.host}"
    round_ = match.state()["rounds"][0]
    assert round_["status"] == "open"
    assert round_["input"] == {"players": [None, None, None], "task": FLAMINGO_BANANA}
    sheet = page(path)
    assert "Round 1's task cards are up" in sheet.find(class_="flash-info").text
    assert sheet.find(class_="task-cards").text == "Task cards: green flamingo blue banana"
    assert [icon.get("class") for icon in sheet.find(class_="task-cards").find_all("svg")] == [
        "icon icon-flamingo", "icon icon-banana"]  # our own pictures, beside the words
    assert sheet.find("a", href=f"/m/{match.host}/task").text == "Change the task cards"
    assert sheet.find("a", href=f"/m/{match.host}/round/1/check") is not None
    for token in (match.seats[1], match.view):  # the table sees the cards on every phone
        assert "green flamingo" in page(f"/m/{token}").find(class_="task-cards").text
    again = page(f"/m/{match.host}/task")
    assert [checked(again, n) for n in ("motif0", "color0", "motif1", "color1")] == [
        "flamingo", "green", "banana", "blue"]


def test_changing_the_cards_of_an_open_round_keeps_the_lines_typed(submit, blue_banana):
    match = blue_banana()
    post_round(match, line(3, 1), None, None)  # Ana's line is in; no task cards yet

    response = submit(f"/m/{match.host}/task", motif0="top_hat", color0="red",
                      motif1="whale", color1="black")

    assert response.status_code == 302
    round_ = match.state()["rounds"][0]
    assert round_["input"] == {"players": [line(3, 1), None, None],
                               "task": [{"motif": "top_hat", "color": "red"},
                                        {"motif": "whale", "color": "black"}]}


def test_the_next_rounds_cards_open_the_next_round(submit, blue_banana):
    match = blue_banana()
    post_round(match, line(1), line(2), line(3), task=FLAMINGO_BANANA)

    response = submit(f"/m/{match.host}/task", motif0="strawberry", color0="blue",
                      motif1="banana", color1="black")

    assert response.status_code == 302
    rounds = match.state()["rounds"]
    assert [r["status"] for r in rounds] == ["complete", "open"]
    assert rounds[1]["input"]["task"] == STRAWBERRY_HAT
    assert rounds[0]["input"]["task"] == FLAMINGO_BANANA


# What is sought, and when it shows -----------------------------------------------------------


def test_nothing_sought_shows_while_the_round_is_open(page, blue_banana):
    match = blue_banana()
    post_round(match, line(5, 1), None, line(4, 2), task=FLAMINGO_BANANA)

    for token in (match.host, match.view, match.seats[0], match.seats[1]):
        sheet = page(f"/m/{token}")
        assert sheet.status == 200
        text = sheet.html.lower()
        assert not [word for word in REVEALING if word in text], token
    detail = page(f"/m/{match.host}/round/1")
    assert "green flamingo" in detail.text and "blue banana" in detail.text
    assert detail.find(class_="negatives") is None
    assert "revealed once every player's cards are in" in detail.text
    assert not [word for word in REVEALING if word in detail.html.lower()]

    match.api.call("PUT", f"/matches/{match.id}/rounds/1/seats/1", match.seats[1],
                   json=line(3, 0, "correct"))

    detail = page(f"/m/{match.view}/round/1")
    assert detail.find(class_="negatives").text == (
        "Turned over: sought colours pink, yellow and motifs frog, whale.")
    rows = {tr.find("th").text: [td.text for td in tr.find_all("td")]
            for tr in detail.find("tbody").find_all("tr")}
    # Ana 5 − 1 × 1 = 4; Ben 3 + 2 = 5; Cy 4 − 2 × 1 = 2.
    assert rows == {"Ana": ["5 correct, 1 incorrect", "1", "+4"],
                    "Ben": ["3 correct, 0 incorrect, banana +2", "0", "+5"],
                    "Cy": ["4 correct, 2 incorrect", "2", "+2"]}


def test_an_inverted_round_turns_over_what_was_not_sought(page, blue_banana):
    match = blue_banana(("Ana", "Ben"), mode="alternating")
    post_round(match, line(1), line(0), task=FLAMINGO_BANANA)
    post_round(match, line(1), line(0), task=STRAWBERRY_HAT)

    second = page(f"/m/{match.host}/round/2")

    assert "✗ inverted" in second.find(class_="meta").text
    assert second.find(class_="negatives").text == (
        "Turned over: sought were all cards showing none of colours red, yellow and motifs "
        "whale, top hat.")
    assert "✓ normal" in page(f"/m/{match.host}/round/1").find(class_="meta").text


def test_a_round_without_task_cards_turns_nothing_over(page, blue_banana):
    match = blue_banana(("Ana", "Ben"))
    post_round(match, line(1), line(0))

    detail = page(f"/m/{match.host}/round/1")

    assert detail.status == 200
    assert detail.find(class_="negatives") is None
    assert page(f"/m/{match.host}/round/2").status == 404


# The checker -------------------------------------------------------------------------------

# The rulebook's display: the orange whale, the pink frog, the red frog and the yellow flamingo
# may be snatched; the green strawberry is a mistake.
NORMAL_EXAMPLES = [("whale", "orange", True), ("frog", "pink", True), ("frog", "red", True),
                   ("flamingo", "yellow", True), ("strawberry", "green", False)]
# Variant 1, same task cards: the purple flamingo, the blue banana and the blue basketball are to
# be collected (the rulebook's "red strawberry" is a misprint, SPEC: a black one stands in for
# it); the pink frog and the orange whale no longer are.
INVERTED_EXAMPLES = [("strawberry", "black", True), ("flamingo", "purple", True),
                     ("banana", "blue", True), ("basketball", "blue", True),
                     ("frog", "pink", False), ("whale", "orange", False),
                     ("eggplant", "yellow", False)]


@pytest.mark.parametrize(("mode", "examples"), [("normal", NORMAL_EXAMPLES),
                                                ("inverted", INVERTED_EXAMPLES)])
def test_the_checker_referees_the_rulebooks_examples_for_any_link(page, blue_banana, mode,
                                                                   examples):
    match = blue_banana(mode=mode)
    post_round(match, line(1), None, None, task=FLAMINGO_BANANA)

    for token in (match.host, match.view, *match.seats):
        for motif, color, sought in examples:
            answer = page(f"/m/{token}/round/1/check?motif={motif}&color={color}")
            assert answer.status == 200
            expected = "Sought: it counts." if sought else "Not sought: a mistake."
            assert verdict(answer) == expected, (token, motif, color)
            assert ("yes" if sought else "no") in answer.find(class_="verdict").classes
            assert checked(answer, "motif") == motif and checked(answer, "color") == color
    assert match.state()["rounds"][0]["status"] == "open"  # checking changes nothing


def test_the_checker_follows_the_mode_card_of_each_round(page, blue_banana):
    match = blue_banana(("Ana", "Ben"), mode="alternating")
    post_round(match, line(1), line(0), task=FLAMINGO_BANANA)
    post_round(match, line(1), line(0), task=FLAMINGO_BANANA)

    first = page(f"/m/{match.view}/round/1/check?motif=whale&color=orange")
    second = page(f"/m/{match.view}/round/2/check?motif=whale&color=orange")

    assert verdict(first) == "Sought: it counts."
    assert "✓ normal" in first.find(class_="meta").text
    assert verdict(second) == "Not sought: a mistake."
    assert "✗ inverted" in second.find(class_="meta").text


def test_the_checker_without_a_card_or_task_cards_gives_no_verdict(page, blue_banana, start):
    match = blue_banana(("Ana", "Ben"))
    post_round(match, line(1), line(0), task=FLAMINGO_BANANA)
    post_round(match, line(1), line(0))

    assert verdict(page(f"/m/{match.host}/round/1/check")) is None
    assert verdict(page(f"/m/{match.host}/round/1/check?motif=unicorn&color=pink")) is None
    assert verdict(page(f"/m/{match.host}/round/1/check?motif=frog&color=")) is None
    bare = page(f"/m/{match.host}/round/2/check?motif=frog&color=pink")
    assert bare.status == 200
    assert verdict(bare) is None
    assert "not turned up in the app" in bare.text
    assert page(f"/m/{match.host}/round/3/check?motif=frog&color=pink").status == 404
    assert page(f"/m/{match.host}/round/0/check").status == 404
    assert page(f"/m/{start().host}/round/1/check").status == 404


# The solution waits for the banana (SPEC: the checker answers for a round only once its banana
# is snatched: a player's line typed, or the host's mark on the round's page).


def waits(page_):
    return page_.find(class_="wait-banana") is not None


def test_the_checker_gives_nothing_away_before_the_banana(page, blue_banana):
    match = blue_banana()
    post_round(match, None, None, None, task=FLAMINGO_BANANA)

    for token in (match.host, match.view, *match.seats):
        for motif, color, _sought in NORMAL_EXAMPLES:
            answer = page(f"/m/{token}/round/1/check?motif={motif}&color={color}")
            assert answer.status == 200
            assert verdict(answer) is None, (token, motif, color)
            assert waits(answer)
            assert "Wait for the banana." in answer.find(class_="wait-banana").text
    # Only the host is pointed to the round's page, where the banana is marked.
    host = page(f"/m/{match.host}/round/1/check")
    seat = page(f"/m/{match.seats[0]}/round/1/check")
    assert host.find(class_="wait-banana").find("a", href=f"/m/{match.host}/round/1")
    assert not seat.find(class_="wait-banana").find("a", href=f"/m/{match.seats[0]}/round/1")


def test_a_line_typed_opens_the_checker(page, blue_banana):
    match = blue_banana()
    post_round(match, None, None, None, task=FLAMINGO_BANANA)
    match.api.call("PUT", f"/matches/{match.id}/rounds/1/seats/2", match.seats[2], json=line(2))

    answer = page(f"/m/{match.view}/round/1/check?motif=frog&color=pink")
    assert not waits(answer)
    assert verdict(answer) == "Sought: it counts."


@pytest.mark.parametrize("mode", ["normal", "inverted"])
@pytest.mark.parametrize("typed", [False, True])
def test_a_motif_in_its_own_colour_is_no_such_card(page, blue_banana, mode, typed):
    match = blue_banana(mode=mode)
    post_round(match, line(1) if typed else None, None, None, task=FLAMINGO_BANANA)

    for motif, color in (("banana", "yellow"), ("flamingo", "pink"), ("top_hat", "black")):
        answer = page(f"/m/{match.seats[1]}/round/1/check?motif={motif}&color={color}")
        shown = answer.find(class_="verdict")
        assert shown is not None and "none" in shown.classes
        assert "yes" not in shown.classes and "no" not in shown.classes
        assert "no card shows a motif in its own colour" in shown.text
    yellow = page(f"/m/{match.seats[1]}/round/1/check?motif=banana&color=yellow")
    assert yellow.find(class_="verdict").find("strong").text.startswith(
        "There is no yellow banana")
    assert waits(yellow) is not typed


def test_the_host_marks_the_banana_snatched_on_the_rounds_page(client, page, location,
                                                                 blue_banana):
    match = blue_banana()
    post_round(match, None, None, None, task=FLAMINGO_BANANA)
    mark = f"/m/{match.host}/round/1/snatched"

    for token in (match.view, *match.seats):  # only the host is offered the mark, or may use it
        shown = page(f"/m/{token}/round/1")
        assert "Nobody has snatched the banana yet" in shown.text
        assert not shown.forms()
        assert client.post(f"/m/{token}/round/1/snatched").status_code == 403
    round_page = page(f"/m/{match.host}/round/1")
    (form,) = round_page.forms()
    assert form.get("action") == mark
    assert "The banana is snatched: open the checker" in form.text
    version = match.state()["version"]

    assert location(client.post(mark))[0] == f"/m/{match.host}/round/1/check"
    state = match.state()
    assert state["version"] == version + 1
    assert state["rounds"][0]["input"] == {"players": [None, None, None],
                                           "task": FLAMINGO_BANANA, "snatched": True}
    assert state["rounds"][0]["status"] == "open"
    shown = page(f"/m/{match.seats[0]}/round/1")
    assert "the card checker answers for this round" in shown.text
    assert not page(f"/m/{match.host}/round/1").forms()
    answer = page(f"/m/{match.seats[0]}/round/1/check?motif=strawberry&color=green")
    assert verdict(answer) == "Not sought: a mistake." and not waits(answer)

    # Twice is once; a line typed afterwards keeps the mark; Undo takes it back.
    client.post(mark)
    assert match.state()["version"] == version + 1
    match.api.call("PUT", f"/matches/{match.id}/rounds/1/seats/0", match.seats[0], json=line(1))
    assert match.state()["rounds"][0]["input"]["snatched"] is True
    client.post(f"/m/{match.host}/undo")
    client.post(f"/m/{match.host}/undo")
    assert "snatched" not in match.state()["rounds"][0]["input"]
    assert waits(page(f"/m/{match.seats[0]}/round/1/check?motif=frog&color=pink"))


def test_marking_a_round_that_is_not_there_is_404(client, blue_banana):
    match = blue_banana()
    assert client.post(f"/m/{match.host}/round/1/snatched").status_code == 404


# A player's line ---------------------------------------------------------------------------


def test_a_line_saves_from_the_seat_link(submit, page, location, blue_banana):
    match = blue_banana()
    ben = match.seats[1]

    form = page(hand_url(ben, 1))
    assert form.status == 200
    assert form.find("h1").text == "Round 1: Ben's cards"
    assert form.by_id("correct").get("value") == "0"
    assert checked(form, "banana") == "none"
    assert "Ben holds 1 small chip: each mistake costs 1 card." in form.find(class_="meta").text

    response = submit(form, correct="3", incorrect="1", banana="correct")

    path, _ = location(response)
    assert path == f"/m/{ben}"
    round_ = match.state()["rounds"][0]
    assert round_["status"] == "open"
    assert round_["input"]["players"] == [None, line(3, 1, "correct"), None]
    again = page(hand_url(ben, 1))
    assert again.by_id("correct").get("value") == "3"
    assert again.by_id("incorrect").get("value") == "1"
    assert checked(again, "banana") == "correct"
    sheet = page(f"/m/{ben}")
    assert [a.get("id") for a in sheet.find("ul", class_="hand-list").find_all("a")] == ["s1"]
    assert "Waiting for Ana and Cy." in sheet.text


def test_a_seat_link_cannot_open_or_save_another_seats_line(client, page, blue_banana):
    match = blue_banana()
    post_round(match, None, line(2), None)
    version = match.state()["version"]

    for token in (match.seats[0], match.view):
        assert page(hand_url(token, 1)).status == 403
        response = client.post(hand_url(token, 1), data={"correct": "9", "incorrect": "0",
                                                        "banana": "none", "version": "2"})
        assert response.status_code == 403
    state = match.state()
    assert state["rounds"][0]["input"]["players"][1] == line(2)
    assert state["version"] == version


@pytest.mark.parametrize(("typed", "field", "says"), [
    ({"correct": "x"}, "correct", "Count whole cards"),
    ({"incorrect": "-1"}, "incorrect", "Count whole cards"),
    ({"correct": "2.5"}, "correct", "Count whole cards"),
    ({"correct": "94"}, "correct", "93"),
])
def test_a_wrong_count_is_shown_beside_its_field_with_what_was_typed(submit, page, blue_banana,
                                                                     typed, field, says):
    match = blue_banana()
    values = {"correct": "4", "incorrect": "2", "banana": "early"} | typed

    response = submit(hand_url(match.seats[0], 0), **values)

    assert response.status_code == 422
    shown = page(response)
    assert says in shown.field_error(field)
    assert shown.by_id(field).get("aria-invalid") == "true"
    assert shown.by_id("correct").get("value") == values["correct"]
    assert shown.by_id("incorrect").get("value") == values["incorrect"]
    assert checked(shown, "banana") == "early"
    assert match.state()["rounds"] == []


def test_a_banana_that_is_no_choice_is_refused_beside_its_radios(submit, page, blue_banana):
    match = blue_banana()

    response = submit(hand_url(match.host, 0), correct="2", banana="maybe")

    assert response.status_code == 422
    shown = page(response)
    assert "no banana, snatched correctly, or too early" in shown.by_id("banana-error").text
    assert shown.by_id("correct").get("value") == "2"
    assert match.state()["rounds"] == []


def test_a_line_has_no_hand_score_preview(client, blue_banana):
    # Banakil's calculator previews a hand score; a Blue Banana line has none to give, and
    # asking must not crash the page (it did: a KeyError on "hand_scores").
    match = blue_banana()
    post_round(match, line(1), None, None)

    for query in ("correct=1&incorrect=0&banana=none", "correct=x", ""):
        response = client.get(f"{hand_url(match.host, 1)}/preview?{query}")
        assert response.status_code == 404, query
    assert match.state()["rounds"][0]["input"]["players"][1] is None


def test_a_second_banana_in_a_round_is_refused_with_a_message(submit, page, blue_banana):
    match = blue_banana()
    post_round(match, line(4, 0, "correct"), None, None)

    response = submit(hand_url(match.seats[2], 2), correct="3", banana="early")

    assert response.status_code == 422
    shown = page(response)
    assert "Only one player can snatch the Blue Banana" in shown.by_id("hand-error").text
    assert shown.by_id("correct").get("value") == "3"
    assert checked(shown, "banana") == "early"
    assert match.state()["rounds"][0]["input"]["players"][2] is None


def test_the_94th_card_of_the_match_is_refused_on_the_line_page(submit, page, blue_banana):
    match = blue_banana(("Ana", "Ben"))
    post_round(match, line(60), line(30))  # 90 collected

    response = submit(hand_url(match.host, 1, number=2), correct="2", incorrect="2")

    assert response.status_code == 422
    assert "display holds only 93" in page(response).by_id("hand-error").text
    assert len(match.state()["rounds"]) == 1
    assert submit(hand_url(match.host, 1, number=2), correct="3").status_code == 302


def test_the_line_page_says_what_a_mistake_costs_in_that_round(page, blue_banana):
    match = blue_banana(("Ana", "Ben"))
    for _ in range(4):
        post_round(match, line(2), line(1))  # Ana leads each time: 2, 3, 4, then 5 chips

    now = page(hand_url(match.host, 0, number=5))
    assert "Ana holds a large chip: each mistake costs 5 cards." in now.find(class_="meta").text
    assert "Ben holds 1 small chip" in page(hand_url(match.host, 1, number=5)).text
    # Round 2 was played with the 2 chips Ana won in round 1, whatever she holds now.
    earlier = page(hand_url(match.host, 0, number=2))
    assert "Ana holds 2 small chips: each mistake costs 2 cards." in \
        earlier.find(class_="meta").text
    assert match.state()["rounds"][1]["chips"][0] == 3


# The sheet ---------------------------------------------------------------------------------


def test_the_sheet_shows_the_mode_card_for_the_round_being_played(page, blue_banana):
    match = blue_banana(("Ana", "Ben"), mode="alternating")

    def cards():
        return {token: mode_card(page(f"/m/{token}"))
                for token in (match.host, match.view, match.seats[1])}

    for shown in cards().values():
        assert shown[0] == {"mode-normal"}
        assert "Round 1: mode card on the green check" in shown[1] and "✓" in shown[1]

    post_round(match, line(1), line(0))
    for shown in cards().values():
        assert shown[0] == {"mode-inverted"}
        assert "Round 2: mode card on the red X" in shown[1] and "✗" in shown[1]

    # Round 2 under way: every phone, the viewer's too, still shows round 2's side.
    post_round(match, line(1), None)
    for token, shown in cards().items():
        assert shown[0] == {"mode-inverted"}, token
        assert "Round 2: mode card on the red X" in shown[1], token

    match.api.call("PUT", f"/matches/{match.id}/rounds/2/seats/1", match.host, json=line(0))
    for shown in cards().values():
        assert shown[0] == {"mode-normal"} and "Round 3:" in shown[1]


@pytest.mark.parametrize("mode", ["normal", "inverted"])
def test_a_fixed_mode_card_stays_on_its_side(page, blue_banana, mode):
    match = blue_banana(("Ana", "Ben"), mode=mode)
    post_round(match, line(1), line(0))

    assert mode_card(page(f"/m/{match.host}"))[0] == {f"mode-{mode}"}


def test_the_viewer_sees_the_open_rounds_task_cards(page, blue_banana):
    match = blue_banana(("Ana", "Ben"))
    post_round(match, line(1), line(0), task=STRAWBERRY_HAT)
    post_round(match, line(1), None, task=FLAMINGO_BANANA)

    viewer = page(f"/m/{match.view}")

    assert viewer.find(class_="task-cards").text == "Task cards: green flamingo blue banana"


def test_the_sheet_draws_chips_penalties_and_who_starts(page, blue_banana):
    match = blue_banana(("Ana", "Ben", "Cy"))
    # Round 1: Ana 5 − 1 = 4, Ben 3 + 2 (banana) = 5, Cy 4 − 2 = 2: Ben takes a chip.
    post_round(match, line(5, 1), line(3, 0, "correct"), line(4, 2), task=FLAMINGO_BANANA)
    # Round 2: Ana 6 − 1 (too early) = 9; Ben 2 − 2 × 2 chips = 3; Cy 2 + 3 = 5: Ana's chip.
    post_round(match, line(6, 0, "early"), line(2, 2), line(3))

    sheet = page(f"/m/{match.host}")

    assert sheet.totals() == [9, 3, 5]
    assert [grid_cell(sheet, 1, seat) for seat in range(3)] == [
        ("+4", "penalty 1"), ("+5", None), ("+2", "penalty 2")]
    assert [grid_cell(sheet, 2, seat) for seat in range(3)] == [
        ("+5", "penalty 1"), ("\u22122", "penalty 4"), ("+3", None)]
    assert [header_chips(sheet, seat) for seat in range(3)] == [
        ("2 small chips", 2, []), ("2 small chips", 2, []), ("1 small chip", 1, [])]
    assert "Ana starts (snatched the banana)." in sheet.find(class_="mode-card").text
    assert "Ana leads." in sheet.text
    assert "6 rounds to play." in sheet.text


def test_a_fifth_chip_is_drawn_as_one_large_chip(page, blue_banana):
    match = blue_banana(("Ana", "Ben"))
    for _ in range(3):
        post_round(match, line(2), line(1))

    assert header_chips(page(f"/m/{match.host}"), 0) == ("4 small chips", 4, [])

    post_round(match, line(2), line(1))
    post_round(match, line(2), line(1))  # a sixth would pass 5: nobody passes it
    sheet = page(f"/m/{match.view}")

    assert header_chips(sheet, 0) == ("a large chip (5)", 0, ["5"])
    assert header_chips(sheet, 1) == ("1 small chip", 1, [])


def test_the_sheet_says_the_match_is_over_and_a_seat_banks_it(client, page, location,
                                                              blue_banana):
    match = blue_banana(("Ana", "Ben"))
    for _ in range(7):
        post_round(match, line(1), line(2))
    sheet = page(f"/m/{match.host}")
    assert "1 round to play." in sheet.text
    assert sheet.find(class_="banner") is None

    post_round(match, line(1), line(2))
    sheet = page(f"/m/{match.seats[0]}")

    assert sheet.totals() == [8, 16]
    assert "Match over: Ben wins." in sheet.find(class_="banner").text
    assert sheet.find(class_="mode-card") is None
    assert sheet.find("a", href=f"/m/{match.seats[0]}/task") is None
    assert page(f"/m/{match.host}/task").status == 302  # no round to turn cards up for
    bank = [f for f in sheet.forms() if f.get("action") == f"/m/{match.seats[0]}/bank"]
    assert len(bank) == 1 and bank[0].find("button").text == "Match over: bank it"

    response = client.post(f"/m/{match.seats[0]}/bank",
                           data={"csrf_token": sheet.csrf_token(), "confirmed": "yes"})

    assert location(response)[0] == f"/m/{match.seats[0]}"
    assert match.state()["status"] == "banked"
    assert "Banked." in page(f"/m/{match.host}").find(class_="banner").text


def test_the_worked_match_played_on_the_pages_to_its_bank(client, submit, page, location,
                                                          blue_banana):
    """The whole worked match (worked_match.py) as the host's phone plays it: each round's task
    cards turned up on the task page, each line saved from its own page, the sheet after each
    round (totals, the round complete, each player's chips, the mode card), then over, banked,
    and what the last round turned over."""
    match = blue_banana(PLAYERS, mode="alternating")
    sheet = page(f"/m/{match.host}")
    assert "Blue Banana · 8 rounds" in sheet.find(class_="meta").text
    assert [header_chips(sheet, seat)[0] for seat in range(3)] == ["1 small chip"] * 3

    for number, (cards, lines) in enumerate(ROUNDS, start=1):
        mode = "normal" if number % 2 else "inverted"
        shown = mode_card(page(f"/m/{match.host}"))
        assert shown[0] == {f"mode-{mode}"} and f"Round {number}: mode card" in shown[1]
        turned = {f"{field}{i}": value for i, card in enumerate(cards)
                  for field, value in zip(("motif", "color"), card, strict=True)}
        assert location(submit(f"/m/{match.host}/task", **turned))[0] == f"/m/{match.host}"
        (motif, colour), _ = cards
        assert f"{colour} {motif.replace('_', ' ')}" in page(f"/m/{match.host}").find(
            class_="task-cards").text
        for seat, (correct, incorrect, banana) in enumerate(lines):
            response = submit(hand_url(match.host, seat, number), correct=str(correct),
                              incorrect=str(incorrect), banana=banana or "none")
            assert location(response)[0] == f"/m/{match.host}", response.status_code
        sheet = page(f"/m/{match.host}")
        assert sheet.totals() == TOTALS[number - 1]
        assert [s["total"] for s in sheet.standings().values()] == [
            str(total) for total in TOTALS[number - 1]]
        assert "complete" in sheet.by_id(f"r{number}").classes
        assert [header_chips(sheet, seat)[0] for seat in range(3)] == [
            chips_label(held) for held in CHIPS[number - 1]]
        if number == 6:
            # Ana +2; Ben pays 2 mistakes × 3 chips = 6 (12 → 6); Cy +3. Ben snatched it (too
            # early), so he starts round 7.
            assert [grid_cell(sheet, 6, seat) for seat in range(3)] == [
                ("+2", None), ("\u22126", "penalty 6"), ("+3", None)]
            assert "Ben starts (snatched the banana)" in mode_card(sheet)[1]

    assert "Match over: Ana wins." in sheet.find(class_="banner").text
    assert mode_card(sheet) is None
    assert sheet.totals() == [13, 10, 9]
    response = client.post(f"/m/{match.host}/bank",
                           data={"csrf_token": sheet.csrf_token(), "confirmed": "yes"})
    assert location(response)[0] == f"/m/{match.host}"
    assert "Banked. Ana won with 13." in page(f"/m/{match.host}").find(class_="banner").text
    assert page(f"/m/{match.host}/round/8").find(class_="negatives").text == LAST_TURNED_OVER
