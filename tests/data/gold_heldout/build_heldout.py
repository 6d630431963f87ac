#!/usr/bin/env python3
"""Build heldout40_gold.json from annotations_heldout.py and validate it.

  python3 build_heldout.py          # (re)build the JSON file, then validate
  python3 build_heldout.py --check  # validate the existing JSON file only
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from annotations_heldout import HELDOUT  # noqa: E402
from select_heldout import MOD, REM, select  # noqa: E402

OUT = os.path.join(HERE, "heldout40_gold.json")
TYPES = {"Model", "Method", "Framework", "Benchmark", "Dataset", "Task", "Metric", "Concept"}


def concept(spec):
    typ, *forms = spec.split("|")
    assert typ in TYPES, spec
    assert forms and all(forms), spec
    return {"forms": forms, "type": typ}


def build(recs):
    assert [r["id"] for r in recs] and set(r["id"] for r in recs) == set(HELDOUT), \
        set(r["id"] for r in recs) ^ set(HELDOUT)
    papers = []
    for r in recs:
        kcs, contribs = HELDOUT[r["id"]]
        papers.append({"match": r["abstract"][:80], "id": r["id"],
                       "key_concepts": [concept(c) for c in kcs],
                       "contributions": contribs})
    doc = {
        "description": (f"HELD-OUT hand-annotated gold standard for the concept extractor on {len(recs)} arXiv "
                        "abstracts from /work/shared/corpora/arxiv_ai_2025_2026.jsonl.gz, selected "
                        f"deterministically by select_heldout.py (records with int(sha1(id).hexdigest()[:8],16) "
                        f"% {MOD} == {REM}, file order, skipping ids in tests/data/gold/arxiv40.jsonl, first 40; "
                        f"the rule yields only {len(recs)} records in the whole corpus). Annotated manually by an "
                        "ML researcher from title+abstract, following tests/data/gold/README.md, blind to kg/ code "
                        "and extractor output. kg developers must not tune on this file."),
        "papers": papers,
    }
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, indent=1)
        f.write("\n")


def strip_markup(t):
    t = re.sub(r"\\(textbf|textit|emph|texttt|url|href)\{", "", t)
    return t.replace("*", "").replace("}", "").replace("{", "")


def check(recs):
    ok = True
    by_id = {r["id"]: r for r in recs}
    abstracts = [r["abstract"] for r in recs]
    with open(OUT, encoding="utf-8") as f:
        doc = json.load(f)
    n_kc = n_ct = 0
    if len(doc["papers"]) != len(recs):
        ok = False
        print("paper count", len(doc["papers"]), "!= selected", len(recs))
    for i, p in enumerate(doc["papers"]):
        m = p["match"]
        hits = sum(1 for a in abstracts if a.startswith(m))
        if hits != 1 or len(m) != 80:
            ok = False
            print(f"[#{i}] match found {hits} times among selected abstracts, len {len(m)}")
        if by_id[p["id"]]["abstract"][:80] != m:
            ok = False
            print(f"[#{i}] id/match mismatch")
        kcs = p["key_concepts"]
        if not 5 <= len(kcs) <= 12:
            ok = False
            print(f"[#{i}] {len(kcs)} key concepts")
        text = by_id[p["id"]]["title"] + "\n" + by_id[p["id"]]["abstract"]
        low = strip_markup(text).lower() + "\n" + text.lower()
        seen = set()
        for kc in kcs:
            if kc["type"] not in TYPES or not kc["forms"]:
                ok = False
                print(f"[#{i}] bad concept {kc}")
            key = kc["forms"][0].lower()
            if key in seen:
                ok = False
                print(f"[#{i}] duplicate concept {key}")
            seen.add(key)
            if key not in low:
                ok = False
                print(f"[#{i}] first form of {kc['forms']} not found in text")
        for c in p["contributions"]:
            if not (isinstance(c, list) and c):
                ok = False
                print(f"[#{i}] bad contribution {c}")
            elif c[0].lower() not in low:
                ok = False
                print(f"[#{i}] contribution {c} not found in text")
        n_kc += len(kcs)
        n_ct += len(p["contributions"])
    print(f"heldout40_gold.json: papers={len(doc['papers'])} key_concepts={n_kc} contributions={n_ct}")
    print("OK" if ok else "FAILED")
    return ok


if __name__ == "__main__":
    recs = select()
    if "--check" not in sys.argv[1:]:
        build(recs)
    sys.exit(0 if check(recs) else 1)
