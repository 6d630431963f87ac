#!/usr/bin/env python3
"""Build contrib2_100_gold.json from annotations_part1.json + annotations_part2.json and validate it.

  python3 build_contrib2.py          # (re)build the JSON file, then validate
  python3 build_contrib2.py --check  # validate the existing JSON file only
"""
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "contrib2_100_gold.json"
TYPES = {"Model", "Method", "Framework", "Benchmark", "Dataset", "Task", "Metric", "Concept"}


def records() -> list[dict]:
    return [json.loads(line) for line in (HERE / "contrib2_100.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]


def annotations() -> list[dict]:
    return [p for part in ("annotations_part1.json", "annotations_part2.json")
            for p in json.loads((HERE / part).read_text(encoding="utf-8"))["papers"]]


def build(recs: list[dict]) -> None:
    notes = annotations()
    assert [r["id"] for r in recs] == [p["id"] for p in notes], "annotation ids differ from the selection"
    papers = [{"id": r["id"], "match": r["abstract"][:80], "key_concepts": [],
               "contributions": p["contributions"], "contribution_types": p["contribution_types"]}
              for r, p in zip(recs, notes)]
    doc = {
        "description": (
            "Second contribution development set: named contributions of 100 arXiv abstracts of "
            "arxiv_ai_2025_2026.jsonl.gz chosen by select_contrib2.py, annotated on 2026-12-04 (session 12) by two "
            "annotators (LLM-assisted, 50 abstracts each) blind to kg's code and output, following the contribution "
            "guideline of tests/data/gold/README.md and the calls of tests/data/gold_contrib/README.md."
        ),
        "papers": papers,
    }
    OUT.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def check(recs: list[dict]) -> bool:
    doc = json.loads(OUT.read_text(encoding="utf-8"))
    problems = []
    if [p["id"] for p in doc["papers"]] != [r["id"] for r in recs]:
        problems.append("paper ids/order differ from the selection")
    for p, r in zip(doc["papers"], recs):
        text = (r["title"] or "") + "\n" + r["abstract"]
        if p["match"] != r["abstract"][:80]:
            problems.append(f"{p['id']}: match is not the abstract's first 80 characters")
        if len(p["contributions"]) != len(p["contribution_types"]):
            problems.append(f"{p['id']}: contributions and types differ in length")
        for forms, typ in zip(p["contributions"], p["contribution_types"]):
            if not forms or forms[0] not in text:
                problems.append(f"{p['id']}: contribution {forms} not in title or abstract")
            if typ not in TYPES:
                problems.append(f"{p['id']}: bad type {typ}")
    n_ct = sum(len(p["contributions"]) for p in doc["papers"])
    none = sum(1 for p in doc["papers"] if not p["contributions"])
    print(f"contrib2_100_gold.json: papers={len(doc['papers'])} contributions={n_ct} papers_without={none}")
    for line in problems:
        print("  " + line)
    print("OK" if not problems else "FAILED")
    return not problems


if __name__ == "__main__":
    recs = records()
    if "--check" not in sys.argv:
        build(recs)
    sys.exit(0 if check(recs) else 1)
