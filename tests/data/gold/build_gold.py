#!/usr/bin/env python3
"""Build seeds_gold.json and arxiv40_gold.json from the hand annotations and validate them.

  python3 build_gold.py          # (re)build both JSON files, then validate
  python3 build_gold.py --check  # validate existing JSON files only
"""
import gzip
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from annotations_arxiv40 import ARXIV  # noqa: E402
from annotations_seeds import ALIAS_GROUPS, SEED_FILES, SEEDS  # noqa: E402
from select_unseen import CORPUS, select  # noqa: E402

VERBOSE = "-v" in sys.argv[1:]
TYPES = {"Model", "Method", "Framework", "Benchmark", "Dataset", "Task", "Metric", "Concept"}


def seed_abstracts():
    out = []
    for path in SEED_FILES:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        _title, body = text.split("\n", 1)
        out.extend(p.strip() for p in body.split("\n\n") if p.strip())
    return out


def concept(spec):
    typ, *forms = spec.split("|")
    assert typ in TYPES, spec
    assert forms and all(forms), spec
    return {"forms": forms, "type": typ}


def build():
    seeds = seed_abstracts()
    assert len(seeds) == len(SEEDS) == 38, (len(seeds), len(SEEDS))
    papers = []
    for abs_, (kcs, contribs) in zip(seeds, SEEDS):
        papers.append({"match": abs_[:80],
                       "key_concepts": [concept(c) for c in kcs],
                       "contributions": contribs})
    seeds_doc = {
        "description": ("Hand-annotated gold standard for the concept extractor on the 38 seed abstracts "
                        "(seeds/000_21b7cce00190b530.txt and seeds/001_3b3022f013145135.txt, in file order). "
                        "Annotated manually by an ML researcher reading each abstract, following "
                        "tests/data/gold/README.md, independently of (and without looking at) any kg/ code or "
                        "extractor output. key_concepts: 5-12 per paper, each a list of acceptable surface forms "
                        "plus a type; contributions: named things the paper itself introduces; alias_groups: "
                        "surface forms occurring in the seeds that must resolve to one concept."),
        "papers": papers,
        "alias_groups": ALIAS_GROUPS,
    }
    recs = select()
    assert len(recs) == 40
    assert set(r["id"] for r in recs) == set(ARXIV), set(r["id"] for r in recs) ^ set(ARXIV)
    papers = []
    for r in recs:
        kcs, contribs = ARXIV[r["id"]]
        papers.append({"match": r["abstract"][:80], "id": r["id"],
                       "key_concepts": [concept(c) for c in kcs],
                       "contributions": contribs})
    arxiv_doc = {
        "description": ("Hand-annotated gold standard for the concept extractor on 40 unseen abstracts from "
                        "/work/shared/corpora/arxiv_llm_reasoning_2025_2026.jsonl.gz, selected deterministically by "
                        "select_unseen.py (records with int(sha1(id).hexdigest()[:8],16) % 250 == 7, file order, "
                        "first 40). Annotated manually by an ML researcher from title+abstract, following "
                        "tests/data/gold/README.md, without looking at any kg/ code or extractor output."),
        "papers": papers,
    }
    for name, doc in (("seeds_gold.json", seeds_doc), ("arxiv40_gold.json", arxiv_doc)):
        with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
            json.dump(doc, f, ensure_ascii=False, indent=1)
            f.write("\n")


def strip_markup(t):
    t = re.sub(r"\\(textbf|textit|emph|texttt|url|href)\{", "", t)
    return t.replace("*", "").replace("}", "").replace("{", "")


def check():
    ok = True
    seeds = seed_abstracts()
    corpus = {}
    with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                corpus[r["id"]] = r
    corpus_abs = [r["abstract"] for r in corpus.values()]
    selected = [r["abstract"] for r in select()]
    totals = {}
    # Uniqueness is required within the gold pool (38 seeds + 40 selected records). The
    # corpus-wide count is informational only: some abstracts share generic 80-char openings
    # and some seed papers are themselves in the corpus; arXiv entries carry an "id" anyway.
    for name, pool in (("seeds_gold.json", seeds), ("arxiv40_gold.json", selected)):
        with open(os.path.join(HERE, name), encoding="utf-8") as f:
            doc = json.load(f)
        n_kc = n_ct = 0
        for i, p in enumerate(doc["papers"]):
            m = p["match"]
            hits = sum(1 for a in seeds + selected if a.startswith(m))
            hits_corpus = sum(1 for a in corpus_abs if a.startswith(m))
            if hits != 1 or len(m) != 80:
                ok = False
                print(f"[{name}#{i}] match found {hits} times in the gold pool, len {len(m)}")
            if VERBOSE and hits_corpus > (1 if "id" in p else 0):
                print(f"[{name}#{i}] info: match prefix occurs {hits_corpus}x in full corpus")
            if "id" in p and corpus[p["id"]]["abstract"][:80] != m:
                ok = False
                print(f"[{name}#{i}] id/match mismatch")
            kcs = p["key_concepts"]
            if not 5 <= len(kcs) <= 12:
                ok = False
                print(f"[{name}#{i}] {len(kcs)} key concepts")
            abs_text = next(a for a in pool if a.startswith(m))
            if "id" in p:
                abs_text = corpus[p["id"]]["title"] + "\n" + abs_text
            low = strip_markup(abs_text).lower() + "\n" + abs_text.lower()
            seen = set()
            for kc in kcs:
                assert kc["type"] in TYPES
                assert isinstance(kc["forms"], list) and kc["forms"]
                key = kc["forms"][0].lower()
                if key in seen:
                    ok = False
                    print(f"[{name}#{i}] duplicate concept {key}")
                seen.add(key)
                if kc["forms"][0].lower() not in low:
                    ok = False
                    print(f"[{name}#{i}] first form of {kc['forms']} not found in text")
            for c in p["contributions"]:
                assert isinstance(c, list) and c
                if c[0].lower() not in low:
                    print(f"[{name}#{i}] WARN contribution {c} not found in text")
            n_kc += len(kcs)
            n_ct += len(p["contributions"])
        totals[name] = (len(doc["papers"]), n_kc, n_ct, len(doc.get("alias_groups", [])))
    with open(os.path.join(HERE, "seeds_gold.json"), encoding="utf-8") as f:
        doc = json.load(f)
    joined = "\n".join(seeds)
    if not 8 <= len(doc["alias_groups"]) <= 15:
        ok = False
        print("alias group count", len(doc["alias_groups"]))
    for g in doc["alias_groups"]:
        for fm in g:
            if not re.search(r"(?<![A-Za-z])" + re.escape(fm) + r"(?![A-Za-z])", joined):
                ok = False
                print("alias form not in seeds:", fm)
    for k, v in totals.items():
        print(f"{k}: papers={v[0]} key_concepts={v[1]} contributions={v[2]} alias_groups={v[3]}")
    print("OK" if ok else "FAILED")
    return ok


if __name__ == "__main__":
    if "--check" not in sys.argv[1:]:
        build()
    sys.exit(0 if check() else 1)
