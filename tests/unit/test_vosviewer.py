"""VOSviewer export: map file, network file and JSON shapes, clusters, quoting, determinism."""

import json

import networkx as nx
import pytest

from kg.export.vosviewer import vosviewer_network, write_vosviewer


def add_paper(g, pid, year=2026):
    g.add_node(
        pid,
        kind="Paper",
        title=pid,
        abstract="",
        venue="ICML",
        year=year,
        url="",
        code_urls=[],
        authors=[],
        source="f:1",
        concept_count=0,
    )


def add_concept(g, cid, name, ctype, **extra):
    g.add_node(
        cid,
        kind="Concept",
        name=name,
        type=ctype,
        **{"aliases": [], "definition": "", "paper_count": 0, **extra},
    )


def link(g, p, c, role="USES"):
    g.add_edge(
        p,
        c,
        key=role,
        type=role,
        evidence=f"{p} {c}.",
        start=0,
        end=1,
        surface=c,
        extractor="names",
        score=1.0,
    )
    g.nodes[c]["paper_count"] += 1


@pytest.fixture
def G():
    g = nx.MultiDiGraph()
    add_paper(g, "p1", 2024)
    add_paper(g, "p2", 2026)
    add_paper(g, "p3", 2026)
    add_concept(g, "concept:grpo", "GRPO", "Method", definition="Group Relative Policy Optimization")
    add_concept(g, "concept:aime25", "AIME25", "Benchmark")
    add_concept(g, "concept:qwen3", "Qwen3", "Model")
    add_concept(g, "concept:odd", 'Odd, "quoted";\tname\nhere', "Concept")
    add_concept(g, "concept:orphan", "Orphan", "Concept")
    for p, c in [
        ("p1", "concept:grpo"),
        ("p1", "concept:aime25"),
        ("p2", "concept:grpo"),
        ("p2", "concept:aime25"),
        ("p2", "concept:qwen3"),
        ("p3", "concept:odd"),
        ("p3", "concept:qwen3"),
    ]:
        link(g, p, c)
    return g


def read_map(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    return lines[0].split("\t"), [line.split("\t") for line in lines[1:]]


def test_map_file_shape(G, tmp_path):
    write_vosviewer(G, tmp_path)
    header, rows = read_map(tmp_path / "map.txt")
    assert header == ["id", "label", "description", "cluster", "weight<Documents>", "score<Avg. pub. year>"]
    assert all(len(r) == len(header) for r in rows)
    assert [r[0] for r in rows] == ["1", "2", "3", "4"]  # concepts in papers only, most shared first
    assert [r[1] for r in rows] == ["AIME25", "GRPO", "Qwen3", "\"Odd, 'quoted'; name here\""]
    assert [r[4] for r in rows] == ["2", "2", "2", "1"]
    assert [r[5] for r in rows] == ["2025.0", "2025.0", "2026.0", "2026.0"]
    assert rows[1][2] == "<b>Method</b> · 2 papers<br>Group Relative Policy Optimization"
    assert all(1 <= int(r[3]) <= 1000 for r in rows)


def test_network_file_shape(G, tmp_path):
    write_vosviewer(G, tmp_path)
    rows = [line.split("\t") for line in (tmp_path / "network.txt").read_text(encoding="utf-8").splitlines()]
    assert all(len(r) == 3 and all(x.isdigit() for x in r) for r in rows)
    assert all(int(a) < int(b) <= 4 for a, b, _ in rows)
    # AIME25-GRPO share p1 and p2; the rest share one paper each
    assert [tuple(map(int, r)) for r in rows] == [(1, 2, 2), (1, 3, 1), (2, 3, 1), (3, 4, 1)]


def test_json_shape(G, tmp_path):
    write_vosviewer(G, tmp_path)
    doc = json.loads((tmp_path / "network.json").read_text(encoding="utf-8"))
    assert set(doc) == {"network"} and set(doc["network"]) == {"items", "links", "clusters"}
    item = doc["network"]["items"][1]
    assert set(item) == {"id", "label", "description", "cluster", "weights", "scores"}
    assert (
        item["label"] == "GRPO"
        and item["weights"] == {"Documents": 2}
        and item["scores"] == {"Avg. pub. year": 2025.0}
    )
    assert doc["network"]["links"][0] == {"source_id": 1, "target_id": 2, "strength": 2}
    # no communities: clusters are the concept types, in kg's type order
    assert doc["network"]["clusters"] == [
        {"cluster": 1, "label": "Model"},
        {"cluster": 2, "label": "Benchmark"},
        {"cluster": 3, "label": "Method"},
        {"cluster": 4, "label": "Concept"},
    ]
    assert {i["label"]: i["cluster"] for i in doc["network"]["items"]}["Qwen3"] == 1


def test_clusters_follow_communities_when_present(G):
    for c, k in [("concept:grpo", 5), ("concept:aime25", 5), ("concept:qwen3", 2)]:
        G.nodes[c]["community"] = k
        G.nodes[c]["community_label"] = f"topic {k}"
    net = vosviewer_network(G)["network"]
    assert net["clusters"] == [
        {"cluster": 1, "label": "topic 5"},
        {"cluster": 2, "label": "topic 2"},
        {"cluster": 3, "label": "other"},
    ]
    assert {i["label"]: i["cluster"] for i in net["items"]} == {
        "AIME25": 1,
        "GRPO": 1,
        "Qwen3": 2,
        "Odd, 'quoted'; name here": 3,
    }


def test_no_score_column_without_years(G, tmp_path):
    for p in ("p1", "p2", "p3"):
        del G.nodes[p]["year"]
    write_vosviewer(G, tmp_path)
    header, _ = read_map(tmp_path / "map.txt")
    assert header[-1] == "weight<Documents>"
    assert "scores" not in vosviewer_network(G)["network"]["items"][0]


def test_cooccurs_edges_are_the_links_when_present(G):
    G.add_edge(
        "concept:grpo", "concept:qwen3", key="CO_OCCURS", type="CO_OCCURS", weight=5.0, association=0.3
    )
    assert vosviewer_network(G)["network"]["links"] == [{"source_id": 2, "target_id": 3, "strength": 5}]


def test_files_are_byte_identical(G, tmp_path):
    write_vosviewer(G, tmp_path / "a")
    write_vosviewer(G.copy(), tmp_path / "b")
    for name in ("map.txt", "network.txt", "network.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def test_min_papers_leaves_out_rare_concepts(G):
    net = vosviewer_network(G, min_papers=2)["network"]
    assert [i["label"] for i in net["items"]] == ["AIME25", "GRPO", "Qwen3"]
    assert [(x["source_id"], x["target_id"], x["strength"]) for x in net["links"]] == [
        (1, 2, 2),
        (1, 3, 1),
        (2, 3, 1),
    ]
