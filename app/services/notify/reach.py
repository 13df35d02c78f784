"""What a destination's URL reaches, read and judged (SPEC section 12): a webhook's HTTPS (or,
on a home's own network, HTTP) URL, or an Apprise URL; every server it connects to (an Apprise
URL's host, and each its parameters name: plugins.py), resolved and judged under
NOTIFY_NETWORKS; and how answers show it (scheme, host and port, nothing secret)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import SplitResult, urlsplit

from ...games.say import Say
from . import plugins
from .networks import Unreachable, check_host
from .plugins import Server

if TYPE_CHECKING:
    from apprise.plugins.base import NotifyBase


@dataclass(frozen=True)
class Reach:
    """Where a destination's URL leads: `shown` as answers show it, and the `servers` it
    connects to, to be judged (none for a service Apprise knows the address of: Discord's,
    Telegram's)."""

    shown: str
    servers: tuple[Server, ...]


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def webhook_parts(url: str) -> SplitResult:
    """A webhook's URL, split: https or http, a host, nothing but printable ASCII."""
    if any(ord(c) <= 0x20 or ord(c) >= 0x7F for c in url):
        raise Unreachable(Say("A webhook's URL is plain ASCII, without spaces."))
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 (a port that is no number raises here)
    except ValueError as error:
        raise Unreachable(Say("That is not a URL.")) from error
    if parts.scheme not in ("https", "http") or not parts.hostname:
        raise Unreachable(Say("A webhook's URL begins with https:// and names a host."))
    return parts


def _webhook(url: str) -> Reach:
    parts = webhook_parts(url)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    plain = "http://" if parts.scheme == "http" else ""
    return Reach(f"{parts.scheme}://{_bracketed(host)}:{port}", (Server(host, port, plain),))


def apprise_server(url: str) -> NotifyBase:
    """The Apprise plugin a notify URL makes, set never to follow a redirect (whatever the URL
    says); Unreachable where Apprise makes none of it, where it is a plugin this server never
    sends with, or where it would read a file of this server (plugins.py)."""
    # Apprise and its plugins take some 40 MB and 0.4 s to load: only a process that reads a
    # notify URL loads them.
    from apprise import Apprise, AppriseAsset
    from apprise.manager_plugins import NotificationManager
    from apprise.plugins import url_to_dict

    scheme = url.split("://", 1)[0].lower() if "://" in url else ""
    unknown = Unreachable(Say("Apprise does not know that URL: see its list of services "
                              "(Discord, Telegram, Matrix, ntfy, mailto and the rest)."))
    # Parsed once, as Apprise.instantiate would parse it: its query values read here, the
    # plugin made from the very same result.
    try:
        parsed: Any = url_to_dict(url)  # type: ignore[no-untyped-call]
    except Exception:  # a plugin's parser that fails on odd input: no URL Apprise knows
        parsed = None
    manager: Any = NotificationManager()  # type: ignore[no-untyped-call]
    if not isinstance(parsed, dict) or parsed.get("schema") not in manager:
        raise unknown
    plugins.refused(manager[parsed["schema"]].__name__, scheme)
    plugins.no_file_named(parsed)
    asset = AppriseAsset(plugin_paths=[], storage_mode="memory", async_mode=False,
                         http_redirects=False)
    server: Any = Apprise.instantiate(parsed, asset=asset, suppress_exceptions=True)
    if not server:
        raise unknown
    plugins.reads_nothing(server)
    server.redirects = False
    return server  # type: ignore[no-any-return]


def _notify(url: str) -> Reach:
    server: Any = apprise_server(url)
    scheme = url.split("://", 1)[0].lower()
    servers = tuple(plugins.servers(server, scheme))
    names_host = "host" in type(server).template_tokens and bool(server.host)
    if not names_host:
        return Reach(f"{scheme}://", servers)
    shown = f"{scheme}://{_bracketed(str(server.host))}" + (
        f":{server.port}" if server.port else "")
    return Reach(shown, servers)


def reach_of(kind: str, url: str, networks: str) -> Reach:
    """Where `url` leads, judged under `networks`: Unreachable (with the reason) for a URL
    that is none, a server it connects to that resolves to an address these networks leave
    out, or plain HTTP on the internet."""
    reach = _webhook(url) if kind == "webhook" else _notify(url)
    if networks == "public":
        for server in reach.servers:
            if server.plain:
                raise Unreachable(Say(
                    "Unencrypted %(scheme)s is sent only on the server's own network "
                    "(NOTIFY_NETWORKS=private): use its encrypted form (https://, jsons://, "
                    "mailtos://…).", scheme=server.plain))
    for server in reach.servers:
        check_host(server.host, server.port, networks)
    return reach
