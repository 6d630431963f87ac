"""tools/export_unjudged.py: a judging round's files, one per read set with links not yet judged."""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools import export_unjudged as tool  # noqa: E402


def test_round_files_sit_beside_each_gold_file_named_for_the_set():
    assert tool.output_path("seeds", 7) == ROOT / "tests/data/gold/seeds_round7_links_for_judging.json"
    assert tool.output_path("heldout1", 7) == ROOT / "tests/data/gold_heldout/heldout1_round7_links_for_judging.json"
    assert tool.output_path("heldout12", 7) == ROOT / "tests/data/gold_heldout12/heldout12_round7_links_for_judging.json"


def test_only_links_without_a_verdict_are_exported(monkeypatch, tmp_path):
    inputs = tmp_path / "in.jsonl"
    inputs.write_text(json.dumps({"id": "a", "title": "T", "abstract": "We fine-tune BERT with LoRA on GLUE."}) + "\n")
    gold = tmp_path / "gold.json"
    monkeypatch.setattr(tool, "gold_set", lambda name: (inputs, gold))
    monkeypatch.setattr(tool, "judgement_files", lambda name: [])
    everything = tool.unjudged("x")
    names = [link["concept"] for link in everything[0]["linked"]]
    assert "BERT" in names and len(names) >= 3
    verdicts = tmp_path / "x_judged_round1.json"
    verdicts.write_text(json.dumps({"papers": [{"paper": everything[0]["paper"], "valid": names[:2], "invalid": []}]}))
    monkeypatch.setattr(tool, "judgement_files", lambda name: [verdicts])
    assert [link["concept"] for link in tool.unjudged("x")[0]["linked"]] == names[2:]
