"""The event stream of SPEC section 4 through Flask's test client: what each event says, when
it comes, Last-Event-ID, replaced links and bad ones.

Not marked `live`: no gunicorn is started, so the PostgreSQL pass runs these too, where the
change watcher hears of writes through LISTEN/NOTIFY instead of SQLite's data_version."""

from __future__ import annotations

import pytest
from event_streams import Events

from app import live, ratelimit
from app.live.hub import SLOTS

NEW_MATCH = {"game": "generic", "players": ["Ana", "Ben", "Cy"]}


@pytest.fixture
def hub(app):
    """The app's streams, with an idle stream's comment every 0.2 s, so that a test waiting for
    an event never waits long between two looks; stopped after the test, before its tables go."""
    hub = app.extensions[live.EXTENSION]
    hub.keepalive = 0.2
    app.config["LIVE_POLL_SECONDS"] = 0.05
    yield hub
    hub.close()
    assert hub.idle.wait(10), "the watcher did not stop"


class Opened(Events):
    """A stream opened through the test client; its response, to close it."""

    def __init__(self, response):
        self.response = response
        self.status = response.status_code
        super().__init__(iter(response.response))

    def close(self) -> None:
        self.response.close()


@pytest.fixture
def opened(client, hub):
    streams = []

    def open_(path: str, token: str | None = None, **headers) -> Opened:
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        stream = Opened(client.get(path, headers=headers, buffered=False))
        streams.append(stream)
        return stream

    yield open_
    for stream in streams:
        stream.close()


def create(client, **options) -> dict:
    response = client.post("/api/v1/matches", json={**NEW_MATCH, "options": options})
    assert response.status_code == 201
    return response.get_json()


def write(client, match: dict, scores=(1, 2, 3)) -> int:
    response = client.post(f"/api/v1/matches/{match['id']}/rounds", json={"scores": list(scores)},
                           headers={"Authorization": f"Bearer {match['tokens']['host']}"})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["version"]


def events_path(match: dict) -> str:
    return f"/api/v1/matches/{match['id']}/events"


WAIT = 200  # idle comments (0.2 s each) before a test gives up on an event: 40 s at least


def next_event(stream: Events) -> dict:
    """The next event, past the idle comments; the test fails if none comes for a long while."""
    for _ in range(WAIT):
        kind, item = stream.next_item()
        if kind == "event":
            return item
        assert kind == "comment", "the stream ended"
    raise AssertionError("no event came")


def test_the_first_event_comes_at_once_with_the_version_and_status(client, opened):
    match = create(client)
    stream = opened(events_path(match), match["tokens"]["view"])

    assert stream.status == 200
    headers = stream.response.headers
    assert headers["Content-Type"].startswith("text/event-stream")
    assert headers["Cache-Control"] == "no-store"
    assert headers["X-Accel-Buffering"] == "no"
    # The first thing read is the event: no comment comes before it.
    assert stream.next_item() == ("event", {"id": "1", "event": "version",
                                            "data": {"version": 1, "status": "active"}})
    assert stream.retry and stream.retry > 0


def test_a_page_streams_through_its_own_link(client, opened):
    match = create(client)
    for token in (match["tokens"]["host"], match["tokens"]["view"], *match["tokens"]["seats"]):
        stream = opened(f"/m/{token}/events")
        assert stream.status == 200
        assert stream.response.headers["Cache-Control"] == "no-store"
        assert stream.next()["data"] == {"version": 1, "status": "active"}


def test_each_new_version_is_one_event_with_the_status_it_brings(client, opened):
    match = create(client, rounds=2)
    stream = opened(events_path(match), match["tokens"]["seats"][1])
    assert stream.next()["id"] == "1"

    assert write(client, match) == 2
    assert next_event(stream) == {"id": "2", "event": "version",
                                  "data": {"version": 2, "status": "active"}}
    write(client, match)
    assert next_event(stream)["data"] == {"version": 3, "status": "over"}
    banked = client.post(f"/api/v1/matches/{match['id']}/bank",
                         headers={"Authorization": f"Bearer {match['tokens']['host']}"})
    assert banked.status_code == 200
    assert next_event(stream)["data"] == {"version": 4, "status": "banked"}


def test_a_stream_hears_only_its_own_match(client, opened):
    mine, other = create(client), create(client)
    stream = opened(events_path(mine), mine["tokens"]["view"])
    assert stream.next()["id"] == "1"
    write(client, other)
    write(client, other)
    write(client, mine)
    assert next_event(stream)["data"]["version"] == 2


def test_last_event_id_older_than_the_match_gets_the_current_version_at_once(client, opened):
    match = create(client)
    write(client, match)
    write(client, match)
    stream = opened(events_path(match), match["tokens"]["view"], **{"Last-Event-ID": "1"})
    assert stream.next_item() == ("event", {"id": "3", "event": "version",
                                            "data": {"version": 3, "status": "active"}})


def test_last_event_id_of_the_current_version_gets_nothing_until_the_next(client, opened):
    match = create(client)
    write(client, match)
    stream = opened(f"/m/{match['tokens']['view']}/events", **{"Last-Event-ID": "2"})
    # The stream opens with a comment (so the headers go out), not with version 2 again...
    assert stream.next_item()[0] == "comment"
    write(client, match)
    # ...and the next event is the next version.
    assert next_event(stream)["id"] == "3"


def test_an_idle_stream_sends_a_comment_to_stay_open(client, opened):
    match = create(client)
    stream = opened(events_path(match), match["tokens"]["view"])
    assert stream.next()["id"] == "1"
    assert stream.next_item()[0] == "comment"


def test_replacing_a_link_ends_its_streams_and_no_other(client, opened):
    match = create(client)
    host, view, seat = match["tokens"]["host"], match["tokens"]["view"], match["tokens"]["seats"][0]
    gone = [opened(events_path(match), view), opened(f"/m/{view}/events")]
    stays = [opened(events_path(match), seat), opened(f"/m/{host}/events")]
    for stream in gone + stays:
        assert stream.next()["id"] == "1"

    replaced = client.post(f"/api/v1/matches/{match['id']}/tokens/replace",
                           json={"role": "view"}, headers={"Authorization": f"Bearer {host}"})
    assert replaced.status_code == 200

    for stream in gone:
        while (item := stream.next_item())[0] == "comment":
            pass
        assert item == ("end", None)
    for stream in stays:
        assert next_event(stream)["id"] == "2"
    # The old link cannot open a stream again; the new one can.
    assert opened(events_path(match), view).status == 401
    assert opened(f"/m/{view}/events").status == 404
    assert opened(f"/m/{replaced.get_json()['view']}/events").next()["id"] == "2"


def test_a_closed_stream_is_forgotten(app, client, hub, opened):
    """...and its link's slot given back (SPEC section 6: a link's streams are counted), as
    also where its body was never begun."""
    slots = app.extensions[SLOTS]
    match = create(client)
    stream = opened(events_path(match), match["tokens"]["view"])
    assert stream.next()["id"] == "1"
    assert len(hub) == 1 and slots.here == 1
    stream.close()
    assert len(hub) == 0 and slots.here == 0
    # A HEAD request answers the headers and never opens a stream at all.
    head = client.head(events_path(match), headers={
        "Authorization": f"Bearer {match['tokens']['view']}"})
    assert head.status_code == 200 and len(hub) == 0
    head.close()  # as a server does once the headers are sent
    assert slots.here == 0


def _error(response, status: int, code: str) -> dict:
    assert response.status_code == status
    body = response.get_json()
    assert set(body) == {"error"} and body["error"]["code"] == code
    return body["error"]


def test_bad_tokens_are_refused_as_the_spec_says(client, opened):
    mine, other = create(client), create(client)
    path = events_path(mine)
    _error(opened(path).response, 401, "unauthorized")
    refused = opened(path, "x" * 43).response
    _error(refused, 401, "unauthorized")
    assert refused.headers["WWW-Authenticate"] == "Bearer"
    # Another match's link: 404, as for every other request.
    _error(opened(path, other["tokens"]["host"]).response, 404, "not_found")
    _error(opened("/api/v1/matches/nope/events", mine["tokens"]["view"]).response, 404,
           "not_found")
    # A page with an unknown link is a plain 404 page, like the sheet's.
    page = opened("/m/" + "x" * 43 + "/events").response
    assert page.status_code == 404 and page.mimetype == "text/html"


@pytest.fixture
def limited(app):
    app.config.update(RATELIMIT_ENABLED=True, RATELIMIT_UNKNOWN_TOKEN_PER_MINUTE=4)
    ratelimit.reset()
    yield
    ratelimit.reset()


def test_guessing_links_on_the_streams_is_rate_limited(client, opened, limited):
    match = create(client)
    path = events_path(match)
    for guess in range(2):
        assert opened(path, f"guess-{guess}").status == 401
        assert opened(f"/m/guess-{guess}-{'x' * 30}/events").status == 404
    # Four unknown links from this address this minute: the fifth is refused, on both routes.
    refused = opened(path, "guess-api").response
    _error(refused, 429, "too_many_requests")
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert opened(f"/m/guess-page-{'x' * 30}/events").status == 429
    # A real link still streams.
    assert opened(path, match["tokens"]["view"]).next()["id"] == "1"
