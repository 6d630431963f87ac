"""Expand what the user named (files, directories, globs, ``-``) into the files to read.

Everything is checked before the first paper is read, so a typo in the last argument fails at
once instead of after a long run. Directories are read recursively in sorted order, taking
only files with a known extension and skipping hidden ones; a file named twice (say by a
directory and a glob) is read once.
"""

from __future__ import annotations

import difflib
import glob
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from kg.errors import InputError
from kg.read.source import InputFile, stdin_file

__all__ = ["expand_inputs"]

_GLOB_CHARS = frozenset("*?[")


def expand_inputs(
    inputs: Sequence[str | os.PathLike] | str | os.PathLike, suffixes: Iterable[str]
) -> list[InputFile]:
    """Return the files named by `inputs`, in order; raise `InputError` for one that does not exist.

    `suffixes` are the extensions a directory's files must have (".jsonl", ...); a ".gz" on top
    of one of them is accepted too.
    """
    if isinstance(inputs, str | os.PathLike):
        inputs = [inputs]
    if not inputs:
        raise InputError("no input given", hint="name paper lists (files, directories, globs) or - for stdin")
    known = frozenset(s.lower() for s in suffixes)
    files: list[InputFile] = []
    seen: set[str] = set()
    for item in inputs:
        for file in _expand_one(item, known):
            key = "-" if file.path is None else os.path.realpath(file.path)
            if key not in seen:
                seen.add(key)
                files.append(file)
    return files


def _expand_one(item: str | os.PathLike, known: frozenset[str]) -> list[InputFile]:
    text = os.fspath(item)
    if text == "-":
        return [stdin_file()]
    path = Path(text)
    if path.is_dir():
        return _walk(path, text, known)
    if path.exists():
        return [InputFile(text, path)]
    if _GLOB_CHARS & set(text):
        matches = sorted(glob.glob(text, recursive=True))
        if not matches:
            raise InputError(
                "no files match this pattern", source=text, hint="check the pattern and the directory"
            )
        files: list[InputFile] = []
        for match in matches:
            files.extend(
                _walk(Path(match), match, known) if os.path.isdir(match) else [InputFile(match, Path(match))]
            )
        return files
    raise InputError("no such file or directory", source=text, hint=_missing_hint(path))


def _walk(root: Path, shown: str, known: frozenset[str]) -> list[InputFile]:
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            if name.startswith(".") or not _has_suffix(name, known):
                continue
            full = os.path.join(dirpath, name)
            files.append(InputFile(os.path.join(shown, os.path.relpath(full, root)), Path(full)))
    if not files:
        raise InputError(
            "directory holds no paper lists",
            source=shown,
            hint=f"kg reads files ending in {', '.join(sorted(known))} (or .gz of them)",
        )
    return files


def _has_suffix(name: str, known: frozenset[str]) -> bool:
    lower = name.lower()
    if lower.endswith(".gz"):
        lower = lower[:-3]
    return os.path.splitext(lower)[1] in known


def _missing_hint(path: Path) -> str:
    """Suggest a near-miss file name next to `path`, else say how to name stdin."""
    parent = path.parent if str(path.parent) else Path(".")
    try:
        siblings = [p.name for p in parent.iterdir()] if parent.is_dir() else []
    except OSError:
        siblings = []
    close = difflib.get_close_matches(path.name, siblings, n=1, cutoff=0.8)
    if close:
        suggestion = close[0] if str(path.parent) == "." else os.path.join(path.parent, close[0])
        return f"did you mean {suggestion}?"
    if not parent.is_dir():
        return f"directory {os.fspath(parent)} does not exist either"
    return "check the path; use - to read standard input"
