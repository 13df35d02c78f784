"""Taking a banking back (SPEC section 2, `POST /unbank`): the host alone, within ten minutes of
it, while the match has no rematch; the match is over again and out of its group's bank."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from api_helpers import get

from app.extensions import db
from app.models import Match


@pytest.fixture
def banked(api, start, play):
    """Ana and Ben, over after one round (Ben reached 10), banked by Ben's phone."""
    match = start(("Ana", "Ben"), target=10)
    play(match, [4, 10])
    assert api.call("POST", f"{match.path}/bank", match.seats[1]).status_code == 200
    return match


def bank_of(api, group):
    return [m["id"] for m in api.call("GET", group.path, group.owner).get_json()["matches"]]


def banked_minutes_ago(app, match, minutes):
    with app.app_context():
        row = db.session.get(Match, match.id)
        row.banked_at = datetime.now(UTC) - timedelta(minutes=minutes)
        db.session.commit()


def test_the_host_takes_a_banking_back_and_the_match_is_over_again(api, banked):
    response = api.call("POST", f"{banked.path}/unbank", banked.host)

    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "over" and body["winners"] == [1] and body["totals"] == [4, 10]
    assert get(api, banked, banked.view)["status"] == "over"
    # Over, not active: no round may be added, and it may be banked again, by anyone at the table.
    assert api.call("POST", f"{banked.path}/rounds", banked.host,
                    json={"scores": [1, 1]}).status_code == 409
    assert api.call("POST", f"{banked.path}/bank", banked.seats[0]).get_json()["status"] == "banked"


@pytest.mark.parametrize("who", ["seat 0", "seat 1", "view"])
def test_only_the_host_takes_a_banking_back(banked, refused, who):
    token = banked.view if who == "view" else banked.seats[int(who[-1])]
    refused(banked, 403, "POST", f"{banked.path}/unbank", token)


def test_a_match_that_is_not_banked_has_no_banking_to_take_back(start, play, refused):
    match = start(("Ana", "Ben"), target=10)
    refused(match, 409, "POST", f"{match.path}/unbank", match.host)
    play(match, [4, 10])
    refused(match, 409, "POST", f"{match.path}/unbank", match.host)


def test_a_banking_older_than_ten_minutes_stays(app, api, banked, refused):
    banked_minutes_ago(app, banked, 9)
    assert api.call("POST", f"{banked.path}/unbank", banked.host).status_code == 200
    api.call("POST", f"{banked.path}/bank", banked.host)

    banked_minutes_ago(app, banked, 11)
    refused(banked, 409, "POST", f"{banked.path}/unbank", banked.host)
    assert get(api, banked)["status"] == "banked"


def test_a_banking_stays_once_the_rematch_has_begun(api, banked, refused):
    assert api.call("POST", f"{banked.path}/rematch", banked.host).status_code == 201

    refused(banked, 409, "POST", f"{banked.path}/unbank", banked.host)


def test_an_abandoned_match_has_no_banking_to_take_back(api, start, refused):
    match = start(("Ana", "Ben"))
    api.call("POST", f"{match.path}/abandon", match.host)
    refused(match, 409, "POST", f"{match.path}/unbank", match.host)


def test_a_group_match_taken_back_leaves_the_bank_and_comes_back_when_banked_again(
        api, group, start_in, play):
    match = start_in(group, ("Ana", "Ben"), target=10)
    play(match, [4, 10])
    api.call("POST", f"{match.path}/bank", match.host)
    assert bank_of(api, group) == [match.id]

    assert api.call("POST", f"{match.path}/unbank", match.host).status_code == 200
    assert bank_of(api, group) == []
    assert api.call("GET", f"{group.path}/stats", group.view).status_code == 200

    api.call("POST", f"{match.path}/bank", match.host)
    assert bank_of(api, group) == [match.id]


def test_a_match_filed_into_a_group_at_its_banking_leaves_that_group_when_taken_back(
        api, app, group, banked):
    # Banked once of no group, taken back, then filed into the Thursday group and taken back.
    assert api.call("POST", f"{banked.path}/unbank", banked.host).status_code == 200
    filed = api.call("POST", f"{banked.path}/bank", banked.host,
                     json={"group": group.id, "group_token": group.owner})
    assert filed.status_code == 200 and bank_of(api, group) == [banked.id]

    assert api.call("POST", f"{banked.path}/unbank", banked.host).status_code == 200

    assert bank_of(api, group) == []
    with app.app_context():
        row = db.session.get(Match, banked.id)
        assert row.group_id is None and all(seat.player_id is None for seat in row.seats)


def test_taking_a_banking_back_honours_if_match(api, banked, refused):
    version = get(api, banked)["version"]
    refused(banked, 412, "POST", f"{banked.path}/unbank", banked.host,
            headers={"If-Match": str(version - 1)})
    response = api.call("POST", f"{banked.path}/unbank", banked.host,
                        headers={"If-Match": str(version)})
    assert response.status_code == 200 and response.get_json()["version"] == version + 1
