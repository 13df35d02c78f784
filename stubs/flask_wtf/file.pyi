from collections.abc import Iterable
from typing import Any

from werkzeug.datastructures import FileStorage
from wtforms import FileField as _FileField
from wtforms import MultipleFileField as _MultipleFileField
from wtforms.fields.core import Field
from wtforms.form import BaseForm
from wtforms.validators import DataRequired

class FileField(_FileField):
    # The upload, a werkzeug FileStorage; None where none was sent.
    data: FileStorage | None

class MultipleFileField(_MultipleFileField):
    data: list[Any]

class FileRequired(DataRequired):
    def __call__(self, form: BaseForm, field: Field) -> None: ...

class FileAllowed:
    def __init__(self, upload_set: Iterable[str], message: str | None = None) -> None: ...
    def __call__(self, form: BaseForm, field: Field) -> None: ...

class FileSize:
    def __init__(self, max_size: int, min_size: int = 0, message: str | None = None) -> None: ...
    def __call__(self, form: BaseForm, field: Field) -> None: ...
