"""`GET /api/v1/openapi.json`: the API's document (SPEC section 13), made once per app."""

from __future__ import annotations

import json

from flask import Response, current_app

from ..blueprint import bp
from . import document

KEPT = "squarescores.openapi"


@bp.get("/openapi.json")
def openapi_document() -> Response:
    text = current_app.extensions.get(KEPT)
    if text is None:
        text = current_app.extensions[KEPT] = json.dumps(document())
    return Response(text, mimetype="application/json")
