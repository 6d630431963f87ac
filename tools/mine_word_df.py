"""Count how many abstracts of a large corpus use each word (a development-time tool).

Why: a key concept usually holds a word the field seldom writes ("mediation analysis",
"citation impact"); a phrase made of everyday words of the field ("special topics", "daily
workflows") seldom is one, however the paper uses it. The phrase table (mine_phrase_df.py)
counts whole phrases, which says whether the field writes the phrase, not how specific its
words are. The link ranker reads this table for the rarity of a candidate's words.

Words are counted as the resolver keys them: NFKC, case-folded, split at anything not a letter
or digit, singular. Papers of the seed lists and of every gold set under tests/data are left
out, as for the other tables. Writes kg/extract/data/word_df.tsv: a line with the number of
abstracts counted, then (word, df) for the words of at least --min-df abstracts.

    python tools/mine_word_df.py ../shared/corpora/arxiv_ai_2025_2026.jsonl.gz
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from mine_phrase_df import mining_abstracts  # noqa: E402

from kg.resolve.ranking import ABSTRACTS_LINE, key_words  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus")
    ap.add_argument("--min-df", type=int, default=3)
    ap.add_argument("--out", default=str(ROOT / "kg" / "extract" / "data" / "word_df.tsv"))
    args = ap.parse_args()
    df: collections.Counter = collections.Counter()
    counts: collections.Counter = collections.Counter()
    for text in mining_abstracts(args.corpus, counts):
        df.update(set(key_words(text)))
    used, skipped = counts["used"], counts["skipped"]
    rows = sorted((w, n) for w, n in df.items() if n >= args.min_df)
    with open(args.out, "w", encoding="utf-8") as out:
        out.write(f"# word document frequencies: {used} abstracts of {Path(args.corpus).name}, "
                  f"{skipped} seed/gold papers left out, df >= {args.min_df} (tools/mine_word_df.py)\n")
        out.write(f"{ABSTRACTS_LINE}\t{used}\n")
        for word, n in rows:
            out.write(f"{word}\t{n}\n")
    print(f"{len(rows)} words from {used} abstracts ({skipped} left out) -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
