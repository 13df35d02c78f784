"""SPEC section 15: the image, built by `make image` and run by podman as a self-hoster runs it,
on a read-only root filesystem with a tmpfs at /tmp and its data in a volume."""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import time
import uuid

import pytest
from launcher import HOST, ROOT, free_port, request
from podman_engine import PREFIX, Container, inspect, podman

from app.i18n import LANGUAGES

pytestmark = pytest.mark.image

UP_WITHIN = 30  # seconds from the start to /health
STOPS_WITHIN = 10  # seconds from SIGTERM to the container's end
MOST_BYTES = 250_000_000


def answered(port: int, path: str = "/health", within: float = UP_WITHIN,
             since: float | None = None) -> float:
    """Seconds from `since` (now, if not given) until `path` answers 200."""
    start = time.monotonic() if since is None else since
    while True:
        try:
            if request(port, "GET", path, timeout=5).status == 200:
                return time.monotonic() - start
        except (OSError, http.client.HTTPException):
            pass
        if time.monotonic() - start > within:
            raise AssertionError(f"{path} did not answer 200 within {within} s")
        time.sleep(0.2)


@pytest.fixture(scope="module")
def serving(image):
    container = Container(image, free_port()).run()
    try:
        container.up_after = answered(container.port, since=container.started_at)
        yield container
    finally:
        container.remove()


def start_match(port: int) -> dict:
    created = request(port, "POST", "/api/v1/matches",
                      json_body={"game": "generic", "players": ["Ana", "Ben"]})
    assert created.status == 201, created.body
    match = created.json()
    played = request(port, "POST", f"/api/v1/matches/{match['id']}/rounds",
                     match["tokens"]["host"], json_body={"scores": [12, 7]})
    assert played.status == 201, played.body
    return match


def totals(port: int, match: dict) -> list:
    reply = request(port, "GET", f"/api/v1/matches/{match['id']}", match["tokens"]["host"])
    assert reply.status == 200, reply.body
    return reply.json()["totals"]


def test_the_image_is_built_as_spec_15_says(image):
    config = inspect("image", image)
    assert config["Size"] < MOST_BYTES, f"{config['Size'] / 1e6:.0f} MB"
    settings = config["Config"]
    assert settings["User"].split(":")[0] not in ("", "0", "root")
    assert "8000/tcp" in settings["ExposedPorts"]
    assert "/data" in settings["Volumes"]
    assert settings["StopSignal"] == "SIGTERM"
    # --format docker keeps it: the OCI format drops HEALTHCHECK.
    assert "deploy/container/health.py" in " ".join(config["Healthcheck"]["Test"])
    environment = dict(line.split("=", 1) for line in settings["Env"])
    assert environment["INSTANCE_DIR"] == "/data"
    assert environment["DATABASE_URL"] == "sqlite:////data/squarescores.db"
    labels = settings["Labels"]
    assert re.fullmatch(r"test-[0-9a-f]{8}", labels["org.opencontainers.image.version"])
    assert labels["org.opencontainers.image.source"] == "https://example.org/squarescores"
    assert labels["org.opencontainers.image.licenses"] == "NOASSERTION"


def test_the_image_holds_no_compiler_and_no_test_tools(image):
    found = podman("run", "--rm", "--entrypoint", "sh", image, "-c",
                   "for tool in gcc cc c++ g++ clang tcc ld as make pip pip3; do "
                   "command -v $tool; done; ls /usr/bin | grep -E '^(gcc|g\\+\\+|cc)-' || true")
    assert found.stdout.strip() == ""
    installed = podman("run", "--rm", "--entrypoint", "python3", image, "-c",
                       "import importlib.util as u; print(' '.join(n for n in ("
                       "'pytest', 'ruff', 'mypy', 'playwright', 'schemathesis', 'hypothesis', "
                       "'xdist', 'pip', 'setuptools') if u.find_spec(n)))")
    assert installed.stdout.strip() == ""


def test_every_extension_module_loads(image):
    """The build strips their symbols: each must still load, as Python would load it."""
    loaded = podman("run", "--rm", "--entrypoint", "python3", image, "-c", """
import importlib, pathlib, site, sys
import psycopg  # before psycopg_binary, as it asks
root = pathlib.Path(site.getsitepackages()[0])
failed = []
for path in sorted(root.rglob("*.so")):
    if any(part.endswith(".libs") for part in path.relative_to(root).parts):
        continue
    name = ".".join(path.relative_to(root).with_suffix("").parts).split(".cpython")[0]
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name == name:
            failed.append(f"{name}: {error!r}")
        # else an optional part wanting what the app never uses (tkinter, cffi): not broken
    except Exception as error:
        failed.append(f"{name}: {error!r}")
print(len(list(root.rglob("*.so"))))
sys.exit("\\n".join(failed) or None)
""", check=False)
    assert loaded.returncode == 0, loaded.stderr
    assert int(loaded.stdout) > 20


def test_it_answers_health_and_ready_within_30_s_of_its_start(serving):
    assert serving.up_after < UP_WITHIN
    assert request(serving.port, "GET", "/ready").status == 200


def test_it_runs_as_a_user_that_is_not_root(serving):
    assert serving.exec("id", "-u").stdout.strip() != "0"
    # ...and every process of it, gunicorn's master and workers.
    users = serving.exec("sh", "-c", "for p in /proc/[0-9]*; do stat -c %u $p; done").stdout
    assert set(users.split()) == {serving.exec("id", "-u").stdout.strip()}


def test_what_it_keeps_in_the_volume_is_its_users_alone(serving):
    modes = serving.exec("stat", "-c", "%a %n", "/data/squarescores.db",
                         "/data/secret_key").stdout.split("\n")
    assert [line.split()[0] for line in modes if line] == ["600", "600"]


def test_the_engine_finds_it_healthy(serving):
    checked = podman("healthcheck", "run", serving.name, check=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_its_pages_speak_each_language(serving):
    for language in LANGUAGES:
        page = request(serving.port, "GET", "/", headers={"Accept-Language": language})
        assert page.status == 200
        assert f'lang="{language}"'.encode() in page.body


def test_it_trusts_the_certificates_that_deliveries_over_https_meet(serving):
    stats = serving.exec("python3", "-c", "import ssl; "
                         "print(ssl.create_default_context().cert_store_stats()['x509_ca'])")
    assert int(stats.stdout) > 100


def test_flask_backup_works_inside_it(serving):
    match = start_match(serving.port)
    backed = serving.exec("flask", "backup", "/data/backups/x.db", check=False)
    assert backed.returncode == 0, backed.stdout + backed.stderr
    counted = serving.exec("python3", "-c", "import sqlite3, os; "
                           "c = sqlite3.connect('file:/data/backups/x.db?mode=ro', uri=True); "
                           "print(c.execute('PRAGMA integrity_check').fetchone()[0], "
                           "c.execute('SELECT count(*) FROM match WHERE id = ?', "
                           f"({match['id']!r},)).fetchone()[0], "
                           "oct(os.stat('/data/backups/x.db').st_mode & 0o777))")
    assert counted.stdout.split() == ["ok", "1", "0o600"]


def test_a_match_survives_a_restart_and_a_new_container_on_the_volume(image):
    first = Container(image, free_port()).run()
    second = None
    try:
        answered(first.port)
        match = start_match(first.port)
        assert totals(first.port, match) == [12, 7]
        podman("restart", "--time", str(STOPS_WITHIN), first.name)
        answered(first.port)
        assert totals(first.port, match) == [12, 7]
        first.remove(volume=False)
        second = Container(image, free_port(), volume=first.volume).run()
        answered(second.port)
        assert totals(second.port, match) == [12, 7]
    finally:
        if second is not None:
            second.remove(volume=False)
        first.remove()


def test_sigterm_stops_it_within_10_s_with_a_stream_open(image):
    container = Container(image, free_port()).run()
    try:
        answered(container.port)
        match = start_match(container.port)
        stream = http.client.HTTPConnection(HOST, container.port, timeout=30)
        stream.request("GET", f"/api/v1/matches/{match['id']}/events",
                       headers={"Accept": "text/event-stream",
                                "Authorization": f"Bearer {match['tokens']['view']}"})
        response = stream.getresponse()
        assert response.status == 200
        assert response.read1(65536)  # the stream's first event: it is open
        start = time.monotonic()
        podman("kill", "--signal", "TERM", container.name)
        waited = podman("wait", container.name, timeout=60)
        took = time.monotonic() - start
        assert took < STOPS_WITHIN, f"{took:.1f} s:\n{container.logs()[-3000:]}"
        assert waited.stdout.strip() == "0", container.logs()[-3000:]
        # The stream was ended by the server, not left hanging.
        while response.read1(65536):
            pass
        stream.close()
    finally:
        container.remove()


def test_podman_compose_up_serves_it(image):
    project = f"{PREFIX}-compose-{uuid.uuid4().hex[:8]}"
    port = free_port()
    environment = os.environ | {"SQUARESCORES_IMAGE": image, "PORT": str(port)}

    def compose(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["podman-compose", "-p", project, *args], cwd=ROOT,
                              env=environment, capture_output=True, text=True, timeout=180)

    try:
        # The default services alone: Debian's podman-compose (1.0.3) knows no profiles.
        up = compose("up", "-d", "app")
        assert up.returncode == 0, up.stdout + up.stderr
        answered(port)
        config = inspect("container", f"{project}_app_1")
        assert config["HostConfig"]["ReadonlyRootfs"] is True
        assert config["HostConfig"]["RestartPolicy"]["Name"] == "unless-stopped"
        assert any(mount["Destination"] == "/data" and mount["Type"] == "volume"
                   for mount in config["Mounts"])
    finally:
        compose("down")
        podman("volume", "rm", "--force", f"{project}_data", check=False)
