"""The extraction cache: rebuilds reuse per-paper results and equal a clean build."""

import json
from pathlib import Path

from kg.api import BuildReport, build_graph
from kg.export.json_graph import graph_to_data

ROOT = Path(__file__).resolve().parents[2]
ARXIV40 = ROOT / "tests" / "data" / "gold" / "arxiv40.jsonl"


def _subset(tmp_path, name, lines):
    path = tmp_path / name
    path.write_text("".join(lines), encoding="utf-8")
    return str(path)


def test_rebuild_with_new_papers_extracts_only_those(tmp_path):
    lines = ARXIV40.read_text(encoding="utf-8").splitlines(keepends=True)
    first = _subset(tmp_path, "first.jsonl", lines[:30])
    both = _subset(tmp_path, "both.jsonl", lines)
    cache = tmp_path / "cache"

    r1 = BuildReport()
    build_graph([first], cache_dir=cache, report=r1)
    assert (r1.cache_hits, r1.extracted) == (0, 30)

    r2 = BuildReport()
    cached = build_graph([both], cache_dir=cache, report=r2)
    assert (r2.cache_hits, r2.extracted) == (30, 10)

    clean = build_graph([both])
    assert json.dumps(graph_to_data(cached)) == json.dumps(graph_to_data(clean))


def test_cache_is_keyed_by_text_not_id(tmp_path):
    cache = tmp_path / "cache"
    a = _subset(tmp_path, "a.jsonl", ['{"id": "a", "abstract": "We propose GRPO-X, a variant of GRPO."}\n'])
    b = _subset(tmp_path, "b.jsonl", ['{"id": "b", "abstract": "We propose GRPO-X, a variant of GRPO."}\n'])
    build_graph([a], cache_dir=cache)
    report = BuildReport()
    G = build_graph([b], cache_dir=cache, report=report)
    assert report.cache_hits == 1
    assert all(u == "b" for u, _ in G.in_edges("concept:grpo-x"))


def test_cache_key_holds_everything_extraction_reads(tmp_path):
    # the same abstract under another title names another system ("OctoMedX: ..."), and with
    # another code address another repository: neither may come back from the cache
    cache = tmp_path / "cache"
    abstract = "We study data recipes for medical reasoning models. Code: https://github.com/org/MedRecipeX."
    plain = _subset(tmp_path, "a.jsonl", [json.dumps({"id": "a", "abstract": abstract}) + "\n"])
    titled = _subset(tmp_path, "b.jsonl", [json.dumps({"id": "a", "title": "OctoMedX: Data Recipes", "abstract": abstract}) + "\n"])
    other_repo = _subset(tmp_path, "c.jsonl", [json.dumps({"id": "a", "abstract": abstract.replace("MedRecipeX", "MedBookX")}) + "\n"])
    build_graph([plain], cache_dir=cache)
    for path, name in ((titled, "OctoMedX"), (other_repo, "MedBookX")):
        report = BuildReport()
        cached = build_graph([path], cache_dir=cache, report=report)
        assert report.cache_hits == 0
        assert json.dumps(graph_to_data(cached)) == json.dumps(graph_to_data(build_graph([path])))
        proposed = {cached.nodes[c]["name"] for _p, c, d in cached.out_edges("a", data=True) if d["type"] == "PROPOSES"}
        assert name in proposed
