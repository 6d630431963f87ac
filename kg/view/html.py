"""A self-contained interactive HTML map of a graph: one file, no network access when opened.

The page holds the map as inline SVG (readable even with scripts off), the concepts' papers and
evidence sentences as JSON, and a small vanilla script (``assets/view.js``) for search, type
filters, colouring, zoom and the details panel. A Content-Security-Policy of
``default-src 'none'`` makes the browser refuse any request the page might try.
"""

from __future__ import annotations

import json
import os
import re
from importlib import resources

import networkx as nx

from kg.export.atomic import atomic_open
from kg.export.flatten import xml_safe
from kg.graph.inspect import concept_papers
from kg.graph.schema import PAPER_ROLES
from kg.view.model import ConceptMap, concept_map
from kg.view.svg import map_layers, text

MAP_SIZE = 1000.0
_PLACEHOLDER = re.compile(r"\{\{([A-Z_]+)\}\}")


def asset(name: str) -> str:
    """Return the text of a file in kg/view/assets."""
    return resources.files("kg.view").joinpath("assets", name).read_text(encoding="utf-8")


def view_data(G: nx.MultiDiGraph, cmap: ConceptMap, *, max_papers: int = 100) -> dict:
    """Return the JSON the page's script reads: concepts with their papers and evidence, papers, links.

    A concept's papers are ``[paper index, role index, sentence index, surface]`` rows, the
    strongest roles first and at most `max_papers` of them (``total`` says how many there are);
    evidence sentences are stored once each, since one sentence often names several concepts.
    """
    listed = {n.id: concept_papers(G, n.id) for n in cmap.nodes}
    paper_ids: list[str] = sorted({row["paper"] for rows in listed.values() for row in rows[:max_papers]})
    paper_index = {p: i for i, p in enumerate(paper_ids)}
    role_index = {r: i for i, r in enumerate(PAPER_ROLES)}
    sentences: list[str] = []
    sentence_index: dict[str, int] = {}
    concepts = []
    for n, near in zip(cmap.nodes, cmap.neighbours):
        a = G.nodes[n.id]
        rows = []
        for row in listed[n.id][:max_papers]:
            ev = xml_safe(row["evidence"])
            if ev not in sentence_index:
                sentence_index[ev] = len(sentences)
                sentences.append(ev)
            role = role_index.get(row["role"], len(PAPER_ROLES) - 1)
            rows.append([paper_index[row["paper"]], role, sentence_index[ev], row["surface"]])
        concepts.append(
            {
                "id": n.id,
                "name": n.name,
                "type": n.type,
                "community": n.community,
                "aliases": _aliases([n.name, str(a.get("definition") or "")], a.get("aliases", [])),
                "definition": str(a.get("definition") or ""),
                "papers": n.papers,
                "total": len(listed[n.id]),
                "rows": rows,
                "with": [[j, w] for j, w in near],
            }
        )
    papers = []
    for p in paper_ids:
        a = G.nodes[p]
        papers.append(
            {
                "id": p,
                "title": xml_safe(str(a.get("title") or p)),
                "venue": str(a.get("venue") or ""),
                "year": a.get("year"),
                "url": str(a.get("url") or ""),
            }
        )
    return {
        "concepts": concepts,
        "papers": papers,
        "sentences": sentences,
        "roles": list(PAPER_ROLES),
        "links": [[link.a, link.b, link.weight, link.kind] for link in cmap.links],
        "colors": {
            "type": [cmap.color(n, "type") for n in cmap.nodes],
            **({"community": [cmap.color(n, "community") for n in cmap.nodes]} if cmap.communities else {}),
        },
        "communities": [
            {"key": s.key, "label": s.label, "color": s.color, "count": s.count} for s in cmap.communities
        ],
        "colorBy": cmap.default_color_by,
    }


def _aliases(shown: list[str], aliases) -> list[str]:
    """The aliases worth listing: one per spelling that differs beyond case from those `shown`."""
    seen = {s.lower() for s in shown}
    out = []
    for alias in map(str, aliases):
        if alias.lower() not in seen:
            seen.add(alias.lower())
            out.append(alias)
    return out


def script_json(data) -> str:
    """Return `data` as JSON that is safe inside a <script> element (no '<', '>' or '&')."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return raw.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def render_view(
    G: nx.MultiDiGraph, *, max_concepts: int = 400, max_papers: int = 100, title: str | None = None
) -> str:
    """Return the HTML text of the interactive map of `G` (see :func:`write_view`)."""
    cmap = concept_map(G, max_concepts=max_concepts)
    title = title or "kg concept map"
    shown = len(cmap.nodes)
    if shown < cmap.linked_concepts:
        on_map = f"; the {shown} most shared are on the map"
    elif shown < cmap.total_concepts:
        on_map = f"; the {shown} named in papers are on the map"
    else:
        on_map = ""
    summary = (
        f"{cmap.total_papers} papers, {cmap.total_concepts} concepts{on_map}. "
        "Size = papers; lines join concepts that share papers (dashed: variant of / is a)."
    )
    svg = (
        f'<svg id="map" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {MAP_SIZE:g} {MAP_SIZE:g}" '
        f'preserveAspectRatio="xMidYMid meet" data-zoom="0" role="img" aria-label="{text(title)}">\n'
        f'<g id="viewport">\n'
        + map_layers(cmap, x0=0, y0=0, size=MAP_SIZE, color_by=cmap.default_color_by, interactive=True)
        + "\n</g></svg>"
    )
    filters = "\n".join(
        f'<label class="filter"><input type="checkbox" data-type="{text(s.key)}" checked>'
        f'<span class="swatch" style="background:{s.color}"></span>{text(s.label)} <span class="count">{s.count}</span></label>'
        for s in cmap.types
    )
    color_by = ""
    if cmap.communities:
        color_by = (
            '<label class="colorby">Colour by <select id="colorby">'
            '<option value="community" selected>community</option><option value="type">type</option></select></label>'
        )
    legend = "\n".join(
        f'<li><span class="swatch" style="background:{s.color}"></span>{text(s.label)} <span class="count">{s.count}</span></li>'
        for s in cmap.communities
    )
    parts = {
        "TITLE": text(title),
        "SUMMARY": text(summary),
        "CSS": asset("view.css"),
        "SVG": svg,
        "FILTERS": filters,
        "COLORBY": color_by,
        "LEGEND": legend,
        "COLOR_MODE": cmap.default_color_by,
        "DATA": script_json(view_data(G, cmap, max_papers=max_papers)),
        "JS": asset("view.js"),
    }
    # one pass, so text inside a substituted part is never read as a placeholder
    return _PLACEHOLDER.sub(lambda m: parts[m.group(1)], asset("view.html"))


def write_view(
    G: nx.MultiDiGraph,
    path: str | os.PathLike,
    *,
    max_concepts: int = 400,
    max_papers: int = 100,
    title: str | None = None,
) -> None:
    """Write a self-contained interactive HTML map of `G` to `path`.

    Concepts are circles sized by paper count and coloured by type (or by community when the
    graph's concepts carry a ``community`` attribute); a search box finds concepts by any
    alias and papers by title; clicking a concept lists its papers with evidence sentences.
    Only the `max_concepts` most shared concepts are drawn, and each lists at most `max_papers`
    papers (strongest roles first), which bounds the file size. The same graph always gives
    the same bytes.

    Examples
    --------
    >>> from kg.graph.io import load_graph          # doctest: +SKIP
    >>> write_view(load_graph("out"), "map.html")   # doctest: +SKIP
    """
    html = render_view(G, max_concepts=max_concepts, max_papers=max_papers, title=title)
    with atomic_open(path) as fh:
        fh.write(html)
