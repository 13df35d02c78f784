"""Settings for SquareScores, read from the environment."""

import os
import secrets
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent
# What the server keeps of its own: the secret key, the SQLite database, the rate limits' counts.
INSTANCE_DIR = Path(os.environ.get("INSTANCE_DIR") or BASE_DIR / "instance")


def _secret_key() -> str:
    """SECRET_KEY from the environment, else one kept in instance/ so sessions survive restarts."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    INSTANCE_DIR.mkdir(exist_ok=True)
    key_file = INSTANCE_DIR / "secret_key"
    try:
        # O_EXCL: of several workers starting at once, exactly one writes the key.
        fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32))
    for _ in range(50):
        key = key_file.read_text().strip()
        if key:
            return key
        time.sleep(0.01)
    raise RuntimeError(f"{key_file} is empty: delete it and start again.")


def _flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() not in {"0", "false", "no", "off", ""}


class Config:
    SECRET_KEY = _secret_key()
    SQLALCHEMY_DATABASE_URI = os.environ.get(
        "DATABASE_URL", f"sqlite:///{INSTANCE_DIR / 'squarescores.db'}"
    )
    PORT = int(os.environ.get("PORT", "8000"))
    # A match lasts an evening: a form opened at the start must still post at the end.
    WTF_CSRF_TIME_LIMIT = None
    WTF_CSRF_SSL_STRICT = False
    SESSION_COOKIE_SAMESITE = "Lax"
    SESSION_COOKIE_HTTPONLY = True
    # The session (the links this phone opened, the groups it owns) is sent back only when a
    # request changed it: a request that reads it, sent beside one that changes it (a page's
    # event stream, a poll), would otherwise send back what it read and undo that change.
    SESSION_REFRESH_EACH_REQUEST = False
    PERMANENT_SESSION_LIFETIME = 60 * 60 * 24 * 365
    MAX_CONTENT_LENGTH = 256 * 1024
    # SPEC section 6: a request's body still arriving after this is dropped (408).
    REQUEST_BODY_SECONDS = float(os.environ.get("REQUEST_BODY_SECONDS", "30"))
    # Our CSS and JavaScript travel compressed to every phone that takes it (Flask-Compress):
    # a third of their weight. Pages and the API answer as they are (they have ETags of their own
    # and the group's page is gzipped once per version); event streams are never held back.
    COMPRESS_MIMETYPES = ["text/css", "text/javascript", "application/javascript", "image/svg+xml"]
    COMPRESS_ALGORITHM = ["br", "gzip"]
    COMPRESS_STREAMS = False
    # Asked of our static files alone (app/__init__.py), not of every poll and page it would pass.
    COMPRESS_REGISTER = False
    # A group's backup (export.json) may weigh more: far past a big group's bank, far below harm.
    IMPORT_MAX_BYTES = int(os.environ.get("IMPORT_MAX_BYTES", str(5 * 1024 * 1024)))
    # SPEC section 14: a file of plays brought in (a BG Stats export, a CSV) is at most 50 MiB.
    PLAYS_IMPORT_MAX_BYTES = 50 * 1024 * 1024
    RATELIMIT_ENABLED = _flag("RATELIMIT_ENABLED", True)
    SQL_STATEMENTS_HEADER = _flag("SQL_STATEMENTS_HEADER", False)  # for `make bench`
    RATELIMIT_CREATE_PER_MINUTE = int(os.environ.get("RATELIMIT_CREATE_PER_MINUTE", "30"))
    RATELIMIT_UNKNOWN_TOKEN_PER_MINUTE = int(
        os.environ.get("RATELIMIT_UNKNOWN_TOKEN_PER_MINUTE", "30")
    )
    # The result card's fonts (app/web/card.py): DejaVu Sans, from Debian's fonts-dejavu-core.
    CARD_FONTS = os.environ.get("CARD_FONTS", "/usr/share/fonts/truetype/dejavu")
    # What each process keeps of drawn pages and API views (app/cache.py), in bytes.
    CACHE_BYTES = int(os.environ.get("CACHE_BYTES", str(32 * 1024 * 1024)))
    # Where rate limits count: in a file every worker of this server shares (app/ratelimit.py),
    # or a store all servers share, named as the `limits` package names them
    # (redis://host:6379/0). `memory://` counts in each process alone.
    RATELIMIT_STORAGE_URI = os.environ.get("RATELIMIT_STORAGE_URI") or (
        f"squarescores-file://{INSTANCE_DIR / 'ratelimits.sqlite'}")
    # Live push (app/live/): how often the change watcher looks (SQLite; PostgreSQL is told at
    # once), how often an idle stream says it is still there (SPEC: at least every 25 s), and
    # how often every watched version and link is read again in case a notice went astray.
    LIVE_POLL_SECONDS = float(os.environ.get("LIVE_POLL_SECONDS", "0.1"))
    LIVE_KEEPALIVE_SECONDS = float(os.environ.get("LIVE_KEEPALIVE_SECONDS", "15"))
    LIVE_RECHECK_SECONDS = float(os.environ.get("LIVE_RECHECK_SECONDS", "30"))
    # SPEC section 6: the streams one link may hold open on this server; and those one worker
    # holds before it answers 503 (gunicorn.conf.py's WORKER_CONNECTIONS, less room for the
    # polls, pages and writes beside them), counted in a file the workers share.
    LIVE_STREAMS_PER_LINK = int(os.environ.get("LIVE_STREAMS_PER_LINK", "32"))
    LIVE_STREAMS_PER_WORKER = int(os.environ.get("LIVE_STREAMS_PER_WORKER") or
                                  int(os.environ.get("WORKER_CONNECTIONS", "10000")) * 9 // 10)
    LIVE_SLOTS_FILE: str | None = str(INSTANCE_DIR / "streams.sqlite")
    # SPEC section 9. The proxies in front of the app (Caddy: 1): the phone's address, scheme
    # and host are taken from the X-Forwarded-For, -Proto and -Host that many proxies set. With
    # 0, those headers are ignored: anyone could write them.
    TRUSTED_PROXIES = int(os.environ.get("TRUSTED_PROXIES") or 0)
    # The address phones open, where it is not the one gunicorn listens on: `make https` sets
    # it to Caddy's (https://<LAN address>:8443), so that a page opened on the server itself
    # (127.0.0.1, which phones cannot reach) hands out that one, not gunicorn's loopback port.
    PUBLIC_URL = (os.environ.get("PUBLIC_URL") or "").rstrip("/") or None
    # How long a page opened through the service worker waits for a silent server before the
    # copy this phone kept is shown, marked offline (app/templates/sw.js). A busy server is
    # slow, not silent: long enough that a slow answer is waited for.
    OFFLINE_AFTER_SECONDS = float(os.environ.get("OFFLINE_AFTER_SECONDS") or 8)
    # Scheduled backups of the SQLite database (app/hosting/backups.py): where, how often in
    # hours (fractions allowed), and how many of the newest are kept.
    BACKUP_DIR = os.environ.get("BACKUP_DIR") or None
    BACKUP_EVERY_HOURS = float(os.environ.get("BACKUP_EVERY_HOURS") or 0)
    BACKUP_KEEP = int(os.environ.get("BACKUP_KEEP") or 14)
    # SPEC section 12, where a group's destinations may reach: `public` (the internet only),
    # `private` (a home server's LAN too: Home Assistant), `any` (loopback too).
    NOTIFY_NETWORKS = (os.environ.get("NOTIFY_NETWORKS") or "public").strip().lower()
    # The delivery worker (app/services/notify/worker.py): how often it looks for deliveries
    # due, how long one try may take (SPEC: 10 s), and how many tries it makes at once.
    NOTIFY_POLL_SECONDS = float(os.environ.get("NOTIFY_POLL_SECONDS") or 1)
    NOTIFY_TIMEOUT_SECONDS = float(os.environ.get("NOTIFY_TIMEOUT_SECONDS") or 10)
    NOTIFY_SENDERS = int(os.environ.get("NOTIFY_SENDERS") or 16)


class TestConfig(Config):
    TESTING = True
    # A test's server is never silent, only slow on a loaded machine: a kept copy shown for a
    # slow answer would be a page the test did not ask for (offline is met with set_offline).
    OFFLINE_AFTER_SECONDS = 120.0
    SECRET_KEY = "test-secret"
    SQLALCHEMY_DATABASE_URI = os.environ.get("TEST_DATABASE_URL", "sqlite://")
    WTF_CSRF_ENABLED = False
    RATELIMIT_ENABLED = False
    RATELIMIT_STORAGE_URI = "memory://"
    LIVE_SLOTS_FILE = None
