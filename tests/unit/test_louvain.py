"""kg.graph.louvain: exact clusters on small graphs, networkx's partition, determinism."""

import random

import networkx as nx
import pytest

from kg.graph import analytics as A
from kg.graph.louvain import louvain, modularity


def two_triangles() -> list[tuple[int, int, float]]:
    """Triangles 0-1-2 and 3-4-5 joined by the one edge 2-3."""
    return [(0, 1, 1.0), (1, 2, 1.0), (0, 2, 1.0), (3, 4, 1.0), (4, 5, 1.0), (3, 5, 1.0), (2, 3, 1.0)]


def test_two_obvious_clusters():
    assert louvain(6, two_triangles()) == [[0, 1, 2], [3, 4, 5]]


def test_isolated_nodes_and_no_edges():
    assert louvain(3, []) == [[0], [1], [2]]
    assert louvain(0, []) == []
    assert louvain(8, two_triangles()) == [[0, 1, 2], [3, 4, 5], [6], [7]]


def test_same_result_across_runs():
    rng = random.Random(7)
    edges = [(rng.randrange(200), rng.randrange(200), 1.0) for _ in range(600)]
    assert louvain(200, edges, seed=3) == louvain(200, list(edges), seed=3)


def test_modularity_of_two_triangles():
    adj = [dict() for _ in range(6)]
    for u, v, w in two_triangles():
        adj[u][v] = adj[v][u] = w
    # 7 edges; each triangle holds 3 and has degree sum 7: 2 * (3/7 - (7/14)**2)
    assert modularity(adj, [[0, 1, 2], [3, 4, 5]]) == pytest.approx(2 * (3 / 7 - 0.25))
    G = nx.Graph()
    G.add_weighted_edges_from(two_triangles())
    assert modularity(adj, [[0, 1, 2], [3, 4, 5]]) == nx.community.modularity(G, [{0, 1, 2}, {3, 4, 5}])


@pytest.mark.parametrize("seed", range(40))
def test_same_partition_as_networkx(seed):
    rng = random.Random(seed)
    n = rng.randint(1, 80)
    edges = []
    for _ in range(rng.randint(0, 240)):
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v or rng.random() < 0.1:  # a few self-loops
            edges.append((u, v, float(rng.randint(1, 3))))
    G = nx.Graph()
    G.add_nodes_from(range(n))
    G.add_weighted_edges_from(edges)
    for resolution in (0.5, 1.0, 2.0):
        expected = nx.community.louvain_communities(G, weight="weight", resolution=resolution, seed=seed)
        assert louvain(n, edges, resolution=resolution, seed=seed) == [sorted(c) for c in expected]


def test_modularity_at_least_networkx_on_a_paper_graph():
    """The communities of a random paper-concept graph score as well as networkx's own."""
    rng = random.Random(11)
    G = nx.MultiDiGraph()
    papers = [f"p{i:03d}" for i in range(120)]
    concepts = [f"concept:{i:03d}" for i in range(90)]
    for p in papers:
        G.add_node(p, kind="Paper", title=p)
    for c in concepts:
        G.add_node(c, kind="Concept", name=c, type="Concept")
    for i, p in enumerate(papers):
        topic = concepts[(i % 6) * 15 : (i % 6) * 15 + 15]  # six topics, and some noise
        for c in rng.sample(topic, 4) + rng.sample(concepts, 1):
            G.add_edge(p, c, key="USES", type="USES")
    p2c, c2p = A.paper_concept_index(G)
    H = nx.Graph()
    H.add_nodes_from(sorted(p2c))
    core = sorted(c for c, ps in c2p.items() if len(ps) >= 2)
    H.add_nodes_from(core)
    H.add_edges_from(((p, c) for p in sorted(p2c) for c in p2c[p] if len(c2p[c]) >= 2), weight=1.0)
    ours = {n: r["id"] for r in A.communities(G) for n in r["members"]}
    found: dict[int, set] = {}
    for n in H:
        found.setdefault(ours[n], set()).add(n)
    reference = nx.community.louvain_communities(H, weight="weight", seed=0)
    assert nx.community.modularity(H, list(found.values())) >= nx.community.modularity(H, reference)
    assert sorted(map(sorted, found.values())) == sorted(map(sorted, reference))  # the very same partition
