"""A group's roster (add, rename, merge) and its links (QR codes, replacing one), on the pages."""

from __future__ import annotations


def test_the_roster_lists_everyone_with_their_matches(page, group):
    club = group()
    club.play(("Ana", "Ben"), (1, 2))
    shown = page(f"/g/{club.view}/players")
    assert shown.status == 200
    items = shown.find("ul", class_="roster").find_all("li")
    assert [li.find(class_="player-name").text for li in items] == ["Ana", "Ben", "Cy"]
    assert "1 banked match" in items[0].text and "0 banked matches" in items[2].text
    assert shown.forms("post") == []  # the view link only looks


def test_the_owner_adds_a_player(client, page, group, location):
    club = group()
    form = page(f"/g/{club.owner}/players").find("form", action=f"/g/{club.owner}/players")
    assert form.find("input", id="add-name") is not None
    response = client.post(f"/g/{club.owner}/players", data={"add-name": "Dana"})
    assert location(response)[0] == f"/g/{club.owner}/players"
    assert [p["name"] for p in club.state()["players"]] == ["Ana", "Ben", "Cy", "Dana"]


def test_a_name_already_on_the_roster_is_refused_with_what_was_typed(client, page, group):
    club = group()
    shown = page(client.post(f"/g/{club.owner}/players", data={"add-name": " ana "}))
    assert shown.status == 409
    assert "on the roster already" in shown.field_error("add-name")
    assert shown.by_id("add-name").get("value") == "ana"
    empty = page(client.post(f"/g/{club.owner}/players", data={"add-name": ""}))
    assert empty.status == 422 and empty.field_error("add-name")


def test_the_owner_renames_a_player_who_keeps_their_matches(client, page, group):
    club = group()
    club.play(("Ana", "Ben"), (3, 1))
    ana = club.player_id("Ana")
    client.post(f"/g/{club.owner}/players/{ana}", data={f"p{ana}-name": "Anna"})
    stats = club.stats()
    assert [(p["name"], p["won"]) for p in stats["players"] if p["player"] == ana] == [
        ("Anna", 1)]
    clash = page(client.post(f"/g/{club.owner}/players/{ana}", data={f"p{ana}-name": "BEN"}))
    assert clash.status == 409
    assert clash.field_error(f"p{ana}-name")
    assert clash.by_id(f"p{ana}-name").get("value") == "BEN"
    assert client.post(f"/g/{club.owner}/players/999999",
                       data={"p999999-name": "X"}).status_code == 404


def test_merging_one_person_typed_twice_joins_their_matches(client, page, group, location):
    club = group(players=("Ana", "Ben", "Benny"))
    club.play(("Ana", "Ben"), (1, 5))
    club.play(("Ana", "Benny"), (1, 5))
    ben, benny = club.player_id("Ben"), club.player_id("Benny")
    response = client.post(f"/g/{club.owner}/merge", data={"player": str(benny),
                                                           "into": str(ben)})
    assert location(response)[0] == f"/g/{club.owner}/players"
    stats = {p["name"]: (p["played"], p["won"]) for p in club.stats()["players"]}
    assert stats == {"Ana": (2, 0), "Ben": (2, 2)}


def test_two_who_sat_at_one_match_cannot_merge_and_the_page_says_why(client, page, group):
    club = group()
    club.play(("Ana", "Ben"), (1, 5))
    ana, ben = club.player_id("Ana"), club.player_id("Ben")
    shown = page(client.post(f"/g/{club.owner}/merge", data={"player": str(ana),
                                                             "into": str(ben)}))
    assert shown.status == 409
    assert "sat at one match" in shown.field_error("into")
    assert shown.by_id("player").find("option", selected=True).text == "Ana"
    same = page(client.post(f"/g/{club.owner}/merge", data={"player": str(ana),
                                                            "into": str(ana)}))
    assert same.status == 422 and same.field_error("into")
    bogus = page(client.post(f"/g/{club.owner}/merge", data={"player": "x", "into": "y"}))
    assert bogus.status == 422


def test_the_links_page_shows_both_links_with_their_qr_codes(client, page, group):
    club = group()
    shown = page(f"/g/{club.owner}/links")
    links = [i.get("value") for i in shown.find_all("input", class_="link")]
    assert links == [f"http://localhost/g/{club.view}", f"http://localhost/g/{club.owner}"]
    for img in shown.find_all("img", class_="qr"):
        response = client.get(img.get("src"))
        assert response.status_code == 200 and response.mimetype == "image/svg+xml"
        assert b"<svg" in response.data
    assert client.get(f"/g/{club.owner}/qr/host.svg").status_code == 404


def test_a_replaced_view_link_stops_at_once(client, page, group):
    club = group()
    client.post(f"/g/{club.owner}/links/replace", data={"role": "view"})
    assert client.get(f"/g/{club.view}").status_code == 404
    fresh = page(f"/g/{club.owner}/links").find_all("input", class_="link")[0].get("value")
    assert client.get(fresh.removeprefix("http://localhost")).status_code == 200


def test_a_replaced_owner_link_moves_the_page_to_the_new_one(client, group, location):
    club = group()
    response = client.post(f"/g/{club.owner}/links/replace", data={"role": "owner"})
    path, _ = location(response)
    assert path.startswith("/g/") and path.endswith("/links") and club.owner not in path
    assert client.get(f"/g/{club.owner}").status_code == 404
    assert client.get(path).status_code == 200
    bogus = client.post(path.removesuffix("/links") + "/links/replace", data={"role": "host"},
                        follow_redirects=True)
    assert bogus.status_code == 200 and b"flash-error" in bogus.data


def test_a_large_roster_is_listed_a_page_at_a_time(client, page, group):
    """SPEC section 6: no page grows with what a client stored. A roster of 1,000 players drew
    786 KB on one page; it is read 50 names at a time, and a rename comes back to its page."""
    names = [f"P{i:04}" for i in range(1000)]
    club = group(players=names)
    first = page(f"/g/{club.owner}/players")
    listed = first.find("ul", class_="roster").find_all("li")
    assert len(listed) == 50
    assert "Players 1 to 50 of 1000" in first.text
    assert len(first.html) < 200_000
    last = page(f"/g/{club.owner}/players?page=20")
    assert [li.find("input", type="text").get("value") for li in
            last.find("ul", class_="roster").find_all("li")][-1] == "P0999"
    assert page(f"/g/{club.owner}/players?page=999").find(
        "ul", class_="roster").find_all("li")[0].find("input", type="text").get("value") == "P0950"
    pid = club.player_id("P0777")
    again = page(client.post(f"/g/{club.owner}/players/{pid}?page=16",
                             data={f"p{pid}-name": "P0001"}))  # taken: shown on its own page
    assert again.status == 409
    assert again.by_id(f"p{pid}-name").get("value") == "P0001"
