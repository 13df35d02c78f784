"""Share the result (SPEC section 8) on a phone: where the browser shares files, the card goes
to the share sheet as a PNG; where it does not, the same tap downloads the card."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True, "accept_downloads": True}
# A phone that shares files: what it was handed is kept to be read back.
WEB_SHARE = """
navigator.canShare = (data) => Boolean(data && data.files && data.files.length);
navigator.share = async (data) => {
  const file = data.files[0];
  window.shared = {name: file.name, type: file.type, size: file.size, title: data.title};
};
"""


def test_share_the_result_as_a_file_or_else_as_a_download(live_server, browser, api):
    created = api.create(("Ana", "Ben"), options={"rounds": 1})
    tokens = created["tokens"]
    api.call("POST", f"/matches/{created['id']}/rounds", tokens["host"], json={"scores": [4, 10]})

    sharing = browser.new_context(**PHONE)
    sharing.add_init_script(WEB_SHARE)
    try:
        page = sharing.new_page()
        page.goto(f"{live_server}/m/{tokens['view']}")
        page.get_by_role("link", name="Share the result").click()
        page.wait_for_function("() => window.shared !== undefined")
        shared = page.evaluate("window.shared")
        assert shared["type"] == "image/png" and shared["name"] == "squarescores-result.png"
        assert 10_000 < shared["size"] <= 300 * 1024
        expect(page).to_have_url(f"{live_server}/m/{tokens['view']}")  # no navigation
    finally:
        sharing.close()

    plain = browser.new_context(**PHONE)
    try:
        page = plain.new_page()
        page.goto(f"{live_server}/m/{tokens['host']}")
        assert page.evaluate("typeof navigator.canShare !== 'function' || "
                             "!navigator.canShare({files: [new File([''], 'x.png', "
                             "{type: 'image/png'})]})")
        with page.expect_download() as download:
            page.get_by_role("link", name="Share the result").click()
        assert download.value.suggested_filename == "squarescores-result.png"
        with open(download.value.path(), "rb") as card:
            assert card.read(8) == b"\x89PNG\r\n\x1a\n"
    finally:
        plain.close()
