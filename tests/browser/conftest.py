"""Fixtures for tests in a real browser (marked `browser`): headless Chromium driven by chromedriver.

`browser` yields a WebDriver session of Debian's `chromium` through `chromium-driver`. When they
are missing, CI=true installs them with apt-get (`.ci/browser.sh` does the same ahead of time) and
fails if that does not work: CI must never pass by skipping. Locally the tests skip, saying how
to install them; KG_BROWSER_INSTALL=1 makes a local run install them too.
Screenshots go to tests/browser/artifacts/ (kept out of git).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from webdriver import ChromeDriver, Session, WebDriverError, find_chromium  # noqa: E402

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
APT_PACKAGES = (
    "chromium",
    "chromium-driver",
    "fonts-liberation",
)  # fonts: a recommends, for readable screenshots


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def _apt_install() -> str | None:
    """Install Chromium and chromedriver with apt-get; return why not, or None on success."""
    if not shutil.which("apt-get"):
        return "apt-get not found (not a Debian/Ubuntu system)"
    prefix: list[str] = []
    if os.geteuid() != 0:
        if not shutil.which("sudo"):
            return "not root and no sudo to run apt-get"
        prefix = ["sudo", "-n"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (
        ["apt-get", "update", "-q"],
        ["apt-get", "install", "-y", "-q", "--no-install-recommends", *APT_PACKAGES],
    ):
        done = subprocess.run(prefix + cmd, env=env, capture_output=True, text=True, timeout=900)
        if done.returncode != 0:
            return f"`{' '.join(prefix + cmd)}` failed: {(done.stderr or done.stdout).strip()[-400:]}"
    return None


def _unavailable(reason: str):
    if _in_ci():
        pytest.fail(f"CI needs Chromium and chromedriver for the browser tests: {reason}", pytrace=False)
    pytest.skip(
        f"{reason}; install with `apt-get install chromium chromium-driver` or set KG_BROWSER_INSTALL=1"
    )


@pytest.fixture(scope="session")
def chromedriver(tmp_path_factory) -> ChromeDriver:
    """Yield a running chromedriver for Debian's chromium, installing both when CI needs them."""
    binary, driver = find_chromium()
    if not (binary and driver):
        missing = " and ".join(n for n, p in (("chromium", binary), ("chromedriver", driver)) if not p)
        if not (_in_ci() or os.environ.get("KG_BROWSER_INSTALL") == "1"):
            _unavailable(f"{missing} not installed")
        why = _apt_install()
        binary, driver = find_chromium()
        if why or not (binary and driver):
            _unavailable(why or f"{missing} still missing after apt-get install")
    tmp = tmp_path_factory.mktemp("chromium")
    try:
        server = ChromeDriver(driver, binary, tmp / "chromedriver.log")
    except WebDriverError as exc:
        _unavailable(str(exc))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def browser(chromedriver, tmp_path) -> Session:
    """Yield a headless browser session (1400×900) with a fresh profile."""
    try:
        session = chromedriver.session(tmp_path / "profile")
    except WebDriverError as exc:
        _unavailable(f"could not start headless Chromium: {exc}")
    try:
        yield session
    finally:
        session.quit()


@pytest.fixture
def artifacts() -> Path:
    """Return tests/browser/artifacts/, where screenshots are kept for people to look at."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: runs in headless Chromium driven by chromedriver")


def pytest_collection_modifyitems(items):
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
