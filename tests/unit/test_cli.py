"""The CLI through click's CliRunner: outputs, messages, exit codes."""

import json
from pathlib import Path

import networkx as nx
import pytest
from click.testing import CliRunner

from kg.cli import main

ROOT = Path(__file__).resolve().parents[2]
SEEDS = str(ROOT / "seeds")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    result = CliRunner().invoke(main, ["build", SEEDS, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out, result


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_build_writes_graphml_and_json(built):
    out, result = built
    assert result.output.startswith("38 papers, ")
    G = nx.read_graphml(out / "graph.graphml", force_multigraph=True)
    assert sum(1 for _, a in G.nodes(data=True) if a["kind"] == "Paper") == 38
    data = json.loads((out / "graph.json").read_text(encoding="utf-8"))
    assert data["multigraph"] is True and len([n for n in data["nodes"] if n["kind"] == "Paper"]) == 38


def test_no_tagger_builds_with_the_rules_alone_and_its_own_cache(built, tmp_path):
    out, result = built
    assert result.output.startswith("38 papers, 514 concepts, 642 edges")
    assert run("build", SEEDS, "--out", tmp_path, "--no-tagger").output.startswith("38 papers, 477 concepts, 617 edges")
    # the tagger's results are cached apart: a second run with it extracts again
    again = run("build", SEEDS, "--out", tmp_path)
    assert again.output.startswith("38 papers, 514 concepts, 642 edges") and "from cache" not in again.output
    G = nx.read_graphml(tmp_path / "graph.graphml", force_multigraph=True)
    assert any(d.get("extractor") == "tagger" for _u, _v, d in G.edges(data=True))


def test_stats_json(built):
    out, _ = built
    r = run("stats", "--graph", out, "--json")
    assert r.exit_code == 0
    d = json.loads(r.output)
    assert d["papers"] == 38 and d["concepts"] == sum(d["concepts_by_type"].values())


def test_concept_by_any_alias(built):
    out, _ = built
    by_short = json.loads(run("concept", "CoT", "--graph", out, "--json").output)
    by_long = json.loads(run("concept", "chain of thought", "--graph", out, "--json").output)
    assert by_short["id"] == by_long["id"] == "concept:chain-of-thought"
    assert len(by_short["papers"]) == 6
    assert all(p["evidence"] for p in by_short["papers"])


def test_paper_by_title_fragment(built):
    out, _ = built
    r = run("paper", "KVFundaBench", "--graph", out, "--json")
    assert r.exit_code == 0, r.output
    roles = {(c["name"], c["role"]) for c in json.loads(r.output)["concepts"]}
    assert ("KVFundaBench", "PROPOSES") in roles


def test_concepts_filter_by_type(built):
    out, _ = built
    rows = json.loads(run("concepts", "--graph", out, "--type", "Benchmark", "--json").output)
    assert rows and all(r["type"] == "Benchmark" for r in rows)


@pytest.mark.parametrize("fmt, name", [("csv", "nodes.csv"), ("gexf", "graph.gexf")])
def test_export_formats(built, tmp_path, fmt, name):
    out, _ = built
    r = run("export", "--graph", out, "--format", fmt, "--out", tmp_path)
    assert r.exit_code == 0, r.output
    assert (tmp_path / name).exists()


def test_missing_graph_is_one_line_error(tmp_path):
    r = run("stats", "--graph", tmp_path / "nowhere")
    assert r.exit_code == 1
    assert r.output.strip().count("\n") == 0
    assert "no built graph" in r.output and "kg build" in r.output


def test_missing_input_is_one_line_error(tmp_path):
    r = run("build", tmp_path / "missing.jsonl", "--out", tmp_path / "o")
    assert r.exit_code == 2
    assert "missing.jsonl" in r.output and r.output.strip().count("\n") == 0
    assert not (tmp_path / "o" / "graph.graphml").exists()


def test_unknown_concept(built):
    out, _ = built
    r = run("concept", "no-such-thing-xyz", "--graph", out)
    assert r.exit_code == 1 and "no concept named" in r.output


def test_every_command_has_help():
    for name, cmd in main.commands.items():
        r = run(name, "--help")
        assert r.exit_code == 0, name
        assert cmd.help, f"{name} has no help text"


def test_eval_adds_up_rounds_of_judging(built, tmp_path):
    """Two --judged files: verdicts add up, and a later round's verdict on a name wins."""
    out, _ = built
    G = nx.read_graphml(out / "graph.graphml", force_multigraph=True)
    pid = sorted(n for n, a in G.nodes(data=True) if a["kind"] == "Paper")[0]
    names = sorted(G.nodes[c]["name"] for _p, c in G.out_edges(pid))[:3]
    assert len(names) == 3
    first = {"papers": [{"paper": pid, "valid": names[:2], "invalid": []}]}
    second = {"papers": [{"paper": pid, "valid": [], "invalid": [{"concept": names[1], "why": "generic"},
                                                                 {"concept": names[2], "why": "fragment"}]}]}
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(first), encoding="utf-8")
    b.write_text(json.dumps(second), encoding="utf-8")
    gold = ROOT / "tests/data/gold/seeds_gold.json"
    r = run("eval", gold, "--graph", out, "--judged", a, "--judged", b, "--json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.output)
    assert report["judged_links"] == 3
    assert report["precision_judged"] == round(1 / 3, 3)
    only_first = json.loads(run("eval", gold, "--graph", out, "--judged", a, "--json").output)
    assert only_first["judged_links"] == 2 and only_first["precision_judged"] == 1.0


def test_eval_of_contributions_only_gold(built, tmp_path):
    """A gold file without key concepts scores contributions and leaves recall and precision empty."""
    out, _ = built
    G = nx.read_graphml(out / "graph.graphml", force_multigraph=True)
    proposed = sorted(
        (G.nodes[p]["abstract"], G.nodes[c]["name"])
        for p, c, d in G.edges(data=True) if d.get("type") == "PROPOSES"
    )
    abstract, name = proposed[0]
    gold = {"papers": [{"match": abstract[:80], "key_concepts": [], "contributions": [[name], ["NoSuchName-9"]]}]}
    path = tmp_path / "contrib.json"
    path.write_text(json.dumps(gold), encoding="utf-8")
    report = json.loads(run("eval", path, "--graph", out, "--json").output)
    assert report["contributions"] == 2 and report["contributions_found"] == 0.5
    assert report["recall"] is None and report["precision_vs_gold_keys"] is None


def test_eval_reads_gold_forms_as_kg_reads_the_abstract(built, tmp_path):
    """Annotators copy forms with their markup ("\\textbf{X}"); kg's graph holds the cleaned text."""
    out, _ = built
    G = nx.read_graphml(out / "graph.graphml", force_multigraph=True)
    abstract, name = sorted(
        (G.nodes[p]["abstract"], G.nodes[c]["name"])
        for p, c, d in G.edges(data=True) if d.get("type") == "PROPOSES"
    )[0]
    gold = {"papers": [{"match": abstract[:80], "key_concepts": [], "contributions": [[f"\\textbf{{{name}}}"]]}]}
    path = tmp_path / "marked.json"
    path.write_text(json.dumps(gold), encoding="utf-8")
    report = json.loads(run("eval", path, "--graph", out, "--json").output)
    assert report["contributions"] == 1 and report["contributions_found"] == 1.0
