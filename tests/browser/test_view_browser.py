"""The seed graph's map in headless Chromium: nodes drawn, search, details, filters, offline."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from kg.cli import main
from kg.graph.inspect import concept_papers
from kg.graph.io import load_graph
from kg.view import write_view
from kg.view.model import TYPE_COLORS

ROOT = Path(__file__).resolve().parents[2]
GRPO = "concept:group-relative-policy-optimization"
COT = "concept:chain-of-thought"


@pytest.fixture(scope="module")
def seed_map(tmp_path_factory):
    """Build the seed graph and its map with the CLI; return (graph, map.html path)."""
    out = tmp_path_factory.mktemp("seed-map")
    runner = CliRunner()
    built = runner.invoke(main, ["build", str(ROOT / "seeds"), "--out", str(out), "-q"])
    assert built.exit_code == 0, built.output
    viewed = runner.invoke(main, ["view", "--graph", str(out), "--out", str(out / "map.html")])
    assert viewed.exit_code == 0, viewed.output
    return load_graph(out), out / "map.html"


def open_map(browser, path: Path) -> None:
    browser.get(path.as_uri())
    assert browser.wait_for("return document.body.dataset.ready === '1'"), "the map's script did not finish"


def test_seed_map_in_chromium(browser, seed_map, artifacts):
    G, html = seed_map
    open_map(browser, html)

    # every concept on the map is drawn, the expected ones among them
    drawn = browser.execute(
        "return Array.from(document.querySelectorAll('#nodes circle'), c => c.dataset.name)"
    )
    assert len(drawn) == browser.execute("return kgView.data.concepts.length") > 200
    assert {"GRPO", "CoT", "LLM", "mathematical reasoning"} <= set(drawn)
    assert (
        browser.execute("return document.querySelector('#labels text.t0').getBBox().width") > 0
    )  # labels render
    browser.screenshot(artifacts / "seed-map.png")

    # typing in the search box lists GRPO first and highlights it on the map
    browser.type(browser.find("#search"), "grpo")
    first = browser.wait_for("const li = document.querySelector('#results li'); return li && li.dataset.id")
    assert first == GRPO
    assert "GRPO" in browser.text(browser.find("#results li"))
    assert browser.execute(
        f"return document.querySelector('#nodes circle[data-id=\"{GRPO}\"]').classList.contains('match')"
    )
    assert browser.execute("return document.getElementById('map').classList.contains('dim')")

    # choosing it lists its papers with their evidence sentences, the mention marked
    browser.click(browser.find("#results li button"))
    assert browser.wait_for("return !document.getElementById('details').hidden")
    assert browser.text(browser.find("#details h2")) == "GRPO"
    rows = browser.execute(
        "return Array.from(document.querySelectorAll('#concept-papers li'), li => "
        "({id: li.dataset.id, evidence: li.querySelector('blockquote').textContent, mark: (li.querySelector('mark') || {}).textContent}))"
    )
    expected = concept_papers(G, GRPO)
    assert [r["id"] for r in rows] == [e["paper"] for e in expected]
    assert [r["evidence"] for r in rows] == [e["evidence"] for e in expected]
    assert all(r["mark"] for r in rows)
    browser.screenshot(artifacts / "seed-map-grpo.png")

    # an alias finds its concept: chain-of-thought -> CoT
    browser.execute(
        "const s = document.getElementById('search'); s.value = ''; s.dispatchEvent(new Event('input'))"
    )
    browser.type(browser.find("#search"), "chain-of-thought")
    assert (
        browser.wait_for("const li = document.querySelector('#results li'); return li && li.dataset.id")
        == COT
    )

    # unticking a type hides its concepts from the map and from search
    browser.click(browser.find('#filters input[data-type="Method"]'))
    assert (
        browser.execute(
            f"return document.querySelector('#nodes circle[data-id=\"{GRPO}\"]').getBoundingClientRect().width"
        )
        == 0
    )
    assert browser.execute(f"return document.querySelector('#results li[data-id=\"{COT}\"]')") is None

    # nothing was fetched and nothing failed: the page is self-contained
    assert browser.execute("return performance.getEntriesByType('resource').length") == 0
    assert (
        browser.execute(
            "return document.querySelectorAll('script[src], link[href], img[src], iframe').length"
        )
        == 0
    )


def test_clicking_a_node_opens_its_papers(browser, seed_map, artifacts):
    G, html = seed_map
    open_map(browser, html)
    browser.click(browser.find(f'#nodes circle[data-id="{COT}"]'))
    assert browser.wait_for("return !document.getElementById('details').hidden")
    assert browser.text(browser.find("#details h2")) == "CoT"
    count = browser.execute("return document.querySelectorAll('#concept-papers li').length")
    assert count == len(concept_papers(G, COT)) == G.nodes[COT]["paper_count"]
    assert browser.execute("return location.hash") == "#" + COT.replace(":", "%3A")


def test_colour_by_community_or_type(browser, seed_map, tmp_path):
    G, _ = seed_map
    G = G.copy()
    for attrs in G.nodes.values():  # builds carry communities already: start from none
        attrs.pop("community", None)
        attrs.pop("community_label", None)
    for c in (GRPO, "concept:reinforcement-learning"):
        G.nodes[c]["community"] = 0
        G.nodes[c]["community_label"] = "RL · GRPO"
    G.nodes[COT]["community"] = 1
    G.nodes[COT]["community_label"] = "CoT"
    html = tmp_path / "communities.html"
    write_view(G, html)
    open_map(browser, html)

    def fill(cid):
        return browser.execute(
            f"return document.querySelector('#nodes circle[data-id=\"{cid}\"]').getAttribute('fill')"
        )

    legend = browser.execute(
        "return Array.from(document.querySelectorAll('#legend li'), li => li.textContent)"
    )
    assert legend[0].startswith("RL · GRPO") and any(x.startswith("CoT") for x in legend)
    assert fill(GRPO) == fill("concept:reinforcement-learning") != fill(COT)
    browser.execute(
        "const s = document.getElementById('colorby'); s.value = 'type'; s.dispatchEvent(new Event('change'))"
    )
    assert fill(GRPO) == fill(COT) == TYPE_COLORS["Method"]
    assert browser.execute("return getComputedStyle(document.getElementById('legend')).display") == "none"
