"""The image's HEALTHCHECK: /health answers 200 where gunicorn listens (BIND, else every address
on PORT). A slim image has no curl: the standard library asks."""

import os
import sys
import urllib.request

bind = os.environ.get("BIND") or f"0.0.0.0:{os.environ.get('PORT', '8000')}"
host, _, port = bind.rpartition(":")
if host in ("", "0.0.0.0", "[::]"):
    host = "127.0.0.1"
try:
    with urllib.request.urlopen(f"http://{host}:{port}/health", timeout=4) as answer:
        sys.exit(0 if answer.status == 200 else 1)
except OSError as error:
    print(f"/health did not answer: {error}", file=sys.stderr)
    sys.exit(1)
