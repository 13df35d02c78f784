# Flask-WTF 1.3 ships no type information and typeshed has no stubs for it: these say what the
# app uses of it, as its source (flask_wtf/__init__.py) defines it.
from .csrf import CSRFProtect as CSRFProtect
from .form import FlaskForm as FlaskForm
from .form import Form as Form
