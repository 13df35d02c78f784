"""Every form of a group's pages that creates or changes something, refused: the summary at
the top of its page (where the focus lands, with and without a script) names what went wrong,
each field at fault a link to it, the page's own error beside the field as before."""

from __future__ import annotations

import io
import json

from page_fixtures import Page


def summed_up(shown: Page, title: str) -> dict[str | None, str]:
    """The summary's lines by the field each links to (None: a line linking nowhere)."""
    assert shown.status in (409, 413, 422), shown.status
    summary = shown.by_id("error-summary")
    assert summary is not None, "no summary at the top"
    assert summary.has("autofocus") and summary.get("tabindex") == "-1"
    assert title in summary.find("h2").text
    lines = {}
    for item in summary.find_all("li"):
        link = item.find("a")
        target = link.get("href")[1:] if link is not None else None
        assert target is None or shown.by_id(target) is not None, f"#{target} is nowhere"
        lines[target] = item.text
    return lines


def test_a_new_group_refused(page, submit):
    assert page("/groups/new").by_id("error-summary") is None
    lines = summed_up(page(submit("/groups/new", name="  ", roster="Ana")),
                      "The group was not started.")
    assert list(lines) == ["name"] and lines["name"].startswith("Group name:")


def test_a_season_refused(group, page, submit):
    club = group()
    form = page(f"/g/{club.owner}/seasons/new")
    assert form.by_id("error-summary") is None
    lines = summed_up(page(submit(form, name="Forever", starts="2026-01-01", ends="9999-12-31")),
                      "The season was not saved.")
    assert list(lines) == ["ends"] and "1900-01-01 to 2999-12-31" in lines["ends"]


def test_a_player_added_or_merged_refused_on_the_roster(group, page, client):
    club = group()
    assert page(f"/g/{club.owner}/players").by_id("error-summary") is None
    lines = summed_up(page(client.post(f"/g/{club.owner}/players", data={"add-name": " ana "})),
                      "The change was not saved.")
    assert list(lines) == ["add-name"]
    assert lines["add-name"].startswith("New player's name:")
    assert "on the roster already" in lines["add-name"]


def test_a_destination_refused(group, page, client):
    club = group()
    assert page(f"/g/{club.owner}/destinations").by_id("error-summary") is None
    lines = summed_up(page(client.post(f"/g/{club.owner}/destinations", data={
        "kind": "webhook", "url": "https://example.org/", "language": "en"})),
        "The destination was not added.")
    assert list(lines) == ["events"] and lines["events"].startswith("Tell it when:")


def test_plays_brought_in_refused(group, page, client):
    club = group()
    lines = summed_up(page(client.post(f"/g/{club.owner}/plays/bring-in",
                                       data={"time_zone": "UTC"},
                                       content_type="multipart/form-data")),
                      "The file was not read.")
    assert list(lines) == ["file"]


def test_a_group_imported_refused(page, client):
    no_file = page(client.post("/groups/import", data={}, content_type="multipart/form-data"))
    assert list(summed_up(no_file, "The group was not imported.")) == ["backup"]
    no_backup = page(client.post("/groups/import", data={
        "backup": (io.BytesIO(json.dumps({"hello": 1}).encode()), "backup.json")},
        content_type="multipart/form-data"))
    lines = summed_up(no_backup, "The group was not imported.")
    assert list(lines) == [None]  # the file as a whole: said above the form, linking nowhere


def test_a_game_night_refused(group, page, client):
    club = group()
    ids = [p["id"] for p in club.state()["players"]]
    shown = page(client.post(f"/g/{club.owner}/nights/new?game=banakil", data={
        "present": [str(ids[0])], "new_names": "", "table_size": "4", "name": "Friday"}))
    lines = summed_up(shown, "The game night was not started.")
    assert list(lines) == ["players"] and lines["players"].startswith("Who is here? ")
