"""An invite page opened through a loopback address says phones cannot reach it, and its codes
and links name the machine's LAN address instead (SPEC section 9)."""

from __future__ import annotations

import io
import ipaddress

import pytest
import segno

from app.hosting import lan

found_by_the_machine = lan.lan_address  # before the suite's own fixture takes it away

LAN = "192.168.1.23"


@pytest.fixture
def on_a_lan(monkeypatch):
    monkeypatch.setattr(lan, "lan_address", lambda toward=lan.TOWARD: LAN)


def drawn(url: str, scale: int = 6) -> bytes:
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=scale, border=2, xmldecl=False,
                                    title=None)
    return out.getvalue()


@pytest.mark.parametrize("opened_at", ["http://localhost:8000", "http://127.0.0.1:8000",
                                       "http://[::1]:8000"])
def test_opened_through_loopback_the_codes_name_the_lan_address(client, api, on_a_lan,
                                                                opened_at):
    created = api.create(("Ana", "Ben"))
    host, ana = created["tokens"]["host"], created["tokens"]["seats"][0]
    page = client.get(f"/m/{host}/links", base_url=opened_at).get_data(as_text=True)
    assert "phones cannot reach" in page and f"{LAN}:8000" in page
    assert f'value="http://{LAN}:8000/m/{ana}"' in page
    assert "localhost" not in page and "127.0.0.1" not in page and "[::1]" not in page
    code = client.get(f"/m/{host}/qr/seat-0.svg", base_url=opened_at).data
    assert code == drawn(f"http://{LAN}:8000/m/{ana}")

    group = api.client.post("/api/v1/groups", json={"name": "Club"}).get_json()
    owner = group["tokens"]["owner"]
    page = client.get(f"/g/{owner}/links", base_url=opened_at).get_data(as_text=True)
    assert "phones cannot reach" in page and f'value="http://{LAN}:8000/g/{owner}"' in page


def test_opened_through_a_reachable_address_nothing_changes(client, api, on_a_lan):
    created = api.create(("Ana", "Ben"))
    host, ana = created["tokens"]["host"], created["tokens"]["seats"][0]
    page = client.get(f"/m/{host}/links", base_url="http://10.0.0.5:8000").get_data(as_text=True)
    assert "phones cannot reach" not in page
    assert f'value="http://10.0.0.5:8000/m/{ana}"' in page


def test_with_no_network_the_page_says_so_and_keeps_its_links(client, api, monkeypatch):
    monkeypatch.setattr(lan, "lan_address", lambda toward=lan.TOWARD: None)
    created = api.create(("Ana", "Ben"))
    page = client.get(f"/m/{created['tokens']['host']}/links").get_data(as_text=True)
    assert "on no network" in page and "http://localhost/m/" in page


def test_the_lan_address_is_found_without_a_packet_sent():
    found = found_by_the_machine()
    assert found is None or not ipaddress.ip_address(found).is_loopback
    # Toward loopback itself, the machine answers from loopback: no LAN address in that.
    assert found_by_the_machine(("127.0.0.1", 9)) is None


def _night(api):
    """A group of four and its night: the owner link, the night, and its links."""
    group = api.client.post("/api/v1/groups", json={
        "name": "Club", "players": ["Ana", "Ben", "Cy", "Dee"]}).get_json()
    owner = group["tokens"]["owner"]
    night = api.call("POST", f"/groups/{group['id']}/nights", owner, json={
        "game": "generic", "players": [p["id"] for p in group["players"]]}).get_json()
    return owner, night


def test_the_nights_pages_opened_through_loopback_hand_out_the_lan_address(client, api,
                                                                          on_a_lan):
    """The attack on the first evening: the night's owner page and the big screen opened on the
    server itself drew every player's code and the spectators' with 127.0.0.1."""
    owner, night = _night(api)
    tv = night["tokens"]["tv"]
    player = night["tokens"]["players"][0]
    base = "http://127.0.0.1:8000"
    page = client.get(f"/g/{owner}/nights/{night['id']}", base_url=base).get_data(as_text=True)
    assert "phones cannot reach" in page
    assert f'href="http://{LAN}:8000/n/{player["token"]}"' in page
    assert f'href="http://{LAN}:8000/tv/{tv}"' in page
    assert "127.0.0.1" not in page
    code = client.get(f"/g/{owner}/nights/{night['id']}/qr/player-{player['player']}.svg",
                      base_url=base).data
    assert code == drawn(f"http://{LAN}:8000/n/{player['token']}", scale=5)
    screen = client.get(f"/tv/{tv}", base_url=base).get_data(as_text=True)
    assert "phones cannot reach" in screen and "127.0.0.1" not in screen
    assert client.get(f"/tv/{tv}/qr.svg", base_url=base).data == drawn(
        f"http://{LAN}:8000/tv/{tv}")


def test_behind_https_a_loopback_page_hands_out_the_https_address(app, client, api, on_a_lan):
    """Under `make https` gunicorn listens on loopback only: a page opened on the server at
    http://127.0.0.1:8000 must hand out Caddy's HTTPS address, not http://<LAN>:8000, which
    nothing answers."""
    app.config["PUBLIC_URL"] = f"https://{LAN}:8443"
    created = api.create(("Ana", "Ben"))
    host, ana = created["tokens"]["host"], created["tokens"]["seats"][0]
    page = client.get(f"/m/{host}/links", base_url="http://127.0.0.1:8000").get_data(as_text=True)
    assert f'value="https://{LAN}:8443/m/{ana}"' in page
    assert f"https://{LAN}:8443" in page.split('class="loopback-note"')[1].split("</p>")[0]
    assert f"http://{LAN}:8000" not in page
    owner, night = _night(api)
    tv = night["tokens"]["tv"]
    screen = client.get(f"/tv/{tv}", base_url="http://127.0.0.1:8000").get_data(as_text=True)
    assert client.get(f"/tv/{tv}/qr.svg", base_url="http://127.0.0.1:8000").data == drawn(
        f"https://{LAN}:8443/tv/{tv}")
    assert "phones cannot reach" in screen
