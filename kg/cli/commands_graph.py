import click  # noqa: F401
