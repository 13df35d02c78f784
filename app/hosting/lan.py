"""Links a phone can open: a page opened on the server's own machine through a loopback address
(localhost, 127.0.0.1, [::1]) hands out links to an address phones at the table can reach
instead: the server's public address where one is set (PUBLIC_URL: Caddy's HTTPS under `make
https`), else the machine's address on the LAN at the same port."""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit, urlunsplit

from flask import current_app, request

# Any address off this machine will do: a UDP socket "connected" toward it only asks the kernel
# which of the machine's addresses it would send from (the LAN's, by the default route); no
# packet is sent. Documentation's own range (RFC 5737), so that it is never someone's host.
TOWARD = ("192.0.2.1", 9)


def lan_address(toward: tuple[str, int] = TOWARD) -> str | None:
    """This machine's IPv4 address on its LAN, or None where it has none (no network)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(toward)
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return None if ipaddress.ip_address(address).is_loopback else address


def is_loopback(host: str | None) -> bool:
    if not host:
        return False
    if host.lower() == "localhost" or host.lower().endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def opened_on_loopback() -> bool:
    """Whether this page was asked for through a loopback address."""
    return is_loopback(urlsplit(f"//{request.host}").hostname)


def _reachable(scheme: str, port: int | None) -> tuple[str, str] | None:
    """The scheme and host (with its port) that phones reach this server at, in place of a
    loopback one of `scheme` and `port`; None where there is none (no network)."""
    public = current_app.config.get("PUBLIC_URL")
    if public:
        parts = urlsplit(public)
        return parts.scheme, parts.netloc
    lan = lan_address()
    if lan is None:
        return None
    return scheme, lan if port is None else f"{lan}:{port}"


def for_phones(url: str) -> str:
    """`url` made one that phones reach where it names a loopback host (see _reachable); else
    as it is."""
    parts = urlsplit(url)
    if not is_loopback(parts.hostname):
        return url
    reachable = _reachable(parts.scheme, parts.port)
    if reachable is None:
        return url
    scheme, netloc = reachable
    return urlunsplit(parts._replace(scheme=scheme, netloc=netloc))


def sent_out(url: str) -> str:
    """`url` as a link sent away from the page, to be opened later on other phones (a chat's
    message, a webhook's payload, a link preview's picture): at PUBLIC_URL where one is set,
    whatever address the page was opened through; else one phones reach (for_phones), never a
    loopback one."""
    public = current_app.config.get("PUBLIC_URL")
    if not public:
        return for_phones(url)
    base = urlsplit(public)
    return urlunsplit(urlsplit(url)._replace(scheme=base.scheme, netloc=base.netloc))


def loopback_warning() -> dict[str, str | None] | None:
    """For a page that hands out links: None where it was opened through an address phones can
    reach; else the address its codes use instead (None in it where there is none)."""
    if not opened_on_loopback():
        return None
    reachable = _reachable(request.scheme, urlsplit(f"//{request.host}").port)
    if reachable is None:
        return {"lan": None}
    scheme, netloc = reachable
    return {"lan": netloc if scheme == request.scheme else f"{scheme}://{netloc}"}
