"""A sheet for any game on phones: one phone designs the sheet (rows added and moved in place, a
formula checked as it is typed, its value on the sample numbers), saves it and starts a match;
then three phones fill the tally, each its own column, and every phone sees the others' as they
save, the computed rows and the totals filling in, until the pad names the winner."""

from __future__ import annotations

import re

import pytest
from browser_kit.landing import on_the_sheet
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def design_a_sheet(page, live_server):
    page.goto(live_server + "/new/custom")
    page.get_by_role("link", name="Another game: design its sheet").click()
    page.evaluate("window.untouched = true")  # gone if a button reloads the page
    page.get_by_label("Name", exact=True).fill("Dice night")
    page.locator("#rows-0-label").fill("Sixes")
    page.locator("#rows-0-kind").select_option("count")
    expect(page.locator("#rows-0-points")).to_be_visible()
    expect(page.locator("#rows-0-formula")).to_be_hidden()
    page.locator("#rows-0-points").fill("2")
    page.locator("#rows-0-max").fill("5")

    page.get_by_role("button", name="Add a row").click()
    page.locator("#rows-1-label").fill("A pair")
    page.locator("#rows-1-kind").select_option("check")
    page.locator("#rows-1-points").fill("5")
    page.get_by_role("button", name="Add a row").click()
    page.locator("#rows-2-label").fill("Bonus")
    page.locator("#rows-2-kind").select_option("formula")
    page.locator("#rows-2-formula").fill("if(sixes >= 6, 10,")
    expect(page.locator("#rows-2-formula-error")).to_contain_text("character")
    page.locator("#rows-2-formula").fill("if(sixes >= 6, 10, 0)")
    # On the sample numbers: three sixes, each worth 2.
    expect(page.locator("#rows-2-formula-sample")).to_have_text("On the sample numbers: 10")
    expect(page.locator("#rows-2-formula-error")).to_have_count(0)

    # The bonus moves up above the pair, in place.
    page.get_by_role("button", name="Move row 3 up").click()
    expect(page.locator("#rows-1-label")).to_have_value("Bonus")
    expect(page.locator("#rows-2-label")).to_have_value("A pair")
    assert page.evaluate("window.untouched") is True

    page.get_by_role("button", name="Save and start a match").click()
    expect(page.locator(".design-start h2")).to_have_text("Dice night")
    for seat, name in enumerate(("Ana", "Ben", "Cy"), start=1):
        page.get_by_label(f"Player {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Start the match").click()
    on_the_sheet(page)  # its scripts run before the next tap
    page.get_by_role("link", name="Invite the table").click()
    seats = [page.locator(".invite input.link").nth(i).input_value() for i in range(3)]
    page.get_by_role("link", name="Back to the sheet").click()
    on_the_sheet(page)  # its scripts run before the next tap
    return seats


def fill_column(page, sixes, pair):
    page.get_by_role("link", name=re.compile("fill in the column")).click()
    page.get_by_role("textbox", name=re.compile("^Sixes")).fill(str(sixes))
    if pair:
        page.get_by_label(re.compile("A pair")).check()
    page.get_by_role("button", name=re.compile("Save")).click()
    expect(page.locator("table.pad")).to_be_visible()


def test_a_phone_designs_a_sheet_and_three_phones_fill_the_tally(live_server, browser):
    contexts = [browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
                for _ in range(4)]
    host, *phones = [context.new_page() for context in contexts]
    try:
        seats = design_a_sheet(host, live_server)
        for page, link in zip(phones, seats, strict=True):
            page.goto(link)
        ana, ben, cy = phones
        expect(cy.locator("#row-sixes td")).to_have_text(["…", "…", "…"])
        cy.evaluate("window.untouched = true")

        fill_column(ana, 4, True)
        # Every other phone sees Ana's column as she saves it, the bonus worked out with it.
        expect(cy.locator("#row-sixes td").first).to_have_text("8 (4)", timeout=3000)
        expect(cy.locator("#row-bonus td").first).to_have_text("10")
        expect(host.locator("tfoot td").first).to_have_text("23", timeout=3000)
        fill_column(ben, 2, False)
        fill_column(cy, 3, True)
        assert cy.evaluate("window.untouched") is not True  # Cy left for her column and back

        for page in (host, ana, ben, cy):
            expect(page.locator(".banner.over")).to_contain_text("Ana", timeout=3000)
            expect(page.locator("tfoot td")).to_have_text(["23", "4", "21"])
            expect(page.locator(".standing .total")).to_have_text(["23", "4", "21"])
    finally:
        for context in contexts:
            context.close()


def refused_save(page, live_server):
    """A design whose count row has no points, saved: the page that refuses it."""
    page.goto(live_server + "/designs/new")
    page.get_by_label("Name", exact=True).fill("Treasure")
    page.locator("#rows-0-label").fill("Gold")
    page.locator("#rows-0-kind").select_option("count")
    page.locator("#rows-0-max").fill("9")
    page.get_by_role("button", name="Save", exact=True).click()


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_a_refused_save_says_so_at_the_top_and_takes_the_focus_there(live_server, browser,
                                                                     script):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                  java_script_enabled=script)
    page = context.new_page()
    try:
        refused_save(page, live_server)
        summary = page.locator("#error-summary")
        expect(summary).to_be_focused()
        expect(summary).to_contain_text("The design was not saved.")
        expect(summary).to_be_in_viewport()
        link = summary.get_by_role("link", name="Row 1: Points each")
        link.click()
        if script:
            expect(page.locator("#rows-0-points")).to_be_focused()
        else:
            page.wait_for_url("**#rows-0-points")
        expect(page.locator("#rows-0-points")).to_be_in_viewport()
    finally:
        context.close()


def test_a_row_just_made_a_count_is_not_told_off_before_anything_is_typed_in_it(
        live_server, phone):
    page = phone
    page.goto(live_server + "/designs/new")
    page.get_by_label("Name", exact=True).fill("Treasure")
    page.locator("#rows-0-label").fill("Gold")
    page.locator("#rows-0-kind").select_option("count")
    page.get_by_role("button", name="Add a row").click()
    page.locator("#rows-1-label").fill("Bonus")
    # The check has answered once the label typed last has made its row's key.
    expect(page.locator("#rows-1-key")).to_have_attribute("placeholder", "bonus")
    expect(page.locator("#rows-0-points-error")).to_have_count(0)

    page.locator("#rows-0-points").fill("x")
    expect(page.locator("#rows-0-points-error")).to_be_visible()
    page.locator("#rows-0-points").fill("3")
    expect(page.locator("#rows-0-points-error")).to_have_count(0)


# Each shown dropdown whose chosen words are wider than the room inside it (its arrow's room
# left out): its words, as the phone cuts them.
CUT_SELECTS = """() => {
  const ruler = document.createElement("canvas").getContext("2d");
  const shown = [...document.querySelectorAll("#designer select")].filter(s => s.offsetParent);
  return shown.filter(s => {
    const style = getComputedStyle(s);
    ruler.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const words = s.options[s.selectedIndex].text;
    const room = s.clientWidth - parseFloat(style.paddingLeft)
      - parseFloat(style.paddingRight) - 16;
    return ruler.measureText(words).width > room;
  }).map(s => s.options[s.selectedIndex].text);
}"""


# Each shown choice's words that run past their label's own box or the phone's width.
CUT_CHOICES = """() => [...document.querySelectorAll("#designer label.check")]
  .filter(l => l.offsetParent)
  .filter(l => l.scrollWidth > l.clientWidth || l.getBoundingClientRect().right > innerWidth
    || l.getBoundingClientRect().left < 0)
  .map(l => l.textContent.trim())"""


@pytest.mark.parametrize("lang", ["en", "de", "ar"])
def test_no_dropdown_of_the_designer_cuts_its_words_on_a_phone(live_server, browser, lang):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    page = context.new_page()
    try:
        page.goto(live_server + "/designs/new?from=wingspan")
        # A rank row: each way its tied players may share, chosen in turn, its words whole
        # (the first, "each take the best place's points", was cut at 390 px).
        rank = page.locator("li.design-row:has(select.row-kind option[value=rank]:checked)").first
        expect(rank).to_be_visible()
        for way in ("share", "split"):
            choice = rank.locator("[name$=-ties]").filter(visible=True).first
            if choice.evaluate("e => e.tagName") == "SELECT":
                choice.select_option(way)
            else:
                rank.locator(f"input[name$=-ties][value={way}]").check()
            assert page.evaluate(CUT_SELECTS) == [], way
            assert page.evaluate(CUT_CHOICES) == [], way
        page.locator("#tiebreak-0-row").select_option(index=1)
        page.locator("select[name=tiebreak-0-order]").select_option("fewest")
        assert page.evaluate(CUT_SELECTS) == []
        assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    finally:
        context.close()
