"""VOSviewer files: a map file and a network file (VOSviewer desktop), and VOSviewer JSON (Online).

Items are the concepts found in papers, links are co-occurrences (papers in common; the graph's
CO_OCCURS edges when it has them). Each item's cluster is its community when the graph has
communities, else its concept type, so VOSviewer colours the map either way; its weight is its
paper count and, when papers have years, its score is their average year (VOSviewer's overlay
view). No coordinates are written: VOSviewer lays the map out itself.

Open in VOSviewer: Create… → Create a map based on network data → Read data from VOSviewer
files → map.txt and network.txt. VOSviewer Online (app.vosviewer.com) opens network.json.
"""

from __future__ import annotations

import json
import os
import statistics
from html import escape
from pathlib import Path

import networkx as nx

from kg.export.atomic import atomic_open
from kg.export.flatten import xml_safe
from kg.graph.schema import PAPER, PAPER_ROLES
from kg.models import CONCEPT_TYPES

MAP_FILE = "map.txt"
NETWORK_FILE = "network.txt"
JSON_FILE = "network.json"
MAX_CLUSTERS = 1000  # VOSviewer's limit: clusters are integers 1..1000


def vosviewer_network(G: nx.MultiDiGraph, *, min_papers: int = 1) -> dict:
    """Return the VOSviewer JSON document (``{"network": {"items", "links", "clusters"}}``) of `G`.

    Items are the concepts in at least `min_papers` papers, most shared first, numbered from 1.
    """
    from kg.view.model import community_key, cooccurrence, top_concepts

    ids = [c for c in top_concepts(G, len(G)) if G.nodes[c].get("paper_count", 0) >= min_papers]
    number = {c: i for i, c in enumerate(ids, start=1)}

    communities = [community_key(G.nodes[c].get("community")) for c in ids]
    if any(k is not None for k in communities):
        sizes: dict[str, int] = {}
        for k in communities:
            if k is not None:
                sizes[k] = sizes.get(k, 0) + 1
        order = sorted(sizes, key=lambda k: (-sizes[k], k))[: MAX_CLUSTERS - 1]
        cluster_of_key = {k: i for i, k in enumerate(order, start=1)}
        other = len(order) + 1  # no community, or past VOSviewer's limit
        labels = {}
        for c, k in zip(ids, communities):
            if k in cluster_of_key and k not in labels:
                labels[k] = str(G.nodes[c].get("community_label") or f"community {k}")
        cluster = {
            c: cluster_of_key.get(k, other) if k is not None else other for c, k in zip(ids, communities)
        }
        clusters = [{"cluster": cluster_of_key[k], "label": labels[k]} for k in order]
        if any(v == other for v in cluster.values()):
            clusters.append({"cluster": other, "label": "other"})
    else:
        present = {str(G.nodes[c].get("type")) for c in ids}
        types = [t for t in CONCEPT_TYPES if t in present] + sorted(present - set(CONCEPT_TYPES))
        type_cluster = {t: i for i, t in enumerate(types, start=1)}
        cluster = {c: type_cluster[str(G.nodes[c].get("type"))] for c in ids}
        clusters = [{"cluster": i, "label": t} for t, i in type_cluster.items()]

    years = _mean_years(G, ids)
    items = []
    for c in ids:
        a = G.nodes[c]
        item = {
            "id": number[c],
            "label": _clean(str(a.get("name") or c)),
            "description": _description(a),
            "cluster": cluster[c],
            "weights": {"Documents": a.get("paper_count", 0)},
        }
        if years is not None:
            item["scores"] = {"Avg. pub. year": years[c]}
        items.append(item)
    pairs = sorted(
        (min(number[u], number[v]), max(number[u], number[v]), w)
        for (u, v), w in cooccurrence(G, ids).items()
    )
    links = [{"source_id": a, "target_id": b, "strength": _num(w)} for a, b, w in pairs]
    return {"network": {"items": items, "links": links, "clusters": clusters}}


def write_vosviewer(G: nx.MultiDiGraph, out_dir: str | os.PathLike, *, min_papers: int = 1) -> Path:
    """Write DIR/map.txt, DIR/network.txt (VOSviewer map and network files) and DIR/network.json; return DIR.

    `min_papers` leaves out concepts found in fewer papers (VOSviewer's "minimum number of
    occurrences"); by default every concept found in a paper is an item.

    Examples
    --------
    >>> from kg.graph.io import load_graph                       # doctest: +SKIP
    >>> write_vosviewer(load_graph("out"), "out/vosviewer")      # doctest: +SKIP
    """
    out_dir = Path(out_dir)
    doc = vosviewer_network(G, min_papers=min_papers)
    items, links = doc["network"]["items"], doc["network"]["links"]
    score = "scores" in items[0] if items else False
    header = ["id", "label", "description", "cluster", "weight<Documents>"] + (
        ["score<Avg. pub. year>"] if score else []
    )
    with atomic_open(out_dir / MAP_FILE) as fh:
        fh.write("\t".join(header) + "\n")
        for it in items:
            row = [
                str(it["id"]),
                _field(it["label"]),
                _field(it["description"]),
                str(it["cluster"]),
                str(it["weights"]["Documents"]),
            ]
            if score:
                row.append(str(it["scores"]["Avg. pub. year"]))
            fh.write("\t".join(row) + "\n")
    with atomic_open(out_dir / NETWORK_FILE) as fh:
        for link in links:
            fh.write(f"{link['source_id']}\t{link['target_id']}\t{link['strength']}\n")
    with atomic_open(out_dir / JSON_FILE) as fh:
        json.dump(doc, fh, ensure_ascii=False, separators=(",", ":"))
        fh.write("\n")
    return out_dir


def _mean_years(G, ids) -> dict[str, float] | None:
    """Return each concept's mean paper year, or None unless every concept has a dated paper."""
    out = {}
    for c in ids:
        ys = [
            G.nodes[p]["year"]
            for p, _c, k in G.in_edges(c, keys=True)
            if k in PAPER_ROLES
            and G.nodes[p].get("kind") == PAPER
            and isinstance(G.nodes[p].get("year"), int)
        ]
        if not ys:
            return None
        out[c] = round(statistics.fmean(ys), 2)
    return out


def _description(a: dict) -> str:
    n = a.get("paper_count", 0)
    parts = [f"<b>{escape(str(a.get('type', 'Concept')))}</b> · {n} paper{'s' if n != 1 else ''}"]
    if a.get("definition") and a.get("definition") != a.get("name"):
        parts.append(escape(str(a["definition"])))
    aliases = [str(x) for x in a.get("aliases", []) if x != a.get("name")]
    if aliases:
        parts.append("also: " + escape(", ".join(aliases)))
    return _clean("<br>".join(parts))


def _clean(text: str) -> str:
    # one line per item: no tabs or line breaks; double quotes would end a quoted field
    return " ".join(xml_safe(text).replace('"', "'").split())


def _field(text: str) -> str:
    """A map-file field: VOSviewer wants text with a comma or semicolon inside double quotes."""
    return f'"{text}"' if ("," in text or ";" in text) else text


def _num(w: float):
    return int(w) if float(w).is_integer() else round(float(w), 6)
