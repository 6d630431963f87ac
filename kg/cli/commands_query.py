"""`kg query`: run Cypher on the built graph, embedded by default or on Neo4j with --neo4j."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from kg.cli import main
from kg.cli.common import graph_option, handle_errors
from kg.errors import QueryError


@main.command("query")
@click.argument("query", required=False)
@click.option(
    "--file",
    "-f",
    "query_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Read the query from a file, e.g. cypher/papers_for_concept.cypher; its header supplies "
    "parameter defaults.",
)
@click.option(
    "--param",
    "-p",
    "params",
    multiple=True,
    metavar="NAME=VALUE",
    help="A query parameter; repeatable. Numbers, true/false and JSON lists are typed; "
    "parameters whose default is text stay text.",
)
@graph_option
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "csv"]),
    default="table",
    show_default=True,
    help="json is a list of row objects.",
)
@click.option(
    "--neo4j",
    "use_neo4j",
    is_flag=True,
    help="Run on the Neo4j server (see `kg load`) instead of the embedded engine.",
)
@click.option(
    "--uri",
    envvar="NEO4J_URI",
    default="bolt://localhost:7687",
    show_default=True,
    help="Neo4j URI [env NEO4J_URI]; only with --neo4j.",
)
@click.option(
    "--user",
    envvar="NEO4J_USERNAME",
    default="neo4j",
    show_default=True,
    help="Neo4j user [env NEO4J_USERNAME].",
)
@click.option(
    "--password", envvar="NEO4J_PASSWORD", default=None, help="Neo4j password [env NEO4J_PASSWORD]."
)
@click.option(
    "--database",
    envvar="NEO4J_DATABASE",
    default=None,
    help="Neo4j database [env NEO4J_DATABASE; default: the server's].",
)
@click.option(
    "--timeout",
    "timeout_s",
    type=click.FloatRange(min=0),
    default=None,
    metavar="SECONDS",
    help="Stop a query running longer than this (embedded engine).",
)
@handle_errors
def query_command(
    query, query_file, params, graph_dir, fmt, use_neo4j, uri, user, password, database, timeout_s
):
    """Run a Cypher QUERY (or --file F, or `-` for stdin) on the graph and print the rows.

    \b
    Examples:
      kg query "MATCH (c:Concept) RETURN c.type AS type, count(*) AS n ORDER BY n DESC"
      kg query -f cypher/papers_for_concept.cypher -p name=GRPO -p limit=5
      kg query -f cypher/paths_between.cypher -p source=PPO -p target=Qwen --format json

    Without --neo4j the query runs in-process on an embedded copy of the graph, made on first
    use in GRAPH/embedded/ and remade whenever graph.json changes.
    """
    from kg.store.query import bind_params, format_rows, parse_params, read_query_file, resolve_query_file

    engine = "neo4j" if use_neo4j else "embedded"
    if (query is None) == (query_file is None):
        raise click.UsageError("give a QUERY or --file F (one of them)")
    defaults: dict = {}
    if query_file is not None:
        resolved = resolve_query_file(query_file, engine)
        if not resolved.exists():
            raise QueryError(
                "no such query file", source=str(query_file), hint="see the cypher/ folder for the pack"
            )
        qf = read_query_file(resolved)
        text, defaults = qf.text, qf.params
    elif query == "-":
        text = sys.stdin.read()
    else:
        text = query
    given = parse_params(params, defaults)
    bound = bind_params(text, given, defaults)

    if use_neo4j:
        from kg.store.neo4j_loader import run_cypher
        from kg.store.query import tidy_rows

        rows = tidy_rows(run_cypher(text, bound, uri=uri, user=user, password=password, database=database))
        columns = None
    else:
        from kg.store.embedded import open_database

        with open_database(graph_dir, timeout_s=timeout_s) as handle:
            columns, rows = handle.execute(text, bound)
    click.echo(format_rows(rows, fmt, columns), nl=False)
