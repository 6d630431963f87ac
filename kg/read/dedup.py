"""Drop papers already seen, across all inputs: same id, or the same abstract under another id.

Lists overlap (two venues' exports, a seed list and its JSON twin), and a paper read twice
would become two nodes. The first copy wins; each later copy costs one warning that names
both places, so the user can clean the input if they care.
"""

from __future__ import annotations

from collections.abc import Callable

from kg.models import Paper
from kg.read.ids import abstract_key

__all__ = ["Deduplicator"]


class Deduplicator:
    """Remembers ids and abstract keys of the papers kept so far (two small dicts)."""

    def __init__(self, warn: Callable[[str], None]):
        self._warn = warn
        self._by_id: dict[str, tuple[str, str]] = {}  # id -> (source, abstract key)
        self._by_text: dict[str, tuple[str, str]] = {}  # abstract key -> (source, id)

    def keep(self, paper: Paper) -> bool:
        """Return True for a paper not seen before; warn and return False for a duplicate."""
        key = abstract_key(paper.abstract)
        seen = self._by_id.get(paper.id)
        if seen is not None:
            first_source, first_key = seen
            if first_key == key:
                self._warn(
                    f"{paper.source}: duplicate of paper {paper.id} from {first_source}; kept the first"
                )
            else:
                self._warn(
                    f"{paper.source}: id {paper.id} was already used by {first_source} for a DIFFERENT abstract; "
                    "kept the first (give the papers distinct ids)"
                )
            return False
        seen = self._by_text.get(key)
        if seen is not None:
            first_source, first_id = seen
            self._warn(
                f"{paper.source}: same abstract as {first_source} ({paper.id} duplicates {first_id}); kept the first"
            )
            return False
        self._by_id[paper.id] = (paper.source, key)
        self._by_text[key] = (paper.source, paper.id)
        return True
