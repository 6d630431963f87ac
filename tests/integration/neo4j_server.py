"""A real Neo4j 5 Community server for the integration tests, fetched with Maven and run on loopback.

There is no Docker engine in CI, but Java and Maven Central are there: `.ci/neo4j/pom.xml`
pulls the server's own jars (kernel, Bolt, neo4j-admin) and compiles a 100-line launcher
(`kg.ci.Neo4jServer`). This module builds that once into `.cache/neo4j/` (skipped when the
pom and the launcher are unchanged), starts the server with Bolt on a free loopback port
and a password, and stops it. The JVM watches its stdin, so it dies with the test process
even when pytest is killed.

Environment:
    KG_NEO4J_CACHE   where the build goes (default: <repo>/.cache/neo4j)
    NEO4J_TEST_URI   use this running server instead (with NEO4J_TEST_USER/NEO4J_TEST_PASSWORD),
                     e.g. the docker compose one; its `neo4j` database gets wiped by the tests.

Run by hand: `python tests/integration/neo4j_server.py fetch` (build only) or
`python tests/integration/neo4j_server.py run [--port 7687] [--home DIR]` (serve until Ctrl-C,
password from NEO4J_PASSWORD, default "kg-test-password").
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CI_DIR = REPO / ".ci" / "neo4j"
READY = "KG_NEO4J_READY "
DEFAULT_PASSWORD = "kg-test-password"
# Small and fast to start: C1-only JIT and the serial collector cut start-up on 2 cores
# by about a third; a class-data-sharing archive (made on the first clean stop) cuts more.
JVM_FLAGS = ["-Xms64m", "-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss1m"]
PAGECACHE_MB = 64


class Unavailable(RuntimeError):
    """The server cannot be built or started here; the message says why."""


@dataclass(frozen=True)
class Connection:
    uri: str
    user: str
    password: str


def cache_dir() -> Path:
    return Path(os.environ.get("KG_NEO4J_CACHE") or REPO / ".cache" / "neo4j")


def _stamp() -> str:
    digest = hashlib.sha256()
    for path in sorted([CI_DIR / "pom.xml", *CI_DIR.glob("src/**/*.java")]):
        digest.update(path.relative_to(CI_DIR).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def classpath(cache: Path | None = None) -> str:
    """Return the launcher's classpath, building it with Maven first when needed (slow once)."""
    cache = cache or cache_dir()
    jar = cache / "target" / "kg-neo4j-server-1.jar"
    lib = cache / "lib"
    stamp_file = cache / "build.stamp"
    stamp = _stamp()
    if not shutil.which("java"):
        raise Unavailable("Java is not installed (needed to run the Neo4j test server)")
    fresh = jar.exists() and lib.is_dir() and stamp_file.exists() and stamp_file.read_text() == stamp
    if not fresh:
        mvn = shutil.which("mvn")
        if not mvn:
            raise Unavailable("Maven (mvn) is not installed (needed to fetch the Neo4j test server)")
        cache.mkdir(parents=True, exist_ok=True)
        if lib.exists():
            shutil.rmtree(lib)  # a changed pom must not leave old jars on the classpath
        log = cache / "maven.log"
        command = [mvn, "-B", "-f", str(CI_DIR / "pom.xml"), f"-Dkg.neo4j.out={cache}", "package"]
        with open(log, "w") as out:
            done = subprocess.run(command, stdout=out, stderr=subprocess.STDOUT, timeout=45 * 60, check=False)
        if done.returncode != 0:
            tail = "".join(log.read_text(errors="replace").splitlines(keepends=True)[-15:])
            raise Unavailable(f"Maven could not build the Neo4j test server (see {log}):\n{tail}")
        stamp_file.write_text(stamp)
        (cache / "classes.jsa").unlink(missing_ok=True)  # archive of the old jars
    return os.pathsep.join([str(jar), str(lib / "*")])


class Neo4jServer:
    """One launcher JVM: `start()` returns once Bolt accepts the password, `stop()` ends it."""

    def __init__(
        self, home: Path, *, password: str = DEFAULT_PASSWORD, port: int = 0, cache: Path | None = None
    ):
        self.home = Path(home)
        self.password = password
        self.port = port
        self.cache = cache or cache_dir()
        self.process: subprocess.Popen | None = None
        self.uri: str | None = None
        self.start_seconds: float | None = None
        self._new_jsa: Path | None = None

    def start(self, timeout: float = 300.0) -> Connection:
        cp = classpath(self.cache)
        started = time.perf_counter()
        self.home.mkdir(parents=True, exist_ok=True)
        jsa = self.cache / "classes.jsa"
        # An archive of the loaded classes makes later starts faster; the JVM writes it when
        # it exits cleanly (stdin closed), and ignores one that no longer matches the jars.
        # It is written under a private name and renamed in stop(), so two test runs sharing
        # the cache never read a half-written archive.
        for stale in self.cache.glob("classes.*.*.jsa"):  # left by a run that was killed
            if time.time() - stale.stat().st_mtime > 3600:
                stale.unlink(missing_ok=True)
        self._new_jsa = None if jsa.exists() else jsa.with_name(f"classes.{os.getpid()}.{id(self)}.jsa")
        cds = (
            [f"-XX:ArchiveClassesAtExit={self._new_jsa}"]
            if self._new_jsa
            else [f"-XX:SharedArchiveFile={jsa}"]
        )
        command = [
            "java",
            *JVM_FLAGS,
            *cds,
            "-Xlog:cds=off",
            "-Xlog:cds+dynamic=off",
            "-cp",
            cp,
            "kg.ci.Neo4jServer",
            "--home",
            str(self.home),
            "--port",
            str(self.port),
            "--pagecache-mb",
            str(PAGECACHE_MB),
            "--watch-stdin",
        ]
        # Output goes to a file, never a pipe: a pipe nobody drains would block the JVM.
        self._log_path = self.home / "launcher.log"
        self._log = open(self._log_path, "w")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "KG_NEO4J_PASSWORD": self.password},
            start_new_session=True,  # Ctrl-C in the terminal goes to pytest, which stops us cleanly
        )
        self.uri = self._wait_ready(timeout)
        self._wait_bolt(timeout - (time.perf_counter() - started))
        self.start_seconds = time.perf_counter() - started
        return Connection(self.uri, "neo4j", self.password)

    def _wait_ready(self, timeout: float) -> str:
        assert self.process
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.process.poll() is None:
            for line in self._log_path.read_text(errors="replace").splitlines():
                if line.startswith(READY):
                    return line[len(READY) :].strip()
            time.sleep(0.1)
        code = self.process.poll()
        self.stop()
        log = self._log_path.read_text(errors="replace")[-3000:]
        state = f"exited with {code}" if code is not None else f"not ready after {timeout:.0f}s"
        raise Unavailable(f"Neo4j test server {state}; launcher log:\n{log}")

    def _wait_bolt(self, timeout: float) -> None:
        import neo4j

        deadline = time.monotonic() + max(timeout, 10.0)
        while True:
            try:
                with neo4j.GraphDatabase.driver(self.uri, auth=("neo4j", self.password)) as driver:
                    driver.verify_connectivity()
                return
            except Exception as exc:  # noqa: BLE001 - any failure means "not yet"
                if time.monotonic() > deadline:
                    self.stop()
                    raise Unavailable(f"Neo4j test server at {self.uri} never accepted Bolt: {exc}") from None
                time.sleep(0.5)

    def stop(self, timeout: float = 60.0) -> None:
        process, self.process = self.process, None
        if process is None:
            return
        with contextlib.suppress(OSError):
            process.stdin.close()  # the launcher shuts down cleanly on EOF
        if process.poll() is None:
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(15)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        self._log.close()
        if self._new_jsa is not None and self._new_jsa.exists():
            if process.returncode == 0 and self._new_jsa.stat().st_size > 0:
                os.replace(self._new_jsa, self.cache / "classes.jsa")
            else:
                self._new_jsa.unlink(missing_ok=True)


def neo4j_admin(home: Path, args: list[str], *, timeout: float = 600.0) -> subprocess.CompletedProcess:
    """Run `neo4j-admin ARGS` (e.g. `database import full ...`) on the server home `home`."""
    home = Path(home)
    home.mkdir(parents=True, exist_ok=True)
    command = ["java", *JVM_FLAGS, "-cp", classpath(), "org.neo4j.cli.AdminTool", *args]
    env = {**os.environ, "NEO4J_HOME": str(home), "NEO4J_CONF": str(home / "conf")}
    # cwd=home: the importer writes its import.report into the working directory.
    return subprocess.run(
        command, env=env, cwd=home, capture_output=True, text=True, timeout=timeout, check=False
    )


def external_connection() -> Connection | None:
    """Return the server named by NEO4J_TEST_URI, if the environment names one."""
    uri = os.environ.get("NEO4J_TEST_URI")
    if not uri:
        return None
    return Connection(
        uri,
        os.environ.get("NEO4J_TEST_USER", "neo4j"),
        os.environ.get("NEO4J_TEST_PASSWORD", DEFAULT_PASSWORD),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("fetch", help="fetch and build the server with Maven (cached)")
    run = sub.add_parser("run", help="serve until Ctrl-C")
    run.add_argument("--port", type=int, default=7687)
    run.add_argument("--home", type=Path, default=None, help="data folder (default: a temporary one)")
    args = parser.parse_args(argv)
    try:
        if args.command == "fetch":
            started = time.perf_counter()
            print(classpath())
            print(f"ready in {time.perf_counter() - started:.1f}s", file=sys.stderr)
            return 0
        # A shell's background job starts with SIGINT ignored; make Ctrl-C and `kill` both stop cleanly.
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.default_int_handler)
        with tempfile.TemporaryDirectory(prefix="kg-neo4j-") as tmp:
            password = os.environ.get("NEO4J_PASSWORD") or DEFAULT_PASSWORD
            server = Neo4jServer(args.home or Path(tmp), password=password, port=args.port)
            conn = server.start()
            print(f"Neo4j up at {conn.uri} (user neo4j) in {server.start_seconds:.1f}s; Ctrl-C stops it")
            try:
                while server.process and server.process.poll() is None:
                    time.sleep(1)
            except KeyboardInterrupt:
                pass
            finally:
                server.stop()
        return 0
    except Unavailable as exc:
        print(exc, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
