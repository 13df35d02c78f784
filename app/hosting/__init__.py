"""Serving at home and on a server (SPEC section 9): behind trusted proxies, HTTPS's cookies and
HSTS, `/health` and `/ready`, the manifest and service worker, scheduled backups and
`flask restore`; and what each worker of the server starts (`start`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from . import backups, install
from .health import bp as health_bp
from .restore import restore

__all__ = ["init_app", "start"]

# A year: a browser that once reached the site over HTTPS never again asks it over plain HTTP
# (no subdomains named: a home server's neighbours on the same domain are not ours to bind).
HSTS = "max-age=31536000"


# What else each worker starts, as create_app names it (the delivery worker: the one holding the
# outbox's lock sends it, SPEC section 12): given from above, never imported from here.
IN_EACH_WORKER = "squarescores.in_each_worker"


def start(app: Flask) -> None:
    """In a worker of the server, once: the database's serving lock and the backup schedule
    (the one worker holding the backup folder's lock makes them), then what create_app gave
    init_app to start in each worker."""
    backups.start(app)
    for begin in app.extensions.get(IN_EACH_WORKER, ()):
        begin(app)


def init_app(app: Flask, in_each_worker: Iterable[Callable[[Flask], object]] = ()) -> None:
    app.extensions[IN_EACH_WORKER] = tuple(in_each_worker)
    app.register_blueprint(health_bp)
    install.init_app(app)
    app.cli.add_command(restore)
    app.wsgi_app = HttpsOnly(app.wsgi_app)  # type: ignore[method-assign]
    proxies = app.config.get("TRUSTED_PROXIES", 0)
    if proxies:
        # Outermost: everything inside (the rate limits, the logs, the links drawn) sees the
        # phone's own address, scheme and host as the n nearest proxies said them. With none
        # trusted, a client's own X-Forwarded-* headers are only headers.
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)


def _secure(cookie: str) -> str:
    attributes = {part.strip().lower() for part in cookie.split(";")[1:]}
    return cookie if "secure" in attributes else cookie + "; Secure"


class HttpsOnly:
    """Over HTTPS (directly, or as a trusted proxy says), every cookie `Secure`, whoever set it
    (the session, the language and theme, a seat's key), and every answer says HSTS: a cookie
    set over HTTPS is never sent back over plain HTTP."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any],
                 start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("wsgi.url_scheme") != "https":
            return self.app(environ, start_response)

        def secure_start(status: str, headers: list[tuple[str, str]],
                         exc_info: Any = None) -> Any:
            headers = [(name, _secure(value) if name.lower() == "set-cookie" else value)
                       for name, value in headers]
            headers.append(("Strict-Transport-Security", HSTS))
            return start_response(status, headers, exc_info)

        return self.app(environ, secure_start)
