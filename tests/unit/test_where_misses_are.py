"""tools/where_misses_are.py: each gold key concept kg misses, by what became of it."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools import where_misses_are as tool  # noqa: E402


def test_every_gold_concept_is_counted_once_and_found_as_kg_eval_finds_it():
    from kg.api import build_graph
    from kg.evaluate import evaluate, load_gold
    from tools.gold_sets import gold_set

    report = tool.misses("seeds")
    c = report["counts"]
    inputs, gold = gold_set("seeds")
    scored = evaluate(build_graph([str(inputs)], analytics=False), load_gold(gold))
    assert c["gold"] == 421
    assert round(c["found"] / c["gold"], 3) == scored["recall"]
    assert round((c["found"] + c["partly found"]) / c["gold"], 3) == scored["recall_partial"]
    # the rest are full misses, each of one kind, each listed
    full = sum(c.get(kind, 0) for kind in tool.KINDS)
    assert c["found"] + c["partly found"] + full == c["gold"] and len(report["misses"]) == full
    assert {kind for _p, _t, _f, kind in report["misses"]} <= set(tool.KINDS)


def test_the_default_sets_are_those_no_model_trains_on():
    names = tool.default_sets()
    assert names[0] == "seeds" and names[1] == "heldout30"
    assert "arxiv40" not in names and "heldout29" not in names
