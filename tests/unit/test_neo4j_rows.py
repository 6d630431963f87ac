"""Graph -> Neo4j rows and the Cypher builders, without a server."""

from __future__ import annotations

import json
import re

import networkx as nx
import pytest

from kg.errors import GraphError
from kg.graph import schema
from kg.store import neo4j_cypher as cypher
from kg.store.neo4j_rows import batches, graph_rows, neo4j_value, node_ids, outgoing_keep, properties


def tiny() -> nx.MultiDiGraph:
    G = nx.MultiDiGraph()
    G.add_node("p2", kind="Paper", title="Second", abstract="b", year=None, authors=("B", "A"), code_urls=[])
    G.add_node("p1", kind="Paper", title="First `x`", abstract="a", year=2024, authors=["A"], extra={"k": 1})
    G.add_node("c:grpo", kind="Concept", name="GRPO", type="Method", aliases=["Group RPO"], paper_count=2)
    G.add_node("c:rl", kind="Concept", name="RL", type="Concept", aliases=[], paper_count=1)
    G.add_node("c:qwen", kind="Concept", name="Qwen", type="Model", aliases=(), paper_count=1)
    G.add_edge(
        "p1",
        "c:grpo",
        key="PROPOSES",
        type="PROPOSES",
        evidence="We propose GRPO.",
        start=3,
        end=7,
        score=0.9,
    )
    G.add_edge("p1", "c:rl", key="MENTIONS", type="MENTIONS", evidence="RL.", start=0, end=2, score=0.5)
    G.add_edge("p2", "c:grpo", key="USES", type="USES", evidence="uses", start=1, end=5, score=float("nan"))
    G.add_edge("c:grpo", "c:rl", key="IS_A", type="IS_A", evidence="GRPO is RL")
    G.add_edge("c:grpo", "c:qwen", key="CO_OCCURS", type="CO_OCCURS", weight=1, association=0.5)
    return G


@pytest.mark.parametrize(
    "value, expected",
    [
        (None, None),
        ("text", "text"),
        (3, 3),
        (True, True),
        (0.5, 0.5),
        (float("nan"), None),
        (float("inf"), None),
        (("a", "b"), ["a", "b"]),
        ({"b", "a"}, ["a", "b"]),
        ([], []),
        ([1, 2.5], [1.0, 2.5]),
        ([True, False], [True, False]),
        ({"k": [1, 2]}, '{"k": [1, 2]}'),
        ([{"s": "x"}], '[{"s": "x"}]'),
        (["a", 1], '["a", 1]'),
        (["a", None], '["a", null]'),
        ([[1], [2]], "[[1], [2]]"),
        ([1.0, float("nan")], "[1.0, NaN]"),
    ],
)
def test_neo4j_value(value, expected):
    assert neo4j_value(value) == expected


def test_properties_follow_the_schema_then_extras_and_drop_none():
    props = properties({"zeta": 1, "year": None, "title": "T", "kind": "Paper", 5: "x"}, schema.PAPER_ATTRS)
    assert list(props) == ["kind", "title", "zeta"]


def test_graph_rows_group_sort_and_convert():
    rows = graph_rows(tiny())
    assert [r["id"] for r in rows.papers] == ["p1", "p2"]
    assert rows.papers[1]["props"] == {
        "id": "p2",
        "kind": "Paper",
        "title": "Second",
        "abstract": "b",
        "code_urls": [],
        "authors": ["B", "A"],  # order kept: it is the author order
    }
    assert json.loads(rows.papers[0]["props"]["extra"]) == {"k": 1}
    assert list(rows.concepts) == ["Model", "Method", "Concept"]  # schema order
    assert rows.concepts["Model"][0]["props"]["aliases"] == []
    assert list(rows.relationships) == ["PROPOSES", "USES", "MENTIONS", "IS_A", "CO_OCCURS"]
    assert rows.relationships["USES"][0] == {
        "source": "p2",
        "target": "c:grpo",
        "props": {"type": "USES", "evidence": "uses", "start": 1, "end": 5},  # NaN score dropped
    }
    assert rows.relationships["CO_OCCURS"][0]["props"] == {
        "type": "CO_OCCURS",
        "weight": 1,
        "association": 0.5,
    }
    assert (rows.node_count, rows.relationship_count) == (5, 5)


def test_edge_type_falls_back_to_the_type_attribute():
    G = nx.MultiDiGraph()
    G.add_node("p", kind="Paper")
    G.add_node("c", kind="Concept", type="Task")
    G.add_edge("p", "c", key=0, type="USES")
    rows = graph_rows(G)
    assert rows.relationships["USES"][0]["props"] == {"type": "USES"}


def bad(change) -> nx.MultiDiGraph:
    G = tiny()
    change(G)
    return G


@pytest.mark.parametrize(
    "graph, message",
    [
        (bad(lambda G: G.add_node("x", kind="Author")), "kind 'Author'"),
        (bad(lambda G: G.add_node("x", name="no kind")), "kind None"),
        (bad(lambda G: G.nodes["c:rl"].update(type="Model`) DELETE n //")), "not a kg concept type"),
        (bad(lambda G: G.add_edge("p1", "c:qwen", key="CITES", type="CITES")), "not a kg relationship type"),
        (bad(lambda G: G.add_edge("c:rl", "c:qwen", key="USES", type="USES")), "not Paper -> Concept"),
        (bad(lambda G: G.add_edge("p1", "c:qwen", key="IS_A", type="IS_A")), "not Concept -> Concept"),
        (bad(lambda G: G.add_edge("p1", "p2", key="USES", type="USES")), "not Paper -> Concept"),
        (bad(lambda G: G.add_node(7, kind="Paper")), "is not text"),
    ],
)
def test_graph_rows_refuse_what_neo4j_must_not_get(graph, message):
    with pytest.raises(GraphError, match=re.escape(message)):
        graph_rows(graph)


def test_two_edges_of_one_type_between_a_pair_are_refused():
    G = tiny()
    G.add_edge("p1", "c:grpo", key="again", type="PROPOSES")
    with pytest.raises(GraphError, match="two PROPOSES edges"):
        graph_rows(G)


def test_concept_without_type_is_a_plain_concept():
    G = nx.MultiDiGraph()
    G.add_node("c", kind="Concept", name="x")
    assert list(graph_rows(G).concepts) == ["Concept"]


def test_outgoing_keep_lists_every_source_even_without_edges():
    G = tiny()
    G.add_node("p0", kind="Paper", title="no concepts")
    rows = graph_rows(G)
    keep = outgoing_keep(rows, node_ids(rows, concepts=False), schema.PAPER_ROLES)
    assert keep == [
        {"id": "p0", "keep": []},
        {"id": "p1", "keep": [["MENTIONS", "c:rl"], ["PROPOSES", "c:grpo"]]},
        {"id": "p2", "keep": [["USES", "c:grpo"]]},
    ]
    links = outgoing_keep(rows, node_ids(rows, papers=False), schema.CONCEPT_LINKS)
    assert links == [
        {"id": "c:grpo", "keep": [["CO_OCCURS", "c:qwen"], ["IS_A", "c:rl"]]},
        {"id": "c:qwen", "keep": []},
        {"id": "c:rl", "keep": []},
    ]


def test_batches():
    assert [len(b) for b in batches(list(range(7)), 3)] == [3, 3, 1]
    assert list(batches([], 3)) == []
    with pytest.raises(ValueError):
        list(batches([1], 0))


@pytest.mark.parametrize("builder", [cypher.upsert_concepts, cypher.concept_labels])
def test_cypher_builders_refuse_labels_outside_the_whitelist(builder):
    with pytest.raises(ValueError):
        builder("Model`) DETACH DELETE n //")


def test_cypher_builders_refuse_unknown_types():
    for bad_type in ("CITES", "uses", "USES]->() DELETE r //"):
        with pytest.raises(ValueError):
            cypher.upsert_relationships(bad_type)
    with pytest.raises(ValueError):
        cypher.delete_stale_relationships("Author")


def test_concept_label_statements():
    model = cypher.upsert_concepts("Model")
    assert "SET n:Model" in model and "REMOVE n:Benchmark:Dataset:Method:Framework:Task:Metric" in model
    plain = cypher.upsert_concepts("Concept")
    assert "SET n:" not in plain.replace("SET n = row.props", "") and "REMOVE n:Model:" in plain
    assert cypher.concept_labels("Concept") == ["Concept"]
    assert cypher.concept_labels("Task") == ["Concept", "Task"]
    assert cypher.source_label("USES") == "Paper" and cypher.source_label("IS_A") == "Concept"


def test_every_statement_uses_parameters_for_values():
    statements = [
        *cypher.SCHEMA_STATEMENTS,
        cypher.UPSERT_PAPERS,
        *(cypher.upsert_concepts(t) for t in schema.TYPE_LABELS),
        *(cypher.upsert_relationships(t) for t in schema.RELATIONSHIP_TYPES),
        *(cypher.delete_stale_relationships(k) for k in schema.NODE_KINDS),
    ]
    for statement in statements:
        assert "'" not in statement and '"' not in statement, statement
