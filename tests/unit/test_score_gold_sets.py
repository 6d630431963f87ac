"""tools/score_gold_sets.py: every gold set scored as the README's rows are."""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools import score_gold_sets as tool  # noqa: E402


def test_judgement_files_come_in_round_order_without_the_second_judges():
    names = [f.name for f in tool.judgement_files("heldout19")]
    assert names[0] == "heldout19_judged_a.json" and not any("_second" in n or "linked_for" in n for n in names)
    rounds = [int(n.split("round")[1].split(".")[0]) for n in names if "round" in n]
    assert rounds == sorted(rounds) and len(rounds) >= 2
    # the seeds and arXiv-40 share a folder: each takes only its own files
    assert all(f.name.startswith("seeds") for f in tool.judgement_files("seeds"))
    assert all(f.name.startswith("arxiv40") for f in tool.judgement_files("arxiv40"))


def test_read_sets_start_with_the_dev_sets_and_run_through_the_scored_held_out_folders(tmp_path, monkeypatch):
    names = tool.read_sets()
    assert names[:4] == ["seeds", "arxiv40", "heldout1", "heldout2"] and "heldout22" in names
    # a blind set not scored yet (its gold file there, no judgement file) is left out
    last = int(names[-1].removeprefix("heldout"))
    folder = tmp_path / f"gold_heldout{last + 1}"
    folder.mkdir()
    (folder / f"heldout{last + 1}_40_gold.json").write_text("{}")
    real = tool.gold_set
    monkeypatch.setattr(tool, "gold_set", lambda name: (
        (folder / "in.jsonl", folder / f"heldout{last + 1}_40_gold.json") if name == f"heldout{last + 1}" else real(name)))
    assert tool.read_sets() == names
    (folder / f"heldout{last + 1}_judged_a.json").write_text("{}")
    assert tool.read_sets() == [*names, f"heldout{last + 1}"]


def test_a_set_is_scored_as_kg_eval_scores_it(tmp_path, capsys):
    from kg.api import build_graph
    from kg.evaluate import evaluate, load_gold, merge_judgements

    out = tmp_path / "scores.json"
    assert tool.main(["seeds", "--jobs", "1", "--json", str(out)]) == 0
    got = json.loads(out.read_text())["seeds"]
    G = build_graph([str(ROOT / "seeds")], analytics=False)
    judged = merge_judgements(*(json.loads(f.read_text()) for f in tool.judgement_files("seeds")))
    want = evaluate(G, load_gold(ROOT / "tests/data/gold/seeds_gold.json"), judged)
    assert got["recall"] == want["recall"] and got["precision_judged"] == want["precision_judged"]
    assert capsys.readouterr().out.splitlines()[1].startswith("seeds")


def test_an_unknown_set_is_a_one_line_error(capsys):
    assert tool.main(["heldout999"]) == 2
    assert capsys.readouterr().err == "error: no gold file for heldout999 (names are seeds, arxiv40, heldoutN)\n"
