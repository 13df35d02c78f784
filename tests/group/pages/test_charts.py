"""Charts on the pages: inline SVG drawn on the server, styled by app.css alone (no inline style or
script for the CSP to refuse), each with its title and its figures as a table."""

from __future__ import annotations

import re

import pytest


def chart_of(page, key):
    figure = page.by_id(key)
    assert figure is not None, f"no chart #{key}"
    return figure


def figures(figure) -> list[list[str]]:
    """The chart's table: its head, then each row's cells, as text."""
    table = figure.find("table")
    rows = [[cell.text for cell in table.find("thead").find_all("th")]]
    for tr in table.find("tbody").find_all("tr"):
        rows.append([cell.text for cell in tr.iter() if cell.tag in ("th", "td")])
    return rows


def assert_csp_clean(html: str, figure) -> None:
    svg = figure.find("svg")
    assert svg is not None
    assert svg.get("role") == "img"
    title = svg.find("title")
    assert title is not None and title.text
    assert svg.get("aria-labelledby") == title.get("id")
    assert figure.find("script") is None and figure.find("style") is None
    assert all(not node.has("style") for node in figure.iter())
    # pygal's own furniture is gone: its comments, tooltips' descriptions, outside addresses.
    assert figure.find("desc") is None
    chunk = html[html.index("<svg"):html.index("</svg>")]
    assert "<!--" not in chunk and "kozea" not in chunk.lower() and "http://" not in chunk.replace(
        'xmlns="http://www.w3.org/2000/svg"', "")


def test_the_sheet_draws_each_sides_running_total_round_by_round(page, played):
    sheet = page(f"/m/{played.host}")

    figure = chart_of(sheet, "running-small")
    assert_csp_clean(sheet.html, figure)
    assert "Running totals" in figure.find("title").text
    assert figures(figure) == [["Round", "Ana", "Ben", "Cy"],
                               ["1", "10", "20", "30"], ["2", "15", "25", "35"]]
    svg = figure.find("svg")
    lines = [g for g in svg.iter() if g.tag == "g" and "series" in g.classes
             and g.find("path", class_="line") is not None]
    assert len(lines) == 3  # a line per side, each told apart by its class (app.css colours it)
    assert {c for g in lines for c in g.classes if c.startswith("color-")} == {
        "color-0", "color-1", "color-2"}


def test_every_link_of_the_match_sees_the_same_chart(page, played):
    charts = [chart_of(page(f"/m/{token}"), "running-small").find("svg")
              for token in (played.host, played.view, played.seats[1])]
    assert len({repr([n.attrs for n in svg.iter()]) for svg in charts}) == 1


def test_no_chart_before_the_first_round(page, start):
    match = start(("Ana", "Ben"))
    assert page(f"/m/{match.host}").by_id("running-small") is None


def test_the_open_round_waits_and_a_dead_round_changes_no_total(page, start, api):
    match = start(("Ana", "Ben"))
    match.add_round(5, 7)
    api.call("PUT", f"/matches/{match.id}/rounds/2/seats/0", match.seats[0], json={"score": 3})

    rows = figures(chart_of(page(f"/m/{match.host}"), "running-small"))
    assert rows == [["Round", "Ana", "Ben"], ["1", "5", "7"]]


def test_bandidos_chart_follows_the_victory_points_held(page, bandido):
    match = bandido(("Ana", "Ben"))
    for vp in ((1, 0), (2, 1), (2, 3)):
        response = match.api.call("POST", f"/matches/{match.id}/rounds", match.host, json={
            "players": [{"vp": vp[0], "symbols": []}, {"vp": vp[1], "symbols": []}]})
        assert response.status_code == 201, response.get_json()

    rows = figures(chart_of(page(f"/m/{match.host}"), "running-small"))
    # The cells are the points held after each turn: the totals, not sums of them.
    assert rows[1:] == [["1", "1", "0"], ["2", "2", "1"], ["3", "2", "3"]]
    assert rows[-1][1:] == [str(t) for t in match.state()["totals"]]


@pytest.mark.parametrize("rounds", [3, 30])
def test_the_table_view_draws_it_large(page, start, rounds):
    match = start(("Ana", "Ben"), rounds=rounds)
    for n in range(rounds):
        match.add_round(n % 5, 3)
    table = page(f"/m/{match.view}/table")
    figure = chart_of(table, "running-large")
    assert "large" in figure.classes
    assert_csp_clean(table.html, figure)
    assert len(figures(figure)) == rounds + 1
    # Past a dozen rounds, only every fifth round is labelled on the axis (and the last).
    labels = [t.text for t in figure.find("svg").iter() if t.tag == "text"
              and t.ancestor("g") is not None and "x" in (t.ancestor("g").ancestor("g").classes)]
    if rounds > 12:
        assert "30" in labels and "7" not in labels


def test_the_page_csp_still_forbids_inline_style_and_script(client, played):
    response = client.get(f"/m/{played.host}")
    csp = response.headers["Content-Security-Policy"]
    assert "style-src 'self'" in csp and "script-src 'self'" in csp
    assert "unsafe-inline" not in csp
    assert not re.search(r"<style|<script(?![^>]*src=)", response.get_data(as_text=True))


def axis_labels(figure, axis):
    """The words written along an axis ("x" or "y") of the chart's SVG."""
    return [t.text for t in figure.find("svg").iter() if t.tag == "text"
            and t.ancestor("g") is not None and t.ancestor("g").ancestor("g") is not None
            and axis in t.ancestor("g").ancestor("g").classes]


def test_bandidos_victory_points_are_counted_in_whole_points_on_the_axis(page, bandido):
    match = bandido(("Ana", "Ben"))
    for vp in ((1, 0), (1, 1)):
        response = match.api.call("POST", f"/matches/{match.id}/rounds", match.host, json={
            "players": [{"vp": vp[0], "symbols": []}, {"vp": vp[1], "symbols": []}]})
        assert response.status_code == 201, response.get_json()

    labels = axis_labels(chart_of(page(f"/m/{match.host}"), "running-small"), "y")
    assert labels and all(re.fullmatch(r"\d+", label) for label in labels), labels
    assert "0" in labels and "1" in labels


@pytest.mark.parametrize("lang, thousand", [("en", "1,000"), ("de", "1.000"), ("ar", "1,000")])
def test_the_axis_writes_numbers_as_the_pages_language_does(page, start, client, lang, thousand):
    match = start(("Ana", "Ben"))
    match.add_round(1500, 200)
    match.add_round(1000, -300)
    client.set_cookie("lang", lang)

    sheet = page(f"/m/{match.host}")
    labels = axis_labels(chart_of(sheet, "running-small"), "y")
    assert thousand in labels, labels
    assert all(re.fullmatch(r"−?\d{1,3}([.,]\d{3})*", label) for label in labels), labels
    # The same figures, the page's way, in the table: cells as the sheet writes them.
    assert figures(chart_of(sheet, "running-small"))[2][1:] == ["2500", "−100"]
