"""Count how many abstracts of a large corpus use each candidate phrase (a development-time tool).

Why: a phrase that one paper writes once ("credit assignment", "loss landscape") is weak
evidence on its own, but if hundreds of other abstracts use it too, it is an established
term of the field: document frequency is a termhood score. This counts, for every phrase
kg's run-time phrase finder proposes (kg.extract.phrases.noun_phrases over kg's tokenizer, and
modified_short_forms: "agentic RAG"),
and for every single noun that could name a concept (kg.extract.phrases.single_noun),
the number of distinct abstracts it occurs in (a phrase also counts for each shorter phrase
with the same head inside it), and writes the phrases used by at least
--min-df abstracts to kg/extract/data/phrase_df.tsv (key, df). The resolver reads it.
The phrase finder splits phrases at words it reads as verbs unless the field writes the two
words as a compound; it reads which from the table being replaced, so that a re-mined table
keeps the compounds ("tool calls") the old one knew.

Papers of the seed lists and of every gold set under tests/data are left out, so nothing is
learned from the papers kg is demonstrated or evaluated on.

    python tools/mine_phrase_df.py ../shared/corpora/arxiv_ai_2025_2026.jsonl.gz
"""

from __future__ import annotations

import argparse
import collections
import gzip
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _fingerprint(text: str) -> str:
    return " ".join(re.findall(r"[a-z]+", text.lower()))[:200]


def excluded_abstracts() -> tuple[set[str], set[str]]:
    """Ids and text fingerprints of every seed and gold paper."""
    ids: set[str] = set()
    prints: set[str] = set()
    for seed in sorted((ROOT / "seeds").glob("*")):
        for para in seed.read_text(encoding="utf-8").splitlines():
            if len(para) > 200:
                prints.add(_fingerprint(para))
    for path in sorted((ROOT / "tests" / "data").rglob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                rec = json.loads(line)
                if rec.get("id"):
                    ids.add(rec["id"])
                if rec.get("abstract"):
                    prints.add(_fingerprint(rec["abstract"]))
    return ids, prints


def mining_abstracts(corpus: str, counts: collections.Counter | None = None):
    """The abstracts of a JSONL(.gz) corpus the tables are mined from: every one but the seed
    and gold papers (counted as "skipped" in `counts`, the others as "used")."""
    ids, prints = excluded_abstracts()
    counts = collections.Counter() if counts is None else counts
    with gzip.open(corpus, "rt", encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            text = rec.get("abstract") or ""
            if not text:
                continue
            if rec.get("id") in ids or _fingerprint(text) in prints:
                counts["skipped"] += 1
                continue
            counts["used"] += 1
            yield text


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus")
    ap.add_argument("--min-df", type=int, default=3)
    ap.add_argument("--out", default=str(ROOT / "kg" / "extract" / "data" / "phrase_df.tsv"))
    args = ap.parse_args()

    sys.path.insert(0, str(ROOT))
    from spacy.vocab import Vocab

    from kg.extract.phrases import lexicon, modified_short_forms, noun_phrases, single_noun
    from kg.extract.tokenizer import AbstractTokenizer
    from kg.extract.vocabulary import load_vocabulary
    from kg.resolve.normalize import norm_key

    tokenize = AbstractTokenizer(Vocab())
    lex = lexicon()
    # the compounds the run-time phrase finder consults ("tool calls" is no "tool" and a verb)
    # come from the table being replaced, so that mining sees the phrases a build sees
    compounds = load_vocabulary().phrase_df
    df: collections.Counter = collections.Counter()
    counts: collections.Counter = collections.Counter()
    for text in mining_abstracts(args.corpus, counts):
        doc = tokenize(text)
        toks = doc.user_data["kg_tokens"]
        keys = {k for k in (single_noun(t.text, lex) for t in toks) if k}
        for _a, _b, i, j in doc.user_data["kg_sents"]:
            sent = [(t.text, t.idx, t.end) for t in toks[i:j]]
            # "agentic RAG", "video QA": a modifier before a short form
            keys.update(norm_key(text[start:end]) for start, end in modified_short_forms(sent, lex))
            for start, end, words, _weak in noun_phrases(sent, lex, compounds=compounds):
                keys.add(norm_key(text[start:end]))
                # and every shorter phrase with the same head: "semantic masks" in
                # "high-fidelity semantic masks" is a use of "semantic masks" too
                for k in range(1, len(words) - 1):
                    keys.add(norm_key(" ".join(words[k:])))
        df.update(keys)
    used, skipped = counts["used"], counts["skipped"]
    rows = sorted((k, n) for k, n in df.items() if n >= args.min_df and k)
    with open(args.out, "w", encoding="utf-8") as out:
        out.write(f"# phrase document frequencies: {used} abstracts of {Path(args.corpus).name}, "
                  f"{skipped} seed/gold papers left out, df >= {args.min_df} (tools/mine_phrase_df.py)\n")
        for key, n in rows:
            out.write(f"{key}\t{n}\n")
    print(f"{len(rows)} phrases from {used} abstracts ({skipped} left out) -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
