"""`kg load`: put a built graph into Neo4j (the thin CLI over kg.store.neo4j_loader)."""

from __future__ import annotations

import sys

import click

from kg.cli import main
from kg.cli.common import graph_option, handle_errors


@main.command("load")
@graph_option
@click.option(
    "--uri",
    envvar="NEO4J_URI",
    default="bolt://localhost:7687",
    show_default=True,
    help="Neo4j URI [env NEO4J_URI].",
)
@click.option(
    "--user", envvar="NEO4J_USERNAME", default="neo4j", show_default=True, help="[env NEO4J_USERNAME]"
)
@click.option("--password", envvar="NEO4J_PASSWORD", default=None, help="[env NEO4J_PASSWORD]")
@click.option(
    "--database",
    envvar="NEO4J_DATABASE",
    default=None,
    help="[env NEO4J_DATABASE; default: the server's default database]",
)
@click.option(
    "--batch-size",
    type=click.IntRange(min=1),
    default=None,
    help="Rows per transaction [default: 5000].",
)
@click.option(
    "--replace",
    "mode",
    flag_value="replace",
    help="Delete the outgoing edges of the graph's papers and concepts, then write them afresh.",
)
@click.option(
    "--wipe",
    "mode",
    flag_value="wipe",
    help="Empty the whole database first (every node and relationship, kg's or not).",
)
@click.option("--quiet", "-q", is_flag=True, help="Print nothing but errors.")
@handle_errors
def load_command(graph_dir, uri, user, password, database, batch_size, mode, quiet):
    """Load the graph in --graph DIR into Neo4j; print what was created and updated.

    \b
    Modes:
      (default)  merge: upsert every paper, concept and edge of the graph; delete the
                 graph's papers' and concepts' edges the graph no longer has, and concepts
                 left with no edge. Papers not in the graph stay (e.g. another corpus).
      --replace  as merge, but first drop every outgoing edge of the graph's nodes.
      --wipe     delete everything in the database, then load: use it after removing
                 papers from the corpus.
    Loading the same graph twice changes nothing.

    \b
    Example:
      docker compose up -d        # Neo4j on localhost:7687, password from .env
      kg build seeds/ && kg load --password "$NEO4J_PASSWORD"
    """
    from kg.graph.io import load_graph
    from kg.store.neo4j_loader import load_graph_into_neo4j

    G = load_graph(graph_dir)
    bar = None
    if not quiet and sys.stderr.isatty():
        bar = click.progressbar(
            length=G.number_of_nodes() + G.number_of_edges(), label=f"Loading into {uri}", file=sys.stderr
        )

    def progress(phase: str, done: int, total: int) -> None:
        if bar is not None:
            bar.update(done - bar.pos)

    try:
        report = load_graph_into_neo4j(
            G,
            uri=uri,
            user=user,
            password=password,
            database=database,
            **({"batch_size": batch_size} if batch_size else {}),
            mode=mode or "merge",
            progress=progress,
        )
    finally:
        if bar is not None:
            bar.render_finish()
    if not quiet:
        click.echo("\n".join(report.lines()))
