"""What a destination's URL reaches, read and judged (SPEC section 12): a webhook's HTTPS (or,
on a home's own network, HTTP) URL, or an Apprise URL; the host it names, resolved and judged
under NOTIFY_NETWORKS; and how answers show it (scheme, host and port, nothing secret)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import SplitResult, urlsplit

from ...games.say import Say
from .networks import Unreachable, check_host

if TYPE_CHECKING:
    from apprise.plugins.base import NotifyBase

# Apprise's plugins that act on this server's own machine (its desktop, its system log) or
# send UDP, which no connection check sees: a destination is a service on the network.
LOCAL_SCHEMES = frozenset(("dbus", "kde", "qt", "glib", "gnome", "macosx", "windows", "syslog",
                           "rsyslog"))


@dataclass(frozen=True)
class Reach:
    """Where a destination's URL leads: `shown` as answers show it; the `host` it names and its
    `port` (None for a service Apprise knows the address of: Discord's, Telegram's); whether
    it travels `plain` (unencrypted)."""

    shown: str
    host: str | None
    port: int
    plain: bool


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
    return Reach(f"{parts.scheme}://{_bracketed(host)}:{port}", host, port,
                 parts.scheme == "http")


def apprise_server(url: str) -> NotifyBase:
    """The Apprise plugin a notify URL makes, set never to follow a redirect (whatever the URL
    says); Unreachable where Apprise makes none of it."""
    # Apprise and its plugins take some 40 MB and 0.4 s to load: only a process that reads a
    # notify URL loads them.
    from apprise import Apprise, AppriseAsset

    scheme = url.split("://", 1)[0].lower() if "://" in url else ""
    if scheme in LOCAL_SCHEMES:
        raise Unreachable(Say("%(scheme)s:// acts on the server's own machine: choose a service "
                              "on the network.", scheme=scheme))
    asset = AppriseAsset(plugin_paths=[], storage_mode="memory", async_mode=False,
                         http_redirects=False)
    server: Any = Apprise.instantiate(url, asset=asset, suppress_exceptions=True)
    if not server:
        raise Unreachable(Say("Apprise does not know that URL: see its list of services "
                              "(Discord, Telegram, Matrix, ntfy, mailto and the rest)."))
    server.redirects = False
    return server  # type: ignore[no-any-return]


def _notify(url: str) -> Reach:
    server: Any = apprise_server(url)
    scheme = url.split("://", 1)[0].lower()
    names_host = "host" in type(server).template_tokens and bool(server.host)
    if not names_host:
        return Reach(f"{scheme}://", None, 443, False)
    host = str(server.host)
    port = int(server.port) if server.port else (443 if server.secure else 80)
    shown = f"{scheme}://{_bracketed(host)}" + (f":{server.port}" if server.port else "")
    return Reach(shown, host, port, not server.secure)


def reach_of(kind: str, url: str, networks: str) -> Reach:
    """Where `url` leads, judged under `networks`: Unreachable (with the reason) for a URL
    that is none, a host that resolves to an address these networks leave out, or plain
    HTTP on the internet."""
    reach = _webhook(url) if kind == "webhook" else _notify(url)
    if reach.plain and networks == "public":
        raise Unreachable(Say("Unencrypted %(scheme)s is sent only on the server's own network "
                              "(NOTIFY_NETWORKS=private): use its encrypted form (https://, "
                              "jsons://, mailtos://…).",
                              scheme=reach.shown.split("://", 1)[0] + "://"))
    if reach.host is not None:
        check_host(reach.host, reach.port, networks)
    return reach
