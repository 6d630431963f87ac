"""Commands that draw a graph: view (interactive HTML map) and plot (static SVG overview)."""

from __future__ import annotations

from pathlib import Path

import click

from kg.cli import main
from kg.cli.common import graph_option, handle_errors


@main.command()
@graph_option
@click.option(
    "--out",
    "out_file",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="HTML file to write, e.g. map.html.",
)
@click.option(
    "--max-concepts",
    default=400,
    show_default=True,
    type=click.IntRange(1, 2000),
    help="Draw only this many concepts, the most shared first.",
)
@click.option(
    "--max-papers",
    default=100,
    show_default=True,
    type=click.IntRange(1, 100_000),
    help="List at most this many papers per concept (strongest roles first); keeps the file small.",
)
@click.option("--title", help="Page title (default: kg concept map).")
@handle_errors
def view(graph_dir, out_file, max_concepts, max_papers, title):
    """Write an interactive map of the graph as one self-contained HTML file.

    Open it in any browser, offline: search concepts and papers, filter by type, click a
    concept for its papers and evidence sentences.
    """
    from kg.graph.io import load_graph
    from kg.view import write_view

    write_view(load_graph(graph_dir), out_file, max_concepts=max_concepts, max_papers=max_papers, title=title)
    click.echo(f"wrote {out_file}")


@main.command()
@graph_option
@click.option(
    "--out",
    "out_file",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="SVG file to write, e.g. overview.svg (PNG: convert the SVG, e.g. with rsvg-convert).",
)
@click.option(
    "--top", default=5, show_default=True, type=click.IntRange(1, 50), help="Concepts per type in the bars."
)
@click.option(
    "--max-concepts",
    default=80,
    show_default=True,
    type=click.IntRange(1, 1000),
    help="Concepts on the co-occurrence map.",
)
@click.option("--title", help="Title at the top (default: kg overview).")
@handle_errors
def plot(graph_dir, out_file, top, max_concepts, title):
    """Write a static SVG overview: top concepts by type as bars, and the co-occurrence map."""
    from kg.graph.io import load_graph
    from kg.view import write_plot

    write_plot(load_graph(graph_dir), out_file, top=top, max_concepts=max_concepts, title=title)
    click.echo(f"wrote {out_file}")
