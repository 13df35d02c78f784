"""The container image built as `make image` builds it, for the tests to run with podman
(SPEC section 15): the engine told this machine's limits, the base made here (podman_engine.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import uuid
from collections.abc import Iterator

import pytest
from podman_engine import BASE, CONTAINERS_CONF, IMAGE, ROOT, TOOLS, base_image, podman


@pytest.fixture(scope="session")
def engine(tmp_path_factory) -> Iterator[None]:
    """podman, told this machine's limits and runtime through a containers.conf of its own."""
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        message = f"the image tests need {', '.join(missing)} (apt-get install {' '.join(missing)})"
        if os.environ.get("CI"):
            pytest.fail(f"{message}: CI must install them (.ci/run)", pytrace=False)
        pytest.skip(message + "; skipped outside CI")
    conf = tmp_path_factory.mktemp("podman") / "containers.conf"
    conf.write_text(CONTAINERS_CONF)
    before = os.environ.get("CONTAINERS_CONF")
    os.environ["CONTAINERS_CONF"] = str(conf)
    yield
    if before is None:
        os.environ.pop("CONTAINERS_CONF", None)
    else:
        os.environ["CONTAINERS_CONF"] = before


@pytest.fixture(scope="session")
def image(engine) -> str:
    """The image as `make image` builds it, on the base made here. The one it replaces under the
    same name is removed; its layers stay as the next build's cache."""
    base_image()
    old = podman("image", "inspect", "--format", "{{.Id}}", IMAGE, check=False).stdout.strip()
    version = f"test-{uuid.uuid4().hex[:8]}"
    built = subprocess.run(
        ["make", "--no-print-directory", "image", "ENGINE=podman", f"IMAGE={IMAGE}",
         f"BASE={BASE}", f"VERSION={version}", "SOURCE=https://example.org/squarescores",
         "LICENSES=NOASSERTION"],
        cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert built.returncode == 0, "make image failed:\n" + (built.stdout + built.stderr)[-5000:]
    if old and old != podman("image", "inspect", "--format", "{{.Id}}", IMAGE).stdout.strip():
        podman("rmi", old, check=False)
    return IMAGE


