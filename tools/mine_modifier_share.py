"""Count how often each hyphenated word of a large corpus stands in front of a noun (a
development-time tool).

Why: "multi-agent", "vision-language" and "closed-loop" almost always modify a noun ("multi-agent
framework"), while "fine-tuning" and "chain-of-thought" mostly name a thing themselves. A phrase
that ends in a word of the first kind, right before a noun, is a cut-off piece of a longer phrase
("coordinated multi-agent| framework"). This writes, for every lower-case hyphenated word used
at least --min-count times, the share of its uses followed by a noun (by kg's lexicon), when
that share is at least --min-share, to kg/extract/data/modifier_share.tsv. The seed and gold
papers are left out, as for the phrase counts.

    python tools/mine_modifier_share.py ../shared/corpora/arxiv_ai_2025_2026.jsonl.gz
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

_HYPHENATED = re.compile(r"(?<![\w-])([a-z]+(?:-[a-z]+)+)(?![\w-])(?:\s+([A-Za-z]+))?")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus")
    ap.add_argument("--min-count", type=int, default=20)
    ap.add_argument("--min-share", type=float, default=0.5)
    ap.add_argument("--out", default=str(ROOT / "kg" / "extract" / "data" / "modifier_share.tsv"))
    args = ap.parse_args()

    from mine_phrase_df import mining_abstracts

    from kg.extract.phrases import lexicon, tag_word

    lex = lexicon()
    uses: collections.Counter = collections.Counter()
    before_noun: collections.Counter = collections.Counter()
    noun_cache: dict[str, bool] = {}
    for text in mining_abstracts(args.corpus):
        for m in _HYPHENATED.finditer(text):
            word, nxt = m.group(1), m.group(2)
            uses[word] += 1
            if nxt:
                noun = noun_cache.get(nxt)
                if noun is None:
                    noun = noun_cache[nxt] = tag_word(nxt, lex) in ("NOUN", "PROPN")
                before_noun[word] += noun
    rows = sorted(
        (w, before_noun[w] / n) for w, n in uses.items() if n >= args.min_count and before_noun[w] / n >= args.min_share
    )
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write(f"# share of uses in front of a noun of hyphenated words used >= {args.min_count} times, "
                 f">= {args.min_share} (tools/mine_modifier_share.py, {Path(args.corpus).name})\n")
        for word, share in rows:
            fh.write(f"{word}\t{share:.2f}\n")
    print(f"{len(rows)} words -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
