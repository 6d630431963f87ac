"""The Neo4j loader against a real server: counts, round-tripped values, reloads, modes, errors."""

from __future__ import annotations

import copy
import socket

import neo4j
import pytest
from conftest import wipe
from hostile_graph import HOSTILE, make_graph

from kg.errors import GraphError, QueryError, StoreError
from kg.graph import schema
from kg.store.neo4j_cypher import CONCEPT_FULLTEXT_INDEX, PAPER_FULLTEXT_INDEX
from kg.store.neo4j_loader import load_graph_into_neo4j, run_cypher


def load(conn, G, **kwargs):
    return load_graph_into_neo4j(G, uri=conn.uri, user=conn.user, password=conn.password, **kwargs)


def snapshot(conn) -> tuple[list, list]:
    """Return everything in the database: (labels, properties) per node, (start, type, end, props) per edge."""
    with neo4j.GraphDatabase.driver(conn.uri, auth=(conn.user, conn.password)) as driver:
        nodes = driver.execute_query(
            "MATCH (n) RETURN labels(n) AS labels, properties(n) AS props ORDER BY n.id"
        ).records
        rels = driver.execute_query(
            "MATCH (a)-[r]->(b) RETURN a.id AS a, type(r) AS t, b.id AS b, properties(r) AS props "
            "ORDER BY a, t, b"
        ).records
    return (
        [(sorted(r["labels"]), r["props"]) for r in nodes],
        [(r["a"], r["t"], r["b"], r["props"]) for r in rels],
    )


def expected_snapshot(G) -> tuple[list, list]:
    """Return what `snapshot` must give after loading `G` into an empty database, from `G` alone."""
    nodes = []
    for n, d in sorted(G.nodes(data=True)):
        labels = (
            [d["kind"]]
            if d["kind"] == schema.PAPER or d["type"] == schema.CONCEPT
            else [d["kind"], d["type"]]
        )
        props = {
            "id": n,
            **{k: list(v) if isinstance(v, tuple) else v for k, v in d.items() if v is not None},
        }
        nodes.append((sorted(labels), props))
    rels = sorted((u, k, v, dict(d)) for u, v, k, d in G.edges(keys=True, data=True))
    return nodes, rels


def test_load_matches_networkx_exactly(neo4j_db):
    G = make_graph()
    report = load(neo4j_db, G)
    assert (report.papers_created, report.concepts_created) == (6, len(schema.TYPE_LABELS))
    assert report.relationships_created == G.number_of_edges()
    assert (report.nodes_total, report.relationships_total) == (G.number_of_nodes(), G.number_of_edges())
    assert snapshot(neo4j_db) == expected_snapshot(G)  # every hostile string and list survived


def test_counts_per_label_and_type(neo4j_db):
    G = make_graph()
    load(neo4j_db, G)
    rows = run_cypher(
        "MATCH (n) UNWIND labels(n) AS label RETURN label, count(*) AS n ORDER BY label",
        uri=neo4j_db.uri,
        password=neo4j_db.password,
    )
    by_label = {r["label"]: r["n"] for r in rows}
    papers = sum(1 for _, d in G.nodes(data=True) if d["kind"] == schema.PAPER)
    concepts = G.number_of_nodes() - papers
    assert by_label.pop("Paper") == papers and by_label.pop("Concept") == concepts
    assert by_label == {t: 1 for t in schema.TYPE_LABELS if t != schema.CONCEPT}
    rows = run_cypher(
        "MATCH ()-[r]->() RETURN type(r) AS t, count(*) AS n", uri=neo4j_db.uri, password=neo4j_db.password
    )
    per_type = {}
    for _, _, k in G.edges(keys=True):
        per_type[k] = per_type.get(k, 0) + 1
    assert {r["t"]: r["n"] for r in rows} == per_type


def test_second_load_changes_nothing(neo4j_db):
    G = make_graph()
    load(neo4j_db, G)
    before = snapshot(neo4j_db)
    again = load(neo4j_db, G, batch_size=2)
    assert snapshot(neo4j_db) == before
    changes = ("created", "updated")
    assert all(getattr(again, f"{kind}_{what}") == 0 for kind in ("papers", "concepts") for what in changes)
    assert again.relationships_created == again.relationships_updated == again.relationships_deleted == 0
    assert again.nodes_deleted == 0
    assert again.relationships_unchanged == G.number_of_edges()


def changed(G):
    """Return a rebuilt `G`: paper 0 retitled with a new edge set, one concept retyped, one gone."""
    H = copy.deepcopy(G)
    p0 = sorted(n for n, d in H.nodes(data=True) if d["kind"] == schema.PAPER)[0]
    H.nodes[p0]["title"] = "A new title } //"
    H.nodes[p0]["authors"] = ["Only Author"]
    del H.nodes[p0]["venue"]  # an attribute the rebuild dropped must disappear in Neo4j too
    old = list(H.out_edges(p0, keys=True))
    for u, v, k in old[1:]:
        H.remove_edge(u, v, k)
    kept_target = old[0][1]
    other = next(c for c in H.successors(p0) if c != kept_target) if H.out_degree(p0) > 1 else None
    assert other is None
    # a new edge of a new type to a concept the paper did not use before
    target = next(
        n for n, d in H.nodes(data=True) if d["kind"] == schema.CONCEPT and n not in {v for _, v, _ in old}
    )
    H.add_edge(
        p0,
        target,
        key="USES",
        type="USES",
        evidence="new",
        start=0,
        end=3,
        surface="x",
        extractor="t",
        score=1.0,
    )
    # retype one concept (its type label must move)
    model = next(n for n, d in H.nodes(data=True) if d.get("type") == "Model")
    H.nodes[model]["type"] = "Method"
    # drop a concept entirely, with its edges, as a rebuild would
    gone = next(n for n, d in H.nodes(data=True) if d.get("type") == "Metric")
    H.remove_node(gone)
    return H, p0, model, gone


@pytest.mark.parametrize("mode", ["merge", "replace"])
def test_rebuilt_graph_updates_without_duplicates_or_orphans(neo4j_db, mode):
    G = make_graph()
    load(neo4j_db, G)
    H, p0, model, gone = changed(G)
    report = load(neo4j_db, H, mode=mode)
    # The database must be exactly what loading H into an empty database gives.
    assert snapshot(neo4j_db) == expected_snapshot(H)
    assert report.nodes_deleted == 1  # the dropped concept, left without edges
    assert (report.nodes_total, report.relationships_total) == (H.number_of_nodes(), H.number_of_edges())
    if mode == "merge":
        assert report.papers_created == 0 and report.papers_updated == 1
        assert report.concepts_created == 0 and report.concepts_updated >= 1  # the retyped one (+ counts)
        assert report.relationships_created == 1
        removed = G.number_of_edges() - H.number_of_edges() + 1
        assert report.relationships_deleted == removed
    else:
        assert report.relationships_created == H.number_of_edges()
    labels = run_cypher(
        "MATCH (c:Concept {id: $id}) RETURN labels(c) AS labels",
        {"id": model},
        uri=neo4j_db.uri,
        password=neo4j_db.password,
    )
    assert sorted(labels[0]["labels"]) == ["Concept", "Method"]


def test_merge_keeps_papers_of_another_graph_and_wipe_removes_them(neo4j_db):
    A = make_graph(3)
    B = make_graph(6)
    extra = "paper:from-another-corpus"
    A.add_node(extra, kind="Paper", title="Only in A", abstract="x", authors=[], code_urls=[])
    cid = next(n for n, d in A.nodes(data=True) if d["kind"] == schema.CONCEPT)
    A.add_edge(extra, cid, key="MENTIONS", type="MENTIONS", evidence="e")
    load(neo4j_db, A)
    load(neo4j_db, B)
    ids = {
        r["id"]
        for r in run_cypher("MATCH (p:Paper) RETURN p.id AS id", uri=neo4j_db.uri, password=neo4j_db.password)
    }
    assert extra in ids and len(ids) == 7
    report = load(neo4j_db, B, mode="wipe")
    assert report.nodes_deleted == B.number_of_nodes() + 1
    assert snapshot(neo4j_db) == expected_snapshot(B)


def test_batch_size_one_gives_the_same_database(neo4j_db):
    G = make_graph(3)
    load(neo4j_db, G, batch_size=1)
    assert snapshot(neo4j_db) == expected_snapshot(G)


def test_progress_reports_every_row(neo4j_db):
    G = make_graph(2)
    calls = []
    load(neo4j_db, G, batch_size=4, progress=lambda phase, done, total: calls.append((phase, done, total)))
    total = G.number_of_nodes() + G.number_of_edges()
    assert calls[-1][1:] == (total, total)
    assert [c[1] for c in calls] == sorted(c[1] for c in calls)
    assert {c[0] for c in calls} == {"papers", "concepts", "relationships"}


def test_constraints_and_fulltext_indexes(neo4j_db):
    load(neo4j_db, make_graph())
    kw = {"uri": neo4j_db.uri, "password": neo4j_db.password}
    names = {
        r["name"]
        for r in run_cypher("SHOW INDEXES YIELD name, state WHERE state = 'ONLINE' RETURN name", **kw)
    }
    assert {"kg_paper_id", "kg_concept_id", PAPER_FULLTEXT_INDEX, CONCEPT_FULLTEXT_INDEX} <= names
    hits = run_cypher(
        f"CALL db.index.fulltext.queryNodes('{CONCEPT_FULLTEXT_INDEX}', $q) YIELD node RETURN node.id AS id",
        # an alias: the list property is indexed. Quoted, a phrase only one node has ("alias" alone is
        # in every other concept's aliases)
        {"q": '"alias-0"'},
        **kw,
    )
    assert [h["id"] for h in hits] == ["concept:model:O'Reilly \"qu"]
    hits = run_cypher(
        f"CALL db.index.fulltext.queryNodes('{PAPER_FULLTEXT_INDEX}', 'DETACH') YIELD node RETURN count(*) AS n",
        **kw,
    )
    assert hits == [{"n": 6}]
    with pytest.raises(neo4j.exceptions.ConstraintError):
        with neo4j.GraphDatabase.driver(neo4j_db.uri, auth=(neo4j_db.user, neo4j_db.password)) as driver:
            driver.execute_query("CREATE (:Paper {id: 'paper:000:O\\'Reilly'})")


def test_hostile_parameters_and_plain_values(neo4j_db):
    load(neo4j_db, make_graph(2))
    kw = {"uri": neo4j_db.uri, "password": neo4j_db.password}
    for text in HOSTILE:
        rows = run_cypher("RETURN $text AS t", {"text": text}, **kw)
        assert rows == [{"t": text}]
    (row,) = run_cypher(
        "MATCH p = (a:Paper)-[r:PROPOSES]->(c:Concept {type: 'Model'}) RETURN a, r, p, date('2024-01-02') AS d LIMIT 1",
        **kw,
    )
    assert row["a"]["_labels"] == ["Paper"] and row["r"]["_type"] == "PROPOSES"
    assert [n["_labels"] for n in row["p"]["_nodes"]] == [["Paper"], ["Concept", "Model"]]
    assert row["d"] == "2024-01-02"


def test_bad_query_is_a_query_error(neo4j_db):
    kw = {"uri": neo4j_db.uri, "password": neo4j_db.password}
    with pytest.raises(QueryError, match="SyntaxError"):
        run_cypher("MATCH (n RETURN n", **kw)
    with pytest.raises(QueryError, match="ParameterMissing"):
        run_cypher("RETURN $nope AS x", **kw)
    with pytest.raises(QueryError, match="ran out of time"):
        run_cypher(
            "UNWIND range(1, 100000000) AS i WITH i WHERE i < 0 RETURN count(*) AS n", timeout=0.2, **kw
        )
    with pytest.raises(QueryError, match="AccessMode"):
        run_cypher("CREATE (:Paper {id: 'read-only'})", **kw)  # read transactions refuse writes


def test_wrong_password_is_one_line_store_error(neo4j_server):
    with pytest.raises(StoreError) as info:
        load_graph_into_neo4j(make_graph(1), uri=neo4j_server.uri, user="neo4j", password="wrong-password")
    message = str(info.value)
    assert neo4j_server.uri in message and "password" in message and "\n" not in message


def test_server_down_is_one_line_store_error():
    with socket.socket() as s:  # a loopback port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    uri = f"bolt://127.0.0.1:{port}"
    with pytest.raises(StoreError) as info:
        load_graph_into_neo4j(make_graph(1), uri=uri, password="x")
    message = str(info.value)
    assert (
        f"cannot reach Neo4j at {uri}" in message
        and "docker compose up -d" in message
        and "\n" not in message
    )


def _with_a_bad_edge(G):
    """`G` plus a PROPOSES edge from a concept to a paper, which the loader refuses."""
    G = G.copy()
    paper = sorted(n for n, d in G.nodes(data=True) if d["kind"] == schema.PAPER)[0]
    concept = sorted(n for n, d in G.nodes(data=True) if d["kind"] == schema.CONCEPT)[0]
    G.add_edge(concept, paper, key="PROPOSES", type="PROPOSES")
    return G


def test_bad_edge_on_a_first_load_leaves_nothing_behind(neo4j_db):
    """The edge rows are checked while the nodes are written: a refused first load removes its nodes."""
    with pytest.raises(GraphError, match="PROPOSES edge .* joins Concept -> Paper"):
        load(neo4j_db, _with_a_bad_edge(make_graph(3)))
    assert snapshot(neo4j_db) == ([], [])


def test_bad_edge_on_an_upsert_changes_nothing(neo4j_db):
    G = make_graph(3)
    load(neo4j_db, G)
    before = snapshot(neo4j_db)
    bigger = _with_a_bad_edge(make_graph(5))
    for mode in ("merge", "wipe"):
        with pytest.raises(GraphError, match="joins Concept -> Paper"):
            load(neo4j_db, bigger, mode=mode)
        assert snapshot(neo4j_db) == before
    wipe(neo4j_db)


def test_unknown_database_is_store_error(neo4j_server):
    with pytest.raises(StoreError, match="has no database 'nope'"):
        run_cypher("RETURN 1", uri=neo4j_server.uri, password=neo4j_server.password, database="nope")


@pytest.mark.parametrize("uri", ["http://localhost:7474", "localhost:7687", "bolt://[::1"])
def test_bad_uri_is_store_error(uri):
    with pytest.raises(StoreError, match="bad Neo4j URI"):
        run_cypher("RETURN 1", uri=uri, password="x")


def test_bad_graph_is_refused_before_writing(neo4j_db):
    G = make_graph(1)
    c = next(n for n, d in G.nodes(data=True) if d["kind"] == schema.CONCEPT)
    G.nodes[c]["type"] = "Model`) DETACH DELETE n //"
    with pytest.raises(GraphError, match="not a kg concept type"):
        load(neo4j_db, G)
    empty = run_cypher("MATCH (n) RETURN count(n) AS n", uri=neo4j_db.uri, password=neo4j_db.password)
    assert empty == [{"n": 0}]
    wipe(neo4j_db)
