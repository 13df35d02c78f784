"""The page fixtures, lent to the toy game's own tests (its phone test is in tests/browser)."""

from pages.conftest import location, page, submit  # noqa: F401
