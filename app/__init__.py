"""SquareScores: the score sheet beside a card table."""

from __future__ import annotations

from types import TracebackType

from flask import Flask, Request, Response, abort, g, has_request_context, request
from flask.sessions import NullSession, SecureCookieSession, SecureCookieSessionInterface
from flask.typing import ResponseReturnValue
from sqlalchemy import event

# models is imported for its tables, which Flask-Migrate compares against the migrations.
from . import cache, hosting, i18n, live, models, ratelimit  # noqa: F401
from .api import bp as api_bp
from .api.events import bp as api_events_bp
from .cli import backup
from .extensions import compress, csrf, db, migrate
from .logs import RedactRecord, redact
from .services.match.outside import STEPS_OUT, StepOut, stepping_out_allowed

# The chat's outbox listens to what the services say happened (services/happened.py).
from .services.notify import outbox  # noqa: F401
from .services.notify import worker as deliveries
from .services.plays import jobs as imports
from .web import bp as web_bp
from .web.match.share import card_in
from .wire import SLOW, TOO_LARGE, VERDICT, WholeRequests


class SquareScores(Flask):
    def dispatch_request(self) -> ResponseReturnValue:
        """The request's view; run again from its start where it met a long replay under the
        write lock (services/match/outside.py): the write let go (nothing of it written), the
        replay made and kept with no lock held, then the view again, which finds it kept. At
        most STEPS_OUT times, then under the lock as before."""
        for _ in range(STEPS_OUT):
            try:
                with stepping_out_allowed():
                    return super().dispatch_request()
            except StepOut as outside:
                db.session.rollback()
                outside.work()
                db.session.rollback()  # the replay's own reads end with it
        return super().dispatch_request()

    def log_exception(self, exc_info: tuple[type, BaseException, TracebackType]
                      | tuple[None, None, None]) -> None:
        # Flask's own message names the path, and a page's path holds its link's token.
        self.logger.error("Exception on %s [%s]", redact(request.path), request.method,
                          exc_info=exc_info)


# Said on every answer, unless a view said otherwise.
SECURITY_HEADERS = (
    ("Content-Security-Policy",
     "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
     "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
    ("X-Frame-Options", "DENY"),
)


class CookieSessions(SecureCookieSessionInterface):
    """Flask's signed cookie session, opened only where a request may use it. The API keeps
    nothing in it (its polls, though sent by a page, carry the page's cookie): there it is a
    NullSession, which reads as empty, refuses a write and is never sent back. Elsewhere a request
    without the cookie (/health, a phone's first page) gets an empty one without a signer being
    made for it."""

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if request.path.startswith("/api/"):
            return NullSession()
        if app.secret_key and not request.cookies.get(self.get_cookie_name(app)):
            return self.session_class()
        return super().open_session(app, request)


def create_app(config_class: object | str = "config.Config") -> Flask:
    app = SquareScores(__name__)
    app.session_interface = CookieSessions()
    app.config.from_object(config_class)
    # "/api/v1/matches/x//rounds" is no address of ours: 404, not a redirect (a 308 that a
    # client's DELETE would follow to a path it never named).
    app.url_map.merge_slashes = False
    app.logger.addFilter(RedactRecord())  # tracebacks may quote a token, too
    _read_whole_requests(app)

    db.init_app(app)
    migrate.init_app(app, db, directory=str(app.root_path + "/../migrations"))
    csrf.init_app(app)
    compress.init_app(app)

    @app.after_request
    def whole_asset(response: Response) -> Response:
        """Flask sends a static file as a stream, which Flask-Compress leaves alone: ours are
        small, so read it whole, and it is compressed with its length and ETag said. Nothing
        else is compressed (COMPRESS_MIMETYPES: our CSS, JavaScript and icon), so nothing else
        is asked."""
        if (request.endpoint or "").rpartition(".")[2] != "static":  # a game's own too
            return response
        if response.direct_passthrough:
            response.direct_passthrough = False
            response.make_sequence()
        return compress.after_request(response)
    cache.init_app(app)
    ratelimit.init_app(app)
    i18n.init_app(app)

    app.cli.add_command(backup)
    csrf.exempt(api_bp)
    app.register_blueprint(api_bp)
    app.register_blueprint(api_events_bp)
    app.register_blueprint(web_bp)
    live.init_app(app)  # the pages' /m/<token>/events, and the change watcher
    # The delivery worker (services/notify) attaches a banked match's result card, drawn as the
    # pages draw it, in each destination's language.
    app.extensions["squarescores.result_card"] = card_in
    # Last, so that its proxy handling wraps all else: /health, /ready, the manifest and service
    # worker, `flask restore`, Secure cookies and HSTS over HTTPS, TRUSTED_PROXIES; and each
    # worker of the server starts the delivery worker (services/notify) and the imports of plays
    # (services/plays/jobs.py).
    hosting.init_app(app, in_each_worker=(deliveries.start, imports.start))

    if app.config.get("SQL_STATEMENTS_HEADER"):
        _count_statements(app)

    @app.after_request
    def security_headers(response: Response) -> Response:
        headers = response.headers
        present = {name.lower() for name in headers.keys()}
        for name, value in SECURITY_HEADERS:
            if name.lower() not in present:
                headers.add(name, value)
        return response

    return app


def _read_whole_requests(app: Flask) -> None:
    """Malformed HTTP (a broken chunked body, a path that is no UTF-8) answered 400 before any
    other work, in the client's own form (web/errors.py)."""
    def largest() -> int:
        return max(app.config["MAX_CONTENT_LENGTH"] or 0,
                   app.config.get("IMPORT_MAX_BYTES", 0) + 64 * 1024,
                   app.config.get("PLAYS_IMPORT_MAX_BYTES", 0) + 64 * 1024)

    app.wsgi_app = WholeRequests(  # type: ignore[method-assign]
        app.wsgi_app, largest, lambda: app.config["REQUEST_BODY_SECONDS"])

    @app.before_request
    def refuse_broken() -> Response | None:
        verdict = request.environ.get(VERDICT)
        if verdict == TOO_LARGE:
            abort(413)
        if verdict == SLOW:
            # The rest of the body may still trickle in: the connection is not kept.
            return Response("The request's body did not arrive in time.\n", 408,
                            {"Connection": "close"}, mimetype="text/plain")
        if verdict:
            abort(400, verdict)
        if request.is_json and request.method != "GET" and not request.path.startswith("/api/"):
            # A page takes a form: a JSON body would reach the forms as their data (Flask-WTF
            # reads one), where a list or a deeply nested value failed with a 500.
            abort(415, "A page takes a form, not JSON: send JSON to /api/v1.")
        return None


def _count_statements(app: Flask) -> None:
    """For the benchmark: each response says how many SQL statements it took (X-SQL-Statements)."""
    with app.app_context():
        engine = db.engine

    @event.listens_for(engine, "before_cursor_execute")
    def count(*args: object) -> None:
        if has_request_context():
            g.sql_statements = g.get("sql_statements", 0) + 1

    @app.after_request
    def header(response: Response) -> Response:
        response.headers["X-SQL-Statements"] = str(g.get("sql_statements", 0))
        return response
