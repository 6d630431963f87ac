"""The cypher/ query pack on a real Neo4j: every case's rows equal the answer computed from networkx.

The same cases run on the embedded engine in tests/unit/test_cypher_pack.py; together they
hold both engines to one meaning per query file.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import wipe
from cypher_fixture_graph import CASES, expected, make_graph

from kg.store.neo4j_loader import load_graph_into_neo4j, run_cypher
from kg.store.query import bind_params, pack_files, read_query_file, resolve_query_file, tidy_rows

PACK = Path(__file__).resolve().parents[2] / "cypher"


@pytest.fixture(scope="module")
def pack_db(neo4j_server):
    wipe(neo4j_server)
    G = make_graph()
    load_graph_into_neo4j(G, uri=neo4j_server.uri, user=neo4j_server.user, password=neo4j_server.password)
    return neo4j_server, G


@pytest.mark.parametrize("stem, params", CASES, ids=[f"{s}-{i}" for i, (s, _) in enumerate(CASES)])
def test_pack_query_matches_networkx(pack_db, stem, params):
    conn, G = pack_db
    qf = read_query_file(resolve_query_file(PACK / f"{stem}.cypher", "neo4j"))
    bound = bind_params(qf.text, params, qf.defaults)
    rows = run_cypher(qf.text, bound, uri=conn.uri, user=conn.user, password=conn.password)
    assert tidy_rows(rows) == tidy_rows(expected(G, stem, bound))


def test_every_neo4j_pack_file_is_covered():
    stems = {p.name.split(".")[0] for p in pack_files(PACK, "neo4j")}
    assert stems == {stem for stem, _ in CASES}
