"""Option sets and error handling shared by all commands."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import click

from kg.errors import KgError

DEFAULT_GRAPH_DIR = Path("out")


def graph_option(func):
    """--graph DIR: where a built graph lives (default ./out)."""
    return click.option(
        "--graph",
        "graph_dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=DEFAULT_GRAPH_DIR,
        show_default=True,
        help="Directory of a graph written by `kg build`.",
    )(func)


def handle_errors(func):
    """Turn a KgError into one clean line on stderr and its exit code; Ctrl-C into exit 130."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except KgError as exc:
            click.echo(f"Error: {exc}", err=True)
            sys.exit(exc.exit_code)
        except KeyboardInterrupt:
            click.echo("Interrupted.", err=True)
            sys.exit(130)
        except OSError as exc:
            # Disk full, no permission, a file where a folder should be: the machine's
            # trouble, not kg's, so one line naming the path rather than a traceback.
            where = f"{exc.filename}: " if exc.filename else ""
            click.echo(f"Error: {where}{exc.strerror or exc} (check the path, its permissions and free space)", err=True)
            sys.exit(1)

    return wrapper


def warn(message: str) -> None:
    """Print a warning line on stderr."""
    click.echo(f"Warning: {message}", err=True)
