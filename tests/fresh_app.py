"""A fresh app per test or per module: the one way the tests build the app on a database."""

from __future__ import annotations

from app import create_app
from app.extensions import db
from config import TestConfig


def fresh_app(folder):
    """An app on a fresh database: a new SQLite file in `folder`, or TEST_DATABASE_URL's tables
    made anew. A generator: the app, then its tables dropped."""

    class Config(TestConfig):
        SQLALCHEMY_DATABASE_URI = TestConfig.SQLALCHEMY_DATABASE_URI
        if SQLALCHEMY_DATABASE_URI == "sqlite://":
            SQLALCHEMY_DATABASE_URI = f"sqlite:///{folder / 'test.db'}"

    app = create_app(Config)
    with app.app_context():
        db.create_all()
    yield app
    with app.app_context():
        db.session.remove()
        db.drop_all()
        db.engine.dispose()
