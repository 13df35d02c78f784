"""The pages' blueprint, shared by the modules that add views to it, and how a link is read."""

from flask import Blueprint, abort, request

from .. import services
from ..errors import ServiceError
from ..games import blue_banana
from ..services import Access

bp = Blueprint("web", __name__)


def link_access(token: str) -> Access:
    """What the link in the address lets this page do; an unknown link is a plain 404."""
    try:
        return services.authenticate(token, request.remote_addr)
    except ServiceError as error:
        abort(429 if error.status == 429 else 404)


@bp.app_template_filter("motif")
def motif_filter(motif: str) -> str:
    """A Blue Banana motif as people say it ("top_hat" → "top hat")."""
    return blue_banana.motif_name(motif)
