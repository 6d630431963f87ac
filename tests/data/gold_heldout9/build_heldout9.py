#!/usr/bin/env python3
"""Build heldout9_40_gold.json from annotations_part1.py + annotations_part2.py and validate it.

  python3 build_heldout9.py          # (re)build the JSON file, then validate
  python3 build_heldout9.py --check  # validate the existing JSON file only
"""
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from annotations_part1 import PART1  # noqa: E402
from annotations_part2 import PART2  # noqa: E402

OUT = HERE / "heldout9_40_gold.json"
TYPES = {"Model", "Method", "Framework", "Benchmark", "Dataset", "Task", "Metric", "Concept"}


def records() -> list[dict]:
    return [json.loads(line) for line in (HERE / "heldout9_40.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]


def build(recs: list[dict]) -> None:
    notes = {**PART1, **PART2}
    assert [r["id"] for r in recs] == list(PART1) + list(PART2), "annotation ids differ from the selection"
    papers = []
    for r in recs:
        kcs, contribs = notes[r["id"]]
        concepts = []
        for spec in kcs:
            typ, *forms = spec.split("|")
            concepts.append({"forms": forms, "type": typ})
        papers.append({"match": r["abstract"][:80], "id": r["id"], "key_concepts": concepts, "contributions": contribs})
    doc = {
        "description": (
            "HELD-OUT (ninth set) gold standard for the concept extractor: 40 arXiv abstracts of "
            "arxiv_ai_2025_2026.jsonl.gz chosen by select_heldout9.py, annotated on 2026-12-05 (session 17) by two annotators "
            "(LLM-assisted, 20 abstracts each) blind to kg's code and output, following tests/data/gold/README.md and "
            "the judgement calls of tests/data/gold_heldout2/README.md. kg developers must not tune on this file."
        ),
        "papers": papers,
    }
    OUT.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def check(recs: list[dict]) -> bool:
    doc = json.loads(OUT.read_text(encoding="utf-8"))
    by_id = {r["id"]: r for r in recs}
    problems = []
    if [p["id"] for p in doc["papers"]] != [r["id"] for r in recs]:
        problems.append("paper ids/order differ from the selection")
    for p in doc["papers"]:
        r = by_id.get(p["id"])
        if r is None or r["abstract"][:80] != p["match"]:
            problems.append(f"{p['id']}: match is not the abstract's first 80 characters")
            continue
        text = (r["title"] or "") + "\n" + r["abstract"]
        if not 8 <= len(p["key_concepts"]) <= 12:
            problems.append(f"{p['id']}: {len(p['key_concepts'])} key concepts")
        forms_seen = set()
        for kc in p["key_concepts"]:
            if kc["type"] not in TYPES or not kc["forms"] or not all(kc["forms"]):
                problems.append(f"{p['id']}: bad concept {kc}")
            elif kc["forms"][0] not in text:
                problems.append(f"{p['id']}: {kc['forms'][0]!r} not in title or abstract")
            low = {f.lower() for f in kc["forms"]}
            if low & forms_seen:
                problems.append(f"{p['id']}: forms {sorted(low & forms_seen)} in two concepts")
            forms_seen |= low
        for c in p["contributions"]:
            if not c or c[0] not in text:
                problems.append(f"{p['id']}: contribution {c} not in title or abstract")
    n_kc = sum(len(p["key_concepts"]) for p in doc["papers"])
    n_ct = sum(len(p["contributions"]) for p in doc["papers"])
    print(f"heldout9_40_gold.json: papers={len(doc['papers'])} key_concepts={n_kc} contributions={n_ct}")
    for line in problems:
        print("  " + line)
    print("OK" if not problems else "FAILED")
    return not problems


if __name__ == "__main__":
    recs = records()
    if "--check" not in sys.argv[1:]:
        build(recs)
    sys.exit(0 if check(recs) else 1)
