"""`kg query` end to end with click's CliRunner, on the fixture graph."""

from __future__ import annotations

import csv
import io
import json
import sys
import types
from pathlib import Path

import pytest
from click.testing import CliRunner

pytest.importorskip("ladybug", reason="LadybugDB (pip install ladybug) runs the embedded engine")

from cypher_fixture_graph import write_graph  # noqa: E402

from kg.cli import main  # noqa: E402

PACK = Path(__file__).resolve().parents[2] / "cypher"


@pytest.fixture(scope="module")
def graph_dir(tmp_path_factory):
    return write_graph(tmp_path_factory.mktemp("cli") / "out")


def run(*args, input=None, env=None):
    return CliRunner().invoke(main, list(args), input=input, env=env, catch_exceptions=False)


def test_inline_query_as_table(graph_dir):
    result = run(
        "query",
        "MATCH (c:Concept) WHERE c.type = 'Benchmark' RETURN c.name AS name ORDER BY name",
        "--graph",
        str(graph_dir),
    )
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[2:] == ["AIME 2024", "GSM8K", "MATH", "(3 rows)"]


def test_pack_file_with_defaults_and_params_as_json(graph_dir):
    result = run(
        "query",
        "--file",
        str(PACK / "papers_for_concept.cypher"),
        "--graph",
        str(graph_dir),
        "--param",
        "limit=2",
        "--format",
        "json",
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [r["paper_id"] for r in rows] == ["arXiv:2504.00004", "arXiv:2501.00001"]


def test_engine_variant_is_picked_and_csv_written(graph_dir):
    result = run(
        "query",
        "-f",
        str(PACK / "paths_between.cypher"),
        "--graph",
        str(graph_dir),
        "-p",
        "source=GSM8K",
        "-p",
        "target=MMLU",
        "--format",
        "csv",
    )
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert rows and all(json.loads(r["path"])[0] == "GSM8K" for r in rows) and rows[0]["hops"] == "2"


def test_query_from_stdin(graph_dir):
    result = run("query", "-", "--graph", str(graph_dir), "--format", "json", input="RETURN 1 + 1 AS two")
    assert json.loads(result.output) == [{"two": 2}]


def test_missing_required_parameter_says_how_to_give_it(graph_dir):
    result = run("query", "-f", str(PACK / "paper_profile.cypher"), "--graph", str(graph_dir))
    assert result.exit_code == 1
    assert "missing parameter $paper" in result.output and "--param paper=VALUE" in result.output


def test_syntax_error_is_one_line(graph_dir):
    result = run("query", "MATCH (n RETURN n", "--graph", str(graph_dir))
    assert result.exit_code == 1
    assert result.output.startswith("Error: Parser exception") and result.output.count("\n") == 1


def test_query_and_file_are_exclusive(graph_dir):
    result = run("query", "RETURN 1 AS x", "-f", str(PACK / "benchmarks.cypher"))
    assert result.exit_code == 2 and "one of them" in result.output
    assert run("query").exit_code == 2


def test_neo4j_flag_calls_the_loader_with_env_connection(monkeypatch):
    calls = []

    def run_cypher(query, params, *, uri, user, password, database):
        calls.append((params, uri, user, password, database))
        return [{"n": 3, "names": ["b", "a"]}]

    fake = types.ModuleType("kg.store.neo4j_loader")
    fake.run_cypher = run_cypher
    monkeypatch.setitem(sys.modules, "kg.store.neo4j_loader", fake)
    env = {
        "NEO4J_URI": "bolt://127.0.0.1:7999",
        "NEO4J_USERNAME": "u",
        "NEO4J_PASSWORD": "pw",
        "NEO4J_DATABASE": "kg",
    }
    result = run(
        "query",
        "--neo4j",
        "-f",
        str(PACK / "top_concepts.cypher"),
        "-p",
        "limit=3",
        "--format",
        "json",
        env=env,
    )
    assert result.exit_code == 0, result.output
    assert calls == [({"limit": 3}, "bolt://127.0.0.1:7999", "u", "pw", "kg")]
    assert json.loads(result.output) == [{"n": 3, "names": ["a", "b"]}]
