"""The result card (SPEC section 8): a 1200×630 PNG of at most 300 KB for any link of a match
that is over or banked, drawn without a request to another host, in the page's language (golden
images for English, German and Arabic); link previews on the view link's page alone; the
sheet's Share the result.

UPDATE_GOLDENS=1 draws the goldens anew (look at them before committing)."""

from __future__ import annotations

import io
import os
import re
import socket
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat, features

from app.web.card import HEIGHT, WIDTH

GOLDENS = Path(__file__).parent / "goldens"
GOER = {"melded": {"7-K": 6, "A": 2}, "went_out": True}
HAND = {"melded": {"3-6": 3, "7-K": 4}, "in_hand": {"A": 1}}


def png(response) -> Image.Image:
    assert response.status_code == 200, response.status_code
    assert response.mimetype == "image/png"
    image = Image.open(io.BytesIO(response.data))
    assert image.format == "PNG" and image.size == (WIDTH, HEIGHT) == (1200, 630)
    assert len(response.data) <= 300 * 1024
    return image


@pytest.fixture
def banked(api):
    """A Banakil partnership banked on a known day in a group (imported, so that the date is
    fixed), one player named in Arabic: its view link."""
    export = {"format": "squarescores-group", "format_version": 1, "name": "Thursday table",
              "players": [{"id": 1, "name": "Ana"}, {"id": 2, "name": "Ben"},
                          {"id": 3, "name": "Cy"}, {"id": 4, "name": "ليلى"}],
              "matches": [{"id": "m", "game": "banakil", "name": "Friday", "options": {"target": 1},
                           "players": [{"seat": i, "name": n, "player": i + 1}
                                       for i, n in enumerate(["Ana", "Ben", "Cy", "ليلى"])],
                           "rounds": [{"dead": False, "hands": [GOER, HAND, HAND, HAND]}],
                           "started_at": "2026-11-20T19:00:00+00:00",
                           "banked_at": "2026-11-20T21:30:00+00:00",
                           "place": None, "note": None, "taken_out": False}]}
    response = api.call("POST", "/groups/import", json=export)
    assert response.status_code == 201, response.get_json()
    group = response.get_json()
    return group["matches"][0]["view_token"]


def test_pillow_lays_text_out_with_raqm():
    assert features.check("raqm"), "Arabic needs Pillow's raqm layout (and libfribidi0)"


@pytest.mark.parametrize("lang", ["en", "de", "ar"])
def test_the_card_matches_its_golden_image(client, banked, lang):
    image = png(client.get(f"/m/{banked}/card.png?lang={lang}")).convert("L")
    small = image.resize((WIDTH // 4, HEIGHT // 4), Image.Resampling.BOX)
    golden = GOLDENS / f"card-{lang}.png"
    if os.environ.get("UPDATE_GOLDENS"):
        golden.parent.mkdir(exist_ok=True)
        small.save(golden, optimize=True)
    expected = Image.open(golden).convert("L")
    difference = ImageStat.Stat(ImageChops.difference(small, expected)).mean[0]
    # A font's hinting may move an edge by a pixel; Arabic unshaped (Pillow without raqm)
    # differs by 3, and German laid out without raqm's kerning by 2.5.
    assert difference < 1.0, f"{lang}: mean difference {difference:.2f} from {golden.name}"


def test_the_language_comes_from_the_page_and_the_arabic_card_mirrors(client, banked):
    english = png(client.get(f"/m/{banked}/card.png")).convert("L")
    client.set_cookie("lang", "ar")
    arabic = png(client.get(f"/m/{banked}/card.png")).convert("L")
    # The icon's white tile sits at the start: the left in English, the right in Arabic.
    assert english.getpixel((80, 75)) > 200 and english.getpixel((1120, 75)) < 150
    assert arabic.getpixel((1120, 75)) > 200 and arabic.getpixel((80, 75)) < 150


def test_drawing_makes_no_network_call(client, start, monkeypatch):
    match = start(("Ana", "Ben", "Cy"), rounds=1)
    match.add_round(3, 9, 1)

    def refused(*_args, **_kwargs):
        raise AssertionError("the card reached for the network")

    monkeypatch.setattr(socket.socket, "connect", refused)
    monkeypatch.setattr(socket, "create_connection", refused)
    monkeypatch.setattr(socket, "getaddrinfo", refused)
    for lang in ("en", "ar"):
        png(client.get(f"/m/{match.host}/card.png?lang={lang}"))


def test_every_link_of_a_finished_match_has_a_card_and_twelve_long_names_fit(client, start):
    names = [f"Player with a long name {n:02}" for n in range(12)]
    match = start(names, rounds=1)
    match.add_round(*range(12))
    tokens = [match.host, match.view, *match.seats]
    for token in tokens:
        png(client.get(f"/m/{token}/card.png"))


def test_no_card_before_the_end_nor_of_an_abandoned_match(client, start):
    match = start(("Ana", "Ben"), rounds=2)
    assert client.get(f"/m/{match.view}/card.png").status_code == 409
    match.add_round(3, 4)
    assert client.get(f"/m/{match.view}/card.png").status_code == 409
    assert client.post(f"/m/{match.host}/abandon", data={"confirmed": "yes"}).status_code == 302
    assert client.get(f"/m/{match.view}/card.png").status_code == 409
    assert client.get("/m/no-such-link/card.png").status_code == 404


def og_tags(html: str) -> dict[str, str]:
    return dict(re.findall(r'<meta property="(og:[a-z:]+)" content="([^"]*)"', html))


def test_link_previews_on_the_view_link_alone(client, start):
    match = start(("Ana", "Ben", "Cy"), rounds=1)
    assert og_tags(client.get(f"/m/{match.view}").get_data(as_text=True)) == {}  # in play
    match.add_round(3, 9, 1)
    tags = og_tags(client.get(f"/m/{match.view}").get_data(as_text=True))
    # No isolates (U+2068, U+2069) around the names: a chat shows a tag's text as it is.
    assert tags["og:title"] == "Free score sheet: Ben won"
    assert tags["og:description"] == "Ben 9 · Ana 3 · Cy 1"
    assert tags["og:image"] == f"http://localhost/m/{match.view}/card.png?lang=en"
    png(client.get(tags["og:image"]))
    for token in (match.host, *match.seats):
        html = client.get(f"/m/{token}").get_data(as_text=True)
        assert og_tags(html) == {} and "og:" not in html
    every = "".join(og_tags(client.get(f"/m/{match.view}").get_data(as_text=True)).values())
    assert not any(secret in every for secret in (match.host, *match.seats))


def test_a_finished_sheet_offers_to_share_the_result(client, page, start):
    match = start(("Ana", "Ben"), rounds=1)
    assert page(f"/m/{match.host}").find("a", **{"data-share-card": True}) is None
    match.add_round(5, 2)
    for token in (match.host, match.view):
        link = page(f"/m/{token}").find("a", **{"data-share-card": True})
        assert link.text == "Share the result" and link.has("download")
        assert link.get("href") == f"/m/{token}/card.png?lang=en"


def test_a_renamed_group_draws_its_card_anew(client, api):
    group = api.call("POST", "/groups", json={"name": "Thursday"}).get_json()
    created = api.call("POST", "/matches", group["tokens"]["owner"], json={
        "game": "generic", "players": ["Ana", "Ben"], "options": {"rounds": 1},
        "group": group["id"]}).get_json()
    api.call("POST", f"/matches/{created['id']}/rounds", created["tokens"]["host"],
             json={"scores": [4, 1]})
    path = f"/m/{created['tokens']['view']}/card.png"
    before = png(client.get(path)).convert("L")
    assert api.call("PATCH", f"/groups/{group['id']}", group["tokens"]["owner"],
                    json={"name": "Friday"}).status_code == 200
    after = png(client.get(path)).convert("L")
    assert ImageChops.difference(before, after).getbbox() is not None


def test_two_partnerships_finish_first_and_second_on_the_card(app, banked):
    """A card counts places among the sides, as a table says them: the bank's seat ranks of a
    partnership match are 1, 1, 3, 3, its card's places 1 and 2."""
    from app.services.match.access import authenticate_at
    from app.services.match.sheet import load_sheet
    from app.web.match.share import card_of

    with app.test_request_context("/"):
        access, _ = authenticate_at(banked, "127.0.0.1")
        card = card_of(load_sheet(access.match_id), None)
    assert [(row.place, row.name, row.winner) for row in card.rows] == [
        ("1", "Ana & Cy", True), ("2", "Ben & ليلى", False)]


def test_a_link_previews_picture_is_at_the_public_address_where_one_is_set(app, client, start):
    app.config["PUBLIC_URL"] = "https://scores.example.org"
    match = start(("Ana", "Ben"), rounds=1)
    match.add_round(3, 9)

    tags = og_tags(client.get(f"/m/{match.view}", base_url="http://127.0.0.1:8000")
                   .get_data(as_text=True))

    assert tags["og:image"] == f"https://scores.example.org/m/{match.view}/card.png?lang=en"
