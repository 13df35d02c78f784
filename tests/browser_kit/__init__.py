"""What every browser test shares, wherever its feature's folder is (tests/<feature>/browser/):
the fixtures (fixtures.py: the session's Chromium and loopback server, the test's `live_server`,
the look checks' `site`, a `phone`), loaded for the whole suite by tests/conftest.py; the waits
for where a save takes the phone (landing.py); and the pages the look checks open
(everything.py)."""
