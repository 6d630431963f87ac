"""Open one input (a file, a .gz, or standard input) as decoded lines, streamed.

Why per line: a 100k-record file should not be held in memory just to decode it. Encoding
rules, in order:

* a UTF-32 or UTF-16 byte-order mark selects that encoding (decode errors: "undecodable");
* a UTF-8 byte-order mark is dropped;
* NUL bytes mean a binary file (UTF-16 without a BOM lands here too, and the hint says so);
* every other line is read as UTF-8, and only a line that is not valid UTF-8 is read as
  latin-1 -- in its Windows-1252 form, which is what "latin-1" files almost always are (the
  WHATWG encoding standard maps the label the same way). The first such line is warned about,
  once per file. A fallback line holding control characters is not text at all: "undecodable".

Gzip is recognised by its magic bytes, whatever the file is called. Lines keep their line
endings, so the CSV reader sees quoted newlines as they were written.
"""

from __future__ import annotations

import gzip
import io
import re
import sys
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from kg.errors import InputError

__all__ = ["InputFile", "TextSource", "open_source"]

HEAD_SIZE = 64 * 1024
STDIN_NAME = "<stdin>"

_GZIP_MAGIC = b"\x1f\x8b"
_BOMS = (  # UTF-32 first: its little-endian BOM starts with UTF-16's
    (b"\xff\xfe\x00\x00", "utf-32"),
    (b"\x00\x00\xfe\xff", "utf-32"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
)
_UTF8_BOM = b"\xef\xbb\xbf"
_CONTROL = re.compile("[\x00-\x08\x0e-\x1f\x7f\x81\x8d\x8f\x90\x9d]")
_TEXT_HINT = "kg reads UTF-8 text, or UTF-16 with a byte-order mark; re-save the file as UTF-8"


@dataclass(frozen=True)
class InputFile:
    """One input to read: a path, or standard input when `path` is None."""

    name: str  # as shown in messages and in Paper.source
    path: Path | None = None

    @property
    def suffix(self) -> str:
        """Return the format-bearing extension, lowercase: ".jsonl" for "x.jsonl.gz"; "" for stdin."""
        if self.path is None:
            return ""
        suffixes = [s.lower() for s in self.path.suffixes]
        if suffixes and suffixes[-1] in (".gz", ".gzip"):
            suffixes.pop()
        return suffixes[-1] if suffixes else ""


class TextSource:
    """Decoded lines of one input, with a look-ahead buffer for format sniffing."""

    def __init__(self, name: str, lines: Iterator[str], suffix: str = ""):
        self.name = name
        self.suffix = suffix
        self._lines = lines
        self._buffer: list[str] = []
        self._started = False

    def _line(self, index: int) -> str | None:
        """Return line `index` (0-based) from the look-ahead buffer, reading up to it; None past the end."""
        if self._started:
            raise RuntimeError("look-ahead after iteration started")
        while len(self._buffer) <= index:
            line = next(self._lines, None)
            if line is None:
                return None
            self._buffer.append(line)
        return self._buffer[index]

    def first_content_line(self) -> str | None:
        """Return the first non-blank line without consuming anything, or None for a blank input."""
        index = 0
        while (line := self._line(index)) is not None:
            if line.strip():
                return line
            index += 1
        return None

    def __iter__(self) -> Iterator[str]:
        self._started = True
        yield from self._buffer
        self._buffer = []
        yield from self._lines


def open_source(file: InputFile, warn: Callable[[str], None]) -> TextSource:
    """Return the decoded lines of `file`; opening and decoding happen lazily, as lines are read.

    Errors (unreadable, binary, undecodable, broken gzip) are `InputError`s raised from the
    first peek or iteration.
    """
    return TextSource(file.name, _decoded_lines(file, warn), file.suffix)


def _decoded_lines(file: InputFile, warn: Callable[[str], None]) -> Iterator[str]:
    with _open_binary(file) as raw:
        try:
            stream, head = _unwrap_gzip(raw, file)
            yield from _decode(stream, head, file.name, warn)
        except (gzip.BadGzipFile, zlib.error, EOFError) as exc:
            raise InputError(
                f"not a valid gzip file ({exc or 'truncated'})",
                source=file.name,
                hint="re-create it with gzip, or drop the .gz extension",
            ) from None
        except OSError as exc:
            raise InputError(f"cannot read: {exc.strerror or exc}", source=file.name) from None


class _StdinHandle:
    """Standard input's bytes as a context manager that does not close stdin."""

    def __enter__(self) -> BinaryIO:
        stream = sys.stdin
        if stream is None:
            return io.BytesIO()
        buffer = getattr(stream, "buffer", None)
        if buffer is not None:
            return buffer
        return io.BytesIO(stream.read().encode("utf-8"))  # a text-only stand-in (tests, notebooks)

    def __exit__(self, *exc: object) -> None:
        return None


def _open_binary(file: InputFile):
    if file.path is None:
        return _StdinHandle()
    try:
        return open(file.path, "rb")  # noqa: SIM115 -- closed by the caller's with
    except FileNotFoundError:
        raise InputError("no such file", source=file.name, hint="check the path") from None
    except IsADirectoryError:
        raise InputError(
            "is a directory", source=file.name, hint="pass the directory itself to read it"
        ) from None
    except OSError as exc:
        raise InputError(f"cannot open: {exc.strerror or exc}", source=file.name) from None


def _unwrap_gzip(raw: BinaryIO, file: InputFile) -> tuple[BinaryIO, bytes]:
    """Return (stream, first bytes) of the content, decompressing when it is gzip."""
    head = raw.read(HEAD_SIZE)
    if head[:2] != _GZIP_MAGIC:
        return raw, head
    stream = gzip.GzipFile(fileobj=io.BufferedReader(_Prefixed(head, raw)), mode="rb")
    return stream, stream.read(HEAD_SIZE)


class _Prefixed(io.RawIOBase):
    """A raw stream that replays already-read `head` bytes, then reads on from `rest`."""

    def __init__(self, head: bytes, rest: BinaryIO):
        self._head = memoryview(head)
        self._rest = rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self._head:
            n = min(len(buffer), len(self._head))
            buffer[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        data = self._rest.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def _decode(stream: BinaryIO, head: bytes, name: str, warn: Callable[[str], None]) -> Iterator[str]:
    reader = io.BufferedReader(_Prefixed(head, stream), buffer_size=HEAD_SIZE)
    for bom, encoding in _BOMS:
        if head.startswith(bom):
            yield from _decode_with_bom(reader, encoding, name)
            return
    if head.startswith(_UTF8_BOM):
        reader.read(len(_UTF8_BOM))
    elif b"\x00" in head:
        raise InputError("binary file (it contains NUL bytes)", source=name, hint=_TEXT_HINT)

    warned = False
    for number, data in enumerate(reader, 1):
        if b"\x00" in data:
            raise InputError("binary data (NUL bytes)", source=name, line=number, hint=_TEXT_HINT)
        try:
            yield data.decode("utf-8")
            continue
        except UnicodeDecodeError:
            pass
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
        if _CONTROL.search(text):
            raise InputError(
                "undecodable text: neither UTF-8 nor latin-1", source=name, line=number, hint=_TEXT_HINT
            )
        if not warned:
            warn(
                f"{name}:{number}: not valid UTF-8; reading such lines as latin-1 (re-save the file as UTF-8)"
            )
            warned = True
        yield text


def _decode_with_bom(reader: io.BufferedReader, encoding: str, name: str) -> Iterator[str]:
    text = io.TextIOWrapper(reader, encoding=encoding, errors="strict", newline="")
    number = 0
    try:
        for number, line in enumerate(text, 1):  # noqa: B007 -- number is read after the loop
            yield line
    except UnicodeDecodeError:
        raise InputError(
            f"undecodable text: not valid {encoding.upper()} despite its byte-order mark",
            source=name,
            line=number + 1,
            hint=_TEXT_HINT,
        ) from None


def stdin_file() -> InputFile:
    """Return the InputFile that stands for standard input."""
    return InputFile(STDIN_NAME, None)
