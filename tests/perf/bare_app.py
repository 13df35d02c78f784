"""The floor `bench.py --sections cpu` measures our server's CPU against: a bare Flask app whose
one route answers `{"ok": true}`, served by the same gunicorn settings as ours."""

from flask import Flask

app = Flask(__name__)


@app.get("/health")
def health() -> dict[str, bool]:
    return {"ok": True}
