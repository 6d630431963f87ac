"""SVG markup of a concept map, shared by the interactive view and the static plot."""

from __future__ import annotations

import math
from html import escape

from kg.export.flatten import xml_safe
from kg.view.model import ConceptMap, MapNode


def text(value) -> str:
    """Return `value` as XML-safe, escaped text (attribute-safe too)."""
    return escape(xml_safe(str(value)), quote=True)


def radius(papers: int) -> float:
    """Return a node's radius for its paper count: area grows with papers, capped."""
    return round(min(4.0 + 2.6 * math.sqrt(max(papers, 1) - 1), 26.0), 2)


def label_tier(rank: int) -> int:
    """0 for the most shared concepts (always labelled), 1 and 2 for labels shown when zoomed in."""
    return 0 if rank < 30 else 1 if rank < 120 else 2


def fmt(v: float) -> str:
    return f"{v:.1f}"


def map_layers(
    cmap: ConceptMap,
    *,
    x0: float,
    y0: float,
    size: float,
    color_by: str,
    interactive: bool,
    max_labels: int | None = None,
    font_size: float = 11.0,
) -> str:
    """Return SVG groups (links, nodes, labels) of `cmap` drawn in the square at (x0, y0) of side `size`.

    With `interactive`, elements carry ``data-*`` attributes and ids the view's script uses;
    `max_labels` labels only the most shared concepts.
    """
    pad = 30.0
    inner = size - 2 * pad

    def at(n: MapNode) -> tuple[float, float]:
        return x0 + pad + n.x * inner, y0 + pad + n.y * inner

    out = ['<g id="links">' if interactive else '<g class="links">']
    for i, link in enumerate(cmap.links):
        (xa, ya), (xb, yb) = at(cmap.nodes[link.a]), at(cmap.nodes[link.b])
        kind = "co" if link.kind == "CO_OCCURS" else "hier"
        width = min(0.6 + 0.5 * (link.weight - 1), 4.0) if kind == "co" else 1.0
        data = f' data-i="{i}"' if interactive else ""
        out.append(
            f'<line class="{kind}"{data} x1="{fmt(xa)}" y1="{fmt(ya)}" x2="{fmt(xb)}" y2="{fmt(yb)}" stroke-width="{width:.2f}"/>'
        )
    out.append("</g>")

    out.append('<g id="nodes">' if interactive else '<g class="nodes">')
    for i, n in enumerate(cmap.nodes):
        x, y = at(n)
        tip = f"{n.name} ({n.type}) · {n.papers} paper{'s' if n.papers != 1 else ''}"
        data = (
            f' data-i="{i}" data-id="{text(n.id)}" data-name="{text(n.name)}" data-type="{text(n.type)}"'
            if interactive
            else ""
        )
        out.append(
            f'<circle{data} cx="{fmt(x)}" cy="{fmt(y)}" r="{radius(n.papers)}" fill="{cmap.color(n, color_by)}">'
            f"<title>{text(tip)}</title></circle>"
        )
    out.append("</g>")

    out.append('<g id="labels">' if interactive else '<g class="labels">')
    shown = cmap.nodes if max_labels is None else cmap.nodes[:max_labels]
    for i, n in enumerate(shown):
        x, y = at(n)
        y += radius(n.papers) + 2
        if interactive:  # the script sizes labels so they keep their size on screen when zooming
            attrs = f' class="t{label_tier(i)}" data-i="{i}"'
        else:
            attrs = f' font-size="{font_size + (3 if i < 10 else 0):g}"'
        out.append(f'<text{attrs} x="{fmt(x)}" y="{fmt(y)}" dominant-baseline="hanging">{text(n.name)}</text>')
    out.append("</g>")
    return "\n".join(out)
