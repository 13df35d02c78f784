"""Banking on a phone, as a table meets it: a seat's tap on "bank it" asks once, the banked
sheet says who banked it on every phone, and the host can take it back (a typo found after)."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
WORDS = {
    "en": {"bank": "Match over: bank it", "yes": "Yes, bank it", "asked": "Nothing can change",
           "by": "Banked by Ben.", "back": "Take the banking back", "taken": "taken back"},
    "ar": {"bank": "انتهت المباراة: سجّلها", "yes": "نعم، سجّلها", "asked": "لا يمكن تغيير شيء",
           "by": "سجّلها Ben.", "back": "التراجع عن التسجيل", "taken": "تم التراجع عن التسجيل"},
}


def phone(browser, base, lang):
    context = browser.new_context(**PHONE)
    context.add_cookies([{"name": "lang", "value": lang, "domain": urlsplit(base).hostname,
                          "path": "/"}])
    return context.new_page()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_banking_asks_once_says_who_banked_and_the_host_takes_it_back(
        live_server, browser, api, artifacts, lang):
    words = WORDS[lang]
    created = api.create(("Ana", "Ben"), options={"target": 10})
    tokens = created["tokens"]
    api.call("POST", f"/matches/{created['id']}/rounds", tokens["host"], json={"scores": [4, 10]})
    ben = phone(browser, live_server, lang)
    host = phone(browser, live_server, lang)
    ben.goto(f"{live_server}/m/{tokens['seats'][1]}")

    ben.get_by_role("button", name=words["bank"]).tap()
    # Asked once: nothing is banked until Ben says yes.
    expect(ben.locator("main")).to_contain_text(words["asked"])
    assert api.call("GET", f"/matches/{created['id']}", tokens["view"]).get_json()[
        "status"] == "over"
    ben.screenshot(path=str(artifacts / f"bank-asked-{lang}.png"), full_page=True)
    ben.get_by_role("button", name=words["yes"]).tap()
    expect(ben.locator(".banner.banked")).to_contain_text(words["by"])
    expect(ben.get_by_role("button", name=words["back"])).to_have_count(0)  # the host's alone

    host.goto(f"{live_server}/m/{tokens['host']}")
    expect(host.locator(".banner.banked")).to_contain_text(words["by"])
    host.screenshot(path=str(artifacts / f"banked-host-{lang}.png"), full_page=True)
    host.get_by_role("button", name=words["back"]).tap()
    expect(host.locator(".flash")).to_contain_text(words["taken"])
    expect(host.get_by_role("button", name=words["bank"])).to_be_visible()
    # Ben's phone follows: over again, and his own bank button back.
    expect(ben.get_by_role("button", name=words["bank"])).to_be_visible()
    assert api.call("GET", f"/matches/{created['id']}", tokens["view"]).get_json()[
        "status"] == "over"

    # Ben banks again: the host's page says so, and no longer that the banking was taken
    # back (a message never contradicts the sheet beside it).
    assert api.call("POST", f"/matches/{created['id']}/bank", tokens["seats"][1]
                    ).status_code == 200
    expect(host.locator(".banner.banked")).to_contain_text(words["by"])
    expect(host.locator(".flash")).to_have_count(0)
    ben.context.close()
    host.context.close()
