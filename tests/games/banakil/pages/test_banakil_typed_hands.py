"""A Banakil hand typed as its score (counted on paper): the "melded nothing" tick, the least a
goer can score, and the working page saying what a typed hand said."""

from __future__ import annotations

import pytest

FOUR = ("Ana", "Ben", "Cy", "Dee")  # Ana & Cy against Ben & Dee
# Ana goes out all at once with ten sevens to kings, nothing melded before: a dhamoon (40) while
# none of the other three melded anything, else scored the ordinary way (10 + 20 = 30).
ANA_ALL_AT_ONCE = {"melded": {"7-K": 10}, "in_hand": {}, "went_out": True, "all_at_once": True}


def hand_url(token, seat, number=1):
    return f"/m/{token}/round/{number}/hand/{seat}"


def typed(submit, match, seat, score, number=1, **ticks):
    return submit(hand_url(match.host, seat, number), mode="score", score=score, **ticks)


def part(match, seat, number=1):
    return match.state()["rounds"][number - 1]["input"]["hands"][seat]


def put(match, seat, hand, number=1):
    response = match.api.call("PUT", f"/matches/{match.id}/rounds/{number}/seats/{seat}",
                              match.host, json=hand)
    assert response.status_code in (200, 201), response.get_json()


def test_the_score_mode_offers_the_tick_unticked(page, banakil):
    match = banakil()

    form = page(hand_url(match.host, 1))

    box = form.find("input", type="checkbox", name="melded_nothing")
    assert box is not None and not box.has("checked")
    assert box.ancestor("div").get("class") == "score-mode"  # a typed hand's, not the cards'
    assert box.ancestor("label").text == "Ravi melded nothing"


def test_ticked_it_sends_melded_false_unticked_it_sends_nothing(submit, banakil):
    match = banakil(no_turn_zero=True)

    assert typed(submit, match, 1, "0", melded_nothing=True).status_code == 302
    assert part(match, 1) == {"score": 0, "went_out": False, "melded": False}

    # The page shows it ticked now; unticked, the hand says nothing of it any more.
    assert typed(submit, match, 1, "-20", melded_nothing=None).status_code == 302
    assert part(match, 1) == {"score": -20, "went_out": False}


def test_the_tick_shows_again_as_saved(submit, page, banakil):
    match = banakil()
    typed(submit, match, 1, "0", melded_nothing=True)

    again = page(hand_url(match.host, 1))

    assert again.find("input", name="mode", value="score").has("checked")
    assert again.find("input", name="melded_nothing").has("checked")
    # Saved again untouched, it stays said.
    assert typed(submit, match, 1, "0", melded_nothing=True).status_code == 302
    assert part(match, 1)["melded"] is False


def test_it_decides_a_partnership_dhamoon(submit, page, banakil):
    """Ben had no turn and melded nothing: typed as 0 with the tick, Ana's all-at-once is a
    dhamoon; typed as 0 without it, Ben counts as having melded, and Ana scores 30."""
    match = banakil(FOUR)
    put(match, 0, ANA_ALL_AT_ONCE)
    put(match, 2, {"score": -20})
    put(match, 3, {"score": -20})

    typed(submit, match, 1, "0")
    assert match.state()["rounds"][0]["hand_scores"][0] == 30

    typed(submit, match, 1, "0", melded_nothing=True)
    assert match.state()["rounds"][0]["hand_scores"][0] == 40


def test_a_goer_under_21_5_is_refused_beside_the_score_and_the_typing_kept(submit, page,
                                                                          banakil):
    match = banakil()

    response = typed(submit, match, 0, "21", went_out=True)

    assert response.status_code == 422
    shown = page(response)
    assert shown.field_error("score") == ("A player who went out scores at least 21.5: three "
                                          "cards from 3 to 6 melded, and 20 for going out.")
    assert "invalid" in shown.by_id("score").classes
    assert shown.by_id("score").get("value") == "21"
    assert shown.find("input", name="mode", value="score").has("checked")
    assert shown.find("input", name="went_out").has("checked")
    assert match.state()["rounds"] == []
    # 21.5 itself is the least a goer can score: accepted.
    assert typed(submit, match, 0, "21.5", went_out=True).status_code == 302


def test_going_out_while_melding_nothing_is_said_beside_the_tick(submit, page, banakil):
    match = banakil()

    response = typed(submit, match, 0, "30", went_out=True, melded_nothing=True)

    assert response.status_code == 422
    shown = page(response)
    message = shown.by_id("melded-error")
    assert message is not None and "untick “melded nothing” or “went out”" in message.text
    assert message.ancestor("div").get("class") == "score-mode"  # not in the hidden card piles
    assert shown.by_id("melded_nothing").get("aria-describedby") == "melded-error"
    assert shown.find("input", name="melded_nothing").has("checked")
    assert shown.by_id("score").get("value") == "30"
    assert match.state()["rounds"] == []


def test_the_preview_hears_the_tick_too(client, banakil):
    match = banakil()

    reply = client.get(hand_url(match.host, 0) + "/preview",
                       query_string={"mode": "score", "score": "30", "went_out": "on",
                                     "melded_nothing": "on"})

    assert reply.get_json()["ok"] is False
    assert reply.get_json()["field"] == "melded"


@pytest.mark.parametrize(("ticked", "says"), [(True, "score as typed; melded nothing"),
                                              (False, "score as typed")])
def test_the_working_page_says_a_typed_hand_melded_nothing(submit, page, banakil, ticked,
                                                           says):
    match = banakil(no_turn_zero=True)
    typed(submit, match, 0, "36.5", went_out=True)
    typed(submit, match, 1, "0", melded_nothing=ticked or None)

    working = page(f"/m/{match.host}/round/1")

    rows = {tr.find("th").text: [td.text for td in tr.find_all("td")]
            for tr in working.find("table", class_="working").find("tbody").find_all("tr")}
    assert rows["Ravi"] == [says, "0"]
    assert rows["Dana"] == ["score as typed", "36.5"]


def test_melded_nothing_ticked_says_the_score_and_no_turn_goes_with_a_typed_hand(submit, banakil):
    match = banakil(no_turn_zero=True)

    # The hints: a hand that melded nothing is −20, and the tick says so on its own.
    assert typed(submit, match, 1, "", melded_nothing=True).status_code == 302
    assert part(match, 1) == {"score": -20, "went_out": False, "melded": False}

    assert typed(submit, match, 1, "-20", melded_nothing=None, no_turn=True).status_code == 302
    assert part(match, 1) == {"score": -20, "went_out": False, "no_turn": True}
    assert match.state()["rounds"][0]["hand_scores"][1] == 0  # let off the hook
