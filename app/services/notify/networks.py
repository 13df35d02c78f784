"""Where a group's destinations may reach (SPEC section 12, NOTIFY_NETWORKS): `public` (the
internet only), `private` (a home's LAN too), `any` (loopback too).

A destination's host is resolved and judged when it is added, and again before each try, since
a name may resolve elsewhere later. And while a try runs, every connection it opens is judged
at the address it is about to reach (`reaching_only`): the address actually connected to is the
one judged, whichever library opens it (Apprise's plugins, smtplib, our own webhook's), so that
no name that resolves one way for the check and another for the connection gets through."""

from __future__ import annotations

import ipaddress
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from ...games.say import Say
from ...turns import cooperative

NETWORKS = ("public", "private", "any")
# A name that takes longer than this to resolve is not reached (its refusal says so).
RESOLVE_SECONDS = 5.0
# Shared by every carrier-grade NAT, and by overlay networks a home reaches its server over
# (Tailscale): private in all but name, as Python's `is_private` does not count it.
SHARED = ipaddress.ip_network("100.64.0.0/10")

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


class Unreachable(Exception):
    """A host this server may not reach, or cannot resolve, and why (`said`)."""

    def __init__(self, said: Say):
        super().__init__(said)
        self.said = said


def networks_of(setting: object) -> str:
    """NOTIFY_NETWORKS as the server reads it: an unknown value is the safest, `public`."""
    return setting if isinstance(setting, str) and setting in NETWORKS else "public"


def _address(text: str) -> Address:
    found = ipaddress.ip_address(text.split("%", 1)[0])  # an IPv6 scope ("fe80::1%eth0")
    if isinstance(found, ipaddress.IPv6Address) and found.ipv4_mapped is not None:
        return found.ipv4_mapped
    return found


def allowed(text: str, networks: str) -> bool:
    """Whether an address (as text) may be reached under `networks`."""
    if networks == "any":
        return True
    try:
        address = _address(text)
    except ValueError:
        return False
    if address.is_multicast or address.is_unspecified or address.is_reserved:
        return False
    if address.is_global:
        return True
    # Private ranges, never loopback nor link-local (a cloud's metadata service lives there).
    return (networks == "private" and not address.is_loopback and not address.is_link_local
            and (address.is_private or address in SHARED))


def _literal(host: str) -> bool:
    try:
        _address(host)
    except ValueError:
        return False
    return True


class _Late(Exception):
    """A name still resolving when RESOLVE_SECONDS were up."""


def _getaddrinfo(host: str, port: int) -> list[Any]:
    """socket.getaddrinfo for `host`, given up on after RESOLVE_SECONDS.

    Nothing is made for it at import: gunicorn's master may import this module before gevent
    patches a worker, and a pool of threads (with its queue) made then blocked the whole worker
    on that queue until gunicorn killed it (issue 41). Under gevent the lookup is gevent's own
    (a thread of its hub's pool), waited for cooperatively; elsewhere a thread of its own,
    started now and waited for at most RESOLVE_SECONDS (a name a resolver never answers leaves
    it behind, daemonic, rather than the request waiting)."""
    if cooperative():
        import gevent

        with gevent.Timeout(RESOLVE_SECONDS, _Late):
            return socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM)
    answer: list[Any] = []
    failure: list[BaseException] = []

    def look() -> None:
        try:
            answer.extend(socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM))
        except BaseException as error:  # handed to the caller, below
            failure.append(error)

    looking = threading.Thread(target=look, name="notify-resolve", daemon=True)
    looking.start()
    looking.join(RESOLVE_SECONDS)
    if looking.is_alive():
        raise _Late()
    if failure:
        raise failure[0]
    return answer


def resolved(host: str, port: int) -> list[str]:
    """The addresses `host` resolves to, within RESOLVE_SECONDS."""
    if _literal(host):
        return [str(_address(host))]
    try:
        infos = _getaddrinfo(host, port)
    except _Late as late:
        raise Unreachable(Say("%(host)s did not resolve within %(seconds)s seconds.",
                              host=host, seconds=f"{RESOLVE_SECONDS:g}")) from late
    except (OSError, UnicodeError) as error:
        raise Unreachable(Say("%(host)s does not resolve.", host=host)) from error
    found = list(dict.fromkeys(str(info[4][0]) for info in infos))
    if not found:
        raise Unreachable(Say("%(host)s does not resolve.", host=host))
    return found


def check_host(host: str, port: int, networks: str) -> list[str]:
    """The addresses of `host`, every one of them allowed under `networks`; Unreachable
    otherwise (one address that is not allowed refuses the host: a name resolves to any of
    its addresses)."""
    if not host:
        raise Unreachable(Say("The URL names no host."))
    addresses = resolved(host, port)
    if networks != "any":
        for address in addresses:
            if not allowed(address, networks):
                raise Unreachable(
                    Say("%(host)s is on a loopback, private or link-local network, which this "
                        "server does not reach (NOTIFY_NETWORKS).", host=host)
                    if networks == "public" else
                    Say("%(host)s is on a loopback or link-local network, which this server "
                        "does not reach (NOTIFY_NETWORKS).", host=host))
    return addresses


# Set while a try runs (in its thread, and copied into any the libraries start for it): the
# networks its connections may reach.
_reaching: ContextVar[str | None] = ContextVar("notify_reaching", default=None)
_installed = threading.Lock()


@contextmanager
def reaching_only(networks: str) -> Iterator[None]:
    """Every connection opened inside reaches only what `networks` allows (OSError else)."""
    _install()
    token = _reaching.set(networks)
    try:
        yield
    finally:
        _reaching.reset(token)


def _judged(sock: socket.socket, address: Any) -> None:
    networks = _reaching.get()
    if networks is None or networks == "any":
        return
    if sock.family not in (socket.AF_INET, socket.AF_INET6):
        raise ConnectionRefusedError("A destination reaches hosts on the network alone.")
    host = str(address[0])
    targets = [host] if _literal(host) else resolved(host, int(address[1]))
    for target in targets:
        if not allowed(target, networks):
            raise ConnectionRefusedError(
                "That address is not one this server reaches (NOTIFY_NETWORKS).")


def _install() -> None:
    """The check of each connection, on the socket class this process uses (gevent's, once it
    has patched the standard one): it does nothing outside a try."""
    with _installed:
        kind: Any = socket.socket
        if getattr(kind, "_squarescores_judged", False):
            return

        def guarded(original: Callable[..., Any]) -> Callable[..., Any]:
            def connect(self: socket.socket, address: Any) -> Any:
                _judged(self, address)
                return original(self, address)
            return connect

        kind.connect = guarded(kind.connect)
        kind.connect_ex = guarded(kind.connect_ex)
        kind._squarescores_judged = True
