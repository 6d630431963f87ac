"""Stable paper ids and the text key used to spot the same abstract twice.

A paper without an id of its own gets one derived from its abstract, so the same input gives
the same ids on every run and on every machine, and a re-run updates nodes instead of adding
new ones. The key ignores case and spacing, which differ between copies of one abstract.
"""

from __future__ import annotations

import hashlib

__all__ = ["abstract_key", "derived_id", "normalize_abstract"]


def normalize_abstract(text: str) -> str:
    """Return `text` casefolded with whitespace collapsed: equal for two copies of one abstract."""
    return " ".join(text.casefold().split())


def abstract_key(text: str) -> str:
    """Return the SHA-1 hex digest of the normalized abstract."""
    # surrogatepass: a lone surrogate from a JSON escape must not make hashing raise.
    return hashlib.sha1(normalize_abstract(text).encode("utf-8", "surrogatepass")).hexdigest()


def derived_id(abstract: str) -> str:
    """Return ``"p-"`` + the first 16 hex digits of :func:`abstract_key` (`abstract` is clean text)."""
    return "p-" + abstract_key(abstract)[:16]
