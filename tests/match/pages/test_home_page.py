"""The home page: every game to start, and the matches this phone has opened."""

from __future__ import annotations

from app.games import GAMES


def recent_links(home) -> list[tuple[str, str, str]]:
    """(name, href, hint) of each match under "On this phone", in the order shown."""
    listed = home.find("ul", class_="recent")
    if listed is None:
        return []
    return [(li.find("a").text, li.find("a").get("href"), li.find(class_="hint").text)
            for li in listed.find_all("li")]


def test_home_links_every_game_to_its_new_match_form(page):
    home = page("/")

    assert home.status == 200
    links = {a.get("href"): a.text for a in home.find_all("a")}
    for game in GAMES.values():
        assert links.get(f"/new/{game.name}") == game.title
    assert page(f"/new/{next(iter(GAMES))}").status == 200


def test_a_fresh_phone_lists_no_matches(page):
    home = page("/")

    assert recent_links(home) == []
    assert "On this phone" not in home.text


def test_a_match_started_here_is_listed_with_its_host_link(submit, page, location):
    response = submit("/new/generic", **{"players-0": "Ana", "players-1": "Ben",
                                         "name": "Friday hearts"})
    sheet_path, _ = location(response)

    listed = recent_links(page("/"))

    assert len(listed) == 1
    name, href, hint = listed[0]
    assert (name, href) == ("Friday hearts", sheet_path)
    assert "host" in hint and "Free score sheet" in hint


def test_opened_links_are_listed_newest_first_with_their_role(page, start, client):
    first = start(("Ana", "Ben"), target=100)
    second = start(("Dee", "Eve"))
    page(f"/m/{first.seats[1]}")
    page(f"/m/{second.view}")

    listed = recent_links(page("/"))

    assert [href for _, href, _ in listed] == [f"/m/{second.view}", f"/m/{first.seats[1]}"]
    assert "view" in listed[0][2]
    assert "Ben's seat" in listed[1][2] and "host" not in listed[1][2]

    page(f"/m/{first.seats[1]}")  # opening it again moves it to the top, once
    assert [href for _, href, _ in recent_links(page("/"))] == [
        f"/m/{first.seats[1]}", f"/m/{second.view}"]


def test_the_copy_a_service_worker_keeps_is_no_visit(page, start, client):
    """The worker asks for the open pages' copies as it starts (sw.js): one that comes after the
    phone opened the next match must not put the match left back at the top."""
    left, opened = start(("Ana", "Ben")), start(("Dee", "Eve"))
    page(f"/m/{left.host}")
    page(f"/m/{opened.host}")
    kept = client.get(f"/m/{left.host}", headers={"X-Kept-Copy": "1"})
    assert kept.status_code == 200 and "Set-Cookie" not in kept.headers

    assert [href for _, href, _ in recent_links(page("/"))] == [
        f"/m/{opened.host}", f"/m/{left.host}"]


def test_recent_matches_belong_to_the_phone_not_to_everyone(app, start, page):
    match = start(("Ana", "Ben"))
    page(f"/m/{match.host}")

    other_phone = app.test_client()
    listed = other_phone.get("/").get_data(as_text=True)

    assert match.host not in listed
    assert len(recent_links(page("/"))) == 1


def test_an_ended_match_says_so_on_the_home_page(start, page, api):
    match = start(("Ana", "Ben"))
    page(f"/m/{match.host}")
    assert api.call("POST", f"/matches/{match.id}/abandon", match.host).status_code == 200

    (name, href, hint), = recent_links(page("/"))

    assert href == f"/m/{match.host}"
    assert "abandoned" in hint


def test_an_unknown_link_does_not_enter_the_list(page):
    assert page("/m/not-a-real-token").status == 404

    assert recent_links(page("/")) == []
