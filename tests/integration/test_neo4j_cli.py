"""`kg load` (and `kg query --neo4j`) end to end on the seed graph, with a real server."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.export.json_graph import write_json
from kg.graph import schema
from kg.store.neo4j_loader import run_cypher

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


@pytest.fixture(scope="module")
def seed_graph_dir(tmp_path_factory):
    from kg.api import build_graph

    G = build_graph([SEEDS])
    out = tmp_path_factory.mktemp("seeds-graph")
    write_json(G, out / "graph.json")
    return G, out


def env(conn, **extra):
    return {"NEO4J_URI": conn.uri, "NEO4J_USERNAME": conn.user, "NEO4J_PASSWORD": conn.password, **extra}


def counts(conn):
    kw = {"uri": conn.uri, "user": conn.user, "password": conn.password}
    labels = run_cypher("MATCH (n) UNWIND labels(n) AS l RETURN l, count(*) AS n", **kw)
    types = run_cypher("MATCH ()-[r]->() RETURN type(r) AS t, count(*) AS n", **kw)
    return {r["l"]: r["n"] for r in labels}, {r["t"]: r["n"] for r in types}


def networkx_counts(G):
    labels, types = {}, {}
    for _, d in G.nodes(data=True):
        labels[d["kind"]] = labels.get(d["kind"], 0) + 1
        if d["kind"] == schema.CONCEPT and d["type"] != schema.CONCEPT:
            labels[d["type"]] = labels.get(d["type"], 0) + 1
    for _, _, k in G.edges(keys=True):
        types[k] = types.get(k, 0) + 1
    return labels, types


def test_kg_load_seed_graph_twice(neo4j_db, seed_graph_dir):
    G, graph_dir = seed_graph_dir
    runner = CliRunner()
    started = time.perf_counter()
    result = runner.invoke(main, ["load", "--graph", str(graph_dir)], env=env(neo4j_db))
    seconds = time.perf_counter() - started
    assert result.exit_code == 0, result.output
    papers = sum(1 for _, d in G.nodes(data=True) if d["kind"] == schema.PAPER)
    assert f"papers:        {papers} created, 0 updated, 0 unchanged" in result.output
    assert f"database now:  {G.number_of_nodes()} nodes, {G.number_of_edges()} relationships" in result.output
    assert counts(neo4j_db) == networkx_counts(G)
    print(f"\nseed graph ({G.number_of_nodes()} nodes, {G.number_of_edges()} edges) loaded in {seconds:.2f}s")

    again = runner.invoke(main, ["load", "--graph", str(graph_dir), "--batch-size", "50"], env=env(neo4j_db))
    assert again.exit_code == 0, again.output
    assert f"papers:        0 created, 0 updated, {papers} unchanged" in again.output
    assert f"0 created, 0 updated, {G.number_of_edges()} unchanged, 0 deleted" in again.output
    assert counts(neo4j_db) == networkx_counts(G)

    wiped = runner.invoke(main, ["load", "--graph", str(graph_dir), "--wipe", "-q"], env=env(neo4j_db))
    assert wiped.exit_code == 0 and wiped.output == ""
    assert counts(neo4j_db) == networkx_counts(G)


def test_kg_query_neo4j_reads_what_kg_load_wrote(neo4j_db, seed_graph_dir):
    G, graph_dir = seed_graph_dir
    runner = CliRunner()
    assert runner.invoke(main, ["load", "--graph", str(graph_dir), "-q"], env=env(neo4j_db)).exit_code == 0
    result = runner.invoke(
        main,
        ["query", "--neo4j", "MATCH (p:Paper) RETURN count(p) AS n", "--format", "json"],
        env=env(neo4j_db),
    )
    assert result.exit_code == 0, result.output
    papers = sum(1 for _, d in G.nodes(data=True) if d["kind"] == schema.PAPER)
    assert json.loads(result.output) == [{"n": papers}]


def test_kg_load_wrong_password_is_one_line(neo4j_server, seed_graph_dir):
    _, graph_dir = seed_graph_dir
    result = CliRunner().invoke(
        main, ["load", "--graph", str(graph_dir)], env=env(neo4j_server, NEO4J_PASSWORD="not-the-password")
    )
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: Neo4j at {neo4j_server.uri} refused user 'neo4j'")


def test_kg_load_unknown_database(neo4j_server, seed_graph_dir):
    _, graph_dir = seed_graph_dir
    result = CliRunner().invoke(
        main, ["load", "--graph", str(graph_dir), "--database", "nope"], env=env(neo4j_server)
    )
    assert result.exit_code == 1
    assert "has no database 'nope'" in result.output


def test_kg_load_without_graph(tmp_path, neo4j_server):
    result = CliRunner().invoke(main, ["load", "--graph", str(tmp_path)], env=env(neo4j_server))
    assert result.exit_code == 1 and "no built graph" in result.output
