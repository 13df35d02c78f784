from collections.abc import Callable
from typing import Any, TypeVar

from flask import Blueprint, Flask
from markupsafe import Markup
from werkzeug.exceptions import BadRequest

_Exempt = TypeVar("_Exempt", bound=Callable[..., Any] | Blueprint | str)

def generate_csrf(secret_key: str | bytes | None = None, token_key: str | None = None) -> str: ...
def validate_csrf(
    data: str | bytes | None,
    secret_key: str | bytes | None = None,
    time_limit: int | None = None,
    token_key: str | None = None,
) -> None: ...
def csrf_meta_tag(
    name: str | None = None, secret_key: str | bytes | None = None, token_key: str | None = None
) -> Markup: ...

class CSRFProtect:
    def __init__(self, app: Flask | None = None) -> None: ...
    def init_app(self, app: Flask) -> None: ...
    def protect(self, apply_exemptions: bool = False) -> None: ...
    # A view function, a blueprint, or a view's dotted name: returned as it came.
    def exempt(self, view: _Exempt) -> _Exempt: ...

class CSRFError(BadRequest): ...
