"""The column-wise GraphML writer and the direct JSON encoder on awkward values."""

import json

import networkx as nx

from kg.export import write
from kg.export.flatten import json_texts
from kg.export.order import sorted_edges


def awkward() -> nx.MultiDiGraph:
    g = nx.MultiDiGraph()
    g.add_node("p1", kind="Paper", title="A \ue000 separator & <b>", year=2026, abstract="ctrl \x01 here\r")
    g.add_node("p2", kind="Paper", title="B", year=None, abstract="plain", authors=["X", "Ÿ"])
    g.add_node('q"uote\'d', kind="Paper", title="C", year="2025", extra=True)
    g.add_node("concept:a", kind="Concept", name="A", aliases=["a", "α"], rank=1.5)
    g.add_node("concept:b", kind="Concept", name="B\x0b", aliases=[], rank=2, **{"odd%name": "50%"})
    g.add_edge("p1", "concept:a", key="USES", type="USES", evidence="a & b", score=0.5, start=1)
    g.add_edge("p1", "concept:a", key=2, type="MENTIONS", evidence="again", score=1, start=True)
    g.add_edge("p2", "concept:b", key="USES", type="USES", evidence="\ue000", score=None, start=3)
    g.add_edge('q"uote\'d', "concept:b", key="USES", type="USES")
    return g


def test_sorted_edges_match_sorting_the_edge_view():
    g = awkward()
    assert list(sorted_edges(g)) == sorted(g.edges(keys=True, data=True), key=lambda e: (e[0], e[1], str(e[2])))


def test_graphml_values_survive_a_round_trip(tmp_path):
    path = write(awkward(), tmp_path, "graphml")
    text = path.read_text(encoding="utf-8")
    back = nx.read_graphml(path, force_multigraph=True)
    assert back.nodes["p1"]["title"] == "A \ue000 separator & <b>"
    assert back.nodes["p1"]["abstract"] == "ctrl  here\r"  # \x01 dropped, CR kept as a reference
    assert "year" not in back.nodes["p2"]  # None: no <data> line
    assert back.nodes['q"uote\'d']["year"] == 2025  # "2025" under a long key
    assert json.loads(back.nodes["p2"]["authors"]) == ["X", "Ÿ"]
    assert back.nodes["concept:b"]["label"] == "B" and back.nodes["concept:b"]["odd%name"] == "50%"
    assert back.nodes["concept:b"]["rank"] == 2.0 and back.nodes["concept:a"]["rank"] == 1.5
    assert '<data key="e_start">1</data>' in text and '<data key="e_score">1.0</data>' in text
    assert '<node id="q&quot;uote\'d">' in text  # both quotes: saxutils.quoteattr's choice
    assert sorted(d["evidence"] for *_, d in back.edges(data=True) if "evidence" in d) == ["a & b", "again", "\ue000"]
    assert text.count("<edge ") == 4 and '<edge id="e2" source="p2" target="concept:b">' in text


def test_json_texts_equal_json_dumps():
    values = [{"a": [1, 2.5, None, True, "é\"\n\ue000"]}, ["x"], -0.0, 1e300, "s", {"b": {"c": 1}}]
    assert json_texts(values) == [json.dumps(v, ensure_ascii=False) for v in values]


def test_json_export_is_lossless_on_awkward_values(tmp_path):
    from kg.export.json_graph import read_json

    g = awkward()
    back = read_json(write(g, tmp_path, "json"))
    assert dict(back.nodes(data=True)) == dict(g.nodes(data=True))
    assert sorted(back.edges(keys=True, data=True), key=str) == sorted(g.edges(keys=True, data=True), key=str)
