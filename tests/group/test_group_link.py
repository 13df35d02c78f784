"""Which of a group's links a match's sheet leads back to: the view link for every link of the
match, the owner link only where it is known already (the host of a match started in the
group, through its rematches, or a phone that opened the owner link)."""

from __future__ import annotations

from app.services.group.groups import group_link_of


def group_and_match(api, filed=False):
    group = api.call("POST", "/groups", json={"name": "Thursday table"}).get_json()
    owner = group["tokens"]["owner"]
    body = {"game": "generic", "players": ["Ana", "Ben"], "options": {"rounds": 1}}
    if filed:
        match = api.call("POST", "/matches", json=body).get_json()
    else:
        match = api.call("POST", "/matches", owner, json=body | {"group": group["id"]}).get_json()
    api.call("POST", f"/matches/{match['id']}/rounds", match["tokens"]["host"],
             json={"scores": [1, 2]})
    bank = {"group": group["id"], "group_token": owner} if filed else None
    assert api.call("POST", f"/matches/{match['id']}/bank", match["tokens"]["seats"][0],
                    json=bank).status_code == 200
    return group, match


def test_a_match_of_no_group_leads_nowhere(app, api):
    match = api.call("POST", "/matches", json={"game": "generic", "players": ["Ana"]}).get_json()
    with app.app_context():
        assert group_link_of(match["id"], "host") is None


def test_started_in_the_group_the_host_is_led_to_the_owner_link_and_the_rest_to_the_view(
        app, api):
    group, match = group_and_match(api)
    with app.app_context():
        host = group_link_of(match["id"], "host")
        assert (host.secret, host.role, host.name) == (group["tokens"]["owner"], "owner",
                                                       "Thursday table")
        for role in ("seat", "view"):
            link = group_link_of(match["id"], role)
            assert (link.secret, link.role) == (group["tokens"]["view"], "view")
        # A phone that opened the owner link holds it already, whatever link it holds here.
        known = group_link_of(match["id"], "seat", [group["tokens"]["owner"]])
        assert known.role == "owner"


def test_filed_at_banking_the_host_is_led_to_the_view_link_and_so_after_its_rematch(app, api):
    group, match = group_and_match(api, filed=True)
    again = api.call("POST", f"/matches/{match['id']}/rematch",
                     match["tokens"]["host"]).get_json()
    with app.app_context():
        for match_id in (match["id"], again["id"]):
            link = group_link_of(match_id, "host")
            assert (link.secret, link.role) == (group["tokens"]["view"], "view")


def test_a_rematch_of_a_match_started_in_the_group_leads_its_host_to_the_owner_link(app, api):
    group, match = group_and_match(api)
    again = api.call("POST", f"/matches/{match['id']}/rematch",
                     match["tokens"]["host"]).get_json()
    with app.app_context():
        assert group_link_of(again["id"], "host").role == "owner"
