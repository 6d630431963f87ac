"""The shared paper-concept index and the numpy pair count behind co-occurrence and communities."""

import networkx as nx
import pytest
from test_analytics import make_graph, make_two_topics  # tests/unit is on sys.path under pytest

from kg.errors import GraphError
from kg.graph import analytics as A


def test_add_analytics_equals_the_two_steps():
    G1, G2 = make_two_topics(), make_two_topics()
    added = A.add_cooccurrence(G1)
    rows = A.add_communities(G1)
    assert A.add_analytics(G2) == (added, rows)
    assert list(G1.edges(keys=True, data=True)) == list(G2.edges(keys=True, data=True))
    assert dict(G1.nodes(data=True)) == dict(G2.nodes(data=True))


def test_pair_counts_exact():
    p2c = {"p1": ["a", "b", "c"], "p2": ["a", "b"], "p3": ["b"], "p4": []}
    c2p = {"a": ["p1", "p2"], "b": ["p1", "p2", "p3"], "c": ["p1"], "d": []}
    assert A._pair_counts(p2c, c2p, 1) == [("a", "b", 2), ("a", "c", 1), ("b", "c", 1)]
    assert A._pair_counts(p2c, c2p, 2) == [("a", "b", 2)]
    assert A._pair_counts({"p": ["a"]}, {"a": ["p"]}, 1) == []
    with pytest.raises(GraphError, match="at least 1"):
        A._pair_counts(p2c, c2p, 0)


def test_add_cooccurrence_replaces_its_edges_and_keeps_others():
    G = make_graph()
    assert A.add_cooccurrence(G, min_count=1) == 4
    assert A.add_cooccurrence(G, min_count=2) == 1
    co = [(u, v, d["weight"], d["association"]) for u, v, k, d in G.edges(keys=True, data=True) if k == "CO_OCCURS"]
    assert co == [("concept:a", "concept:b", 2.0, 4 * 2 / (2 * 3))]
    assert G.has_edge("concept:f", "concept:a", key="VARIANT_OF")


def test_index_is_shared_not_changed():
    G = make_two_topics()
    index = A.paper_concept_index(G)
    A.add_cooccurrence(G, index=index)
    assert index == A.paper_concept_index(G)  # CO_OCCURS edges do not touch the paper links
    assert A.communities(G, index=index) == A.communities(G)


def test_communities_on_an_empty_graph():
    assert A.communities(nx.MultiDiGraph()) == []
