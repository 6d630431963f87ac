"""Score a built graph against a hand-annotated gold file (`kg eval GOLD`).

Gold format (see tests/data/gold/README.md): per paper, `match` (the start of its abstract)
or `id`; `key_concepts` as lists of acceptable forms; `contributions` (named things the
paper introduces); optionally `judged` {"valid": [...], "invalid": [...]} forms of linked
concepts; and corpus-wide `alias_groups` that must resolve to one node each.

Matching is on normalization keys (case, hyphens, plurals), and, in the `partial` figures,
also when one key is a whole-word part of the other ("KV cache" ~ "KV cache compression").
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import networkx as nx

from kg.errors import ConfigError
from kg.graph.inspect import papers as paper_ids
from kg.resolve.normalize import norm_key


def _alnum(text: str, n: int | None = None) -> str:
    s = re.sub(r"[^0-9a-z]+", "", text.lower())
    return s[:n] if n else s


def _forms(G: nx.MultiDiGraph, cid: str) -> set[str]:
    a = G.nodes[cid]
    forms = {a.get("name", ""), *a.get("aliases", []), a.get("definition", "")}
    return {norm_key(f) for f in forms if f}


_MARKUP_CHARS = re.compile(r"[$\\*`_<&]")


def _gold_key(form: str) -> str:
    """The key of a gold form. Annotators copy forms from the raw record, markup and all
    ("PAR$^2$-RAG", "\\textbf{EgoMem}"); the graph holds the text kg read, markup cleaned, so
    a form is compared as kg would have read it."""
    if _MARKUP_CHARS.search(form):
        from kg.read.markup import clean_markup

        form = clean_markup(form)[0]
    return norm_key(form)


def _partial(a: str, b: str) -> bool:
    return f" {a} " in f" {b} " or f" {b} " in f" {a} "


def load_gold(path: str | os.PathLike) -> dict:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError("gold file not found", source=str(path)) from None
    except json.JSONDecodeError as exc:
        raise ConfigError(f"gold file is not valid JSON ({exc.msg})", source=str(path), line=exc.lineno) from None
    if not isinstance(data, dict) or not isinstance(data.get("papers"), list):
        raise ConfigError("gold file needs a top-level object with a 'papers' list", source=str(path))
    return data


def merge_judgements(*docs: dict) -> dict:
    """One verdict file from several rounds of judging; a later round's verdict on a name wins."""
    papers: dict[str, dict[str, dict]] = {}
    for doc in docs:
        for jp in doc.get("papers", []):
            verdicts = papers.setdefault(jp["paper"], {})
            for name in jp.get("valid", []):
                verdicts[name] = {"valid": True}
            for item in jp.get("invalid", []):
                item = item if isinstance(item, dict) else {"concept": item}
                verdicts[item["concept"]] = {"valid": False, **item}
    return {"papers": [
        {"paper": pid,
         "valid": [n for n, v in verdicts.items() if v["valid"]],
         "invalid": [{"concept": n, "why": v.get("why", "")} for n, v in verdicts.items() if not v["valid"]]}
        for pid, verdicts in papers.items()
    ]}


def _find_paper(G, index: dict[str, str], gp: dict) -> str | None:
    if gp.get("id") and gp["id"] in G:
        return gp["id"]
    key = _alnum(gp.get("match", ""), 40)
    if not key:
        return None
    hits = [pid for prefix, pid in index.items() if prefix.startswith(key)]
    return hits[0] if len(hits) == 1 else None


def evaluate(G: nx.MultiDiGraph, gold: dict, judged: dict | None = None) -> dict:
    """Return recall, precision, contribution and merge figures, overall and per paper.

    `judged` (optional) holds a person's valid/invalid verdict on each linked concept,
    per paper id: {"papers": [{"paper": ID, "valid": [NAME...], "invalid": [{"concept": NAME}]}]}.
    """
    verdicts: dict[str, dict[str, bool]] = {}
    for jp in (judged or {}).get("papers", []):
        v = verdicts.setdefault(jp["paper"], {})
        for name in jp.get("valid", []):
            v[name] = True
        for item in jp.get("invalid", []):
            v[item["concept"] if isinstance(item, dict) else item] = False
    index = {_alnum(G.nodes[p].get("abstract", ""), 200): p for p in paper_ids(G)}
    rows, missing = [], []
    totals = dict(key=0, found=0, found_partial=0, linked=0, linked_matching=0, contrib=0, contrib_found=0,
                  judged=0, judged_valid=0, typed=0, type_ok=0)
    for gp in gold["papers"]:
        pid = _find_paper(G, index, gp)
        if pid is None:
            missing.append(gp.get("id") or gp.get("match", "")[:60])
            continue
        linked = {c: d["type"] for _p, c, _k, d in G.out_edges(pid, keys=True, data=True)}
        linked_forms = {c: _forms(G, c) for c in linked}
        all_forms = set().union(*linked_forms.values()) if linked_forms else set()
        found = found_partial = typed = type_ok = 0
        missed = []
        gold_keys = []
        for kc in gp.get("key_concepts", []):
            keys = {_gold_key(f) for f in kc["forms"] if f}
            gold_keys.append(keys)
            if keys & all_forms:
                found += 1
                found_partial += 1
                if kc.get("type"):
                    hit = next(c for c, forms in sorted(linked_forms.items()) if forms & keys)
                    typed += 1
                    type_ok += G.nodes[hit].get("type") == kc["type"]
            elif any(_partial(k, f) for k in keys for f in all_forms):
                found_partial += 1
            else:
                missed.append(kc["forms"][0])
        matching = sum(
            1 for forms in linked_forms.values() if any(forms & keys or any(_partial(k, f) for k in keys for f in forms) for keys in gold_keys)
        )
        proposed = [c for c, role in linked.items() if role == "PROPOSES"]
        proposed_forms = set().union(*(linked_forms[c] for c in proposed)) if proposed else set()
        c_missed = [forms[0] for forms in gp.get("contributions", []) if not {_gold_key(f) for f in forms} & proposed_forms]
        c_found = len(gp.get("contributions", [])) - len(c_missed)
        paper_verdicts = verdicts.get(pid, {})
        names = [G.nodes[c]["name"] for c in linked]
        j_valid = sum(1 for n in names if paper_verdicts.get(n) is True)
        j_all = sum(1 for n in names if n in paper_verdicts)
        n_key = len(gp.get("key_concepts", []))
        for k, v in dict(key=n_key, found=found, found_partial=found_partial, linked=len(linked), linked_matching=matching,
                         contrib=len(gp.get("contributions", [])), contrib_found=c_found, judged=j_all, judged_valid=j_valid,
                         typed=typed, type_ok=type_ok).items():
            totals[k] += v
        rows.append({"paper": pid, "key": n_key, "found": found, "found_partial": found_partial, "linked": len(linked),
                     "contributions": len(gp.get("contributions", [])), "contributions_found": c_found, "missed": missed,
                     "missed_contributions": c_missed})

    merges = []
    for group in gold.get("alias_groups", []):
        keys = {_gold_key(f) for f in group}
        nodes = sorted(c for c in G if G.nodes[c].get("kind") == "Concept" and _forms(G, c) & keys)
        merges.append({"group": group, "nodes": nodes, "ok": len(nodes) == 1})

    def ratio(a, b):
        return round(a / b, 3) if b else None

    return {
        "papers": len(rows),
        "unmatched_papers": missing,
        "recall": ratio(totals["found"], totals["key"]),
        "recall_partial": ratio(totals["found_partial"], totals["key"]),
        "concepts_per_paper": ratio(totals["linked"], len(rows)),
        "type_accuracy": ratio(totals["type_ok"], totals["typed"]),
        # a gold file of contributions only has no keys to match links against
        "precision_vs_gold_keys": ratio(totals["linked_matching"], totals["linked"]) if totals["key"] else None,
        "precision_judged": ratio(totals["judged_valid"], totals["judged"]),
        "judged_links": totals["judged"],
        "unjudged_links": totals["linked"] - totals["judged"] if verdicts else None,
        "contributions_found": ratio(totals["contrib_found"], totals["contrib"]),
        "contributions": totals["contrib"],
        "alias_groups_merged": ratio(sum(m["ok"] for m in merges), len(merges)),
        "merge_errors": [m for m in merges if not m["ok"]],
        "per_paper": rows,
    }
