"""kg similar / path / communities / central / trends through click's CliRunner."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_analytics import make_graph, make_two_topics  # tests/unit is on sys.path under pytest

from kg.api import write_outputs
from kg.cli import commands_explore, main
from kg.graph import analytics

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def graph_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("graph")
    write_outputs(make_graph(), out, ("json",))
    return out


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def run_json(*args):
    r = run(*args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_similar_json_and_text(graph_dir):
    d = run_json("similar", "Alpha", "--graph", graph_dir)
    assert d["id"] == "p1"
    assert [(r["id"], [c["name"] for c in r["shared"]]) for r in d["similar"]] == [
        ("p2", ["A", "B"]),
        ("p3", ["B"]),
    ]
    r = run("similar", "p1", "--graph", graph_dir, "--top", 1)
    assert r.exit_code == 0
    assert r.output.splitlines() == [
        "Alpha paper  (p1)",
        "    0.98  Beta paper  (p2)",
        "          shared: A, B",
    ]
    assert "no paper shares a concept" in run("similar", "p4", "--graph", graph_dir).output


def test_path_text_names_papers_and_directions(graph_dir):
    r = run("path", "c", "d", "--graph", graph_dir)
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == [
        "4 steps between C and D:",
        "  C <-MENTIONS- [Alpha paper] -USES-> B <-USES- [Gamma paper] -COMPARES_WITH-> D",
    ]
    d = run_json("path", "F", "Beta", "--graph", graph_dir)
    assert d["length"] == 2 and [n["id"] for n in d["paths"][0]["nodes"]] == ["concept:f", "concept:a", "p2"]


def test_path_not_connected(graph_dir):
    r = run("path", "C", "E", "--graph", graph_dir)
    assert r.exit_code == 0
    assert r.output.strip() == "concept:c and concept:e are not connected"


def test_communities(tmp_path):
    write_outputs(make_two_topics(), tmp_path, ("json",))
    d = run_json("communities", "--graph", tmp_path)
    assert [(c["id"], c["label"], c["papers"]) for c in d] == [(0, "A, B, R", 3), (1, "C, D", 3), (2, "E", 1)]
    assert "members" not in d[0]
    assert run_json("communities", "--graph", tmp_path, "--members", "--top", 1)[0]["members"][-1] == "p3"
    r = run("communities", "--graph", tmp_path, "--top", 2)
    assert r.output.splitlines()[0] == "3 communities, the 2 largest:"
    assert r.output.splitlines()[1].split() == ["0", "3", "papers", "4", "concepts", "A,", "B,", "R"]


def test_central(graph_dir):
    d = run_json("central", "--graph", graph_dir, "--min-count", 1, "--by", "betweenness", "--top", 2)
    assert [(c["name"], c["degree"]) for c in d] == [("B", 3), ("A", 2)]
    r = run("central", "--graph", graph_dir, "--min-count", 1)
    assert r.exit_code == 0 and r.output.splitlines()[1].endswith("B (Method)")
    assert commands_explore.MEASURES == list(analytics.MEASURES)


def test_trends_overview_and_one_concept(graph_dir):
    d = run_json("trends", "--graph", graph_dir, "--top", 2)
    assert d["years"] == {"2024": 1, "2025": 2}
    assert [c["name"] for c in d["concepts"]] == ["B", "A"] and "first_papers" not in d["concepts"][0]
    text = run("trends", "--graph", graph_dir, "--top", 2).output
    assert "papers by year:  2024: 1  2025: 2" in text and "new concepts:    2024: 3  2025: 1" in text
    one = run_json("trends", "--graph", graph_dir, "--concept", "d")
    assert one["first_year"] == 2025 and one["first_papers"] == [
        {"id": "p3", "title": "Gamma paper", "venue": "W 2025"}
    ]
    assert "first papers (1):" in run("trends", "--graph", graph_dir, "--concept", "d").output


@pytest.mark.parametrize(
    "args, message",
    [
        (["similar", "nothing-like-this"], "Error: no paper matches 'nothing-like-this'"),
        (["similar", "paper"], "Error: 4 papers match 'paper'"),
        (["path", "A", "zzz"], "Error: no concept or paper named 'zzz'"),
        (["trends", "--concept", "zzz"], "Error: no concept named 'zzz'"),
    ],
)
def test_user_errors_are_one_line(graph_dir, args, message):
    r = run(*args, "--graph", graph_dir)
    assert r.exit_code == 1
    assert r.output.startswith(message) and len(r.output.splitlines()) == 1


@pytest.mark.parametrize("command", ["similar x", "path a b", "communities", "central", "trends"])
def test_missing_graph(tmp_path, command):
    r = run(*command.split(), "--graph", tmp_path / "none")
    assert r.exit_code == 1 and "no built graph" in r.output


def test_every_command_has_help():
    for name in ("similar", "path", "communities", "central", "trends"):
        r = run(name, "--help")
        assert r.exit_code == 0 and "--graph" in r.output and "--json" in r.output


def test_seed_graph_end_to_end(tmp_path):
    assert run("build", ROOT / "seeds", "--out", tmp_path, "-q").exit_code == 0
    path = run_json("path", "CoT", "GRPO", "--graph", tmp_path)
    assert path["length"] == 2 and path["paths"][0]["nodes"][1]["kind"] == "Paper"
    assert run_json("similar", "KVFundaBench", "--graph", tmp_path)["similar"]
    assert run_json("communities", "--graph", tmp_path)[0]["papers"] >= 3
    assert run_json("central", "--graph", tmp_path, "--top", 3)
    assert run_json("trends", "--graph", tmp_path)["years"] == {"2026": 38}
