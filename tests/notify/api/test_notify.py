"""Apprise destinations (SPEC section 12's `notify`), to real servers on loopback: its json://
and mailto:// carry the result, in the destination's language, with the result card."""

from __future__ import annotations

import base64
import email
import io
import json

from design_fixtures import tally_in
from PIL import Image

from app.services.notify.messages import message


def notify(api, group, url, events=("match_banked",), language="en"):
    response = api.call("POST", f"/groups/{group.id}/destinations", group.owner, json={
        "kind": "notify", "url": url, "events": list(events), "language": language})
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def is_card(png: bytes) -> None:
    image = Image.open(io.BytesIO(png))
    assert (image.format, image.size) == ("PNG", (1200, 630))
    assert len(png) <= 300 * 1024


def test_apprise_json_carries_the_result_and_its_card(api, group, passes, receiver, banked_in):
    made = notify(api, group, receiver.url.replace("http://", "json://"))
    assert made["url"].startswith("json://127.0.0.1:")  # its path, its token, never shown
    banked_in(group, ["Ana", "Ben", "Cy"], [5, 3, 1])
    passes.run()
    (got,) = receiver.wait_for(1)
    told = json.loads(got.body)
    assert told["title"] == "Free score sheet: \u2068Ana\u2069 won"
    assert told["message"].splitlines()[:3] == [
        "1. \u2068Ana\u2069: 5", "2. \u2068Ben\u2069: 3", "3. \u2068Cy\u2069: 1"]
    assert "Thursday" in told["message"]
    (card,) = told["attachments"]
    assert card["mimetype"] == "image/png"
    is_card(base64.b64decode(card["base64"]))
    shown = api.call("GET", f"/groups/{group.id}/destinations", group.owner).get_json()
    (delivery,) = shown["destinations"][0]["deliveries"]
    assert (delivery["status"], delivery["attempts"]) == ("delivered", 1)


def test_apprise_mail_says_it_in_german_with_the_card_attached(
        api, group, passes, mailbox, banked_in):
    notify(api, group, mailbox.url, language="de")
    banked_in(group, ["Ana", "Ben"], [2, 7])
    passes.run()
    (raw,) = mailbox.wait_for(1)
    mail = email.message_from_bytes(raw)
    subject = str(email.header.make_header(email.header.decode_header(mail["Subject"])))
    assert subject == "Freies Punkteblatt: \u2068Ben\u2069 gewann"
    parts = {part.get_content_type(): part for part in mail.walk()}
    assert parts["text/plain"].get_payload(decode=True).decode().splitlines()[:2] == [
        "1. \u2068Ben\u2069: 7", "2. \u2068Ana\u2069: 2"]
    is_card(parts["image/png"].get_payload(decode=True))


def test_a_night_says_its_tables_and_standings_in_each_language(app):
    night = {"name": "Friday", "game": "generic", "status": "ended",
             "seatings": [[{"table": 1, "players": [{"name": "Ana"}, {"name": "Ben"}]}]],
             "standings": [{"rank": 1, "name": "Ana", "played": 2, "won": 2, "points": 2},
                           {"rank": 2, "name": "Ben", "played": 2, "won": 0, "points": 0}]}
    payload = {"event": "seating_started", "group": {"name": "Thursday"}, "night": night}
    with app.app_context():
        said(payload, night)


def said(payload, night):
    title, body = message(payload, "en")
    assert title == "\u2068Friday\u2069: seating 1"
    assert body.splitlines() == ["Table 1: \u2068Ana\u2069 and \u2068Ben\u2069", "Standings:",
                                 "1. \u2068Ana\u2069: 2 won, 2 points",
                                 "2. \u2068Ben\u2069: 0 won, 0 points"]
    # In Arabic, the names listed as Arabic lists them, each keeping its own direction.
    arabic = message(payload, "ar")[1]
    assert "\u2068Ana\u2069 و\u2068Ben\u2069" in arabic
    title, body = message(payload | {"event": "night_ended", "night": night | {
        "standings": [row | {"played": 0} for row in night["standings"]]}}, "en")
    assert (title, body) == ("\u2068Friday\u2069 has ended",
                             "No match of the night was banked.")


def test_a_designs_match_is_said_by_the_designs_name_in_the_destinations_language(
        api, group, passes, receiver):
    notify(api, group, receiver.url.replace("http://", "json://"), language="de")
    dice = {"name": "Dice night", "rows": [
        {"key": "sixes", "label": "Sixes", "kind": "count", "points": 2}],
        "labels": {"de": {"name": "Würfelabend"}}}
    tally_in(api, group, dice, [{"sixes": 4}, {"sixes": 1}], ("Ana", "Ben"), name="Freitag")

    passes.run()
    (got,) = receiver.wait_for(1)
    assert json.loads(got.body)["title"] == "Würfelabend: \u2068Ana\u2069 gewann"
    # One told before designs were named in it: the match's name, as before.
    kept = {"event": "match_unbanked", "group": {"name": "Thursday"},
            "match": {"game": "custom", "name": "Freitag"}}
    assert message(kept, "en")[0] == "Freitag: banking taken back"
