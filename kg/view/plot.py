"""A static one-page overview of a graph, as SVG: top concepts by type, and the co-occurrence map.

Written as plain SVG text, so it needs no plotting library; open it in a browser, put it in
slides, or convert it to PNG with any SVG tool (``rsvg-convert -o map.png map.svg``).
"""

from __future__ import annotations

import collections
import os
from pathlib import Path

import networkx as nx

from kg.errors import KgError
from kg.export.atomic import atomic_open
from kg.graph.inspect import concepts
from kg.models import CONCEPT_TYPES
from kg.view.model import TYPE_COLORS, concept_map
from kg.view.svg import map_layers, text

WIDTH = 1600
MAP_SIZE = 860
STYLE = """
text { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; fill: #1d2430; }
.title { font-size: 24px; font-weight: 600; }
.sub, .count { font-size: 13px; fill: #5b6472; }
.head { font-size: 15px; font-weight: 600; }
.bar-label { font-size: 12.5px; }
.links line { stroke: #9aa3ae; stroke-opacity: .35; }
.links line.hier { stroke: #5b6472; stroke-dasharray: 4 3; stroke-opacity: .6; }
.nodes circle { stroke: #fff; stroke-width: 1; }
.labels text { paint-order: stroke; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; }
"""


def _clip(name: str, n: int = 24) -> str:
    return name if len(name) <= n else name[: n - 1] + "…"


def render_plot(G: nx.MultiDiGraph, *, top: int = 5, max_concepts: int = 80, title: str | None = None) -> str:
    """Return the SVG text of the overview (see :func:`write_plot`)."""
    by_type: dict[str, list[str]] = collections.defaultdict(list)
    for c in concepts(G):
        if G.nodes[c].get("paper_count", 0) > 0:
            by_type[G.nodes[c].get("type", "Concept")].append(c)
    types = [t for t in CONCEPT_TYPES if by_type.get(t)] + sorted(set(by_type) - set(CONCEPT_TYPES))
    cmap = concept_map(G, max_concepts=max_concepts)
    title = title or "kg overview"

    row_h, head_h, col_w, label_w, bar_w = 19, 26, 320, 132, 140
    block_h = head_h + top * row_h + 14
    rows_per_col = (len(types) + 1) // 2
    bars_h = rows_per_col * block_h
    top_y = 92
    height = int(top_y + max(bars_h + 30, MAP_SIZE + 40))

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}">',
        f"<style>{STYLE}</style>",
        f'<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>',
        f'<text class="title" x="30" y="44">{text(title)}</text>',
        f'<text class="sub" x="30" y="68">{cmap.total_papers} papers, {cmap.total_concepts} concepts. '
        f"Left: most shared concepts of each type (papers). Right: the {len(cmap.nodes)} most shared concepts; "
        "lines join concepts that share papers.</text>",
    ]
    for n, t in enumerate(types):
        x = 30 + (n // rows_per_col) * col_w
        y = top_y + (n % rows_per_col) * block_h
        ids = sorted(
            by_type[t],
            key=lambda c: (-G.nodes[c].get("paper_count", 0), str(G.nodes[c].get("name", "")).lower(), c),
        )
        color = TYPE_COLORS.get(t, "#B0B0B0")
        out.append(
            f'<text class="head" x="{x}" y="{y + 18}">{text(t)} <tspan class="count">({len(ids)})</tspan></text>'
        )
        best = max(G.nodes[c].get("paper_count", 0) for c in ids[:top])
        for r, c in enumerate(ids[:top]):
            count = G.nodes[c].get("paper_count", 0)
            ry = y + head_h + r * row_h
            w = bar_w * count / best
            out.append(
                f'<text class="bar-label" x="{x}" y="{ry + 13}">{text(_clip(str(G.nodes[c].get("name", c)), 18))}</text>'
            )
            out.append(
                f'<rect x="{x + label_w}" y="{ry + 2}" width="{w:.1f}" height="{row_h - 5}" rx="2" fill="{color}"/>'
            )
            out.append(f'<text class="count" x="{x + label_w + w + 5:.1f}" y="{ry + 13}">{count}</text>')

    mx, my = WIDTH - MAP_SIZE - 20, top_y - 10
    out.append(
        f'<rect x="{mx}" y="{my}" width="{MAP_SIZE}" height="{MAP_SIZE}" fill="#fafbfc" stroke="#e3e6ea"/>'
    )
    out.append(
        map_layers(
            cmap,
            x0=mx,
            y0=my,
            size=MAP_SIZE,
            color_by=cmap.default_color_by,
            interactive=False,
            max_labels=30,
        )
    )
    swatches = cmap.communities[:12] if cmap.communities else cmap.types
    lx = 30
    ly = top_y + bars_h + 20
    for s in swatches:
        out.append(f'<circle cx="{lx + 6}" cy="{ly}" r="6" fill="{s.color}"/>')
        out.append(f'<text class="sub" x="{lx + 16}" y="{ly + 4}">{text(_clip(s.label, 40))}</text>')
        ly += 20
        if ly > height - 10:
            break
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write_plot(
    G: nx.MultiDiGraph,
    path: str | os.PathLike,
    *,
    top: int = 5,
    max_concepts: int = 80,
    title: str | None = None,
) -> None:
    """Write a static SVG overview of `G` to `path`: the `top` concepts of each type as bars and
    a co-occurrence map of the `max_concepts` most shared concepts.

    Only ``.svg`` is written; a ``.png`` path raises :class:`KgError` saying how to get one.

    Examples
    --------
    >>> from kg.graph.io import load_graph               # doctest: +SKIP
    >>> write_plot(load_graph("out"), "overview.svg")    # doctest: +SKIP
    """
    suffix = Path(path).suffix.lower()
    if suffix == ".png":
        raise KgError(
            "kg plot writes SVG only (PNG would need a plotting library kg does not depend on)",
            hint="use --out FILE.svg, then convert it if you need PNG: rsvg-convert -o FILE.png FILE.svg",
        )
    if suffix != ".svg":
        raise KgError(f"cannot tell the image format of {path}", hint="give --out a .svg file name")
    svg = render_plot(G, top=top, max_concepts=max_concepts, title=title)
    with atomic_open(path) as fh:
        fh.write(svg)
