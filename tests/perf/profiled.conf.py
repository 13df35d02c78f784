"""`make run`'s gunicorn settings (gunicorn.conf.py) with every worker profiled by cProfile from
its boot to its exit, for `bench.py --sections cpu --profile DIR`: each worker leaves
DIR/worker-<pid>.prof. The bench's own; the server as it runs is never profiled."""

import cProfile
import os
import time
from pathlib import Path

_settings = Path(__file__).resolve().parents[2] / "gunicorn.conf.py"
# Run as if it were that file: its logger is found beside it (Path(__file__)).
__file__ = str(_settings)
exec(compile(_settings.read_text(), str(_settings), "exec"))  # noqa: S102

_booted = post_worker_init  # noqa: F821 (defined by the settings above)


def post_worker_init(worker):
    _booted(worker)
    # CPU time, not the wall's: a greenlet waiting on its socket costs nothing.
    worker.profile = cProfile.Profile(time.process_time)
    worker.profile.enable()


def worker_exit(server, worker):
    profile = getattr(worker, "profile", None)
    if profile is not None:
        profile.disable()
        profile.dump_stats(os.path.join(os.environ["PROFILE_DIR"], f"worker-{worker.pid}.prof"))
