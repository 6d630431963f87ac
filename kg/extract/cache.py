"""A cache of per-paper extraction results, so a rebuild re-extracts only new or changed papers.

Keyed by what extraction reads of a paper (its abstract, its own title, the addresses of its
code) and a fingerprint of everything that shapes extraction (kg's
version, the pipeline version, the vocabulary, lexicon and mined terms, a user vocabulary
file); any change to those starts a fresh cache. Only extraction is cached: corpus-level
resolution (acronyms, merges, caps) always runs on the whole input, so a cached build equals
a clean one. Stored in SQLite (stdlib), one row per paper text, mentions as JSON.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from importlib import resources
from pathlib import Path

from kg.models import Mention


def fingerprint(vocab_file: str | None = None, tagger: bool = True) -> str:
    """Hash of kg's version, the pipeline version, every data file extraction reads and whether
    the learned tagger runs."""
    from kg import __version__
    from kg.extract.pipeline import PIPELINE_VERSION

    h = hashlib.sha256(f"{__version__}/{PIPELINE_VERSION}".encode())
    data = resources.files("kg.extract").joinpath("data")
    for name in sorted(p.name for p in data.iterdir() if p.is_file()):
        h.update(name.encode())
        h.update(data.joinpath(name).read_bytes())
    if vocab_file:
        h.update(Path(vocab_file).read_bytes())
    if not tagger:
        h.update(b"\x00no-tagger")
    return h.hexdigest()[:16]


class ExtractionCache:
    """Mentions per abstract, for one extraction fingerprint."""

    def __init__(self, directory: str | os.PathLike, fingerprint: str):
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        self.path = directory / f"extract-{fingerprint}.sqlite"
        self.db = sqlite3.connect(self.path)
        self.db.execute("CREATE TABLE IF NOT EXISTS mentions (key TEXT PRIMARY KEY, data TEXT NOT NULL)")
        self.hits = self.misses = 0

    @staticmethod
    def key(paper) -> str:
        """The paper's text as extraction reads it: the same abstract under another title
        (title names and phrases) or with other code addresses (repository names) differs."""
        title = "" if paper.title_is_derived else paper.title
        text = "\x00".join((paper.abstract, title, *paper.code_urls))
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()

    def get(self, paper) -> list[Mention] | None:
        row = self.db.execute("SELECT data FROM mentions WHERE key = ?", (self.key(paper),)).fetchone()
        if row is None:
            self.misses += 1
            return None
        self.hits += 1
        return [Mention(paper.id, *values) for values in json.loads(row[0])]

    def put_many(self, items) -> None:
        rows = (  # a generator: executemany streams it, so the JSON is never all in memory
            (self.key(paper), json.dumps([m.row()[1:] for m in mentions], ensure_ascii=False))  # less paper_id
            for paper, mentions in items
        )
        with self.db:
            self.db.executemany("INSERT OR REPLACE INTO mentions (key, data) VALUES (?, ?)", rows)

    def close(self) -> None:
        self.db.close()
