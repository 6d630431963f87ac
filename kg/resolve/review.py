"""The merge review loop: what the resolver merged, what it nearly merged, and user rules.

`kg build --review FILE` writes every merge of differently-written forms and the close
calls it refused; `kg build --rules FILE` reads decisions back on the next run:

    # kg merge rules: one per line, tab-separated
    merge   LLM agents      language agents     # these two forms are one concept
    split   TTS                                 # never resolve this form through an alias
"""

from __future__ import annotations

import collections
import difflib
import os
from dataclasses import dataclass, field
from pathlib import Path

from kg.errors import ConfigError
from kg.export.atomic import atomic_open
from kg.resolve.normalize import norm_key


@dataclass
class MergeRules:
    merge: dict[str, str] = field(default_factory=dict)  # key -> key it joins
    split: set[str] = field(default_factory=set)  # keys that keep their own node

    def target(self, key: str) -> str:
        if key not in self.merge:
            return key  # nearly every key: no set to build
        seen = set()
        while key in self.merge and key not in seen:
            seen.add(key)
            key = self.merge[key]
        return key


def read_rules(path: str | os.PathLike) -> MergeRules:
    """Parse a rules file; a malformed line is an error naming the file and line."""
    rules = MergeRules()
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ConfigError(f"cannot read merge rules ({exc.strerror})", source=str(path)) from None
    for lineno, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        cols = [c.strip() for c in line.split("\t") if c.strip()]
        if cols[0] == "merge" and len(cols) == 3:
            rules.merge[norm_key(cols[1])] = norm_key(cols[2])
        elif cols[0] == "split" and len(cols) == 2:
            rules.split.add(norm_key(cols[1]))
        else:
            raise ConfigError(
                f"cannot read rule {line.strip()!r}",
                source=str(path),
                line=lineno,
                hint="write 'merge<TAB>FORM<TAB>FORM' or 'split<TAB>FORM'",
            )
    return rules


def review_rows(res) -> list[tuple[str, str, str, str]]:
    """Rows (decision, concept id, forms, reason): merges made and close calls refused."""
    rows = []
    why = {m["key"]: m["reason"] for m in res.merges}  # corpus-level merges of keys
    for cid in sorted(res.concepts):
        c = res.concepts[cid]
        keys = collections.OrderedDict()
        for form in (c.name, *c.aliases):
            keys.setdefault(norm_key(form), form)
        if len(keys) > 1:
            merged = sorted({why[k] for k in keys if k in why})
            reason = f"acronym of {c.definition}" if c.definition else (", ".join(merged) or "alias")
            rows.append(("merged", cid, " | ".join(sorted(set(keys.values()))), reason))
    # close calls: different nodes whose keys are nearly the same string
    by_first: dict[str, list[str]] = collections.defaultdict(list)
    for cid in sorted(res.concepts):
        key = cid.removeprefix("concept:")
        by_first[key[:3]].append(cid)
    for group in by_first.values():
        for i, a in enumerate(group):
            for b in group[i + 1 :]:
                ka, kb = a.removeprefix("concept:"), b.removeprefix("concept:")
                if min(len(ka), len(kb)) < 5:
                    continue
                ratio = difflib.SequenceMatcher(None, ka, kb).ratio()
                if ratio >= 0.9:
                    rows.append(("kept apart", f"{a} / {b}", f"{res.concepts[a].name} | {res.concepts[b].name}", f"similarity {ratio:.2f}"))
    return rows


def write_review(res, path: str | os.PathLike) -> None:
    """Write the review file (TSV with a header); decisions go back in as --rules lines."""
    with atomic_open(path) as fh:
        fh.write("# decision\tconcept\tforms\treason\n")
        fh.write("# to change a decision, add 'merge<TAB>FORM<TAB>FORM' or 'split<TAB>FORM' to a rules file\n")
        for row in review_rows(res):
            fh.write("\t".join(row) + "\n")
