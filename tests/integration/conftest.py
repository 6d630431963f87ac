"""Fixtures for tests against a real Neo4j server (marked `neo4j`).

`neo4j_server` starts one server per test session (see neo4j_server.py) and yields its
Connection; `neo4j_db` gives each test that server with an empty database. Without Java or
Maven the tests skip locally, saying why, but fail when CI=true: CI must never pass by
skipping them.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "unit"))  # cypher_fixture_graph

from neo4j_server import Connection, Neo4jServer, Unavailable, external_connection  # noqa: E402


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


@pytest.fixture(scope="session")
def neo4j_server(tmp_path_factory) -> Connection:
    """Yield the Connection (uri, user, password) of a running Neo4j 5 server."""
    external = external_connection()
    if external:
        yield external
        return
    server = Neo4jServer(tmp_path_factory.mktemp("neo4j-home"))
    try:
        conn = server.start()
    except Unavailable as exc:
        if _in_ci():
            pytest.fail(f"CI needs the Neo4j test server: {exc}", pytrace=False)
        pytest.skip(f"no Neo4j test server: {exc}")
    print(f"\nNeo4j test server at {conn.uri} started in {server.start_seconds:.1f}s", file=sys.stderr)
    try:
        yield conn
    finally:
        server.stop()


def wipe(conn: Connection) -> None:
    """Empty the server's default database (data only; constraints and indexes stay)."""
    import neo4j

    with neo4j.GraphDatabase.driver(conn.uri, auth=(conn.user, conn.password)) as driver:
        driver.execute_query("MATCH (n) DETACH DELETE n")


@pytest.fixture
def neo4j_db(neo4j_server) -> Connection:
    """Yield the session's server with an empty database."""
    wipe(neo4j_server)
    return neo4j_server


def pytest_collection_modifyitems(items):
    # Tests that use the server get the `neo4j` marker, so `-m "not neo4j"` leaves them out.
    for item in items:
        if "neo4j_server" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.neo4j)
