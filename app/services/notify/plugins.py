"""Apprise's plugins as SquareScores has read them (SPEC section 12): every server a plugin made
from a URL connects to, each to be judged under NOTIFY_NETWORKS, and what in a URL would have
Apprise read a file of this server, refused under any networks.

Read from the source of apprise 2.3.0 (READ_AGAINST), plugin by plugin: each URL a plugin
builds, and each of its parameters (`template_tokens`, `template_args`, `template_kwargs`, and
the query keys its `parse_url` reads) whose value names a host, a URL, a path or a file. A
plugin not in READ (a later Apprise's) is refused until someone reads it; a test holds the
installed version to the one read. What the service itself names at a try (Matrix's server
discovery, a Bluesky account's PDS, a Slack upload URL, the relays a Nostr recipient lists, an
XMPP domain's SRV records) cannot be known when a destination is added: the connection guard
judges those as they open (networks.reaching_only), as it judges every connection.

Apprise is loaded only where a notify URL is read (reach.py says why): nothing here imports it
before it is called."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit

from ...games.say import Say
from .networks import Unreachable

READ_AGAINST = "2.3.0"


@dataclass(frozen=True)
class Server:
    """A server a destination connects to: its `host` and `port`, and `plain`, the unencrypted
    protocol it is reached over ("json://", "ws://"), empty where it is encrypted."""

    host: str
    port: int
    plain: str = ""


def _plugins(names: str) -> frozenset[str]:
    """Apprise's plugin classes, named without the "Notify" every one of them begins with."""
    return frozenset(f"Notify{name}" for name in names.split())


# Plugins that act on this server's own machine (its desktop, its system log, a USB light) or
# send UDP, which no connection check sees: a destination is a service on the network.
ON_THE_MACHINE = _plugins("""
    Blink1 DBus GLib Gnome MacOSX RSyslog Syslog Windows""")

# Plugins whose servers are not in the URL at all: Vapid's push endpoints are read from a
# subscription file of this server's.
UNJUDGEABLE = _plugins("Vapid")

# Plugins that reach their service's own hosts alone, written in Apprise's code: a fixed API
# host, or one of a few chosen by a region, an environment or a token's kind that Apprise checks
# against its list or a pattern of letters (AWS's `sns.<region>.amazonaws.com`, Ryver's
# `<org>.ryver.com`, Kaleyra's, Sinch's, Cliq's, RingCentral's, Instagram's). Mailgun,
# SMTP2Go, SparkPost and SendPulse take the sender's mail domain as their "host", WeChat its
# agent id: neither is connected to. Bluesky's PDS is its directory's answer (see above).
SERVICES = _plugins("""
    46Elks AWSWhatsApp AfricasTalking Aprs Bale BlueSky Brevo BulkSMS BulkVS BurstSMS CM Chanify
    ClickSend Clickatell Cliq D7Networks Dapnet DingTalk Discord Dot Eight00com Exotel FCM Feishu
    FireHydrant Flock FreeMobile GitHub GoogleChat Groundmail GroupMe Guilded Gupshup HttpSMS IFTTT
    ILert IncidentIO Instagram Jira Join KakaoTalk Kaleyra Kavenegar Kook Kumulos LFGAlarm Lark
    Lauther Line MSG91 MailerSend Mailgun MessageBird MobileMessage Notifiarr NotifyApp Notifyre
    Octopush Office365 OneSignal Opsgenie PagerDuty PagerTree Pingram Plivo Postmark Prowl
    PushBullet PushMe PushSafer PushWard Pushed Pushover Pushplus Pushy QQ Reddit Resend Revolt
    RingCentral Ryver SES SFR SIGNL4 SMSC SMSManager SMSTunnel SMTP2Go SNS SendGrid SendPulse
    ServerChan SerwerSMS Seven Signalgrid SimplePush Sinch Slack SparkPost Spike Splunk Spugpush
    Squadcast Stackfield Streamlabs TechulusPush Telegram Telesign Telnyx Threema Twilio Twist
    Twitter Viber Voipms Vonage WPush WeChat WeComBot WebexTeams Whapi WhatsApp WxPusher YouLMK Zalo
    Zoom""")

# Plugins that connect to the URL's host (and port) alone, where it names one (ntfy, Fluxer,
# Better Stack and Trigv reach their service's own host without one).
HOSTED = _plugins("""
    AMQP AppriseAPI Bark BetterStack Emby Enigma2 Evolution Flowtriq Fluxer Form GoAlert Gorush
    Gotify Growl HumHub IRC Infobip JSON Jellyfin MQTT Mastodon Mattermost Misskey Nextcloud
    NextcloudTalk Notica Notifico Ntfy OneBot OpsiMate ParsePlatform Pinglet PushDeer Pushjet
    RocketChat SMPP SMSEagle SessionOGS SignalAPI Synology Trigv Workflows XBMC XML""")


def _plain(server: Any, scheme: str) -> str:
    """The scheme said as unencrypted where the URL chose the plugin's plain protocol (json://,
    hassio://) and nothing made it secure (an IRC network's or a mail provider's own TLS)."""
    insecure = getattr(type(server), "protocol", None) or ()
    names = (insecure,) if isinstance(insecure, str) else tuple(insecure)
    return f"{scheme}://" if scheme in names and not server.secure else ""


def _port(server: Any, plain: str, port: Any = None) -> int:
    return int(port or server.port or (80 if plain else 443))


def _hosted(server: Any, scheme: str) -> list[Server]:
    if not server.host:
        return []
    plain = _plain(server, scheme)
    return [Server(str(server.host), _port(server, plain), plain)]


def _mail(server: Any, scheme: str) -> list[Server]:
    """The mail server: `smtp=`, else a known provider's (smtp.gmail.com for gmail.com), else
    the address's domain (which is connected to only then)."""
    if not server.smtp_host:
        raise Unreachable(Say("The URL names no host."))
    plain = _plain(server, scheme)
    return [Server(str(server.smtp_host), _port(server, plain), plain)]


def _zulip(server: Any, scheme: str) -> list[Server]:
    # zulip://bot@<org>/…: <org>.zulipchat.com, or the host itself where it has a dot.
    return [Server(f"{server.organization}.{server.hostname}", 443)]


def _acs(server: Any, scheme: str) -> list[Server]:
    # Azure's endpoint is the first part of the path with a dot in it (or ?endpoint=).
    return [Server(str(server.endpoint), 443)]


def _xmatters(server: Any, scheme: str) -> list[Server]:
    # A host without a dot is an xMatters instance, <host>.xmatters.com.
    return [Server(str(server.host), _port(server, ""))] if "." in server.host else []


def _xmpp(server: Any, scheme: str) -> list[Server]:
    plain = _plain(server, scheme)
    port = _port(server, plain, server.port or 5222)
    return [Server(str(host), port, plain) for host in (server.host, server.xmpp_host) if host]


def _lametric(server: Any, scheme: str) -> list[Server]:
    # Cloud mode posts to LaMetric's developer API; the device mode to the device named.
    return _hosted(server, scheme) if server.mode == "device" else []


def _matrix(server: Any, scheme: str) -> list[Server]:
    # t2bot mode posts to webhooks.t2bot.io; otherwise the homeserver named.
    return [] if server.mode == "t2bot" else _hosted(server, scheme)


def _home_assistant(server: Any, scheme: str) -> list[Server]:
    # `?prefix=` is written straight after the host and port: one that does not begin with "/"
    # would name another host ("@elsewhere", ".elsewhere") than the one judged.
    if server.prefix and not server.prefix.startswith("/"):
        raise Unreachable(Say("“%(name)s” is a path on the host: it begins with “/”.",
                              name="prefix"))
    return _hosted(server, scheme)


def _url(url: str) -> Server:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:  # a port that is no number, or past 65535
        raise Unreachable(Say("That is not a URL.")) from error
    plain = f"{parts.scheme}://" if parts.scheme in ("ws", "http") else ""
    return Server(parts.hostname or "", port or (80 if plain else 443), plain)


def _nostr(server: Any, scheme: str) -> list[Server]:
    """The relays `relay=` names (Apprise's own three, used where none is named, are its
    service's), the Blossom server that takes the card (`blossom=`), and each recipient's
    NIP-05 domain, asked for the recipient's key."""
    from apprise.plugins.nostr.base import NOSTR_DEFAULT_RELAYS

    found = [_url(relay) for relay in server.relays if relay not in NOSTR_DEFAULT_RELAYS]
    if server.blossom:
        found.append(_url(server.blossom))
    found += [Server(target.split("@", 1)[1], 443) for target in server.targets
              if "@" in target]
    return found


OTHERS: dict[str, Callable[[Any, str], list[Server]]] = {
    "NotifyEmail": _mail, "NotifyDeltaChat": _mail, "NotifyZulip": _zulip, "NotifyACS": _acs,
    "NotifyXMatters": _xmatters, "NotifyXMPP": _xmpp, "NotifyLametric": _lametric,
    "NotifyMatrix": _matrix, "NotifyNostr": _nostr, "NotifyHomeAssistant": _home_assistant}

READ = ON_THE_MACHINE | UNJUDGEABLE | SERVICES | HOSTED | frozenset(OTHERS)


def _untold(scheme: str) -> Unreachable:
    return Unreachable(Say("SquareScores cannot tell where %(scheme)s:// reaches, so it does not "
                           "send there: choose another service.", scheme=scheme))


def refused(plugin: str, scheme: str) -> None:
    """Unreachable for a plugin this server never sends with, before it is made."""
    if plugin in ON_THE_MACHINE:
        raise Unreachable(Say("%(scheme)s:// acts on the server's own machine: choose a service "
                              "on the network.", scheme=scheme))
    if plugin not in READ or plugin in UNJUDGEABLE:
        raise _untold(scheme)


def servers(server: Any, scheme: str) -> list[Server]:
    """Every server the plugin `server` connects to, besides its service's own."""
    plugin = type(server).__name__
    refused(plugin, scheme)
    if plugin in SERVICES:
        return []
    try:
        found = OTHERS.get(plugin, _hosted)(server, scheme)
    except (AttributeError, TypeError, ValueError) as error:  # not as this file read it
        raise _untold(scheme) from error
    if any(not reached.host for reached in found):
        raise Unreachable(Say("The URL names no host."))
    return list(dict.fromkeys(found))


def _reading(name: str) -> Unreachable:
    return Unreachable(Say("With “%(name)s” Apprise would read a file of this server, or fetch "
                           "one from another host: leave it out of the URL.", name=name))


def _values(parsed: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """Every query value of a parsed Apprise URL (`?a=`, `+header=`, `-param=`, `:token=`),
    with its name."""
    for part in ("qsd", "qsd+", "qsd-", "qsd:"):
        values = parsed.get(part) or {}
        for name, value in values.items():
            yield str(name), str(value)


def no_file_named(parsed: dict[str, Any]) -> None:
    """Unreachable where a query value of the URL names a local file (`file:`, escaped or not),
    whichever parameter it is: a plugin that read it would send this server's file."""
    for name, value in _values(parsed):
        for _ in range(3):
            if value.strip().lower().startswith("file:"):
                raise _reading(name)
            value = unquote(value)


def reads_nothing(server: Any) -> None:
    """Unreachable where the plugin made would read a file of this server, or fetch one from
    elsewhere, on its own: a template (`template=`: Discord's, Slack's, Telegram's, Workflows'),
    a key file (FCM's `keyfile=`), PGP's keys (`pgppub=`, `pgpprv=`, `pgp=`: its keys are files,
    `wkd=`: fetched from each recipient's domain), or an Apprise configuration."""
    from apprise import AppriseAttachment, AppriseConfig
    from apprise.attachment.base import AttachBase
    from apprise.config.base import ConfigBase

    def loads(value: Any) -> bool:
        if isinstance(value, AppriseAttachment):
            return len(value) > 0
        return isinstance(value, (AttachBase, AppriseConfig, ConfigBase))

    for name, value in vars(server).items():
        items = value.values() if isinstance(value, dict) else \
            value if isinstance(value, (list, tuple, set)) else (value,)
        if any(loads(item) for item in items):
            raise _reading(name.rsplit("__", 1)[-1])
    if type(server).__name__ in ("NotifyEmail", "NotifyDeltaChat"):
        for name, used in (("pgppub", getattr(server, "pgp_key", True)),
                           ("pgpprv", getattr(server, "pgp_privkey", True)),
                           ("wkd", getattr(server, "use_wkd", True)),
                           ("pgp", getattr(server, "pgp_mode", None) != "no")):
            if used:
                raise _reading(name)
