"""podman, as the image tests (SPEC section 15) drive it on these machines.

What these machines need of podman, and CI's alike: root here lacks CAP_SYS_RESOURCE, so the
default rlimits podman sets cannot be set (its own containers.conf gives limits within the hard
ones); crun refuses the machine's hybrid cgroups, runc runs; the registry of base images is out of
reach, so the Debian the image starts from is made here with mmdebstrap, as Debian's slim image
is made (minbase, without the documentation), and kept between runs in ~/.cache/squarescores."""

from __future__ import annotations

import json
import os
import subprocess
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PREFIX = "squarescores-test"
IMAGE = f"localhost/{PREFIX}:latest"
BASE = "localhost/squarescores-base:bookworm"
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "squarescores"
BASE_TAR = CACHE / "bookworm-minbase.tar"
BASE_DAYS = 14  # then made again, with that fortnight's security updates
MIRRORS = ("deb http://deb.debian.org/debian bookworm main",
           "deb http://deb.debian.org/debian bookworm-updates main",
           "deb http://deb.debian.org/debian-security bookworm-security main")
# What Debian's slim image leaves out, and so the image's own packages leave out too.
SLIM = ("path-exclude=/usr/share/man/*", "path-exclude=/usr/share/info/*",
        "path-exclude=/usr/share/locale/*", "path-include=/usr/share/locale/locale.alias",
        "path-exclude=/usr/share/doc/*", "path-include=/usr/share/doc/*/copyright")
CONTAINERS_CONF = """\
[containers]
default_ulimits = ["nofile=16384:16384", "nproc=16384:16384"]

[engine]
runtime = "runc"
"""
TOOLS = ("podman", "runc", "mmdebstrap", "podman-compose")


def podman(*args: str, check: bool = True, timeout: float = 120,
           **kwargs) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(["podman", *args], capture_output=True, text=True, timeout=timeout,
                          env=os.environ, **kwargs)
    if check and done.returncode != 0:
        raise AssertionError(f"podman {' '.join(args)} exited {done.returncode}:\n"
                             f"{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return done


def base_image() -> None:
    """Debian bookworm, minbase, made by mmdebstrap and imported: once a fortnight."""
    fresh = BASE_TAR.exists() and time.time() - BASE_TAR.stat().st_mtime < BASE_DAYS * 86400
    if fresh and podman("image", "exists", BASE, check=False).returncode == 0:
        return
    if not fresh:
        CACHE.mkdir(parents=True, exist_ok=True)
        part = BASE_TAR.with_suffix(".part")
        made = subprocess.run(
            ["mmdebstrap", "--quiet", "--variant=minbase", "--format=tar",
             "--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr",
             *(f"--dpkgopt={option}" for option in SLIM), "bookworm", str(part), *MIRRORS],
            capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
        assert made.returncode == 0, "mmdebstrap failed:\n" + made.stderr[-3000:]
        part.replace(BASE_TAR)
    podman("import", "--change", 'CMD ["/bin/bash"]', str(BASE_TAR), BASE)


def inspect(kind: str, name: str) -> dict:
    return json.loads(podman(kind, "inspect", name).stdout)[0]


class Container:
    """One container of the image, named with the test's prefix, on a volume of its own
    (or one it is given) and a loopback port; removed, with its volume, when done."""

    def __init__(self, image: str, port: int, volume: str | None = None):
        self.image, self.port = image, port
        token = uuid.uuid4().hex[:8]
        self.name = f"{PREFIX}-{token}"
        self.volume = volume or f"{PREFIX}-data-{token}"
        self.own_volume = volume is None
        self.started_at = 0.0

    def run(self, *extra: str) -> Container:
        self.started_at = time.monotonic()
        podman("run", "--detach", "--name", self.name, "--read-only", "--tmpfs", "/tmp",
               "--volume", f"{self.volume}:/data", "--publish", f"127.0.0.1:{self.port}:8000",
               *extra, self.image)
        return self

    def exec(self, *command: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return podman("exec", self.name, *command, check=check)

    def logs(self) -> str:
        done = podman("logs", self.name, check=False)
        return done.stdout + done.stderr

    def remove(self, volume: bool = True) -> None:
        podman("rm", "--force", "--time", "0", self.name, check=False)
        if volume and self.own_volume:
            podman("volume", "rm", "--force", self.volume, check=False)
