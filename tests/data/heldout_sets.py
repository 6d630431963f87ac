"""Shared making of the held-out gold sets (gold_heldout4/ onward): one place for the rules.

Each set's folder keeps two thin scripts that call these functions with its own numbers:
`select_heldoutN.py` picks its 40 records from the arXiv corpus, `build_heldoutN.py` turns the
two annotators' files into `heldoutN_40_gold.json` and checks it (`--check`: check only).
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
import re
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent
ROOT = DATA.parents[1]  # the repository
CORPUS = ROOT.parent / "shared" / "corpora" / "arxiv_ai_2025_2026.jsonl.gz"
TYPES = {"Model", "Method", "Framework", "Benchmark", "Dataset", "Task", "Metric", "Concept"}
ORDINALS = {4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth", 9: "ninth", 10: "tenth", 11: "eleventh", 12: "twelfth", 13: "thirteenth", 14: "fourteenth", 15: "fifteenth", 16: "sixteenth", 17: "seventeenth", 18: "eighteenth", 19: "nineteenth", 20: "twentieth", 21: "twenty-first", 22: "twenty-second", 23: "twenty-third", 24: "twenty-fourth", 25: "twenty-fifth", 26: "twenty-sixth", 27: "twenty-seventh", 28: "twenty-eighth", 29: "twenty-ninth", 30: "thirtieth", 31: "thirty-first", 32: "thirty-second", 33: "thirty-third", 34: "thirty-fourth", 35: "thirty-fifth", 36: "thirty-sixth", 37: "thirty-seventh", 38: "thirty-eighth", 39: "thirty-ninth", 40: "fortieth", 41: "forty-first", 42: "forty-second", 43: "forty-third", 44: "forty-fourth", 45: "forty-fifth", 46: "forty-sixth", 47: "forty-seventh", 48: "forty-eighth", 49: "forty-ninth", 50: "fiftieth", 51: "fifty-first", 52: "fifty-second", 53: "fifty-third", 54: "fifty-fourth", 55: "fifty-fifth", 56: "fifty-sixth"}


# ---- selection


def _prefix(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()[:80]


def _excluded(here: Path) -> tuple[set, set]:
    """Ids of every other gold set's records and text prefixes of the seed abstracts."""
    ids = set()
    for path in DATA.glob("gold*/*.jsonl"):
        if path.parent != here:
            ids.update(json.loads(line).get("id") for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    seeds = set()
    for path in (ROOT / "seeds").glob("*.txt"):
        for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")):
            if len(block) > 200:
                seeds.add(_prefix(block))
    return ids, seeds


def select(here: Path, residue: int, n: int = 40, mod: int = 1000, skip_first: int = 20000) -> list[dict]:
    """The first `n` records past the corpus's first `skip_first` whose id hashes to `residue`
    (then residue + 1, ..., a full pass each), skipping other gold sets and the seeds."""
    ids, seeds = _excluded(here)
    out, rem = [], residue
    while len(out) < n:
        with gzip.open(CORPUS, "rt", encoding="utf-8") as fh:
            for lineno, line in enumerate(fh):
                if lineno < skip_first:
                    continue
                rec = json.loads(line)
                rid = rec.get("id") or ""
                if not rec.get("abstract") or rid in ids or int(hashlib.sha1(rid.encode()).hexdigest()[:8], 16) % mod != rem:
                    continue
                if any(s.startswith(_prefix(rec["abstract"])[:60]) for s in seeds):
                    continue
                out.append({"id": rid, "title": rec.get("title"), "abstract": rec["abstract"]})
                if len(out) >= n:
                    break
        rem += 1
    return out


def write_selection(here: Path, number: int, recs: list[dict]) -> None:
    with open(here / f"heldout{number}_40.jsonl", "w", encoding="utf-8") as fh:
        for r in recs:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(len(recs), "records")


# ---- gold file


def records(here: Path, number: int) -> list[dict]:
    text = (here / f"heldout{number}_40.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _parts(here: Path) -> tuple[dict, dict]:
    found = []
    for n, name in ((1, "PART1"), (2, "PART2")):
        spec = importlib.util.spec_from_file_location(f"{here.name}_annotations_part{n}", here / f"annotations_part{n}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        found.append(getattr(module, name))
    return found[0], found[1]


def build(here: Path, number: int, dated: str) -> None:
    """Write heldoutN_40_gold.json from the two annotation files; `dated` says when and in which session."""
    part1, part2 = _parts(here)
    recs = records(here, number)
    notes = {**part1, **part2}
    assert [r["id"] for r in recs] == list(part1) + list(part2), "annotation ids differ from the selection"
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
            f"HELD-OUT ({ORDINALS[number]} set) gold standard for the concept extractor: 40 arXiv abstracts of "
            f"arxiv_ai_2025_2026.jsonl.gz chosen by select_heldout{number}.py, annotated on {dated} by two annotators "
            "(LLM-assisted, 20 abstracts each) blind to kg's code and output, following tests/data/gold/README.md and "
            "the judgement calls of tests/data/gold_heldout2/README.md. kg developers must not tune on this file."
        ),
        "papers": papers,
    }
    (here / f"heldout{number}_40_gold.json").write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def check(here: Path, number: int) -> bool:
    """Whether the gold file matches its records and the annotators' rules; prints what does not."""
    recs = records(here, number)
    doc = json.loads((here / f"heldout{number}_40_gold.json").read_text(encoding="utf-8"))
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
    print(f"heldout{number}_40_gold.json: papers={len(doc['papers'])} key_concepts={n_kc} contributions={n_ct}")
    for line in problems:
        print("  " + line)
    print("OK" if not problems else "FAILED")
    return not problems


def build_main(here: Path, number: int, dated: str) -> None:
    """`build_heldoutN.py [--check]`: (re)build the gold file unless --check, then check it."""
    if "--check" not in sys.argv[1:]:
        build(here, number, dated)
    sys.exit(0 if check(here, number) else 1)
