"""Atomic file output: write to a temporary file beside the target, then rename.

A crash or Ctrl-C mid-write never leaves a truncated file, and the previous
file stays intact until the new one is complete. Inside `atomic_batch()` the renames
wait for the end of the block, so a build that fails while writing its second file
leaves the first one as it was too.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

# (temporary file, target) pairs of the innermost open batch; None outside any batch
_staged: contextvars.ContextVar[list[tuple[str, Path]] | None] = contextvars.ContextVar(
    "kg_atomic_batch", default=None
)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def atomic_open(path: str | os.PathLike, mode: str = "w", encoding: str | None = "utf-8") -> Iterator[IO]:
    """Yield a file object whose content replaces `path` only if the block succeeds."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; outputs are for sharing, like open() makes
    kwargs = {} if "b" in mode else {"encoding": encoding, "newline": ""}
    try:
        with os.fdopen(fd, mode, **kwargs) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        staged = _staged.get()
        if staged is None:
            os.replace(tmp, path)
        else:
            staged.append((tmp, path))
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def atomic_batch() -> Iterator[None]:
    """Defer the renames of every `atomic_open` in the block until the whole block succeeds.

    On an exception, every file written in the block is discarded and the targets keep
    their previous content. A batch inside a batch joins the outer one.
    """
    if _staged.get() is not None:
        yield
        return
    staged: list[tuple[str, Path]] = []
    token = _staged.set(staged)
    try:
        yield
    except BaseException:
        _discard(staged)
        raise
    finally:
        _staged.reset(token)
    for i, (tmp, path) in enumerate(staged):
        try:
            os.replace(tmp, path)
        except BaseException:
            _discard(staged[i:])
            raise


def _discard(staged: list[tuple[str, Path]]) -> None:
    for tmp, _ in staged:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
