"""A tiny W3C WebDriver client on the standard library, enough to drive chromedriver in tests.

Only what the browser tests use: start chromedriver, open a session with headless Chromium,
navigate, find elements, type, click, run a script, take a screenshot.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # the W3C key of an element reference

# Offline, quiet, reproducible: no GPU, no QUIC, no background requests, no first-run UI.
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--disable-extensions",
    "--no-default-browser-check",
    "--hide-scrollbars",
)


class WebDriverError(RuntimeError):
    pass


def find_chromium() -> tuple[str | None, str | None]:
    """Return (chromium binary, chromedriver) paths, None for each not found."""
    binary = next((p for p in ("/usr/lib/chromium/chromium",) if os.access(p, os.X_OK)), None)
    binary = (
        binary
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
        or shutil.which("google-chrome")
    )
    return binary, shutil.which("chromedriver")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ChromeDriver:
    """A running chromedriver process; ``session()`` opens a headless browser through it."""

    def __init__(self, driver: str, binary: str, log_path: Path):
        self.binary = binary
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._log = open(log_path, "wb")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [driver, f"--port={self.port}", "--allowed-ips=127.0.0.1"],
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                if _call("GET", f"{self.url}/status", timeout=1).get("ready"):
                    return
            except (OSError, WebDriverError):
                pass
            if self.proc.poll() is not None:
                raise WebDriverError(f"chromedriver exited with code {self.proc.returncode}; see {log_path}")
            time.sleep(0.1)
        self.stop()
        raise WebDriverError(f"chromedriver did not answer on {self.url} within 15 s; see {log_path}")

    def session(self, profile_dir: Path, width: int = 1400, height: int = 900) -> Session:
        """Open headless Chromium with a fresh profile in `profile_dir`."""
        args = [*CHROMIUM_ARGS, f"--user-data-dir={profile_dir}", f"--window-size={width},{height}"]
        caps = {
            "capabilities": {
                "alwaysMatch": {
                    "browserName": "chrome",
                    "goog:chromeOptions": {"binary": self.binary, "args": args},
                }
            }
        }
        value = _call("POST", f"{self.url}/session", caps, timeout=30)
        return Session(f"{self.url}/session/{value['sessionId']}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()


class Session:
    def __init__(self, url: str):
        self.url = url

    def _do(self, method: str, path: str, body: dict | None = None):
        return _call(
            method, self.url + path, body if body is not None else ({} if method == "POST" else None)
        )

    def get(self, url: str) -> None:
        self._do("POST", "/url", {"url": url})

    def execute(self, script: str, *args):
        return self._do("POST", "/execute/sync", {"script": script, "args": list(args)})

    def find(self, css: str) -> str:
        return self._do("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def find_all(self, css: str) -> list[str]:
        return [e[ELEMENT] for e in self._do("POST", "/elements", {"using": "css selector", "value": css})]

    def type(self, element: str, text: str) -> None:
        self._do("POST", f"/element/{element}/value", {"text": text})

    def click(self, element: str) -> None:
        self._do("POST", f"/element/{element}/click")

    def text(self, element: str) -> str:
        return self._do("GET", f"/element/{element}/text")

    def wait_for(self, script: str, *args, timeout: float = 5.0):
        """Return the first truthy value of `script`, polling until `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.execute(script, *args)
            if value or time.monotonic() > deadline:
                return value
            time.sleep(0.05)

    def screenshot(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(self._do("GET", "/screenshot")))
        return path

    def quit(self) -> None:
        try:
            self._do("DELETE", "")
        except (OSError, WebDriverError):
            pass


# chromedriver listens on localhost: never send these requests through an HTTP proxy from the environment
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def _call(method: str, url: str, body: dict | None = None, timeout: float = 20):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with _OPENER.open(req, timeout=timeout) as resp:
            payload = json.loads(resp.read() or b"null")
    except urllib.error.HTTPError as exc:
        try:
            detail = json.loads(exc.read())["value"]
            message = f"{detail.get('error')}: {detail.get('message', '')[:500]}"
        except Exception:  # noqa: BLE001 - any unreadable error body
            message = str(exc)
        raise WebDriverError(f"{method} {url}: {message}") from None
    return payload.get("value") if isinstance(payload, dict) else payload
