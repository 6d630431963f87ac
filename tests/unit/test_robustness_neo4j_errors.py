"""Issue 8, failing servers without a server: what the loader says when the driver gives up.

The real-server cases (wrong password, server down, killed mid-load) are in
tests/integration/test_neo4j_failures.py; these pin the messages for driver errors that are
hard to provoke on demand.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

neo4j = pytest.importorskip("neo4j")
from neo4j import exceptions as ne  # noqa: E402

from kg.errors import QueryError, StoreError  # noqa: E402
from kg.store.neo4j_loader import RERUN_HINT, START_HINT, translate_errors  # noqa: E402

URI = "bolt://db.example:7687"


def raised(exc: BaseException, **kwargs) -> Exception:
    with pytest.raises((StoreError, QueryError)) as info, translate_errors(URI, "neo4j", None, **kwargs):
        raise exc
    message = str(info.value)
    assert "\n" not in message
    return info.value


def neo4j_error(code: str, message: str) -> Exception:
    return ne.Neo4jError._hydrate_neo4j(code=code, message=message)


def test_transient_error_left_after_retries_says_to_wait_and_rerun():
    error = raised(neo4j_error("Neo.TransientError.Transaction.DeadlockDetected", "deadlock\nwith detail"))
    assert isinstance(error, StoreError)
    assert f"Neo4j at {URI} kept failing with a transient error: deadlock [DeadlockDetected]" in str(error)
    assert "run the command again" in str(error)


def test_transient_error_during_a_load_says_rerunning_is_safe():
    error = raised(
        neo4j_error("Neo.TransientError.General.OutOfMemoryError", "oom"), unreachable_hint=RERUN_HINT
    )
    assert "kg load" in str(error) and "without duplicates" in str(error)


def test_connection_lost_mid_load_says_to_rerun_kg_load():
    error = raised(
        ne.ServiceUnavailable("Failed to read from defunct connection\nmore"), unreachable_hint=RERUN_HINT
    )
    assert str(error).startswith(f"cannot reach Neo4j at {URI} (")
    assert "kg load" in str(error) and "without duplicates" in str(error)


def test_server_down_at_start_names_the_uri_and_how_to_start_it():
    error = raised(
        ne.ServiceUnavailable(
            "Couldn't connect to db.example:7687 (resolved to ()):\n"
            "Failed to establish connection to ResolvedIPv4Address(('10.0.0.1', 7687)) (reason [Errno 111] Connection refused)"
        )
    )
    assert str(error) == f"cannot reach Neo4j at {URI} (Connection refused) ({START_HINT})"


def test_wrong_password_names_the_user_and_the_settings():
    error = raised(ne.AuthError("The client is unauthorized due to authentication failure."))
    assert f"Neo4j at {URI} refused user 'neo4j': wrong user name or password" in str(error)
    assert "NEO4J_PASSWORD" in str(error)


def test_driver_retry_warnings_stay_off_stderr():
    # In a fresh interpreter, as `kg load` runs: Python's last-resort handler would print them.
    code = (
        "import logging, sys\n"
        "from kg.store.neo4j_loader import _quiet_driver_log\n"
        "if sys.argv[1] == 'quiet': _quiet_driver_log(); _quiet_driver_log()\n"
        "logging.getLogger('neo4j.pool').warning('Transaction failed and will be retried in 0.8s')\n"
        "print(sum(isinstance(h, logging.NullHandler) for h in logging.getLogger('neo4j').handlers))\n"
    )
    loud = subprocess.run([sys.executable, "-c", code, "loud"], capture_output=True, text=True, check=True)
    quiet = subprocess.run([sys.executable, "-c", code, "quiet"], capture_output=True, text=True, check=True)
    assert "will be retried" in loud.stderr
    assert quiet.stderr == "" and quiet.stdout.strip() == "1"


class FakeRecord(dict):
    def data(self) -> dict:
        return dict(self)


class FlakyDriver:
    """A driver whose first `failures` calls lose the connection during COMMIT."""

    def __init__(self, failures: int):
        self.failures = failures
        self.calls = 0

    def execute_query(self, query, parameters_=None, database_=None):
        self.calls += 1
        if self.calls <= self.failures:
            raise ne.IncompleteCommit("Failed to read from defunct connection")
        return [FakeRecord(rows=len(parameters_["rows"]), created=0, updated=0)], None, None


def test_commit_cut_short_is_sent_again_with_backoff(monkeypatch):
    from kg.store import neo4j_loader

    sleeps: list[float] = []
    monkeypatch.setattr(neo4j_loader.time, "sleep", sleeps.append)
    driver = FlakyDriver(failures=3)
    rows = neo4j_loader._run(driver, "UNWIND $rows AS row RETURN count(*) AS rows", {"rows": [1, 2]}, None)
    assert rows == [{"rows": 2, "created": 0, "updated": 0}] and driver.calls == 4
    assert sleeps == sorted(sleeps) and len(sleeps) == 3 and sleeps[0] > 0


def test_commit_cut_short_too_often_says_rerun_kg_load(monkeypatch):
    from kg.store import neo4j_loader

    monkeypatch.setattr(neo4j_loader.time, "sleep", lambda s: None)
    driver = FlakyDriver(failures=100)
    with pytest.raises(StoreError) as info, translate_errors(URI, unreachable_hint=RERUN_HINT):
        neo4j_loader._run(driver, "RETURN 1", {"rows": []}, None)
    assert driver.calls == neo4j_loader.INCOMPLETE_COMMIT_RETRIES + 1
    assert "kg load" in str(info.value) and "\n" not in str(info.value)
