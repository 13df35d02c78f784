"""Gunicorn settings for `make run`: every address on port $PORT, threads for polling phones."""

import os

bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gthread"
threads = int(os.environ.get("THREADS", "8"))
# The app is created in each worker after the fork: no database connection crosses it.
preload_app = False
accesslog = "-"
errorlog = "-"
# Tokens are capabilities: none may reach a log file.
logger_class = "app.logs.RedactingLogger"
