"""The page fixtures, lent to the toy game's own tests (its phone test is in browser/)."""

from page_fixtures import location, page, submit  # noqa: F401
