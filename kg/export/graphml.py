"""GraphML for networkx, Gephi, Cytoscape and yEd: declared key types, scalars only.

A small streaming writer rather than networkx's: it is several times faster on large
graphs, and its output is byte-identical for the same graph (keys in schema order,
nodes and edges sorted). Lists are JSON-encoded strings.
"""

from __future__ import annotations

import os
from operator import itemgetter
from xml.sax.saxutils import quoteattr

import networkx as nx

from kg.export.atomic import atomic_open
from kg.export.flatten import json_texts, scalar, xml_safe
from kg.export.order import sorted_edges
from kg.graph.schema import EDGE_ATTRS, NODE_ATTRS

_GRAPHML_TYPE = {str: "string", int: "long", float: "double", bool: "boolean", list: "string"}


def _attr_types(items: list[dict], shapes: list[tuple], declared: dict[str, type]) -> dict[str, str]:
    """GraphML type per attribute name: declared ones from the schema, others from their first value.

    `shapes` are the items' attribute names (``tuple(attrs)``). Only the first item of each
    name set is read: an undeclared attribute's first value always sits in one of them.
    """
    found: dict[str, str] = {}
    for shape in dict.fromkeys(shapes):
        for name, value in items[shapes.index(shape)].items():
            if name in found:
                continue
            if name in declared:
                found[name] = _GRAPHML_TYPE[declared[name]]
            elif isinstance(value, bool):
                found[name] = "boolean"
            elif isinstance(value, int):
                found[name] = "long"
            elif isinstance(value, float):
                found[name] = "double"
            else:
                found[name] = "string"
    order = [n for n in declared if n in found] + sorted(n for n in found if n not in declared)
    return {n: found[n] for n in order}


def _text(value: str) -> str:
    """Escape XML text (the same as saxutils.escape with CR as a reference, without its loop)."""
    if "&" in value:
        value = value.replace("&", "&amp;")
    if "<" in value:
        value = value.replace("<", "&lt;")
    if ">" in value:
        value = value.replace(">", "&gt;")
    if "\r" in value:
        value = value.replace("\r", "&#13;")
    return value


def _value(value, gtype: str) -> str:
    if gtype == "boolean":
        return "true" if value else "false"
    if gtype == "double":
        return repr(float(value))
    if gtype == "long":
        return str(int(value))
    return _text(str(scalar(value)))


def _safe(text: str) -> str:
    """`text` without the characters XML cannot hold; a printable string has none of them."""
    return text if text.isprintable() else xml_safe(text)


# Joins a column's strings so that they are escaped in one pass each; a column holding it is
# escaped value by value instead. A private-use character: valid XML, never escaped.
_SEP = "\ue000"


def _joined(values: list[str]) -> str | None:
    big = _SEP.join(values)
    return big if big.count(_SEP) == len(values) - 1 else None


def _safe_all(values: list[str]) -> list[str]:
    if all(map(str.isprintable, values)):
        return values
    return [v if v.isprintable() else xml_safe(v) for v in values]


def _escape_all(values: list[str]) -> list[str]:
    """``_safe(_text(v))`` for each string, with the replacements run once over the column."""
    big = _joined(values)
    if big is None:
        return [_safe(_text(v)) for v in values]
    return _safe_all(_text(big).split(_SEP))


def _quote_all(values: list[str]) -> list[str]:
    """``quoteattr(xml_safe(v))`` for each string (ids), the escaping run once over the column."""
    big = _joined(values)
    if big is None or '"' in big:
        return [quoteattr(xml_safe(v)) for v in values]
    for char, entity in (("&", "&amp;"), (">", "&gt;"), ("<", "&lt;"), ("\n", "&#10;"), ("\r", "&#13;"), ("\t", "&#9;")):
        if char in big:
            big = big.replace(char, entity)
    return list(map('"%s"'.__mod__, _safe_all(big.split(_SEP))))


def _column(values: list, gtype: str, open_tag: str) -> tuple[str, list]:
    """One attribute of a run of elements: (its piece of their template, their values for it).

    When every value has the attribute's usual type, the <data> markup goes into the
    template and the values are converted by one C-level map; otherwise (None: no line;
    mixed types) each value becomes its whole line.
    """
    line = open_tag.replace("%", "%%") + "%s</data>\n"
    kinds = set(map(type, values))
    if len(kinds) == 1:
        kind = kinds.pop()
        if gtype == "string" and kind is str:
            return line, _escape_all(values)
        if (gtype == "double" and kind is float) or (gtype == "long" and kind is int):
            return line, list(map(repr, values))
        if gtype == "string" and kind is list:
            return line, _escape_all(json_texts(values))  # = scalar() of each list
    lines = []
    for value in values:
        if value is None:
            lines.append("")
        else:
            lines.append(line % _safe(_value(value, gtype)))
    return "%s", lines


def _render(
    head: str,
    heads: list[list],
    attrs: list[dict],
    shapes: list[tuple],
    keys: list[tuple[str, str, str]],
    close: str,
) -> list[str]:
    """The text of each element of `attrs`, in order: `head` %-filled from the `heads` columns,
    then its <data> lines in key order, then `close`.

    Elements are grouped by their attribute names (`shapes`), and each group is written
    column by column through one %-template: a graph has a handful of such groups, sorted
    elements mostly come in long runs of one, and this keeps the per-value work in C.
    """
    groups: dict[tuple, list[int]] = dict.fromkeys(shapes)  # type: ignore[assignment]
    if len(groups) > 1:
        groups = {shape: [] for shape in groups}
        for i, shape in enumerate(shapes):
            groups[shape].append(i)
    out: list[str] = [""] * len(attrs)
    for shape, idx in groups.items():
        whole = idx is None
        rows = attrs if whole else [attrs[i] for i in idx]
        columns = [col if whole else [col[i] for i in idx] for col in heads]
        template = [head]
        present = set(shape)
        for name, gtype, open_tag in keys:
            if name in present:
                piece, values = _column(list(map(itemgetter(name), rows)), gtype, open_tag)
                template.append(piece)
                columns.append(values)
        template.append(close)
        written = list(map("".join(template).__mod__, zip(*columns)))
        if whole:
            return written
        for i, text in zip(idx, written):
            out[i] = text
    return out


def write_graphml(G: nx.MultiDiGraph, path: str | os.PathLike, chunk: int = 2000) -> None:
    """Write `G` as GraphML with a `label` attribute for viewers (title or name).

    Characters XML cannot hold are dropped from every value and id (markup never contains
    them). Each attribute-name set's keys are worked out once, and each distinct string is
    escaped once: a large graph repeats its sentences and ids many times.
    """
    node_ids = sorted(G._node)
    node_attrs = list(map(G._node.__getitem__, node_ids))
    node_shapes = list(map(tuple, node_attrs))
    edges = list(sorted_edges(G))
    edge_attrs = [e[3] for e in edges]
    edge_shapes = list(map(tuple, edge_attrs))
    node_types = {"label": "string", **_attr_types(node_attrs, node_shapes, NODE_ATTRS)}
    edge_types = _attr_types(edge_attrs, edge_shapes, EDGE_ATTRS)
    quoted = _quote_all(list(map(str, node_ids)))
    ids = dict(zip(node_ids, quoted))
    node_keys = [(name, gtype, f'      <data key="n_{name}">') for name, gtype in node_types.items() if name != "label"]
    edge_keys = [(name, gtype, f'      <data key="e_{name}">') for name, gtype in edge_types.items()]
    with atomic_open(path) as out:
        w = out.write
        w('<?xml version="1.0" encoding="UTF-8"?>\n')
        w(
            '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" '
            'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
            'xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns '
            'http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n'
        )
        for name, gtype in node_types.items():
            w(f'  <key id="n_{name}" for="node" attr.name={quoteattr(xml_safe(name))} attr.type="{gtype}"/>\n')
        for name, gtype in edge_types.items():
            w(f'  <key id="e_{name}" for="edge" attr.name={quoteattr(xml_safe(name))} attr.type="{gtype}"/>\n')
        w('  <graph id="kg" edgedefault="directed">\n')
        node_head = '    <node id=%s>\n      <data key="n_label">%s</data>\n'
        edge_head = '    <edge id="e%d" source=%s target=%s>\n'
        for start in range(0, len(node_ids), chunk):
            end = start + chunk
            attrs = node_attrs[start:end]
            labels = [a.get("name") or a.get("title") or "" for a in attrs]  # flatten.node_label
            heads = [quoted[start:end], _escape_all(labels)]
            w("".join(_render(node_head, heads, attrs, node_shapes[start:end], node_keys, "    </node>\n")))
        for start in range(0, len(edges), chunk):
            end = start + chunk
            batch = edges[start:end]
            heads = [list(range(start, start + len(batch))), [ids[e[0]] for e in batch], [ids[e[1]] for e in batch]]
            w(
                "".join(
                    _render(
                        edge_head, heads, edge_attrs[start:end], edge_shapes[start:end], edge_keys, "    </edge>\n"
                    )
                )
            )
        w("  </graph>\n</graphml>\n")


def read_graphml(path: str | os.PathLike) -> nx.MultiDiGraph:
    """Read a kg GraphML file back into a MultiDiGraph (list attributes stay JSON text)."""
    return nx.read_graphml(path, force_multigraph=True)
