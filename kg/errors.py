"""One exception root for everything kg reports to a user.

Messages say what went wrong, where (file and line when there is one) and how to
fix it; the CLI prints them as one line and exits non-zero.
"""

from __future__ import annotations


class KgError(Exception):
    """Base of every error kg raises on purpose."""

    exit_code = 1

    def __init__(self, message: str, *, source: str | None = None, line: int | None = None, hint: str | None = None):
        self.message = message
        self.source = source
        self.line = line
        self.hint = hint
        super().__init__(self.format())

    def format(self) -> str:
        where = ""
        if self.source:
            where = f"{self.source}:{self.line}: " if self.line else f"{self.source}: "
        text = f"{where}{self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text


class InputError(KgError):
    """A paper list could not be read: missing, unreadable, malformed."""

    exit_code = 2


class GraphError(KgError):
    """A built graph is missing or not one kg can read."""


class ConfigError(KgError):
    """A user file (vocabulary, merges, field map) is malformed."""


class StoreError(KgError):
    """A database (Neo4j or the embedded engine) refused or could not be reached."""


class QueryError(KgError):
    """A Cypher query failed to parse or run."""
