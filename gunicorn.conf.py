"""Gunicorn settings for `make run`: every address on port $PORT, gevent workers that hold
thousands of open event streams (each phone keeps one) beside the ordinary requests."""

import os
import resource

# BIND=127.0.0.1:8000 behind a proxy on the same machine (`make https`): phones reach the app only
# through the proxy, whose X-Forwarded-For the app believes.
bind = os.environ.get("BIND") or f"0.0.0.0:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
# A stream waits for news nearly all its life: a greenlet holds it for a few KB where a thread
# would hold a whole thread. WORKER_CLASS=gthread serves as before; there a stream ends after its
# first message (app/live/__init__.py), so that streams never take every one of the THREADS.
WORKER_CLASS = os.environ.get("WORKER_CLASS", "gevent")
threads = int(os.environ.get("THREADS", "8"))  # gthread only
# Per worker: open streams, polls and page loads together.
worker_connections = int(os.environ.get("WORKER_CONNECTIONS", "10000"))
# A page that cannot stream polls every 1.5 s: its connection is kept that long and more, so that
# its next poll finds it open rather than racing the server's close (gunicorn's 2 s, reached by a
# late poll on a busy machine, reset 309 polls of 1,000 phones' in `make bench`). It also bounds
# a request's line and headers (SPEC section 6: within 30 s).
keepalive = int(os.environ.get("KEEPALIVE", "5"))
# Phones come back together after a restart or a Wi-Fi blip: let them queue, not be refused.
# The kernel holds no more than net.core.somaxconn of them (4096 on a recent Linux): the workers
# take them off its queue a thousand at a time (ACCEPT_PER_TURN below), so that it seldom fills.
backlog = int(os.environ.get("BACKLOG", "16384"))
# SPEC section 6, what the server believes: only TRUSTED_PROXIES makes a header count, and the app
# reads those (werkzeug's ProxyFix, app/hosting). gunicorn by default believes a loopback peer's
# `SCRIPT_NAME` header and its X-Forwarded-Proto, and every request through `make https`'s Caddy
# comes from loopback: a client's `SCRIPT_NAME: //evil.example` drew the sheet kept for every
# reader with that prefix, and one that did not begin the path answered gunicorn's own 500.
# gunicorn believes no peer; a header with an underscore (SCRIPT_NAME) is dropped.
forwarded_allow_ips = ""
forwarder_headers = ""

# Each connection is a file descriptor: raise this process's soft limit (the workers inherit
# it) to what the connections need, as far as the hard limit allows.
_soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
_wanted = workers * worker_connections + 1024
if _soft != resource.RLIM_INFINITY and _soft < _wanted:
    _raised = _wanted if _hard == resource.RLIM_INFINITY else min(_wanted, _hard)
    resource.setrlimit(resource.RLIMIT_NOFILE, (_raised, _hard))


def _fair_gevent_worker():
    """gunicorn's gevent worker, taking turns. Left as it is, on two cores shared with the
    phones' own load, a connection whose next request was already waiting was served again and
    again while others waited up to 1.2 s; and with several workers gunicorn lets each accept one
    new connection per turn of its loop, so that a thousand phones arriving at once waited up to
    18 s to be let in. Here each request ends by letting the others have their turn, and a worker
    accepts up to ACCEPT_PER_TURN waiting connections at a time."""
    import gevent
    from gevent.server import StreamServer
    from gunicorn.workers import ggevent

    class Acceptor(StreamServer):
        max_accept = property(lambda self: ACCEPT_PER_TURN, lambda self, value: None)

    class FairGeventWorker(ggevent.GeventWorker):
        def run(self):
            ggevent.StreamServer = Acceptor  # this worker's own process: no one else's server
            super().run()

        def handle(self, listener, client, addr):
            _notice_gone_peers(client)
            gevent.getcurrent().awaits_first_request = True
            return super().handle(listener, client, addr)

        def handle_request(self, listener_name, req, sock, addr):
            gevent.getcurrent().awaits_first_request = False
            try:
                handled = super().handle_request(listener_name, req, sock, addr)
                if not self.alive:
                    # A stream ended because this worker is stopping: its connection goes too
                    # (StopIteration is how gunicorn ends one). Kept alive, it would hold the
                    # worker a whole keepalive for a next request that it will not serve.
                    raise StopIteration()
                return handled
            finally:
                gevent.sleep(0)

        def handle_error(self, req, client, addr, exc):
            """A transfer coding gunicorn does not read (`Transfer-Encoding: gzip`, `foo`) is the
            client's error, answered 400 as any other malformed request is: gunicorn says 501,
            and SPEC section 2 allows no 5xx, malformed HTTP included."""
            from gunicorn.http.errors import InvalidHeader, UnsupportedTransferCoding

            if isinstance(exc, UnsupportedTransferCoding):
                exc = InvalidHeader(f"Transfer-Encoding ({exc})", req=req)
            return super().handle_error(req, client, addr, exc)

        def timeout_ctx(self):
            """How long the request line and headers may take to arrive. gunicorn gives every
            request its keepalive (a few seconds), then closes the connection without a word:
            a phone on a weak Wi-Fi whose first request came in pieces, or a client held up
            for seconds between its connect and its send on a busy machine, met a closed
            connection and no answer. A connection's first request has HEADER_SECONDS (SPEC
            section 6: 30 s); an idle kept-alive connection is still let go after keepalive,
            as clients expect (a browser sends again on a fresh one)."""
            first = getattr(gevent.getcurrent(), "awaits_first_request", False)
            return gevent.Timeout(HEADER_SECONDS if first else self.cfg.keepalive, False)

    return FairGeventWorker


# 10,000 phones arriving within 3 s from one client: at 16 a turn, a worker busy answering those it
# had taken left the kernel's queue full for long, and 1,083 connection attempts were reset
# before every phone was in; at 1,024, 4 were (`make bench-live PHONES=10000`, on a busy 2-core
# machine). A connection taken is a greenlet waiting its turn, for a few KB; one left in a full
# queue is refused. The two workers still share them: each takes what is waiting when it looks.
ACCEPT_PER_TURN = int(os.environ.get("ACCEPT_PER_TURN", "1024"))
HEADER_SECONDS = float(os.environ.get("REQUEST_HEADER_SECONDS", "30"))


def _notice_gone_peers(client):
    """A phone whose Wi-Fi dropped sends no FIN: its event stream would wait on TCP's own
    retries for a quarter of an hour. Data unacknowledged for USER_TIMEOUT_MS, or an idle
    connection unanswered to KEEPALIVE's probes, ends it, so that a stream's slot is given back
    within 30 s (SPEC section 6; a stream writes at least every LIVE_KEEPALIVE_SECONDS)."""
    import socket

    try:
        client.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE, 10)
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPINTVL, 5)
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPCNT, 2)
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, USER_TIMEOUT_MS)
    except (AttributeError, OSError):  # not Linux, or not TCP (a Unix socket): as it was
        pass


USER_TIMEOUT_MS = 10_000
# gunicorn calls a function it is given here, and takes the class it answers.
worker_class = _fair_gevent_worker if WORKER_CLASS == "gevent" else WORKER_CLASS

# The app is created in each worker after the fork: no database connection crosses it (and
# under gevent, psycopg is imported after the monkey-patching it needs to wait cooperatively).
preload_app = False
accesslog = "-"
errorlog = "-"


def _redacting_logger():
    """app/logs.py's RedactingLogger (tokens are capabilities: none may reach a log file), read
    from its file alone. gunicorn's master makes its logger before any worker exists, and
    importing `app.logs` would import the whole app there first: every module-level lock and
    pool it makes would be made before gevent patches the workers that inherit them. One such
    pool (a destination's name resolution) blocked every worker that resolved a name until
    gunicorn killed it, once every 30 s while a delivery was pending (issue 41). The master
    imports none of the app; each worker imports it after gevent has patched it."""
    import importlib.util
    import sys
    from pathlib import Path

    name = "squarescores_gunicorn_logs"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            name, Path(__file__).resolve().parent / "app" / "logs.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name].RedactingLogger


logger_class = _redacting_logger
# Whether a request came over HTTPS is the app's to say (TRUSTED_PROXIES, app/hosting/): gunicorn
# would otherwise believe an X-Forwarded-Proto from any client on loopback.
secure_scheme_headers = {}


def post_worker_init(worker):
    """The app loaded, before the first request.

    Its modules, tables and templates live as long as the worker: frozen out of the garbage
    collector's sight, they are not walked again by every full collection, which with thousands
    of streams open paused a worker for up to 0.4 s (0.25 s frozen, on a busy machine).

    A worker told to stop ends its event streams at once: otherwise they would hold it for
    the whole graceful_timeout, and the phones reconnect (to the next worker) all the same.

    A worker that dies of a fatal signal (SIGSEGV, SIGABRT) writes the Python stack it died in
    to the error log first (faulthandler)."""
    import faulthandler
    import gc
    import threading
    import time

    faulthandler.enable()
    gc.collect()
    gc.freeze()

    def end_streams_on_stop():
        # Under gevent, threading and time are patched: this is a greenlet.
        while worker.alive:
            time.sleep(0.25)
        from app import live

        live.close_all()

    threading.Thread(target=end_streams_on_stop, daemon=True).start()

    # The worker holds the database's serving lock (`flask restore` waits for the server to
    # stop), and the one holding the backup folder's lock makes the scheduled backups.
    from app import hosting

    hosting.start(worker.wsgi)
    # Said once the worker is all there: a stop asked of it before this point (SIGTERM while it
    # still patches and loads) can be lost, and the master then waits its graceful timeout.
    worker.log.info("Worker ready (pid: %s)", worker.pid)
