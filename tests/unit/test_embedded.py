"""kg.store.embedded: building the LadybugDB copy of graph.json, keeping it fresh, and running Cypher."""

from __future__ import annotations

import json
import os
import sys
import types

import pytest

pytest.importorskip("ladybug", reason="LadybugDB (pip install ladybug) runs the embedded engine")

from cypher_fixture_graph import make_graph, write_graph  # noqa: E402

from kg.errors import GraphError, QueryError, StoreError  # noqa: E402
from kg.graph import schema  # noqa: E402
from kg.store import embedded  # noqa: E402


@pytest.fixture
def graph_dir(tmp_path):
    return write_graph(tmp_path / "out")


def test_every_node_property_round_trips(graph_dir):
    G = make_graph()
    with embedded.open_database(graph_dir) as db:
        for table, attrs in ((schema.PAPER, schema.PAPER_ATTRS), (schema.CONCEPT, schema.CONCEPT_ATTRS)):
            cols = ", ".join(f"n.`{a}` AS `{a}`" for a in attrs)
            for row in db.rows(f"MATCH (n:{table}) RETURN n.id AS id, {cols}"):
                want = {a: G.nodes[row["id"]].get(a) for a in attrs}
                for a, kind in attrs.items():
                    if kind is list:  # tidy sorts lists: compare as sorted
                        want[a] = sorted(want[a])
                assert {a: row[a] for a in attrs} == want, row["id"]


def test_edges_load_per_type_with_attributes(graph_dir):
    G = make_graph()
    with embedded.open_database(graph_dir) as db:
        for rel in schema.RELATIONSHIP_TYPES:
            want = sorted((u, v) for u, v, k in G.edges(keys=True) if k == rel)
            rows = db.rows(f"MATCH (a)-[r:{rel}]->(b) RETURN a.id AS src, b.id AS dst ORDER BY src, dst")
            assert [(r["src"], r["dst"]) for r in rows] == want, rel
        row = db.rows(
            "MATCH (p:Paper {id: $p})-[r:EVALUATES_ON]->(c:Concept {id: 'c:math'}) "
            "RETURN r.type AS type, r.evidence AS evidence, r.start AS start, r.`end` AS stop, r.score AS score",
            {"p": "arXiv:2501.00001"},
        )
        d = G.edges["arXiv:2501.00001", "c:math", "EVALUATES_ON"]
        assert row == [
            {
                "type": "EVALUATES_ON",
                "evidence": d["evidence"],
                "start": d["start"],
                "stop": d["end"],
                "score": d["score"],
            }
        ]


def test_database_is_built_once_and_rebuilt_when_the_graph_changes(graph_dir):
    db_file = graph_dir / "embedded" / "graph.lbug"
    assert embedded.run_query(graph_dir, "MATCH (p:Paper) RETURN count(*) AS n") == [{"n": 8}]
    built = db_file.stat().st_mtime_ns
    stamp = json.loads((graph_dir / "embedded" / "source.json").read_text())
    assert stamp["counts"]["Paper"] == 8 and stamp["graph_sha256"]

    os.utime(graph_dir / "graph.json")  # touched, same content: no rebuild
    assert embedded.run_query(graph_dir, "MATCH (p:Paper) RETURN count(*) AS n") == [{"n": 8}]
    assert db_file.stat().st_mtime_ns == built

    G = make_graph()
    G.add_node("arXiv:2508.00009", kind="Paper", title="New", abstract="", year=2026)
    write_graph(graph_dir, G)
    assert embedded.run_query(graph_dir, "MATCH (p:Paper) RETURN count(*) AS n") == [{"n": 9}]
    assert not [p for p in graph_dir.iterdir() if p.name.startswith(".embedded-")]


def test_failed_build_leaves_the_old_database(graph_dir, monkeypatch):
    embedded.ensure_database(graph_dir)
    G = make_graph()
    G.remove_node("arXiv:2507.00008")
    write_graph(graph_dir, G)
    monkeypatch.setattr(
        embedded.eschema, "iter_statements", lambda plan, counts: iter(["COPY Paper FROM 'nope.csv'"])
    )
    with pytest.raises(StoreError, match="bulk load failed"):
        embedded.ensure_database(graph_dir)
    assert not [p for p in graph_dir.iterdir() if p.name.startswith(".embedded-build")]
    monkeypatch.undo()
    assert not embedded.is_fresh(graph_dir)
    assert embedded.run_query(graph_dir, "MATCH (p:Paper) RETURN count(*) AS n") == [{"n": 7}]


def test_edges_that_do_not_fit_the_schema_are_counted_not_loaded(tmp_path):
    G = make_graph()
    G.add_edge("c:grpo", "arXiv:2501.00001", key="USES", type="USES")  # concept -> paper
    G.add_edge("c:grpo", "c:ppo", key="RELATED", type="RELATED")  # unknown type
    stamp = embedded.build_database(write_graph(tmp_path / "g", G))
    assert stamp["counts"]["skipped_edges"] == 2


def test_nodes_come_back_as_property_dicts(graph_dir):
    rows = embedded.run_query(graph_dir, "MATCH (c:Concept {id: 'c:qwen3'}) RETURN c")
    assert rows == [
        {
            "c": {
                "id": "c:qwen3",
                "kind": "Concept",
                "name": "Qwen3",
                "type": "Model",
                "aliases": ["Qwen-3"],
                "definition": "",
                "paper_count": 2,
            }
        }
    ]


def test_cypher_errors_are_one_line_query_errors(graph_dir):
    with pytest.raises(QueryError) as info:
        embedded.run_query(graph_dir, "MATCH (c:Concept RETURN c")
    assert "Parser exception" in str(info.value) and "\n" not in str(info.value)
    with pytest.raises(QueryError, match="Cannot find property nme"):
        embedded.run_query(graph_dir, "MATCH (c:Concept) RETURN c.nme AS x")
    with pytest.raises(QueryError, match=r"missing parameter \$name.*--param name=VALUE"):
        embedded.run_query(graph_dir, "MATCH (c:Concept) WHERE c.name = $name RETURN c.id AS id")
    with pytest.raises(QueryError, match="kg build"):
        embedded.run_query(graph_dir, "CREATE (:Concept {id: 'x'})")


def test_missing_graph_is_a_graph_error(tmp_path):
    with pytest.raises(GraphError, match="kg build"):
        embedded.run_query(tmp_path, "RETURN 1 AS x")


def test_the_weather_library_is_recognised(monkeypatch):
    monkeypatch.setitem(sys.modules, "ladybug", types.ModuleType("ladybug"))
    with pytest.raises(StoreError, match="ladybug-core"):
        embedded.engine_version()


def test_paths_come_back_as_ordered_nodes_and_rels(graph_dir):
    rows = embedded.run_query(
        graph_dir,
        "MATCH p = (a:Concept {id: 'c:qwen3-4b'})-[:VARIANT_OF*2..2]->(b:Concept) RETURN p",
    )
    (path,) = [row["p"] for row in rows]
    assert [n["name"] for n in path["nodes"]] == ["Qwen3-4B", "Qwen3", "Qwen"]
    assert [r["type"] for r in path["rels"]] == ["VARIANT_OF", "VARIANT_OF"]


def test_memory_cap_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv(embedded.MEMORY_ENV, "512")
    assert embedded.buffer_pool_bytes() == 512 << 20
    monkeypatch.setenv(embedded.MEMORY_ENV, "lots")
    with pytest.raises(StoreError, match=embedded.MEMORY_ENV):
        embedded.buffer_pool_bytes()


def test_quoting_needed_only_after_many_plain_rows(tmp_path):
    """The engine sniffs the CSV dialect from the first rows; kg states it, so a late quoted cell loads."""
    import networkx as nx

    from kg.export.json_graph import write_json
    from kg.store.embedded import build_database, run_query

    G = nx.MultiDiGraph()
    for i in range(1500):
        G.add_node(f"concept:c{i:05d}", kind="Concept", name=f"c{i}", type="Concept", aliases=[], definition="", paper_count=1)
    G.add_node("concept:zz", kind="Concept", name="Z", type="Concept", aliases=["a, b", 'q"uote'], definition='a, "b"', paper_count=1)
    write_json(G, tmp_path / "graph.json")
    build_database(tmp_path)
    rows = run_query(tmp_path, "MATCH (c:Concept {id: 'concept:zz'}) RETURN c.definition AS d, c.aliases AS a", {})
    assert rows == [{"d": 'a, "b"', "a": ["a, b", 'q"uote']}]
