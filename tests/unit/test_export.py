"""Exports: round trips through networkx, determinism, scalar-only GraphML, hostile text."""

import csv
import json

import networkx as nx
import pytest

from kg.errors import GraphError
from kg.export import write
from kg.export.json_graph import read_json
from kg.graph.io import load_graph


@pytest.fixture
def G():
    g = nx.MultiDiGraph()
    g.add_node("p1", kind="Paper", title='Quotes " and <tags> & `ticks`', abstract="Text with \x0b control and emoji 🚀 \u200f",
               venue="ICML", year=2026, url="", code_urls=["https://x.y/z"], authors=["A. B"], source="f:2", concept_count=2)
    g.add_node("concept:grpo", kind="Concept", name="GRPO", type="Method", aliases=["grpo", "Group Relative Policy Optimization"],
               definition="Group Relative Policy Optimization", paper_count=1)
    g.add_node("concept:dg-grpo", kind="Concept", name="DG-GRPO", type="Method", aliases=[], definition="", paper_count=1)
    g.add_edge("p1", "concept:grpo", key="USES", type="USES", evidence="We use GRPO.", start=7, end=11, surface="GRPO",
               extractor="names", score=0.9)
    g.add_edge("p1", "concept:dg-grpo", key="PROPOSES", type="PROPOSES", evidence="We propose DG-GRPO.", start=11, end=18,
               surface="DG-GRPO", extractor="names", score=1.0)
    g.add_edge("concept:dg-grpo", "concept:grpo", key="VARIANT_OF", type="VARIANT_OF", evidence="compound name", weight=1.0)
    return g


def test_graphml_round_trip(G, tmp_path):
    path = write(G, tmp_path, "graphml")
    back = nx.read_graphml(path, force_multigraph=True)
    assert back.number_of_nodes() == 3 and back.number_of_edges() == 3
    assert back.nodes["p1"]["year"] == 2026
    assert json.loads(back.nodes["concept:grpo"]["aliases"]) == ["grpo", "Group Relative Policy Optimization"]
    assert back.nodes["p1"]["title"] == 'Quotes " and <tags> & `ticks`'
    assert "\x0b" not in back.nodes["p1"]["abstract"] and "🚀" in back.nodes["p1"]["abstract"]
    assert back.nodes["concept:grpo"]["label"] == "GRPO"
    edge = [d for u, v, d in back.edges(data=True) if v == "concept:grpo" and u == "p1"][0]
    assert edge["type"] == "USES" and edge["score"] == 0.9 and edge["start"] == 7


def test_graphml_declares_key_types(G, tmp_path):
    text = write(G, tmp_path, "graphml").read_text(encoding="utf-8")
    assert '<key id="n_year" for="node" attr.name="year" attr.type="long"/>' in text
    assert '<key id="e_score" for="edge" attr.name="score" attr.type="double"/>' in text


def test_exports_are_byte_identical(G, tmp_path):
    for fmt, _name in [("graphml", "graph.graphml"), ("json", "graph.json"), ("gexf", "graph.gexf")]:
        a = write(G, tmp_path / "a", fmt).read_bytes()
        b = write(G.copy(), tmp_path / "b", fmt).read_bytes()
        assert a == b, fmt


def test_json_round_trip_is_lossless(G, tmp_path):
    write(G, tmp_path, "json")
    back = load_graph(tmp_path)
    assert dict(back.nodes(data=True)) == dict(G.nodes(data=True))
    assert sorted(back.edges(keys=True, data=True)) == sorted(G.edges(keys=True, data=True))


def test_csv_tables(G, tmp_path):
    write(G, tmp_path, "csv")
    nodes = list(csv.DictReader(open(tmp_path / "nodes.csv", encoding="utf-8")))
    edges = list(csv.DictReader(open(tmp_path / "edges.csv", encoding="utf-8")))
    assert [n["id"] for n in nodes] == ["concept:dg-grpo", "concept:grpo", "p1"]
    assert len(edges) == 3
    assert json.loads(nodes[2]["authors"]) == ["A. B"]


def test_gexf_opens_in_networkx(G, tmp_path):
    back = nx.read_gexf(write(G, tmp_path, "gexf"))
    assert back.number_of_nodes() == 3


def test_missing_graph_is_a_clear_error(tmp_path):
    with pytest.raises(GraphError, match="no built graph"):
        load_graph(tmp_path)
    (tmp_path / "graph.json").write_text("{not json")
    with pytest.raises(GraphError, match="not a kg graph file"):
        read_json(tmp_path / "graph.json")


def test_outputs_get_ordinary_file_permissions(G, tmp_path):
    import os
    import stat

    path = write(G, tmp_path, "graphml")
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask
