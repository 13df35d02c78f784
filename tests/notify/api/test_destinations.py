"""A group's destinations through the API (SPEC section 12): added, listed, tested, removed by
the owner alone; every refusal in SPEC's order; URLs and secrets in no answer but the create's,
no export and no log."""

from __future__ import annotations

import logging
import socket

import pytest
from api_helpers import error_of
from receivers import until

from app.logs import redact
from app.services.notify import networks as networks_module
from app.services.notify.networks import Unreachable, check_host, reaching_only

HOOK = "https://hooks.example.org/squarescores/t0k3n-0123456789abcdefghij?key=zzzzzzzzzzzzzzzz"


@pytest.fixture
def public_names(monkeypatch):
    """hooks.example.org resolves to a public address, as a webhook's host would; lan.example
    to a LAN's; no lookup leaves the machine."""
    real = socket.getaddrinfo

    def getaddrinfo(host, port, *args, **kwargs):
        found = {"hooks.example.org": "93.184.215.14", "lan.example": "192.168.1.10",
                 "rebinding.example": "127.0.0.1"}.get(host)
        if found is None:
            return real(host, port, *args, **kwargs)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (found, port or 443))]

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)


def add(api, group, token=None, **body):
    return api.call("POST", f"/groups/{group.id}/destinations",
                    group.owner if token is None else token, json=body)


def test_the_owner_adds_lists_tests_and_removes_a_destination(api, group, public_names):
    response = add(api, group, kind="webhook", url=HOOK, events=["match_banked"],
                   language="de")
    assert response.status_code == 201, response.get_json()
    made = response.get_json()
    assert len(made["secret"]) == 64  # shown this once
    assert (made["kind"], made["url"], made["events"], made["language"]) == (
        "webhook", "https://hooks.example.org:443", ["match_banked"], "de")
    chat = add(api, group, kind="notify", url="discord://123456789/abcdefTOKEN",
               events=["night_started", "night_ended"]).get_json()
    assert "secret" not in chat and chat["url"] == "discord://" and chat["language"] == "en"

    listed = api.call("GET", f"/groups/{group.id}/destinations", group.owner).get_json()
    assert [d["id"] for d in listed["destinations"]] == [made["id"], chat["id"]]
    assert all(d["deliveries"] == [] for d in listed["destinations"])

    tested = api.call("POST", f"/groups/{group.id}/destinations/{made['id']}/test", group.owner)
    assert tested.status_code == 202
    delivery = tested.get_json()["delivery"]
    assert (delivery["event"], delivery["status"], delivery["attempts"], delivery["code"]) == (
        "test", "pending", 0, None)
    listed = api.call("GET", f"/groups/{group.id}/destinations", group.owner).get_json()
    assert listed["destinations"][0]["deliveries"][0]["id"] == delivery["id"]

    assert api.call("DELETE", f"/groups/{group.id}/destinations/{made['id']}",
                    group.owner).status_code == 204
    listed = api.call("GET", f"/groups/{group.id}/destinations", group.owner).get_json()
    assert [d["id"] for d in listed["destinations"]] == [chat["id"]]


def test_a_url_and_a_secret_are_in_no_answer_but_the_creates_no_export_and_no_log(
        app, api, group, public_names, caplog, banked_in):
    caplog.set_level(logging.DEBUG)
    made = add(api, group, kind="webhook", url=HOOK, events=["match_banked"]).get_json()
    chat_url = "tgram://123456789:AAHsecretbottoken0123456789abcdef/-100123"
    add(api, group, kind="notify", url=chat_url, events=["match_banked"])
    banked_in(group, ["Ana", "Ben"], [3, 1])
    answers = [api.call("GET", f"/groups/{group.id}/destinations", group.owner),
               api.call("GET", f"/groups/{group.id}", group.owner),
               api.call("GET", f"/groups/{group.id}/export.json", group.owner),
               api.call("GET", f"/groups/{group.id}/export.csv", group.owner),
               api.call("POST", f"/groups/{group.id}/destinations/{made['id']}/test",
                        group.owner)]
    told = "".join(answer.get_data(as_text=True) for answer in answers)
    logged = "\n".join(record.getMessage() for record in caplog.records)
    for secret in (HOOK, "t0k3n-0123456789abcdefghij", made["secret"], chat_url,
                   "AAHsecretbottoken0123456789abcdef"):
        assert secret not in told
        assert secret not in logged


@pytest.mark.parametrize(("method", "path"), [
    ("POST", ""), ("GET", ""), ("DELETE", "/{did}"), ("POST", "/{did}/test")])
def test_only_the_owner_reaches_destinations_401_404_403_in_that_order(
        api, group, new_group, public_names, method, path):
    did = add(api, group, kind="webhook", url=HOOK, events=["match_banked"]).get_json()["id"]
    other = new_group("Other")
    base = f"/groups/{group.id}/destinations" + path.format(did=did)
    body = {"kind": "webhook", "url": HOOK, "events": ["match_banked"]}
    error_of(api.call(method, base, None, json=body), 401)
    error_of(api.call(method, base, "not-a-token", json=body), 401)
    error_of(api.call(method, base, other.owner, json=body), 404)  # another group's link
    error_of(api.call(method, base, group.view, json=body), 403)
    if path:  # another group's destination, or none: 404
        error_of(api.call(method, f"/groups/{other.id}/destinations" + path.format(did=did),
                          other.owner), 404)
        error_of(api.call(method, base.replace(did, "nope"), group.owner), 404)


def test_a_malformed_body_is_400_after_the_links_checks(api, group):
    path = f"/groups/{group.id}/destinations"
    error_of(api.call("POST", path, group.view, data="{", content_type="application/json"), 403)
    error_of(api.call("POST", path, group.owner, data="{", content_type="application/json"), 400)


def test_a_group_holds_ten_destinations_and_the_eleventh_is_409_before_its_422(
        api, group, public_names):
    for n in range(10):
        assert add(api, group, kind="webhook", url=f"{HOOK}&n={n}",
                   events=["match_banked"]).status_code == 201
    error_of(add(api, group, kind="webhook", url=HOOK, events=["match_banked"]), 409)
    error_of(add(api, group, kind="carrier pigeon"), 409)


@pytest.mark.parametrize(("body", "field"), [
    ({"kind": "pigeon", "url": HOOK, "events": ["match_banked"]}, "kind"),
    ({"kind": "webhook", "events": ["match_banked"]}, "url"),
    ({"kind": "webhook", "url": "", "events": ["match_banked"]}, "url"),
    ({"kind": "webhook", "url": "x" * 2001, "events": ["match_banked"]}, "url"),
    ({"kind": "webhook", "url": "ftp://hooks.example.org/", "events": ["match_banked"]}, "url"),
    ({"kind": "webhook", "url": "https:///nohost", "events": ["match_banked"]}, "url"),
    ({"kind": "webhook", "url": "https://hooks.example.org:99999/", "events": ["match_banked"]},
     "url"),
    ({"kind": "webhook", "url": "https://no.such.host.invalid/", "events": ["match_banked"]},
     "url"),
    # Plain HTTP, and a host on a loopback, private or link-local network: not under `public`.
    ({"kind": "webhook", "url": "http://hooks.example.org/", "events": ["match_banked"]}, "url"),
    ({"kind": "webhook", "url": "https://127.0.0.1/", "events": ["match_banked"]}, "url"),
    ({"kind": "webhook", "url": "https://localhost:8000/", "events": ["match_banked"]}, "url"),
    ({"kind": "webhook", "url": "https://[::1]/", "events": ["match_banked"]}, "url"),
    ({"kind": "webhook", "url": "https://lan.example/", "events": ["match_banked"]}, "url"),
    ({"kind": "webhook", "url": "https://169.254.169.254/", "events": ["match_banked"]}, "url"),
    ({"kind": "webhook", "url": "https://2130706433/", "events": ["match_banked"]}, "url"),
    ({"kind": "notify", "url": "json://hooks.example.org/", "events": ["match_banked"]}, "url"),
    ({"kind": "notify", "url": "jsons://127.0.0.1/", "events": ["match_banked"]}, "url"),
    ({"kind": "notify", "url": "mailtos://u:p@lan.example/?to=a@b.c",
      "events": ["match_banked"]}, "url"),
    ({"kind": "notify", "url": "nosuchservice://x/y", "events": ["match_banked"]}, "url"),
    ({"kind": "notify", "url": "syslog://", "events": ["match_banked"]}, "url"),
    ({"kind": "webhook", "url": HOOK, "events": []}, "events"),
    ({"kind": "webhook", "url": HOOK, "events": ["match_won"]}, "events"),
    ({"kind": "webhook", "url": HOOK, "events": ["match_banked", "match_banked"]}, "events"),
    ({"kind": "webhook", "url": HOOK, "events": "match_banked"}, "events"),
    ({"kind": "webhook", "url": HOOK, "events": ["test"]}, "events"),
    ({"kind": "webhook", "url": HOOK, "events": ["match_banked"], "language": "fr"},
     "language"),
    ({"kind": "webhook", "url": HOOK, "events": ["match_banked"], "secret": "mine"}, "secret"),
])
def test_what_section_12_refuses_is_422_with_its_field(api, group, public_names, body, field):
    error = error_of(add(api, group, **body), 422)
    assert error["field"] == field
    assert api.call("GET", f"/groups/{group.id}/destinations", group.owner).get_json() == {
        "destinations": []}


def test_private_lets_a_home_network_in_and_never_loopback_or_link_local(app, api, group,
                                                                         public_names):
    app.config["NOTIFY_NETWORKS"] = "private"
    for url in ("http://lan.example:8123/api/webhook/abc", "http://100.100.1.2/hook",
                "https://[fd00::5]/hook"):
        assert add(api, group, kind="webhook", url=url, events=["match_banked"]
                   ).status_code == 201, url
    assert add(api, group, kind="notify", url="hassio://lan.example/ABCDEFtoken",
               events=["match_banked"]).status_code == 201
    for url in ("http://127.0.0.1/", "http://localhost/", "http://169.254.169.254/latest",
                "http://[fe80::1]/", "http://0.0.0.0/", "http://rebinding.example/"):
        assert error_of(add(api, group, kind="webhook", url=url, events=["match_banked"]),
                        422)["field"] == "url", url
    app.config["NOTIFY_NETWORKS"] = "any"
    assert add(api, group, kind="webhook", url="http://127.0.0.1:9/", events=["match_banked"]
               ).status_code == 201


def test_a_delivery_is_judged_again_when_it_is_sent(app, api, group, passes, receiver,
                                                     banked_in):
    """Added while loopback was allowed; the server is then set to `public`: not sent."""
    made = add(api, group, kind="webhook", url=receiver.url, events=["match_banked"]).get_json()
    banked_in(group, ["Ana", "Ben"], [3, 1])
    app.config["NOTIFY_NETWORKS"] = "public"
    passes.run()
    assert receiver.received == []
    shown = api.call("GET", f"/groups/{group.id}/destinations", group.owner).get_json()
    (delivery,) = shown["destinations"][0]["deliveries"]
    assert (delivery["status"], delivery["code"]) == ("retrying", None)
    assert made["id"] == shown["destinations"][0]["id"]


def test_every_connection_of_a_try_is_judged_at_the_address_it_reaches(receiver):
    """A name that resolved to a public address for the check, and to loopback for the
    connection (DNS rebinding), is refused at the connection: the address connected to is the
    one judged, whichever library connects."""
    with reaching_only("public"), pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", receiver.server.server_port), 2)
    with reaching_only("private"), pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", receiver.server.server_port), 2)
    with reaching_only("any"):
        socket.create_connection(("127.0.0.1", receiver.server.server_port), 2).close()
    socket.create_connection(("127.0.0.1", receiver.server.server_port), 2).close()  # outside
    with pytest.raises(Unreachable):
        check_host("127.0.0.1", 80, "public")
    assert networks_module.allowed("8.8.8.8", "public")
    assert not networks_module.allowed("::ffff:127.0.0.1", "private")
    assert networks_module.allowed("192.168.0.2", "private")
    assert not networks_module.allowed("192.168.0.2", "public")


def test_a_test_message_is_delivered_signed_like_any(api, group, passes, receiver):
    made = add(api, group, kind="webhook", url=receiver.url, events=["night_ended"]).get_json()
    assert api.call("POST", f"/groups/{group.id}/destinations/{made['id']}/test",
                    group.owner).status_code == 202
    passes.run()
    (got,) = receiver.wait_for(1)
    assert got.headers["X-SquareScores-Event"] == "test"
    assert got.headers["X-SquareScores-Signature"].startswith("sha256=")
    until(lambda: api.call("GET", f"/groups/{group.id}/destinations", group.owner)
          .get_json()["destinations"][0]["deliveries"][0]["status"] == "delivered")


def test_removing_a_destination_takes_its_waiting_deliveries_with_it(
        api, group, passes, receiver, banked_in):
    made = add(api, group, kind="webhook", url=receiver.url, events=["match_banked"]).get_json()
    banked_in(group, ["Ana", "Ben"], [3, 1])
    assert api.call("DELETE", f"/groups/{group.id}/destinations/{made['id']}",
                    group.owner).status_code == 204
    passes.run()
    assert receiver.received == []


def test_a_destination_lists_its_latest_20_deliveries_newest_first(app, api, group,
                                                                    public_names):
    made = add(api, group, kind="webhook", url=HOOK, events=["match_banked"]).get_json()
    sent = [api.call("POST", f"/groups/{group.id}/destinations/{made['id']}/test",
                     group.owner).get_json()["delivery"]["id"] for _ in range(23)]
    (shown,) = api.call("GET", f"/groups/{group.id}/destinations",
                        group.owner).get_json()["destinations"]
    assert [d["id"] for d in shown["deliveries"]] == sent[:2:-1]


@pytest.mark.parametrize(("logged", "secret"), [
    ("POST https://hooks.slack.com/services/T0123/B0456/XXXXXXXXXXXXXXXXXXXXXXXX failed",
     "XXXXXXXXXXXXXXXXXXXXXXXX"),
    ("discord://123456789012345678/abcdefABCDEF-1234567890", "123456789012345678"),
    ("mailtos://scores:hunter2@smtp.example.org:587?to=a@b.c", "hunter2"),
    ("tgram://123456789:AAHsecretbottoken/12345", "AAHsecretbottoken"),
    ("hassio://192.168.1.10:8123/eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJ4In0.sig",
     "eyJhbGciOiJIUzI1NiJ9"),
    (f"a try of {HOOK}", "t0k3n-0123456789abcdefghij"),
])
def test_a_url_in_a_log_line_loses_its_secrets_and_a_page_address_stays(logged, secret):
    assert secret not in redact(logged)
    assert redact("GET /static/app.css 200 \"http://192.168.1.5:8000/\"") == \
        "GET /static/app.css 200 \"http://192.168.1.5:8000/\""
