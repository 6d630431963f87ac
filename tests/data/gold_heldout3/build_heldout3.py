#!/usr/bin/env python3
"""Build heldout3_40_gold.json from annotations_heldout3.py and validate it.

  python3 build_heldout3.py          # (re)build the JSON file, then validate
  python3 build_heldout3.py --check  # validate the existing JSON file only
"""
import json
import os
import re
import sys
from pathlib import Path

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from annotations_heldout3 import HELDOUT3  # noqa: E402
from select_heldout3 import MOD, REM, hashed, seed_prefixes, select  # noqa: E402

OUT = os.path.join(HERE, "heldout3_40_gold.json")
TYPES = {"Model", "Method", "Framework", "Benchmark", "Dataset", "Task", "Metric", "Concept"}
OTHER_GOLD = [Path(HERE).parent / "gold" / "arxiv40.jsonl",
              Path(HERE).parent / "gold_heldout" / "heldout40.jsonl",
              Path(HERE).parent / "gold_heldout2" / "heldout2_40.jsonl"]


def concept(spec):
    typ, *forms = spec.split("|")
    assert typ in TYPES, spec
    assert forms and all(forms), spec
    return {"forms": forms, "type": typ}


def build(recs):
    assert [r["id"] for r in recs] and set(r["id"] for r in recs) == set(HELDOUT3), \
        set(r["id"] for r in recs) ^ set(HELDOUT3)
    papers = []
    for r in recs:
        kcs, contribs = HELDOUT3[r["id"]]
        papers.append({"match": r["abstract"][:80], "id": r["id"],
                       "key_concepts": [concept(c) for c in kcs],
                       "contributions": contribs})
    rems = sorted({hashed(r["id"]) for r in recs})
    per_rem = {m: sum(1 for r in recs if hashed(r["id"]) == m) for m in rems}
    doc = {
        "description": (f"HELD-OUT (third set) hand-annotated gold standard for the concept extractor on {len(recs)} "
                        "arXiv abstracts from /work/shared/corpora/arxiv_ai_2025_2026.jsonl.gz, selected "
                        "deterministically by select_heldout3.py (records with a non-empty abstract and "
                        f"int(sha1(id).hexdigest()[:8],16) % {MOD} == {REM}, file order, skipping ids in "
                        "tests/data/gold/arxiv40.jsonl, tests/data/gold_heldout/heldout40.jsonl and "
                        "tests/data/gold_heldout2/heldout2_40.jsonl and seed papers, "
                        f"first 40; residue {REM} yields only {per_rem.get(REM, 0)} records in the whole corpus, so the "
                        f"set is topped up from the next residues in order: "
                        + ", ".join(f"{m}: {n}" for m, n in per_rem.items()) + "). "
                        "Annotated manually by an ML researcher from title+abstract, following tests/data/gold/README.md "
                        "and the judgement calls of tests/data/gold_heldout2/README.md, "
                        "blind to kg/ code and extractor output. kg developers must not tune on this file."),
        "papers": papers,
    }
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, indent=1)
        f.write("\n")


def strip_markup(t):
    t = re.sub(r"\\(textbf|textit|emph|texttt|url|href)\{", "", t)
    return t.replace("*", "").replace("}", "").replace("{", "")


def other_gold_abstracts():
    out = []
    for path in OTHER_GOLD:
        with open(path, encoding="utf-8") as f:
            out += [json.loads(line)["abstract"] for line in f if line.strip()]
    return out


def check(recs):
    ok = True
    by_id = {r["id"]: r for r in recs}
    abstracts = [r["abstract"] for r in recs]
    others = other_gold_abstracts()
    seeds = seed_prefixes()
    with open(OUT, encoding="utf-8") as f:
        doc = json.load(f)
    n_kc = n_ct = 0
    if len(doc["papers"]) != len(recs):
        ok = False
        print("paper count", len(doc["papers"]), "!= selected", len(recs))
    if [p["id"] for p in doc["papers"]] != [r["id"] for r in recs]:
        ok = False
        print("paper ids/order differ from the selection")
    for i, p in enumerate(doc["papers"]):
        m = p["match"]
        hits = sum(1 for a in abstracts if a.startswith(m))
        if hits != 1 or len(m) != 80:
            ok = False
            print(f"[#{i}] match found {hits} times among selected abstracts, len {len(m)}")
        if p["id"] not in by_id or by_id[p["id"]]["abstract"][:80] != m:
            ok = False
            print(f"[#{i}] id/match mismatch")
            continue
        if any(a.startswith(m) for a in others) or " ".join(m.split()).lower() in seeds:
            ok = False
            print(f"[#{i}] match is also the start of a development-gold / first or second held-out / seed abstract")
        kcs = p["key_concepts"]
        if not 5 <= len(kcs) <= 12:
            ok = False
            print(f"[#{i}] {len(kcs)} key concepts")
        text = by_id[p["id"]]["title"] + "\n" + by_id[p["id"]]["abstract"]
        low = strip_markup(text).lower() + "\n" + text.lower()
        seen = set()
        all_forms = set()
        for kc in kcs:
            if kc.get("type") not in TYPES or not kc.get("forms") or not all(kc["forms"]):
                ok = False
                print(f"[#{i}] bad concept {kc}")
                continue
            key = kc["forms"][0].lower()
            if key in seen:
                ok = False
                print(f"[#{i}] duplicate concept {key}")
            seen.add(key)
            if len(set(kc["forms"])) != len(kc["forms"]):
                ok = False
                print(f"[#{i}] duplicate form in {kc['forms']}")
            forms_low = {f.lower() for f in kc["forms"]}
            if forms_low & all_forms:
                ok = False
                print(f"[#{i}] form(s) {sorted(forms_low & all_forms)} shared by two key concepts")
            all_forms.update(forms_low)
            if key not in low:
                ok = False
                print(f"[#{i}] first form of {kc['forms']} not found in text")
        for c in p["contributions"]:
            if not (isinstance(c, list) and c and all(isinstance(x, str) and x for x in c)):
                ok = False
                print(f"[#{i}] bad contribution {c}")
                continue
            if c[0].lower() not in low:
                ok = False
                print(f"[#{i}] contribution {c} not found in text")
            if c[0].lower() not in all_forms:
                ok = False
                print(f"[#{i}] contribution {c} is not among the paper's key-concept forms")
        n_kc += len(kcs)
        n_ct += len(p["contributions"])
    print(f"heldout3_40_gold.json: papers={len(doc['papers'])} key_concepts={n_kc} contributions={n_ct}")
    print("OK" if ok else "FAILED")
    return ok


if __name__ == "__main__":
    recs = select()
    if "--check" not in sys.argv[1:]:
        build(recs)
    sys.exit(0 if check(recs) else 1)
