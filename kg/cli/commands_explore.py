"""Commands that explore a built graph: similar, path, communities, central, trends."""

from __future__ import annotations

import json

import click

from kg.cli import main
from kg.cli.common import graph_option, handle_errors

MEASURES = ["pagerank", "degree", "strength", "betweenness"]  # kg.graph.analytics.MEASURES


def _emit(data, as_json: bool, render) -> None:
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        render(data)


def _short(text: str, width: int = 70) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


@main.command()
@click.argument("paper")
@graph_option
@click.option("--top", default=10, show_default=True, type=click.IntRange(1), help="How many papers to list.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@handle_errors
def similar(paper, graph_dir, top, as_json):
    """Papers sharing the most informative concepts with PAPER (an id or a unique title fragment).

    Each shared concept counts log(N / papers with it): rare concepts weigh most.
    """
    from kg.graph.analytics import similar_papers
    from kg.graph.inspect import find_paper
    from kg.graph.io import load_graph

    G = load_graph(graph_dir)
    pid = find_paper(G, paper)
    data = {"id": pid, "title": G.nodes[pid].get("title", ""), "similar": similar_papers(G, pid, k=top)}

    def render(d):
        click.echo(f"{_short(d['title'], 90)}  ({d['id']})")
        if not d["similar"]:
            click.echo("  no paper shares a concept with it")
        for r in d["similar"]:
            click.echo(f"  {r['score']:6.2f}  {_short(r['title'])}  ({r['id']})")
            click.echo(f"          shared: {', '.join(c['name'] for c in r['shared'])}")

    _emit(data, as_json, render)


@main.command()
@click.argument("a")
@click.argument("b")
@graph_option
@click.option(
    "--max-paths",
    default=5,
    show_default=True,
    type=click.IntRange(1),
    help="How many shortest paths to list.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@handle_errors
def path(a, b, graph_dir, max_paths, as_json):
    """How A and B connect: the shortest paths between two concepts or papers.

    A and B are any concept alias, a paper id or a unique title fragment. Paths go through
    papers and concept families; the most specific ones are listed first.
    """
    from kg.graph.analytics import connect, find_node
    from kg.graph.io import load_graph

    G = load_graph(graph_dir)
    data = connect(G, find_node(G, a), find_node(G, b), max_paths=max_paths)

    def render(d):
        if d["length"] is None:
            click.echo(f"{d['source']} and {d['target']} are not connected")
            return
        ends = d["paths"][0]["nodes"]
        click.echo(f"{d['length']} steps between {ends[0]['label']} and {ends[-1]['label']}:")
        for p in d["paths"]:
            click.echo("  " + _render_path(p))

    _emit(data, as_json, render)


def _render_path(p: dict) -> str:
    nodes = p["nodes"]
    parts = [_node_text(nodes[0])]
    for node, edge in zip(nodes[1:], p["edges"]):
        forward = edge["target"] == node["id"]
        parts.append(f"-{edge['type']}->" if forward else f"<-{edge['type']}-")
        parts.append(_node_text(node))
    return " ".join(parts)


def _node_text(node: dict) -> str:
    return f"[{_short(node['label'], 50)}]" if node["kind"] == "Paper" else node["label"]


@main.command("communities")
@graph_option
@click.option(
    "--top",
    default=20,
    show_default=True,
    type=click.IntRange(0),
    help="How many communities to list (0: all).",
)
@click.option("--members", is_flag=True, help="Also list every member id.")
@click.option("--seed", default=0, show_default=True, help="Seed of the Louvain algorithm.")
@click.option(
    "--resolution",
    default=1.0,
    show_default=True,
    help="Louvain resolution: above 1 gives more, smaller communities.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@handle_errors
def communities_cmd(graph_dir, top, members, seed, resolution, as_json):
    """Topic clusters of papers and concepts (Louvain), each named by its top concepts."""
    from kg.graph.analytics import communities
    from kg.graph.io import load_graph

    rows = communities(load_graph(graph_dir), seed=seed, resolution=resolution)
    shown = rows[:top] if top else rows
    if not members:
        shown = [{k: v for k, v in r.items() if k != "members"} for r in shown]

    def render(rs):
        click.echo(f"{len(rows)} communities" + (f", the {len(rs)} largest:" if len(rs) < len(rows) else ":"))
        for r in rs:
            click.echo(f"  {r['id']:>4}  {r['papers']:>6} papers {r['concepts']:>6} concepts  {r['label']}")
            if members:
                click.echo(f"        {' '.join(r['members'])}")

    _emit(shown, as_json, render)


@main.command()
@graph_option
@click.option(
    "--top", default=20, show_default=True, type=click.IntRange(1), help="How many concepts to list."
)
@click.option(
    "--by", type=click.Choice(MEASURES), default="pagerank", show_default=True, help="Rank by this measure."
)
@click.option(
    "--min-count",
    default=2,
    show_default=True,
    type=click.IntRange(1),
    help="Papers two concepts must share to be linked.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@handle_errors
def central(graph_dir, top, by, min_count, as_json):
    """Central and bridging concepts of the concept co-occurrence graph.

    degree: concepts it co-occurs with; strength: shared papers summed; pagerank: weighted
    PageRank; betweenness: how often it lies between two other concepts (bridging).
    """
    from kg.graph.analytics import central_concepts
    from kg.graph.io import load_graph

    rows = central_concepts(load_graph(graph_dir), k=top, by=by, min_count=min_count)

    def render(rs):
        click.echo(f"{'papers':>7} {'degree':>7} {'pagerank':>9} {'between':>8}  concept")
        for r in rs:
            click.echo(
                f"{r['papers']:>7} {r['degree']:>7} {r['pagerank']:>9.4f} {r['betweenness']:>8.4f}  {r['name']} ({r['type']})"
            )

    _emit(rows, as_json, render)


@main.command("trends")
@graph_option
@click.option(
    "--concept", "name", help="One concept (any alias): its counts by year and venue and its first papers."
)
@click.option(
    "--top", default=15, show_default=True, type=click.IntRange(1), help="How many concepts to list."
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@handle_errors
def trends_cmd(graph_dir, name, top, as_json):
    """Concept counts by year and venue, and the year each concept first appears."""
    from kg.graph.analytics import trends
    from kg.graph.inspect import find_concept
    from kg.graph.io import load_graph

    G = load_graph(graph_dir)
    if name:
        data = trends(G, [find_concept(G, name)])
        row = data["concepts"][0]
        row["first_papers"] = [
            {"id": p, "title": G.nodes[p].get("title", ""), "venue": G.nodes[p].get("venue", "")}
            for p in row["first_papers"]
        ]
        _emit(row, as_json, _render_concept_trend)
        return
    data = trends(G)
    # the overview lists counts; a concept's first papers are for --concept
    data["concepts"] = [{k: v for k, v in r.items() if k != "first_papers"} for r in data["concepts"][:top]]
    _emit(data, as_json, _render_trends)


def _render_trends(d: dict) -> None:
    if not d["years"]:
        click.echo("no paper has a year: nothing to trend")
    years = list(d["years"])
    click.echo("papers by year:  " + "  ".join(f"{y}: {n}" for y, n in d["years"].items()))
    if d["new_concepts"]:
        click.echo("new concepts:    " + "  ".join(f"{y}: {n}" for y, n in d["new_concepts"].items()))
    if d["venues"]:
        click.echo("papers by venue:")
        for v in d["venues"]:
            click.echo(
                f"  {v['papers']:>6}  {v['venue']}"
                + (f" ({v['year']})" if v["year"] and str(v["year"]) not in v["venue"] else "")
            )
    click.echo("concepts by year (first year):")
    click.echo("  " + "".join(f"{y:>7}" for y in years) + "  first  concept")
    for r in d["concepts"]:
        counts = "".join(f"{r['by_year'].get(y, 0):>7}" for y in years)
        click.echo(f"  {counts}  {r['first_year'] or '-':>5}  {r['name']}")


def _render_concept_trend(r: dict) -> None:
    click.echo(f"{r['name']} ({r['type']})  {r['id']}  {r['papers']} papers")
    click.echo(f"  first year: {r['first_year'] or 'unknown'}")
    if r["by_year"]:
        click.echo("  by year:  " + "  ".join(f"{y}: {n}" for y, n in r["by_year"].items()))
    if r["by_venue"]:
        click.echo("  by venue: " + "  ".join(f"{v}: {n}" for v, n in r["by_venue"].items()))
    if r["first_papers"]:
        click.echo(f"  first papers ({len(r['first_papers'])}):")
        for p in r["first_papers"][:10]:
            click.echo(f"  - {_short(p['title'], 80)}  ({p['id']})")
