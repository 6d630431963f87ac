"""Where the annotated gold sets live: (input, gold file) by name, for the training tools."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_DATA = ROOT / "tests/data"


def gold_set(name: str) -> tuple[Path, Path]:
    """(input, gold file) of "seeds", "arxiv40" or "heldoutN"."""
    if name == "seeds":
        return ROOT / "seeds", _DATA / "gold/seeds_gold.json"
    if name == "arxiv40":
        return _DATA / "gold/arxiv40.jsonl", _DATA / "gold/arxiv40_gold.json"
    if name == "heldout1":
        return _DATA / "gold_heldout/heldout40.jsonl", _DATA / "gold_heldout/heldout40_gold.json"
    n = int(name.removeprefix("heldout"))
    return _DATA / f"gold_heldout{n}/heldout{n}_40.jsonl", _DATA / f"gold_heldout{n}/heldout{n}_40_gold.json"


def heldout(first: int, last: int) -> list[str]:
    return [f"heldout{n}" for n in range(first, last + 1)]
