"""The `kg` command line: thin click wrappers around library functions.

Each submodule registers its commands on :data:`main`; heavy libraries are imported
inside the commands so that `kg --help` stays instant.
"""

from __future__ import annotations

import click

from kg import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kg")
def main() -> None:
    """Turn a list of research-paper abstracts into a knowledge graph.

    Typical use: `kg build seeds/` writes out/graph.graphml and out/graph.json;
    then `kg stats`, `kg concept GRPO`, `kg query ...` read ./out.
    """


def _register() -> None:
    # Import for their side effect of adding commands to `main`.
    from kg.cli import commands_graph  # noqa: F401

    for optional in ("commands_store", "commands_query", "commands_explore", "commands_view"):
        try:
            __import__(f"kg.cli.{optional}")
        except ModuleNotFoundError as exc:  # a command module not written yet
            if exc.name != f"kg.cli.{optional}":
                raise


_register()
