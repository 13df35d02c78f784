"""Links a phone can open: a page opened on the server's own machine through a loopback address
(localhost, 127.0.0.1, [::1]) hands out links to the machine's address on the LAN instead, which
phones at the table can reach."""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit, urlunsplit

from flask import request

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


def for_phones(url: str) -> str:
    """`url` with its host made the LAN address where it names a loopback one (and there is a
    LAN address); else as it is."""
    parts = urlsplit(url)
    if not is_loopback(parts.hostname):
        return url
    lan = lan_address()
    if lan is None:
        return url
    netloc = lan if parts.port is None else f"{lan}:{parts.port}"
    return urlunsplit(parts._replace(netloc=netloc))


def loopback_warning() -> dict[str, str | None] | None:
    """For a links page: None where it was opened through an address phones can reach; else the
    LAN address its codes use instead (None in it where the machine has none)."""
    if not opened_on_loopback():
        return None
    lan = lan_address()
    port = urlsplit(f"//{request.host}").port
    return {"lan": None if lan is None else (lan if port is None else f"{lan}:{port}")}
