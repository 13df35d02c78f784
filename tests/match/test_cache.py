"""The app's one cache: bounded in bytes, least recently used out first, one per app."""

from __future__ import annotations

import pytest

from app import create_app
from app.cache import EXTENSION, Cache, kept
from config import TestConfig


def maker(value, size: int, keep: bool = True, calls: list | None = None):
    def make():
        if calls is not None:
            calls.append(value)
        return value, size, keep

    return make


def test_a_kept_value_is_not_made_again():
    cache, calls = Cache(100), []

    assert cache.kept("a", maker("A", 10, calls=calls)) == "A"
    assert cache.kept("a", maker("other", 10, calls=calls)) == "A"

    assert calls == ["A"]


def test_the_sizes_kept_never_add_up_past_the_limit():
    cache = Cache(100)
    for key in "abcde":
        cache.kept(key, maker(key.upper(), 40))
        assert cache.size <= 100

    assert cache.size == 80 and len(cache) == 2
    assert "d" in cache and "e" in cache


def test_the_least_recently_used_goes_first():
    cache = Cache(100)
    cache.kept("a", maker("A", 40))
    cache.kept("b", maker("B", 40))
    cache.kept("a", maker("unused", 40))  # read: "a" is now the most recently used

    cache.kept("c", maker("C", 40))

    assert "a" in cache and "c" in cache and "b" not in cache


def test_a_value_that_says_not_to_keep_it_is_answered_but_not_kept():
    cache, calls = Cache(100), []

    assert cache.kept("a", maker("newer", 10, keep=False, calls=calls)) == "newer"
    assert cache.kept("a", maker("again", 10, calls=calls)) == "again"

    assert calls == ["newer", "again"] and cache.size == 10


def test_a_value_larger_than_the_whole_cache_is_not_kept_and_evicts_nothing():
    cache = Cache(100)
    cache.kept("a", maker("A", 60))

    assert cache.kept("huge", maker("H", 101)) == "H"

    assert "huge" not in cache and "a" in cache and cache.size == 60


def test_each_app_keeps_its_own_cache_sized_by_its_config():
    class Small(TestConfig):
        CACHE_BYTES = 1234

    first, second = create_app(Small), create_app(TestConfig)
    assert first.extensions[EXTENSION].limit == 1234
    assert second.extensions[EXTENSION].limit == TestConfig.CACHE_BYTES == 32 * 1024 * 1024
    calls: list[str] = []

    with first.app_context():
        assert kept(("k",), maker("first", 10, calls=calls)) == "first"
    with second.app_context():
        assert kept(("k",), maker("second", 10, calls=calls)) == "second"
    with first.app_context():
        assert kept(("k",), maker("unused", 10, calls=calls)) == "first"

    assert calls == ["first", "second"]


def test_the_api_keeps_the_view_of_a_version_it_showed(app, api):
    created = api.create(("Ana", "Ben"))
    host = created["tokens"]["host"]
    cache = app.extensions[EXTENSION]
    key = ("api", created["id"], 1, "host", None, False)  # False: no character key opened
    assert key not in cache

    first = api.call("GET", f"/matches/{created['id']}", host)
    again = api.call("GET", f"/matches/{created['id']}", host)

    assert key in cache and cache.size > 0
    assert first.get_data() == again.get_data() and again.headers["ETag"] == '"1"'


def test_a_value_being_made_is_made_once_for_every_request_asking_for_it():
    """Two phones opening a long match at once: the second waits for the first's replay rather
    than replaying it again beside it (issue 41: two first reads of such a match stopped the
    server)."""
    import threading

    from app.cache import Cache

    cache = Cache(10_000)
    started, release = threading.Event(), threading.Event()
    made: list[int] = []

    def make():
        made.append(1)
        started.set()
        release.wait(5)
        return "replayed", 10, True

    answers: list[str] = []
    first = threading.Thread(target=lambda: answers.append(cache.kept("k", make)))
    first.start()
    assert started.wait(5)
    second = threading.Thread(target=lambda: answers.append(cache.kept("k", make)))
    second.start()
    second.join(0.2)
    assert second.is_alive()  # waiting for the first, not making its own
    release.set()
    first.join(5)
    second.join(5)
    assert answers == ["replayed", "replayed"] and len(made) == 1


def test_a_value_its_maker_failed_to_make_is_made_by_the_next_request():
    from app.cache import Cache

    cache = Cache(10_000)

    def broken():
        raise RuntimeError("no")

    with pytest.raises(RuntimeError):
        cache.kept("k", broken)
    assert cache.kept("k", lambda: ("made", 4, True)) == "made"
