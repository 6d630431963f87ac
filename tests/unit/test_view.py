"""kg view and kg plot: the concept map, the self-contained HTML page, the SVG overview, the CLI."""

import json
import re
import xml.etree.ElementTree as ET

import networkx as nx
import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.errors import KgError
from kg.export import write
from kg.view import write_plot, write_view
from kg.view.html import render_view, script_json
from kg.view.layout import force_layout
from kg.view.model import TYPE_COLORS, concept_map, cooccurrence
from kg.view.svg import place_labels

HOSTILE = "</script><script>alert(1)</script> & <b>"


def paper(g, pid, title, year=2026):
    g.add_node(
        pid,
        kind="Paper",
        title=title,
        abstract="",
        venue="ICML",
        year=year,
        url="",
        code_urls=[],
        authors=[],
        source="f:1",
        concept_count=0,
    )


def concept(g, cid, name, ctype, aliases=(), definition=""):
    g.add_node(
        cid,
        kind="Concept",
        name=name,
        type=ctype,
        aliases=list(aliases),
        definition=definition,
        paper_count=0,
    )


def link(g, p, c, role, evidence, surface):
    g.add_edge(
        p,
        c,
        key=role,
        type=role,
        evidence=evidence,
        start=0,
        end=len(surface),
        surface=surface,
        extractor="names",
        score=1.0,
    )
    g.nodes[c]["paper_count"] += 1
    g.nodes[p]["concept_count"] += 1


@pytest.fixture
def G():
    g = nx.MultiDiGraph()
    for i in range(1, 4):
        paper(g, f"p{i}", f"Paper {i}")
    concept(
        g,
        "concept:grpo",
        "GRPO",
        "Method",
        [
            "Group Relative Policy Optimization",
            "group relative policy optimization",
            "GRPO algorithm",
            "grpo",
        ],
        "Group Relative Policy Optimization",
    )
    concept(g, "concept:dg-grpo", "DG-GRPO", "Method")
    concept(g, "concept:chain-of-thought", "CoT", "Method", ["chain-of-thought"], "Chain-of-Thought")
    concept(g, "concept:aime25", "AIME25", "Benchmark")
    concept(g, "concept:hostile", HOSTILE, "Concept")
    concept(g, "concept:orphan", "Orphan", "Concept")  # no papers: not on the map
    link(g, "p1", "concept:grpo", "USES", "We train with GRPO on math.", "GRPO")
    link(g, "p1", "concept:chain-of-thought", "USES", "Long CoT helps.", "CoT")
    link(g, "p1", "concept:aime25", "EVALUATES_ON", "We report AIME25.", "AIME25")
    link(g, "p2", "concept:grpo", "COMPARES_WITH", "Unlike GRPO, ours is stable.", "GRPO")
    link(g, "p2", "concept:dg-grpo", "PROPOSES", "We propose DG-GRPO.", "DG-GRPO")
    link(g, "p2", "concept:aime25", "EVALUATES_ON", "On AIME25 it wins.", "AIME25")
    link(
        g,
        "p3",
        "concept:chain-of-thought",
        "MENTIONS",
        "Chain-of-thought prompting is common.",
        "Chain-of-thought",
    )
    link(g, "p3", "concept:hostile", "MENTIONS", f"It says {HOSTILE}.", HOSTILE)
    g.add_edge(
        "concept:dg-grpo", "concept:grpo", key="VARIANT_OF", type="VARIANT_OF", evidence="compound name"
    )
    return g


# ---- the map -------------------------------------------------------------------------------------


def test_map_holds_concepts_with_papers_most_shared_first(G):
    m = concept_map(G)
    assert [n.name for n in m.nodes] == ["AIME25", "CoT", "GRPO", HOSTILE, "DG-GRPO"]  # ties by name
    assert [n.papers for n in m.nodes] == [2, 2, 2, 1, 1]
    assert all(0 <= n.x <= 1 and 0 <= n.y <= 1 for n in m.nodes)
    assert m.total_concepts == 6 and m.total_papers == 3 and m.linked_concepts == 5
    assert [n.name for n in concept_map(G, max_concepts=2).nodes] == ["AIME25", "CoT"]


def test_cooccurrence_counts_shared_papers(G):
    ids = ["concept:grpo", "concept:aime25", "concept:chain-of-thought", "concept:dg-grpo"]
    assert cooccurrence(G, ids) == {
        ("concept:aime25", "concept:grpo"): 2.0,
        ("concept:aime25", "concept:chain-of-thought"): 1.0,
        ("concept:chain-of-thought", "concept:grpo"): 1.0,
        ("concept:aime25", "concept:dg-grpo"): 1.0,
        ("concept:dg-grpo", "concept:grpo"): 1.0,
    }


def test_cooccurs_edges_win_when_the_graph_has_them(G):
    G.add_edge(
        "concept:grpo", "concept:aime25", key="CO_OCCURS", type="CO_OCCURS", weight=7.0, association=0.5
    )
    assert cooccurrence(G, ["concept:grpo", "concept:aime25", "concept:chain-of-thought"]) == {
        ("concept:aime25", "concept:grpo"): 7.0
    }


def test_map_links_and_neighbours(G):
    m = concept_map(G)
    names = [n.name for n in m.nodes]
    links = {(names[x.a], names[x.b], x.kind, x.weight) for x in m.links}
    assert ("AIME25", "GRPO", "CO_OCCURS", 2.0) in links
    assert ("DG-GRPO", "GRPO", "VARIANT_OF", 1.0) in links
    assert [(names[j], w) for j, w in m.neighbours[names.index("GRPO")]] == [
        ("AIME25", 2.0),
        ("CoT", 1.0),
        ("DG-GRPO", 1.0),
    ]
    assert len(concept_map(G, max_links=1).links) == 2  # the strongest co-occurrence + the VARIANT_OF


def test_colours_by_type_or_by_community(G):
    m = concept_map(G)
    assert m.default_color_by == "type" and m.communities == ()
    assert m.color(m.nodes[0], "type") == TYPE_COLORS["Benchmark"]
    for c, k in [
        ("concept:grpo", 0),
        ("concept:dg-grpo", 0),
        ("concept:aime25", 0),
        ("concept:chain-of-thought", 1.0),
    ]:
        G.nodes[c]["community"] = k
        G.nodes[c]["community_label"] = "GRPO · AIME25" if k == 0 else "CoT"
    m = concept_map(G)
    assert m.default_color_by == "community"
    assert [(s.key, s.label, s.count) for s in m.communities] == [("0", "GRPO · AIME25", 3), ("1", "CoT", 1)]
    by_name = {n.name: n for n in m.nodes}
    assert (
        m.color(by_name["GRPO"], "community")
        == m.color(by_name["AIME25"], "community")
        != m.color(by_name["CoT"], "community")
    )


def test_layout_is_deterministic_and_in_the_unit_square():
    links = [(0, 1, 1.0), (1, 2, 2.0), (3, 4, 1.0)]
    a, b = force_layout(6, links), force_layout(6, links)
    assert a == b and len(a) == 6
    assert all(0 <= v <= 1 for p in a for v in p)
    assert force_layout(0, []) == [] and force_layout(1, []) == [(0.5, 0.5)]


def test_labels_that_would_overlap_move_aside_or_wait_for_a_closer_zoom():
    points = [(100.0, 100.0, 5.0), (100.0, 100.0, 5.0), (400.0, 400.0, 5.0), (100.5, 100.0, 5.0)]
    names = ["reasoning", "mathematical reasoning", "far away", "reasoning too"]
    # below; above (below and right are taken); below; only from zoom level 1, on the right
    assert place_labels(points, names, font_size=11) == [(0, 0), (0, 2), (0, 0), (1, 1)]
    # never fits: shown only when highlighted
    assert place_labels([(0.0, 0.0, 5.0)] * 6, ["a long concept name"] * 6, font_size=11)[-1][0] == 4


# ---- the HTML page -------------------------------------------------------------------------------


def page_data(html: str) -> dict:
    raw = re.search(r'<script type="application/json" id="kg-data">(.*?)</script>', html, re.S).group(1)
    return json.loads(raw)


def test_page_is_self_contained(G, tmp_path):
    write_view(G, tmp_path / "map.html")
    html = (tmp_path / "map.html").read_text(encoding="utf-8")
    assert "default-src 'none'" in html  # the browser refuses any request the page might make
    assert not re.search(r"<script[^>]+src=|<link\b|<img\b|<iframe\b|@import|url\(", html)
    assert not re.search(r"(?:src|href)=\"?(?:https?:)?//", html)
    assert html.count("<script") == 2  # the data and the inline script


def test_page_data_has_papers_and_evidence(G):
    html = render_view(G)
    data = page_data(html)
    names = [c["name"] for c in data["concepts"]]
    grpo = data["concepts"][names.index("GRPO")]
    rows = [
        (data["papers"][p]["title"], data["roles"][r], data["sentences"][s], surface)
        for p, r, s, surface in grpo["rows"]
    ]
    assert rows == [
        ("Paper 2", "COMPARES_WITH", "Unlike GRPO, ours is stable.", "GRPO"),
        ("Paper 1", "USES", "We train with GRPO on math.", "GRPO"),
    ]
    assert grpo["aliases"] == ["GRPO algorithm"]  # the name and definition in other cases are not repeated
    assert grpo["definition"] == "Group Relative Policy Optimization"
    assert data["colorBy"] == "type" and len(data["colors"]["type"]) == len(names)
    assert 'data-name="GRPO"' in html and 'data-id="concept:chain-of-thought"' in html
    assert "Orphan" not in names


def test_hostile_text_cannot_break_out(G):
    html = render_view(G, title="<i>my</i> map")
    assert HOSTILE not in html and "alert(1)</script>" not in html
    assert "<title>&lt;i&gt;my&lt;/i&gt; map</title>" in html
    assert HOSTILE in [c["name"] for c in page_data(html)["concepts"]]
    assert script_json({"a": "</script>&"}) == '{"a":"\\u003c/script\\u003e\\u0026"}'


def test_page_is_byte_identical_for_the_same_graph(G, tmp_path):
    write_view(G, tmp_path / "a.html")
    write_view(G.copy(), tmp_path / "b.html")
    assert (tmp_path / "a.html").read_bytes() == (tmp_path / "b.html").read_bytes()


def test_page_offers_community_colouring(G):
    G.nodes["concept:grpo"]["community"] = 3
    html = render_view(G)
    assert '<select id="colorby">' in html and 'class="by-community"' in html
    assert page_data(html)["colorBy"] == "community"


# ---- the SVG overview ----------------------------------------------------------------------------


def test_plot_is_valid_svg_with_bars_and_map(G, tmp_path):
    write_plot(G, tmp_path / "o.svg")
    svg = (tmp_path / "o.svg").read_text(encoding="utf-8")
    root = ET.fromstring(svg)  # well-formed XML, hostile names escaped
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    texts = ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert {"Method (3)", "Benchmark (1)", "GRPO", "AIME25", HOSTILE} <= set(texts)
    assert len(list(root.iter("{http://www.w3.org/2000/svg}circle"))) >= 5
    write_plot(G.copy(), tmp_path / "o2.svg")
    assert (tmp_path / "o2.svg").read_bytes() == svg.encode()


@pytest.mark.parametrize("name, says", [("o.png", "SVG only"), ("o.pdf", "image format")])
def test_plot_refuses_other_formats(G, tmp_path, name, says):
    with pytest.raises(KgError, match=says):
        write_plot(G, tmp_path / name)
    assert not (tmp_path / name).exists()


# ---- the CLI -------------------------------------------------------------------------------------


def test_cli_view_and_plot(G, tmp_path):
    write(G, tmp_path, "json")
    runner = CliRunner()
    r = runner.invoke(
        main, ["view", "--graph", str(tmp_path), "--out", str(tmp_path / "m.html"), "--max-concepts", "3"]
    )
    assert r.exit_code == 0, r.output
    assert r.output == f"wrote {tmp_path / 'm.html'}\n"
    assert len(page_data((tmp_path / "m.html").read_text(encoding="utf-8"))["concepts"]) == 3
    r = runner.invoke(main, ["plot", "--graph", str(tmp_path), "--out", str(tmp_path / "o.svg")])
    assert r.exit_code == 0, r.output
    r = runner.invoke(main, ["plot", "--graph", str(tmp_path), "--out", str(tmp_path / "o.png")])
    assert r.exit_code == 1 and "SVG only" in r.output and "rsvg-convert" in r.output


def test_cli_view_without_a_graph_says_how_to_build_one(tmp_path):
    r = CliRunner().invoke(
        main, ["view", "--graph", str(tmp_path / "none"), "--out", str(tmp_path / "m.html")]
    )
    assert r.exit_code == 1 and "kg build" in r.output
    assert not (tmp_path / "m.html").exists()


def test_cli_commands_have_help():
    for cmd in ("view", "plot"):
        r = CliRunner().invoke(main, [cmd, "--help"])
        assert r.exit_code == 0 and "--out" in r.output and "--graph" in r.output
