"""The page and browser fixtures, lent to the toy game's own tests."""

from browser.conftest import browser, live_server, phone  # noqa: F401
from pages.conftest import location, page, submit  # noqa: F401
