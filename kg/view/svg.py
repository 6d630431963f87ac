"""SVG markup of a concept map, shared by the interactive view and the static plot."""

from __future__ import annotations

import math
from html import escape

from kg.export.flatten import xml_safe
from kg.view.model import ConceptMap, MapNode


def text(value) -> str:
    """Return `value` as XML-safe, escaped text (attribute-safe too)."""
    return escape(xml_safe(str(value)), quote=True)


def radius(papers: int, most: int, *, smallest: float = 3.0, largest: float = 24.0) -> float:
    """Return a node's radius: area proportional to its papers, the most shared concept (`most`) largest."""
    return round(smallest + (largest - smallest) * math.sqrt(max(papers, 0) / max(most, 1)), 2)


# Zoom levels of the interactive map at which label tiers 0, 1, 2, 3 appear (see view.js).
ZOOMS = (1.0, 1.8, 3.5, 7.0)


def label_tier(rank: int) -> int:
    """Return the first zoom level at which the label of the `rank`-th most shared concept may show."""
    return 0 if rank < 30 else 1 if rank < 120 else 2


# Where a label may sit around its circle, tried in this order: (side, text-anchor, dominant-baseline).
SIDES = (
    ("below", "middle", "hanging"),
    ("right", "start", "central"),
    ("above", "middle", "auto"),
    ("left", "end", "central"),
)


def label_anchor(x: float, y: float, r: float, side: int) -> tuple[float, float]:
    """Return the point a label on `side` (an index into SIDES) of a circle is anchored at."""
    name = SIDES[side][0]
    if name == "below":
        return x, y + r + 2
    if name == "above":
        return x, y - r - 2
    return (x + r + 3, y) if name == "right" else (x - r - 3, y)


def place_labels(
    points: list[tuple[float, float, float]],
    names: list[str],
    *,
    font_size: float,
    zooms=ZOOMS,
    first=label_tier,
) -> list[tuple[int, int]]:
    """Return, for each label, the first zoom level at which it fits and the side it sits on.

    `points` are (x, y, radius) in map units, most important first. A label fits where it
    overlaps no label placed before it, trying the sides in SIDES order. Labels keep
    `font_size` on screen, so at zoom z they take 1/z of the map space. A label that never
    fits gets level ``len(zooms)``: shown only when its concept is highlighted.
    """
    cell = 80.0
    grids: list[dict[tuple[int, int], list[tuple[float, float, float, float]]]] = [{} for _ in zooms]

    def box(i: int, z: int, side: int) -> tuple[float, float, float, float]:
        x, y, r = points[i]
        fs = font_size / zooms[z] * (1.15 if i < 30 else 1.0)
        w, h = 0.6 * fs * len(names[i]) + 2, fs * 1.2
        ax, ay = label_anchor(x, y, r, side)
        _, anchor, baseline = SIDES[side]
        left = ax - w / 2 if anchor == "middle" else ax if anchor == "start" else ax - w
        top = ay if baseline == "hanging" else ay - h / 2 if baseline == "central" else ay - h
        return left, top, left + w, top + h

    def cells(b):
        for cx in range(int(b[0] // cell), int(b[2] // cell) + 1):
            for cy in range(int(b[1] // cell), int(b[3] // cell) + 1):
                yield cx, cy

    def free(b, grid) -> bool:
        return not any(
            b[0] < o[2] and o[0] < b[2] and b[1] < o[3] and o[1] < b[3]
            for c in cells(b)
            for o in grid.get(c, ())
        )

    placed = []
    for i in range(len(points)):
        tier, side = len(zooms), 0
        for z in range(first(i), len(zooms)):
            fits = next((s for s in range(len(SIDES)) if free(box(i, z, s), grids[z])), None)
            if fits is not None:
                tier, side = z, fits
                break
        for z in range(tier, len(zooms)):
            b = box(i, z, side)
            for c in cells(b):
                grids[z].setdefault(c, []).append(b)
        placed.append((tier, side))
    return placed


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
    most = max((n.papers for n in cmap.nodes), default=1)

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
            f'<circle{data} cx="{fmt(x)}" cy="{fmt(y)}" r="{radius(n.papers, most)}" fill="{cmap.color(n, color_by)}">'
            f"<title>{text(tip)}</title></circle>"
        )
    out.append("</g>")

    out.append('<g id="labels">' if interactive else '<g class="labels">')
    points = [(*at(n), radius(n.papers, most)) for n in cmap.nodes]
    if interactive:
        placed = place_labels(points, [n.name for n in cmap.nodes], font_size=font_size)
    else:  # one zoom level: the first `max_labels` concepts whose labels fit
        limit = len(cmap.nodes) if max_labels is None else max_labels
        placed = place_labels(
            points,
            [n.name for n in cmap.nodes],
            font_size=font_size + 3,
            zooms=(1.0,),
            first=lambda i: 0 if i < limit else 1,
        )
    for i, n in enumerate(cmap.nodes):
        tier, side = placed[i]
        if interactive:  # the script sizes labels so they keep their size on screen when zooming
            attrs = f' class="t{tier}" data-i="{i}"'
        elif tier == 0:
            attrs = f' font-size="{font_size + (3 if i < 10 else 0):g}"'
        else:
            continue
        x, y = label_anchor(*points[i], side)
        _, anchor, baseline = SIDES[side]
        out.append(
            f'<text{attrs} x="{fmt(x)}" y="{fmt(y)}" text-anchor="{anchor}" dominant-baseline="{baseline}">'
            f"{text(n.name)}</text>"
        )
    out.append("</g>")
    return "\n".join(out)
