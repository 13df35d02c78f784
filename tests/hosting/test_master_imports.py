"""gunicorn's master reads gunicorn.conf.py and makes its logger before any worker exists: it must
import none of the app. A module-level lock or pool the app made there would be made before gevent
patches the workers that inherit it, and one such pool (a destination's name resolution) blocked
every worker that resolved a name until gunicorn killed it (issue 41)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

MASTER = """
import sys
from gunicorn.app.base import Application

class Master(Application):
    def init(self, parser, opts, args):
        return {}
    def load(self):
        raise AssertionError("the master loads no app")

master = Master.__new__(Master)
master.usage, master.prog, master.callable = None, None, None
master.do_load_config = lambda: None
from gunicorn.config import Config
master.cfg = Config()
master.load_config_from_file("gunicorn.conf.py")
logger = master.cfg.logger_class(master.cfg)
logger.error("a token /m/0123456789abcdefghij0123456789abcdefghij012 is masked")
print(type(logger).__name__)
print(sorted(name for name in sys.modules if name == "app" or name.startswith("app.")))
"""


def test_the_master_makes_its_redacting_logger_without_importing_the_app(tmp_path):
    done = subprocess.run([sys.executable, "-c", MASTER], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    logger_name, imported = done.stdout.splitlines()
    assert logger_name == "RedactingLogger"
    assert imported == "[]"
    assert "0123456789abcdefghij" not in done.stderr and "/m/…" in done.stderr
