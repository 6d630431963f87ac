"""The loader's two write paths against a real server: CREATE for a first load, MERGE otherwise.

A first load into a database without kg nodes takes CREATE statements; everything else takes
the MERGE statements. Both must leave exactly the same database, and the fast rows must hold
exactly what graph_rows holds.
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
from conftest import wipe
from hostile_graph import make_graph
from test_neo4j_loader import changed, expected_snapshot, load, snapshot

from kg.graph import schema
from kg.store import neo4j_cypher as cypher
from kg.store.neo4j_loader import load_graph_into_neo4j, run_cypher
from kg.store.neo4j_rows import graph_rows, load_tables

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


@pytest.fixture(scope="module")
def seeds_graph() -> nx.MultiDiGraph:
    """Return the graph `kg build seeds/` makes: real extraction output, a few hundred edges."""
    from kg.api import build_graph

    return build_graph([SEEDS])


def as_graph_rows(G: nx.MultiDiGraph) -> dict:
    """Return load_tables(G) in graph_rows' dict layout, keyed by (kind, label), rows by id."""
    out: dict = {}
    tables = load_tables(G)
    for kind, group in (
        ("papers", tables.papers),
        ("concepts", tables.concepts),
        ("rels", tables.relationships),
    ):
        for table in group:
            for row in table.rows:
                if table.columns is None:
                    as_dict = row
                elif kind == "rels":
                    as_dict = {"source": row[0], "target": row[1], "props": dict(zip(table.columns, row[2:]))}
                else:
                    as_dict = {"id": row[0], "props": dict(zip(table.columns, row))}
                out.setdefault((kind, table.label), []).append(as_dict)
    return {key: sorted(rows, key=_row_order) for key, rows in out.items()}


def reference_rows(G: nx.MultiDiGraph) -> dict:
    rows = graph_rows(G)
    out = {("papers", schema.PAPER): rows.papers} if rows.papers else {}
    out.update({("concepts", label): r for label, r in rows.concepts.items()})
    out.update({("rels", rel): r for rel, r in rows.relationships.items()})
    return {key: sorted(r, key=_row_order) for key, r in out.items()}


def _row_order(row: dict) -> tuple:
    return (row["id"],) if "id" in row else (row["source"], row["target"])


def odd_graph() -> nx.MultiDiGraph:
    """Return the hostile graph plus what splits tables: missing values, NaN, extras, tuples."""
    G = make_graph(4)
    papers = sorted(n for n, d in G.nodes(data=True) if d["kind"] == schema.PAPER)
    G.nodes[papers[0]]["extra"] = {"k": [1, 2]}  # outside the schema: dict layout
    G.nodes[papers[1]]["authors"] = ("B", "A")
    G.nodes[papers[2]]["year"] = None
    u, v, k = next(iter(G.out_edges(papers[3], keys=True)))
    G.edges[u, v, k]["score"] = float("nan")
    u, v, k = next(iter(G.out_edges(papers[2], keys=True)))
    G.edges[u, v, k]["note"] = "an extra edge attribute"
    concept = next(n for n, d in G.nodes(data=True) if d.get("type") == "Task")
    G.nodes[concept]["aliases"] = {"b", "a"}
    G.nodes[concept]["paper_count"] = 2.5
    return G


@pytest.mark.parametrize("make", [make_graph, odd_graph])
def test_tables_hold_what_graph_rows_hold(make):
    G = make()
    assert as_graph_rows(G) == reference_rows(G)


def test_create_and_merge_paths_leave_the_same_database(neo4j_db, seeds_graph):
    G = seeds_graph
    created = load(neo4j_db, G)  # empty database: CREATE
    assert created.relationships_created == G.number_of_edges()
    by_create = snapshot(neo4j_db)
    wipe(neo4j_db)
    merged = load(neo4j_db, G, fast=False, batch_size=1000)  # kg's old MERGE-only path
    assert snapshot(neo4j_db) == by_create
    wipe(neo4j_db)
    # Positional rows through the MERGE statements: a database holding a stray kg node
    # (deleted after the load started) is not a first load.
    run_cypher("CREATE (:Concept {id: 'stray'})", uri=neo4j_db.uri, password=neo4j_db.password, write=True)
    load(neo4j_db, G)
    assert snapshot(neo4j_db) == by_create  # the stray concept, lonely and not in G, was deleted
    assert (created.nodes_total, created.relationships_total) == (
        merged.nodes_total,
        merged.relationships_total,
    )
    assert by_create == expected_snapshot(G)


def test_odd_graph_loads_the_same_by_both_paths(neo4j_db):
    G = odd_graph()
    load(neo4j_db, G)
    first = snapshot(neo4j_db)
    wipe(neo4j_db)
    load(neo4j_db, G, fast=False)
    assert snapshot(neo4j_db) == first
    nodes, rels = first
    assert any("extra" in props for _, props in nodes) and any("note" in props for *_, props in rels)


@pytest.mark.parametrize("workers", [1, 3])
def test_reload_is_idempotent(neo4j_db, seeds_graph, workers):
    G = seeds_graph
    load(neo4j_db, G, workers=workers, batch_size=50)
    before = snapshot(neo4j_db)
    again = load(neo4j_db, G, workers=workers, batch_size=50)
    assert snapshot(neo4j_db) == before
    assert (again.papers_created, again.papers_updated, again.concepts_created, again.concepts_updated) == (
        0,
        0,
        0,
        0,
    )
    assert again.relationships_created == again.relationships_updated == again.relationships_deleted == 0
    assert again.relationships_unchanged == G.number_of_edges() and again.nodes_deleted == 0


def test_load_beside_other_kg_data_takes_the_merge_path(neo4j_db):
    other = make_graph(3)
    extra = "paper:only-in-the-other-corpus"
    other.add_node(extra, kind="Paper", title="other", abstract="x", authors=[], code_urls=[])
    cid = next(n for n, d in other.nodes(data=True) if d["kind"] == schema.CONCEPT)
    other.add_edge(extra, cid, key="MENTIONS", type="MENTIONS", evidence="e")
    load(neo4j_db, other)
    G = make_graph(6)  # shares papers and concepts with `other`
    report = load(neo4j_db, G)
    # The shared nodes were upserted, not created twice (the constraint would refuse that),
    # and the other corpus's paper kept its edge.
    assert report.papers_created == 3 and report.concepts_created == 0
    nodes, rels = snapshot(neo4j_db)
    assert len(nodes) == G.number_of_nodes() + 1
    assert len(rels) == G.number_of_edges() + 1
    assert any(a == extra for a, *_ in rels)


def test_rebuilt_graph_over_a_create_load(neo4j_db):
    G = make_graph()
    load(neo4j_db, G)
    H, *_ = changed(G)
    report = load(neo4j_db, H, workers=2, batch_size=3)
    assert snapshot(neo4j_db) == expected_snapshot(H)
    assert report.nodes_deleted == 1 and report.relationships_created == 1


def test_wipe_then_create_path(neo4j_db, seeds_graph):
    load(neo4j_db, make_graph(3))
    report = load(neo4j_db, seeds_graph, mode="wipe")
    assert report.relationships_created == seeds_graph.number_of_edges()
    assert snapshot(neo4j_db) == expected_snapshot(seeds_graph)


def test_progress_with_workers_counts_every_row_once(neo4j_db):
    G = make_graph(4)
    calls = []
    load_graph_into_neo4j(
        G,
        uri=neo4j_db.uri,
        password=neo4j_db.password,
        batch_size=2,
        workers=2,
        progress=lambda phase, done, total: calls.append((done, total)),
    )
    total = G.number_of_nodes() + G.number_of_edges()
    assert calls[-1] == (total, total) and [c[0] for c in calls] == sorted(c[0] for c in calls)


# ---------------------------------------------------------------- first load: indexes after the nodes, edges by element id


def kg_indexes(conn) -> dict[str, tuple[str, dict]]:
    """Return kg's indexes and constraints: name -> (state, index config)."""
    rows = run_cypher(
        "SHOW INDEXES YIELD name, state, options WHERE name STARTS WITH 'kg_' RETURN name, state, options",
        uri=conn.uri,
        password=conn.password,
    )
    return {r["name"]: (r["state"], r["options"]["indexConfig"]) for r in rows}


KG_SCHEMA_NAMES = {"kg_paper_id", "kg_concept_id", *cypher.INDEX_NAMES}


def test_first_load_builds_the_indexes_again_as_they_were(neo4j_db, seeds_graph):
    G = seeds_graph
    kw = {"uri": neo4j_db.uri, "password": neo4j_db.password, "write": True}
    # A kg index with a config of the user's own (another analyzer) must come back with it.
    run_cypher(f"DROP INDEX {cypher.PAPER_FULLTEXT_INDEX} IF EXISTS", **kw)
    run_cypher(
        f"CREATE FULLTEXT INDEX {cypher.PAPER_FULLTEXT_INDEX} FOR (n:Paper) ON EACH [n.title, n.abstract] "
        "OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}",
        **kw,
    )
    run_cypher("DROP INDEX kg_concept_name IF EXISTS", **kw)  # one missing: kg creates it
    report = load(neo4j_db, G)
    assert (report.nodes_total, report.relationships_total) == (G.number_of_nodes(), G.number_of_edges())
    assert report.relationships_created == G.number_of_edges()
    indexes = kg_indexes(neo4j_db)
    assert set(indexes) == KG_SCHEMA_NAMES and {state for state, _ in indexes.values()} == {"ONLINE"}
    assert indexes[cypher.PAPER_FULLTEXT_INDEX][1]["fulltext.analyzer"] == "english"
    assert snapshot(neo4j_db) == expected_snapshot(G)
    # Online at once: the full-text index finds what the load just wrote.
    title = next(d["title"] for _, d in G.nodes(data=True) if d["kind"] == schema.PAPER)
    word = max(title.split(), key=len).strip(".,:;()")
    hits = run_cypher(
        f"CALL db.index.fulltext.queryNodes('{cypher.PAPER_FULLTEXT_INDEX}', $q) YIELD node RETURN count(*) AS n",
        {"q": word},
        uri=neo4j_db.uri,
        password=neo4j_db.password,
    )
    assert hits[0]["n"] >= 1
    # And a reload (the MERGE path, which keeps the indexes) changes nothing.
    again = load(neo4j_db, G)
    assert again.relationships_unchanged == G.number_of_edges() and again.relationships_created == 0
    assert snapshot(neo4j_db) == expected_snapshot(G)
    assert kg_indexes(neo4j_db) == indexes


def test_first_load_counts_exactly_with_dict_layout_nodes(neo4j_db):
    # Nodes upserted in the dict layout return no element id; their edges still find them.
    G = odd_graph()
    report = load(neo4j_db, G, batch_size=3)
    assert (report.papers_created, report.concepts_created, report.relationships_created) == (
        sum(1 for _, d in G.nodes(data=True) if d["kind"] == schema.PAPER),
        sum(1 for _, d in G.nodes(data=True) if d["kind"] == schema.CONCEPT),
        G.number_of_edges(),
    )
    assert (report.nodes_total, report.relationships_total) == (G.number_of_nodes(), G.number_of_edges())
    nodes, rels = snapshot(neo4j_db)
    assert (len(nodes), len(rels)) == (G.number_of_nodes(), G.number_of_edges())
    again = load(neo4j_db, G)
    assert again.relationships_unchanged == G.number_of_edges() and again.papers_updated == 0
    assert snapshot(neo4j_db) == (nodes, rels)


class CommitLostDriver:
    """A driver that runs a statement, then says the connection broke during COMMIT.

    It does so once for the first statement that contains each of `markers`: the batch is
    in the database, and the loader must resend it without writing it twice.
    """

    def __init__(self, driver, markers: tuple[str, ...]):
        self._driver = driver
        self.pending = list(markers)
        self.cut: list[str] = []

    def execute_query(self, query, *args, **kwargs):
        from neo4j.exceptions import IncompleteCommit

        result = self._driver.execute_query(query, *args, **kwargs)
        for marker in self.pending:
            if marker in query:
                self.pending.remove(marker)
                self.cut.append(marker)
                raise IncompleteCommit("Failed to read from defunct connection")
        return result

    def __getattr__(self, name):
        return getattr(self._driver, name)


def test_first_load_resends_cut_off_creates_without_duplicates(neo4j_db, seeds_graph, monkeypatch):
    import contextlib

    from kg.store import neo4j_loader

    G = seeds_graph
    real_connect = neo4j_loader.connect
    wrapped: list[CommitLostDriver] = []

    @contextlib.contextmanager
    def connect(**kwargs):
        with real_connect(**kwargs) as driver:
            wrapped.append(CommitLostDriver(driver, ("CREATE (n:Concept", "CREATE (a)-[:MENTIONS")))
            yield wrapped[-1]

    monkeypatch.setattr(neo4j_loader, "connect", connect)
    monkeypatch.setattr(neo4j_loader.time, "sleep", lambda s: None)
    report = load(neo4j_db, G, batch_size=40)
    monkeypatch.undo()
    assert wrapped[0].cut == ["CREATE (n:Concept", "CREATE (a)-[:MENTIONS"]
    assert (report.nodes_total, report.relationships_total) == (G.number_of_nodes(), G.number_of_edges())
    # The resent batches found their rows: counted unchanged, not created.
    assert 0 < report.relationships_unchanged <= 40 and report.concepts_unchanged > 0
    assert snapshot(neo4j_db) == expected_snapshot(G)
    assert set(kg_indexes(neo4j_db)) == KG_SCHEMA_NAMES


def test_first_load_that_fails_puts_the_indexes_back(neo4j_db, monkeypatch):
    from kg.errors import StoreError
    from kg.store import neo4j_loader

    kw = {"uri": neo4j_db.uri, "password": neo4j_db.password, "write": True}
    load(neo4j_db, make_graph(2))  # kg's indexes exist
    wipe(neo4j_db)
    run_cypher(f"DROP INDEX {cypher.CONCEPT_FULLTEXT_INDEX} IF EXISTS", **kw)
    run_cypher(
        f"CREATE FULLTEXT INDEX {cypher.CONCEPT_FULLTEXT_INDEX} FOR (n:Concept) "
        "ON EACH [n.name, n.aliases, n.definition] OPTIONS {indexConfig: {`fulltext.analyzer`: 'simple'}}",
        **kw,
    )
    try:
        before = kg_indexes(neo4j_db)

        def broken(*args, **kwargs):
            raise StoreError("the server went away")

        monkeypatch.setattr(neo4j_loader, "_find_element_ids", broken)  # after the nodes, before the indexes
        with pytest.raises(StoreError):
            load(neo4j_db, make_graph(4))
        after = kg_indexes(neo4j_db)
        assert set(after) == KG_SCHEMA_NAMES
        assert after[cypher.CONCEPT_FULLTEXT_INDEX][1] == before[cypher.CONCEPT_FULLTEXT_INDEX][1]
        # The next load (kg nodes are there now: the MERGE path) completes the graph.
        monkeypatch.undo()
        load(neo4j_db, make_graph(4))
        assert snapshot(neo4j_db) == expected_snapshot(make_graph(4))
    finally:
        # the server outlives this test (wiping keeps indexes): later tests get kg's own index,
        # not this one, whose 'simple' analyzer drops digits ("alias-0" is "alias" to it)
        run_cypher(f"DROP INDEX {cypher.CONCEPT_FULLTEXT_INDEX} IF EXISTS", **kw)
