"""The designer as plain forms (no script): rows added, moved and removed by the server, a
formula checked with its value on the sample numbers, each refusal beside its field, saving, and
saving and starting a match in one go; the owner's next version, and a save typed over a version
made meanwhile."""

from __future__ import annotations

from html import unescape

from design_fixtures import TALLY


def send(client, form):
    """What a browser sends when the form (its action and data, as form_data answers) is posted."""
    action, data = form
    return client.post(action, data=data)


def typed_in(page, **fields):
    """The designer's form as a browser posts it, with `fields` typed in."""
    return page.form_data("designer", **fields)


def test_a_sheet_is_designed_on_plain_forms_and_saved(client, page, location):
    designer = page("/designs/new")
    assert designer.status == 200
    assert designer.by_id("rows-0-label") is not None and designer.by_id("rows-1-label") is None

    action, data = typed_in(designer, name="Dice night", **{
        "rows-0-label": "Sixes", "rows-0-kind": "count", "rows-0-points": "2",
        "rows-0-max": "5"}, action="add")
    added = page(client.post(action, data=data))
    # A row added: the first as typed, the new one empty below it.
    assert added.by_id("rows-0-label").get("value") == "Sixes"
    assert added.by_id("rows-1-label").get("value") == ""

    action, data = typed_in(added, **{"rows-1-label": "Bonus", "rows-1-kind": "formula",
                                      "rows-1-formula": "if(sixes >= 8, 10, 0"}, action="check")
    refused = page(client.post(action, data=data))
    assert refused.status == 422
    assert "never closed" in refused.field_error("rows-1-formula")
    # The key was made from the label, and is shown to be typed in formulas.
    assert refused.by_id("rows-0-key").get("value") == "sixes"

    action, data = typed_in(refused, **{"rows-1-formula": "if(sixes >= 2, 10, 0) + sixes"},
                            action="check")
    checked = page(client.post(action, data=data))
    assert checked.status == 200
    # On the sample numbers: 3 sixes, each worth 2: 6 ≥ 2, so 10 + 6.
    assert checked.by_id("rows-1-formula-sample").text.endswith("16")

    saved = send(client, typed_in(checked, action="save"))
    path, _ = location(saved)
    assert path.startswith("/d/")
    design_id, token = path.split("/")[2:4]
    kept = client.get(f"/api/v1/designs/{design_id}").get_json()["design"]
    assert [row["key"] for row in kept["rows"]] == ["sixes", "bonus"]
    assert kept["rows"][1]["formula"] == "if(sixes >= 2, 10, 0) + sixes"
    owner = page(path)
    assert owner.find("a", href=f"/d/{design_id}/{token}/edit") is not None


def test_rows_move_up_and_down_and_are_removed_keeping_what_was_typed(client, page):
    designer = page("/designs/new?from=yahtzee")
    labels = [designer.by_id(f"rows-{i}-label").get("value") for i in range(3)]
    assert labels == ["Ones", "Twos", "Threes"]

    moved = page(send(client, typed_in(designer, action="down-0")))
    assert [moved.by_id(f"rows-{i}-label").get("value") for i in range(2)] == ["Twos", "Ones"]
    removed = page(send(client, typed_in(moved, action="remove-0")))
    assert removed.by_id("rows-0-label").get("value") == "Ones"
    assert removed.by_id("rows-14-label") is None  # 15 rows less the one removed
    up = page(send(client, typed_in(removed, action="up-0")))  # the first stays first
    assert up.by_id("rows-0-label").get("value") == "Ones"


def test_save_and_start_goes_to_the_new_match_form_with_the_design(client, page, location):
    designer = page("/designs/new?from=wizard")

    started = send(client, typed_in(designer, name="Wizard for four", action="start"))

    path, query = location(started)
    assert path == "/new/custom" and len(query["opt_design"][0]) == 12
    form = page(f"{path}?opt_design={query['opt_design'][0]}")
    assert "Wizard for four" in form.find("section", class_="design-start").text
    # A rounds design's own end is the line the form offers.
    assert form.by_id("opt_rounds") is not None
    made = send(client, form.form_data(**{"players-0": "Ana", "players-1": "Ben",
                                          "players-2": "Cy"}))
    sheet, _ = location(made)
    assert page(sheet).find("a", class_="round-link") is None  # no round yet: the rows wait
    assert "Wizard for four" in page(sheet).text


def test_the_owner_saves_a_new_version_and_a_save_over_a_newer_one_asks(api, client, page,
                                                                       location, made):
    created = made()
    design_id, token = created["id"], created["tokens"]["owner"]
    editor = page(f"/d/{design_id}/{token}/edit")
    assert editor.find("input", name="version").get("value") == "1"

    location(send(client, typed_in(editor, name="Dice night II", action="save")))
    assert api.call("GET", f"/designs/{design_id}").get_json()["version"] == 2

    # The same page again, typed at version 1: the version made meanwhile is not lost.
    stale = page(send(client, typed_in(editor, name="Dice night III", action="save")))
    assert stale.status == 409 and "version 2" in stale.text
    assert stale.by_id("name").get("value") == "Dice night III"
    location(send(client, typed_in(stale, action="save")))
    assert api.call("GET", f"/designs/{design_id}").get_json()["design"]["name"] == \
        "Dice night III"
    assert page(f"/d/{design_id}/not-its-link/edit").status == 404
    assert page(f"/d/{design_id}/{made()['tokens']['owner']}/edit").status == 403


def test_the_designers_script_asks_the_server_as_it_is_typed(client, page):
    designer = page("/designs/new?from=yahtzee")
    action, data = typed_in(designer, **{"rows-6-formula": "if(ones >= 3, 35, ", "rows-1-key": ""})
    data["csrf_token"] = designer.csrf_token()

    answer = client.post("/designs/check", data=data)

    assert answer.status_code == 200 and answer.is_json
    said = answer.get_json()
    assert "rows-6-formula" in said["errors"]
    assert said["keys"]["rows-1-key"] == "twos"  # made from its label
    data["rows-6-formula"] = "if(ones >= 3, 35, 0)"
    said = client.post("/designs/check", data=data).get_json()
    assert said["errors"] == {} and said["samples"]["rows-6-formula"] == "35"


def test_a_design_page_shows_its_rows_qr_code_json_and_start(page, made):
    created = made()
    shown = page(f"/d/{created['id']}")

    assert shown.status == 200
    assert shown.response.headers["Cache-Control"] == "no-store"
    assert shown.find("h1").text == "Dice night"
    assert [th.text for th in shown.find("table").find_all("th", scope="row")] == [
        "Sixes", "A pair", "Bonus"]
    assert shown.find("a", href=f"/new/custom?opt_design={created['id']}") is not None
    qr = shown.find("img", class_="qr").get("src")
    assert page(qr).response.mimetype == "image/svg+xml"
    copied = unescape(shown.find("textarea").text)
    assert '"formula": "if(sixes >= 8, 10, 0)"' in copied
    assert shown.find("a", href=f"/d/{created['id']}/{created['tokens']['owner']}/edit") is None
    assert page("/d/nosuchdesign").status == 404


def test_the_designs_json_imports_on_another_server_and_its_owner_may_delete_it(
        client, page, location, made, api):
    copied = unescape(page(f"/d/{made()['id']}").find("textarea").text)
    importer = page("/designs/import")

    bad = page(send(client, importer.form_data(design="{ not json")))
    assert bad.status == 422 and bad.field_error("design")
    imported = send(client, importer.form_data(design=copied))
    path, _ = location(imported)
    design_id, token = path.split("/")[2:4]
    assert api.call("GET", f"/designs/{design_id}").get_json()["design"]["name"] == "Dice night"

    owner = page(path)
    kept = send(client, owner.form_data(form_id=None))  # the delete form, not ticked
    assert location(kept)[0] == path and api.call("GET", f"/designs/{design_id}").status_code == 200
    send(client, owner.form_data(sure=True))
    assert api.call("GET", f"/designs/{design_id}").status_code == 404


def test_the_new_match_page_offers_the_gallery_this_phones_designs_and_another_game(
        client, page, made):
    chooser = page("/new/custom")

    assert chooser.status == 200
    assert chooser.find("a", href="/new/custom?opt_design=yahtzee").text == "Yahtzee"
    assert chooser.find("a", href="/designs/new") is not None
    created = made(TALLY)
    page(f"/d/{created['id']}/{created['tokens']['owner']}")  # opened on this phone
    assert page("/new/custom").find("a", href=f"/new/custom?opt_design={created['id']}") \
        is not None


def test_a_refused_save_says_so_at_the_top_with_a_link_to_each_field_at_fault(client, page):
    designer = page("/designs/new")
    # A count row's "Points each" left empty, and a formula row's formula too, far below.
    action, data = typed_in(designer, name="Treasure", **{
        "rows-0-label": "Gold", "rows-0-kind": "count"}, action="add")
    two = page(client.post(action, data=data))
    refused = page(send(client, typed_in(two, **{"rows-1-label": "Bonus",
                                                 "rows-1-kind": "formula",
                                                 "rows-1-formula": "gold +"}, action="save")))

    assert refused.status == 422
    summary = refused.by_id("error-summary")
    assert summary is not None and "not saved" in summary.text
    # First in the page's main part, and where the focus lands, without a script.
    order = list(refused.find("main").iter())
    assert order.index(summary) < order.index(refused.find("h1"))
    assert summary.has("autofocus") and summary.get("tabindex") == "-1"
    links = {a.get("href"): a.text for a in summary.find_all("a")}
    assert set(links) == {"#rows-0-points", "#rows-1-formula"}
    assert "Row 1" in links["#rows-0-points"] and "Points each" in links["#rows-0-points"]
    for href in links:
        assert refused.by_id(href[1:]) is not None and refused.field_error(href[1:])
    # What was typed is kept; nothing was stored.
    assert refused.by_id("rows-0-label").get("value") == "Gold"


def test_no_placeholder_of_the_designer_looks_like_a_value(page):
    designer = page("/designs/new?from=7-wonders")

    placeholders = [node.get("placeholder") for node in designer.find_all()
                    if node.get("placeholder")]

    assert not [text for text in placeholders if any(c.isdigit() for c in text)], placeholders


def test_a_tick_only_a_formula_reads_is_not_said_to_be_worth_1(page):
    shown = page("/d/hearts")

    worth = {tr.find("th").text: tr.find_all("td")[-1].text
             for tr in shown.find("table").find("tbody").find_all("tr")}

    assert "1 when ticked" not in worth.values(), worth
    assert worth["Queen of spades"] == "13 when ticked"  # its 13 is what the formula adds


def test_a_designs_page_says_how_each_rank_rows_ties_are_shared(page):
    kinds = {design: {tr.find("th").text: tr.find_all("td")[0].text
                      for tr in page(f"/d/{design}").find("table").find("tbody").find_all("tr")}
             for design in ("wingspan", "ticket-to-ride")}

    split = [kind for kind in kinds["wingspan"].values() if "Tied players" in kind]
    shared = [kind for kind in kinds["ticket-to-ride"].values() if "Tied players" in kind]
    assert split and all("split the points of their places" in kind for kind in split)
    assert shared and all("each take the best place's points" in kind for kind in shared)


def test_the_formulas_grammar_is_a_line_of_its_own_with_if_in_the_pages_language(client, page):
    client.set_cookie("lang", "ar")
    listed = page("/designs/new").find("code", class_="grammar")

    assert listed is not None and listed.get("dir") == "ltr"
    # Each Arabic word isolated, so that it and the commas after it keep their order.
    assert "<=" in listed.text
    assert "if(\u2068شرط\u2069, \u2068ثم\u2069, \u2068وإلا\u2069)" in listed.text
    client.set_cookie("lang", "de")
    listed = page("/designs/new").find("code", class_="grammar").text
    assert "if(Bedingung, dann, sonst)" in listed.replace("\u2068", "").replace("\u2069", "")


def test_the_formulas_grammar_follows_its_sentence_whole_never_splitting_off_its_end(
        client, page):
    for lang, ends in (("en", "It may use:"), ("de", "Sie kann verwenden:"),
                       ("ar", "ويمكنها استعمال:")):
        client.set_cookie("lang", lang)
        listed = page("/designs/new").find("code", class_="grammar")
        said = listed.parent
        # The list, a block of its own, is the last thing its paragraph says: no full stop
        # nor last word of the sentence is left to a line of its own after it.
        after = said.children[said.children.index(listed) + 1:]
        assert not "".join(str(part) for part in after).strip(), after
        before = "".join(part if isinstance(part, str) else part.text
                         for part in said.children[:said.children.index(listed)])
        assert before.strip().endswith(ends), before
        # if(…) is kept on one line: cut in two, its parentheses face each other's way.
        assert listed.find("span", class_="call").text.startswith("if(")
