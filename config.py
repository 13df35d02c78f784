"""Settings for SquareScores, read from the environment."""

import os
import secrets
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent
INSTANCE_DIR = BASE_DIR / "instance"


def _secret_key() -> str:
    """SECRET_KEY from the environment, else one kept in instance/ so sessions survive restarts."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    INSTANCE_DIR.mkdir(exist_ok=True)
    key_file = INSTANCE_DIR / "secret_key"
    if not key_file.exists():
        key_file.write_text(secrets.token_hex(32))
        key_file.chmod(0o600)
    return key_file.read_text().strip()


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
    PERMANENT_SESSION_LIFETIME = 60 * 60 * 24 * 365
    MAX_CONTENT_LENGTH = 256 * 1024
    RATELIMIT_ENABLED = _flag("RATELIMIT_ENABLED", True)
    RATELIMIT_CREATE_PER_MINUTE = int(os.environ.get("RATELIMIT_CREATE_PER_MINUTE", "30"))
    RATELIMIT_UNKNOWN_TOKEN_PER_MINUTE = int(
        os.environ.get("RATELIMIT_UNKNOWN_TOKEN_PER_MINUTE", "30")
    )


class TestConfig(Config):
    TESTING = True
    SECRET_KEY = "test-secret"
    SQLALCHEMY_DATABASE_URI = os.environ.get("TEST_DATABASE_URL", "sqlite://")
    WTF_CSRF_ENABLED = False
    RATELIMIT_ENABLED = False
