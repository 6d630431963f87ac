"""kg.graph.analytics on tiny hand-built graphs, with exact expectations."""

import math
import random

import networkx as nx
import pytest

from kg.errors import GraphError
from kg.graph import analytics as A


def make_graph(reverse: bool = False) -> nx.MultiDiGraph:
    """Four papers, six concepts.

    p1 (2024, V 2024): A PROPOSES, B USES, C MENTIONS
    p2 (2025, V 2025): A USES, B EVALUATES_ON
    p3 (2025, W 2025): B USES, D COMPARES_WITH
    p4 (no year, no venue): E MENTIONS
    F has no paper; F -VARIANT_OF-> A.
    `reverse` inserts everything in reverse order, to show results do not depend on it.
    """
    papers = [
        ("p1", {"title": "Alpha paper", "abstract": "about alpha", "venue": "V 2024", "year": 2024}),
        ("p2", {"title": "Beta paper", "abstract": "about beta", "venue": "V 2025", "year": 2025}),
        ("p3", {"title": "Gamma paper", "abstract": "about gamma", "venue": "W 2025", "year": 2025}),
        ("p4", {"title": "Delta paper", "abstract": "about delta", "venue": ""}),
    ]
    concepts = [
        (f"concept:{x.lower()}", {"name": x, "type": "Method", "aliases": [x.lower()]}) for x in "ABCDEF"
    ]
    links = [
        ("p1", "concept:a", "PROPOSES"),
        ("p1", "concept:b", "USES"),
        ("p1", "concept:c", "MENTIONS"),
        ("p2", "concept:a", "USES"),
        ("p2", "concept:b", "EVALUATES_ON"),
        ("p3", "concept:b", "USES"),
        ("p3", "concept:d", "COMPARES_WITH"),
        ("p4", "concept:e", "MENTIONS"),
        ("concept:f", "concept:a", "VARIANT_OF"),
    ]
    order = reversed if reverse else iter
    G = nx.MultiDiGraph()
    for n, a in order(papers):
        G.add_node(n, kind="Paper", **a)
    for n, a in order(concepts):
        G.add_node(n, kind="Concept", **a)
    for u, v, t in order(links):
        G.add_edge(u, v, key=t, type=t)
    return G


# --- similar papers ------------------------------------------------------------------------


def test_similar_papers_weighs_shared_concepts_by_idf():
    rows = A.similar_papers(make_graph(), "p1")
    assert [r["id"] for r in rows] == ["p2", "p3"]
    assert rows[0]["score"] == pytest.approx(math.log(4 / 2) + math.log(4 / 3))
    assert rows[1]["score"] == pytest.approx(math.log(4 / 3))
    assert [(c["name"], c["idf"]) for c in rows[0]["shared"]] == [("A", math.log(2)), ("B", math.log(4 / 3))]
    assert rows[0]["title"] == "Beta paper" and rows[0]["year"] == 2025


def test_similar_papers_top_k_and_no_neighbour():
    G = make_graph()
    assert [r["id"] for r in A.similar_papers(G, "p1", k=1)] == ["p2"]
    assert A.similar_papers(G, "p4") == []


def test_similar_papers_skips_concepts_every_paper_has():
    G = nx.MultiDiGraph()
    G.add_node("p1", kind="Paper")
    G.add_node("p2", kind="Paper")
    G.add_node("concept:x", kind="Concept", name="X", type="Concept")
    G.add_edge("p1", "concept:x", key="USES", type="USES")
    G.add_edge("p2", "concept:x", key="USES", type="USES")
    assert A.similar_papers(G, "p1") == []  # idf log(2/2) = 0


def test_similar_papers_ties_go_to_smaller_id():
    G = make_graph()
    for p in ("p5", "p0"):
        G.add_node(p, kind="Paper", title=p)
        G.add_edge(p, "concept:d", key="USES", type="USES")
    # six papers; D (p0, p3, p5) and B (p1, p2, p3) both weigh log(6/3): four equal scores
    rows = A.similar_papers(G, "p3")
    assert [r["id"] for r in rows] == ["p0", "p1", "p2", "p5"]
    assert {r["score"] for r in rows} == {math.log(2)}


def test_similar_papers_rejects_a_concept():
    with pytest.raises(GraphError, match="no paper 'concept:a'"):
        A.similar_papers(make_graph(), "concept:a")


# --- co-occurrence -------------------------------------------------------------------------


def test_cooccurrence_counts_association_and_pmi():
    rows = A.cooccurrence(make_graph(), min_count=1)
    assert [(r["source"], r["target"], r["count"]) for r in rows] == [
        ("concept:a", "concept:b", 2),
        ("concept:a", "concept:c", 1),
        ("concept:b", "concept:c", 1),
        ("concept:b", "concept:d", 1),
    ]
    # N * c_ij / (s_i * s_j): N = 4 papers; A in 2, B in 3, C and D in 1
    assert [r["association"] for r in rows] == pytest.approx([4 * 2 / 6, 4 / 2, 4 / 3, 4 / 3])
    assert [r["pmi"] for r in rows] == pytest.approx(
        [math.log2(4 / 3), 1.0, math.log2(4 / 3), math.log2(4 / 3)]
    )


def test_cooccurrence_min_count():
    rows = A.cooccurrence(make_graph())
    assert [(r["source"], r["target"], r["count"]) for r in rows] == [("concept:a", "concept:b", 2)]
    with pytest.raises(GraphError, match="min_count"):
        A.cooccurrence(make_graph(), min_count=0)


def test_add_cooccurrence_adds_edges_once():
    G = make_graph()
    assert A.add_cooccurrence(G, min_count=1) == 4
    assert A.add_cooccurrence(G, min_count=1) == 4  # replaces, does not duplicate
    edges = sorted((u, v, k, d["weight"]) for u, v, k, d in G.edges(keys=True, data=True) if k == "CO_OCCURS")
    assert edges == [
        ("concept:a", "concept:b", "CO_OCCURS", 2.0),
        ("concept:a", "concept:c", "CO_OCCURS", 1.0),
        ("concept:b", "concept:c", "CO_OCCURS", 1.0),
        ("concept:b", "concept:d", "CO_OCCURS", 1.0),
    ]
    d = G.edges["concept:a", "concept:b", "CO_OCCURS"]
    assert d["type"] == "CO_OCCURS" and d["association"] == pytest.approx(4 / 3)
    assert isinstance(d["weight"], float)  # the schema declares weight a float
    # the new edges change no other answer
    assert A.cooccurrence(G, min_count=1) == A.cooccurrence(make_graph(), min_count=1)
    assert A.connect(G, "concept:c", "concept:d")["length"] == 4
    assert A.add_cooccurrence(G, min_count=3) == 0
    assert not [k for *_, k in G.edges(keys=True) if k == "CO_OCCURS"]


# --- paths ---------------------------------------------------------------------------------


def test_connect_through_papers_with_edge_directions():
    r = A.connect(make_graph(), "concept:c", "concept:d")
    assert r["length"] == 4
    (path,) = r["paths"]
    assert [n["id"] for n in path["nodes"]] == ["concept:c", "p1", "concept:b", "p3", "concept:d"]
    assert [n["label"] for n in path["nodes"]] == ["C", "Alpha paper", "B", "Gamma paper", "D"]
    assert path["edges"] == [
        {"source": "p1", "target": "concept:c", "type": "MENTIONS"},
        {"source": "p1", "target": "concept:b", "type": "USES"},
        {"source": "p3", "target": "concept:b", "type": "USES"},
        {"source": "p3", "target": "concept:d", "type": "COMPARES_WITH"},
    ]


def test_connect_follows_lineage_and_mixes_papers_and_concepts():
    r = A.connect(make_graph(), "concept:f", "p2")
    assert r["length"] == 2
    assert [n["id"] for n in r["paths"][0]["nodes"]] == ["concept:f", "concept:a", "p2"]
    assert r["paths"][0]["edges"][0] == {"source": "concept:f", "target": "concept:a", "type": "VARIANT_OF"}


def test_connect_equal_paths_tie_on_ids():
    r = A.connect(make_graph(), "p2", "p1")
    assert [[n["id"] for n in p["nodes"]] for p in r["paths"]] == [
        ["p2", "concept:a", "p1"],
        ["p2", "concept:b", "p1"],
    ]


def test_connect_prefers_specific_intermediates():
    G = nx.MultiDiGraph()
    for p in ["q1", "q2", "q3", "q4", "q5"]:
        G.add_node(p, kind="Paper", title=p)
    for c in ["h", "r", "x", "y"]:
        G.add_node(f"concept:{c}", kind="Concept", name=c, type="Concept")
    for p, cs in {"q1": "xhr", "q2": "yhr", "q3": "h", "q4": "h", "q5": "h"}.items():
        for c in cs:
            G.add_edge(p, f"concept:{c}", key="USES", type="USES")
    r = A.connect(G, "concept:x", "concept:y")
    # the hub h (5 papers) sorts before r (2 papers) by id, but r says more
    assert [[n["id"] for n in p["nodes"]][2] for p in r["paths"]] == ["concept:r", "concept:h"]
    assert len(A.connect(G, "concept:x", "concept:y", max_paths=1)["paths"]) == 1


def test_connect_not_connected_and_same_node():
    G = make_graph()
    assert A.connect(G, "concept:c", "concept:e") == {
        "source": "concept:c",
        "target": "concept:e",
        "length": None,
        "paths": [],
    }
    r = A.connect(G, "concept:a", "concept:a")
    assert r["length"] == 0 and [n["id"] for n in r["paths"][0]["nodes"]] == ["concept:a"]
    with pytest.raises(GraphError, match="no node 'nope'"):
        A.connect(G, "concept:a", "nope")


@pytest.mark.parametrize("seed", range(12))
def test_connect_matches_networkx_shortest_paths(seed):
    rng = random.Random(seed)
    G = nx.MultiDiGraph()
    papers = [f"p{i:02d}" for i in range(25)]
    concepts = [f"concept:{i:02d}" for i in range(30)]
    for p in papers:
        G.add_node(p, kind="Paper", title=p)
    for c in concepts:
        G.add_node(c, kind="Concept", name=c, type="Concept")
    for p in papers:
        for c in rng.sample(concepts, rng.randint(0, 3)):
            G.add_edge(p, c, key="USES", type="USES")
    for _ in range(4):
        u, v = rng.sample(concepts, 2)
        G.add_edge(u, v, key="VARIANT_OF", type="VARIANT_OF")
    U = nx.Graph(G.to_undirected())
    a, b = rng.sample(papers + concepts, 2)
    r = A.connect(G, a, b, max_paths=1000)
    if not nx.has_path(U, a, b):
        assert r["length"] is None
        return
    expected = sorted(nx.all_shortest_paths(U, a, b))
    assert r["length"] == len(expected[0]) - 1
    assert sorted([n["id"] for n in p["nodes"]] for p in r["paths"]) == expected


def test_find_node_by_alias_id_and_fragment():
    G = make_graph()
    assert A.find_node(G, "b") == "concept:b"
    assert A.find_node(G, "p3") == "p3"
    assert A.find_node(G, "Gamma") == "p3"
    with pytest.raises(GraphError, match="no concept or paper named 'zzz'"):
        A.find_node(G, "zzz")
    with pytest.raises(GraphError, match="4 papers match"):
        A.find_node(G, "paper")


# --- communities ---------------------------------------------------------------------------


def make_two_topics() -> nx.MultiDiGraph:
    G = nx.MultiDiGraph()
    for p in ["p1", "p2", "p3", "p4", "p5", "p6", "p7"]:
        G.add_node(p, kind="Paper", title=p)
    for c in ["a", "b", "c", "d", "e", "f", "r"]:
        G.add_node(f"concept:{c}", kind="Concept", name=c.upper(), type="Concept")
    for p, cs in {"p1": "abr", "p2": "ab", "p3": "ab", "p4": "cd", "p5": "cd", "p6": "cd", "p7": "e"}.items():
        for c in cs:
            G.add_edge(p, f"concept:{c}", key="USES", type="USES")
    G.add_edge("concept:f", "concept:a", key="VARIANT_OF", type="VARIANT_OF")
    return G


def test_communities_split_topics_and_place_rare_concepts():
    rows = A.communities(make_two_topics())
    assert [(r["id"], r["label"], r["papers"], r["concepts"]) for r in rows] == [
        (0, "A, B, R", 3, 4),
        (1, "C, D", 3, 2),
        (2, "E", 1, 1),
    ]
    assert rows[0]["members"] == ["concept:a", "concept:b", "concept:f", "concept:r", "p1", "p2", "p3"]
    assert rows[2]["members"] == ["concept:e", "p7"]
    assert rows[0]["top_concepts"] == [
        {"id": "concept:a", "name": "A", "papers": 3},
        {"id": "concept:b", "name": "B", "papers": 3},
        {"id": "concept:r", "name": "R", "papers": 1},
    ]


def test_communities_do_not_depend_on_insertion_order():
    assert A.communities(make_graph()) == A.communities(make_graph(reverse=True))
    members = sorted(n for r in A.communities(make_graph()) for n in r["members"])
    assert members == sorted(make_graph())  # every node, once


def test_add_communities_stores_attributes_on_every_node():
    G = make_two_topics()
    rows = A.add_communities(G)
    assert {n: (a["community"], a["community_label"]) for n, a in G.nodes(data=True)} == {
        n: (r["id"], r["label"]) for r in rows for n in r["members"]
    }
    assert G.nodes["concept:c"]["community"] == 1 and G.nodes["p7"]["community_label"] == "E"
    assert A.add_communities(G) == rows  # stored attributes do not feed back


# --- central concepts ----------------------------------------------------------------------


def test_central_concepts_measures():
    rows = A.central_concepts(make_graph(), min_count=1, by="betweenness")
    by_id = {r["id"]: r for r in rows}
    assert [r["id"] for r in rows] == ["concept:b", "concept:a", "concept:c", "concept:d"]
    assert {c: (r["papers"], r["degree"], r["strength"]) for c, r in by_id.items()} == {
        "concept:a": (2, 2, 3),
        "concept:b": (3, 3, 4),
        "concept:c": (1, 2, 2),
        "concept:d": (1, 1, 1),
    }
    # B is on the only shortest routes D-A and D-C: 2 of the 3 pairs it is not part of
    assert by_id["concept:b"]["betweenness"] == pytest.approx(2 / 3)
    assert by_id["concept:a"]["betweenness"] == 0.0


def test_central_concepts_pagerank_is_stationary():
    rows = A.central_concepts(make_graph(), min_count=1)
    pr = {r["id"]: r["pagerank"] for r in rows}
    assert [r["id"] for r in rows] == ["concept:b", "concept:a", "concept:c", "concept:d"]
    assert sum(pr.values()) == pytest.approx(1.0)
    w = {
        ("concept:a", "concept:b"): 2,
        ("concept:a", "concept:c"): 1,
        ("concept:b", "concept:c"): 1,
        ("concept:b", "concept:d"): 1,
    }
    w.update({(v, u): x for (u, v), x in list(w.items())})
    strength = {c: sum(x for (u, _), x in w.items() if u == c) for c in pr}
    for c in pr:
        inflow = sum(pr[u] * x / strength[u] for (u, v), x in w.items() if v == c)
        assert pr[c] == pytest.approx(0.85 * inflow + 0.15 / 4, abs=1e-9)


def test_central_concepts_top_k_and_errors():
    assert [r["id"] for r in A.central_concepts(make_graph(), k=2, min_count=1, by="degree")] == [
        "concept:b",
        "concept:a",
    ]
    assert A.central_concepts(make_graph(), min_count=5) == []
    with pytest.raises(GraphError, match="unknown measure 'fame'"):
        A.central_concepts(make_graph(), by="fame")


def test_central_concepts_sampled_betweenness_is_seeded():
    G = make_graph()
    once = A.central_concepts(G, min_count=1, by="betweenness", exact_limit=2, samples=2, seed=3)
    assert once == A.central_concepts(G, min_count=1, by="betweenness", exact_limit=2, samples=2, seed=3)


# --- trends --------------------------------------------------------------------------------


def test_trends_counts_by_year_and_venue():
    t = A.trends(make_graph())
    assert t["years"] == {2024: 1, 2025: 2}
    assert t["venues"] == [
        {"venue": "V 2024", "year": 2024, "papers": 1},
        {"venue": "V 2025", "year": 2025, "papers": 1},
        {"venue": "W 2025", "year": 2025, "papers": 1},
    ]
    assert t["new_concepts"] == {2024: 3, 2025: 1}
    rows = {r["id"]: r for r in t["concepts"]}
    assert [r["id"] for r in t["concepts"]][:2] == ["concept:b", "concept:a"]
    assert rows["concept:b"] == {
        "id": "concept:b",
        "name": "B",
        "type": "Method",
        "papers": 3,
        "first_year": 2024,
        "first_papers": ["p1"],
        "by_year": {2024: 1, 2025: 2},
        "by_venue": {"V 2024": 1, "V 2025": 1, "W 2025": 1},
    }
    assert rows["concept:d"]["first_year"] == 2025 and rows["concept:d"]["first_papers"] == ["p3"]
    assert rows["concept:e"]["first_year"] is None and rows["concept:e"]["by_year"] == {}
    assert rows["concept:f"]["papers"] == 0


def test_trends_for_chosen_concepts():
    t = A.trends(make_graph(), ["concept:d"])
    assert [r["id"] for r in t["concepts"]] == ["concept:d"]
    with pytest.raises(GraphError, match="no concept 'p1'"):
        A.trends(make_graph(), ["p1"])


# --- shared index --------------------------------------------------------------------------


def test_paper_concept_index_ignores_concept_links():
    G = make_graph()
    A.add_cooccurrence(G, min_count=1)
    p2c, c2p = A.paper_concept_index(G)
    assert p2c["p1"] == ["concept:a", "concept:b", "concept:c"]
    assert c2p["concept:b"] == ["p1", "p2", "p3"] and c2p["concept:f"] == []
    assert p2c["p4"] == ["concept:e"]
