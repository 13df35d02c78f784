"""Installable (SPEC section 9): the web app manifest, and the service worker that keeps the
static assets and the pages this phone opened, so that a sheet opens again without a network.

The worker is versioned by the static assets' own contents (`asset_version`): a new version of
the app is a new worker, which on taking over deletes every cache of the old one."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, render_template, url_for

bp = Blueprint("install", __name__)
EXTENSION = "squarescores.assets"
LIGHT, DARK, PAPER = "#1f6f4a", "#163a2a", "#fbfaf7"  # app.css: --bar light and dark, --paper
# What the browser asks again each time before using it: a new version is seen at once.
ASK_AGAIN = {"Cache-Control": "no-cache"}


def static_files(app: Flask) -> dict[str, Path]:
    """Every static asset the app serves under /static/, by its name there: the app's own folder
    and each blueprint's that is served within it (a game's scripts, /static/games/<game>/)."""
    folders = {"": Path(str(app.static_folder))}
    within = f"{app.static_url_path}/"
    for blueprint in app.blueprints.values():
        path = blueprint.static_url_path or ""
        if blueprint.has_static_folder and path.startswith(within):
            folders[path.removeprefix(within) + "/"] = Path(str(blueprint.static_folder))
    return {prefix + path.relative_to(folder).as_posix(): path
            for prefix, folder in folders.items() for path in folder.rglob("*") if path.is_file()}


def init_app(app: Flask) -> None:
    """The static assets' version and addresses, read once per process (the blueprints, a game's
    among them, registered before)."""
    files = sorted(static_files(app).items(), key=lambda item: item[0].split("/"))
    digest = hashlib.sha256()
    for name, path in files:
        digest.update(name.encode() + b"\0")
        digest.update(path.read_bytes())
    names = [name for name, path in files if path.suffix in (".css", ".js", ".svg", ".png")]
    app.extensions[EXTENSION] = (digest.hexdigest()[:16], names)
    app.register_blueprint(bp)


def asset_version() -> str:
    version: str = current_app.extensions[EXTENSION][0]
    return version


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    def icon(name: str, size: int, purpose: str = "any") -> dict[str, str]:
        return {"src": url_for("static", filename=f"icons/{name}"), "sizes": f"{size}x{size}",
                "type": "image/png", "purpose": purpose}

    body = {
        "id": "/", "name": "SquareScores", "short_name": "SquareScores",
        "description": "The score sheet beside a card table.",
        "start_url": "/", "scope": "/", "display": "standalone",
        "background_color": PAPER, "theme_color": LIGHT,
        # Chromium reads a dark theme's colour here; the pages also say both (base.html).
        "user_preferences": {"color_scheme_dark": {"theme_color": DARK,
                                                   "background_color": "#121619"}},
        "icons": [icon("icon-192.png", 192), icon("icon-512.png", 512),
                  icon("maskable-192.png", 192, "maskable"),
                  icon("maskable-512.png", 512, "maskable")],
    }
    return Response(json.dumps(body), mimetype="application/manifest+json", headers=ASK_AGAIN)


@bp.get("/sw.js")
def service_worker() -> Response:
    version, names = current_app.extensions[EXTENSION]
    assets = [url_for("static", filename=name) for name in names]
    body = render_template("sw.js", version=version, assets=assets,
                           patience_ms=int(current_app.config["OFFLINE_AFTER_SECONDS"] * 1000))
    return Response(body, mimetype="text/javascript",
                    headers={**ASK_AGAIN, "Service-Worker-Allowed": "/"})
