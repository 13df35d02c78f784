"""What every page of the site shares: the phone's own choices, kept in cookies a year (its
language and its theme: light, dark, or the phone's own setting, each set by a plain link in
every page's footer), the words templates use everywhere, link pages kept out of every cache,
and `/robots.txt` (`/health` and `/ready` are app/hosting's)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from flask import abort, redirect, request
from werkzeug.wrappers import Response

from ..hosting.lan import sent_out
from ..i18n import COOKIE, LANGUAGES, language
from .blueprint import bp
from .refused import faults_of, named_faults
from .words import in_words, spoken

THEMES = ("auto", "light", "dark")
THEME_COOKIE = "theme"
YEAR = 365 * 24 * 60 * 60


def local_path(target: str | None) -> str:
    """`target` where it is a path on this site; "/" where it could lead anywhere else
    ("//evil.com", "/\\evil.com", a scheme, a control character a browser drops)."""
    if (not target or not target.startswith("/") or target.startswith("//")
            or "\\" in target or any(ord(c) < 0x20 or ord(c) == 0x7F for c in target)):
        return "/"
    parts = urlsplit(target)
    return "/" if parts.scheme or parts.netloc else target


def here() -> str:
    """Where a switch brings the phone back to: this page; after a form was posted, the page
    that posted it (a form's address may take no GET)."""
    if request.method in ("GET", "HEAD"):
        query = request.query_string.decode("utf-8", "replace")
        return local_path(request.path + ("?" + query if query else ""))
    referrer = urlsplit(request.referrer or "")
    if referrer.netloc != request.host:
        return "/"
    return local_path(referrer.path + ("?" + referrer.query if referrer.query else ""))


def _kept(name: str, value: str) -> Response:
    # SameSite=Lax as the session's; no script needs to read it: <html> says both choices.
    response = redirect(local_path(request.args.get("next")))
    response.set_cookie(name, value, max_age=YEAR, path="/", samesite="Lax", httponly=True,
                        secure=request.is_secure)
    return response


@bp.get("/language/<code>", endpoint="language")
def choose_language(code: str) -> Response:
    if code not in LANGUAGES:
        abort(404)
    return _kept(COOKIE, code)


@bp.get("/theme/<mode>")
def theme(mode: str) -> Response:
    if mode not in THEMES:
        abort(404)
    return _kept(THEME_COOKIE, mode)


@bp.app_context_processor
def choices() -> dict[str, Any]:
    kept = request.cookies.get(THEME_COOKIE)
    return {"theme": kept if kept in THEMES else "auto", "themes": THEMES, "here": here}


@bp.app_template_global("page_language")
def page_language() -> str:
    """The page's language, for imported macros (which see no context variables)."""
    return language()


bp.add_app_template_global(spoken, "spoken")
bp.add_app_template_global(sent_out, "sent_out")
bp.add_app_template_global(faults_of, "faults_of")
bp.add_app_template_global(named_faults, "named_faults")
bp.add_app_template_filter(in_words, "in_words")


# The pages reached by a link (SPEC section 6, private pages): a match's, a group's, a night's
# (a player's phone, the big screen) and a design's.
LINK_PAGES = ("/m/", "/g/", "/n/", "/tv/", "/d/")


@bp.after_app_request
def _link_pages_are_private(response: Response) -> Response:
    if request.path.startswith(LINK_PAGES):
        # A link page is a capability: no cache, shared or private, may keep it.
        response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/robots.txt")
def robots() -> tuple[str, int, dict[str, str]]:
    disallowed = "".join(f"Disallow: {prefix}\n" for prefix in (*LINK_PAGES, "/api/"))
    return (f"User-agent: *\n{disallowed}", 200, {"Content-Type": "text/plain"})
