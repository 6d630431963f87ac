"""A tokenizer for scientific abstracts: one regular expression, names kept whole.

spaCy's default English tokenizer splits ``Qwen2.5-VL``, ``DeepSeek-R1`` and
``Chain-of-Thought`` at hyphens and walks prefix, suffix and infix rules token by token.
Abstracts need fewer rules: a word runs on through inner hyphens, dots before digits or
lower-case letters (``Qwen2.5``, ``Node.js``, but ``set.Unlike`` is two sentences), ``@``
(``Pass@1``), ``+`` and ``&`` between capitals (``H&E``, ``Q&A``); common abbreviations (e.g., i.e., et al.) are one token; every other
non-space character is a token of its own. Sentence starts are marked on the way, by the same
rule as spaCy's sentencizer (the first word after ``.``, ``!`` or ``?``), so the pipeline needs
no separate sentencizer. The result is an ordinary spaCy :class:`~spacy.tokens.Doc` whose text
equals the input, several times faster than the default tokenizer.

The token and sentence tables the kg components read are stored on the Doc as plain tuples
(``doc.user_data["kg_tokens"]`` / ``["kg_sents"]``), built here in the same pass.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from spacy.tokens import Doc
from spacy.vocab import Vocab

_ABBREVIATIONS = r"(?:e\.g|i\.e|al|cf|vs|etc|approx|resp|w\.r\.t|a\.k\.a|Fig|Figs|Eq|Eqs|Sec)\."
# a word runs on through inner - . @ + / : before a digit or lower-case letter and - @ + before a
# capital; word characters are taken a run at a time (one character class loop, not an
# alternation per character: the same matches, a third faster)
# ... but a hyphen before a last part that is a function word is a dash typed as a hyphen:
# "safety performance-and in some cases", "Llama-3-on this dataset", "contamination resistance-to
# provide", "learning-in which" (not "the go-to method"; "built-in", "plug-in" and "add-on" are words)
_DASHED = (
    r"(?:and|or|but|the|an?|of|for|with|from|by|at|as|is|are|which|that)(?![\w'’-])|(?<=[A-Z0-9]-)(?:on|in|to)(?![\w'’-])"
    r"|(?<!\bgo-)(?<=[a-z]-)to(?= [a-z])|(?<=[a-z]-)in(?= which\b)"
)
_WORD = rf"[^\W_][\w'’]*(?:(?:-(?!{_DASHED})(?=[0-9a-z])|[.@+/:](?=[0-9a-z])|[-@+](?=[A-Z])|(?<=[A-Z])&(?=[A-Z]))[\w'’]*)*(?:\+\+)?"
TOKEN = re.compile(rf"(?P<space>\s+)|(?P<abbr>(?<![\w.]){_ABBREVIATIONS}(?!\w))|(?P<word>{_WORD})|(?P<other>\S)")
# a possessive or contraction after a word is a token of its own, as in spaCy: "model's" -> "model", "'s";
# "models'" -> "models", "'"
_CLITIC = re.compile(r"^(.+?)(['’](?:s|re|ve|ll|d|m|t)?)$", re.I)
# inner "/" and ":" split as in spaCy unless between digits ("3:1", "1/2")
_SPLIT_INNER = re.compile(r"(?<=[^\W\d_])[/:]|[/:](?=[^\W\d_])")
SENTENCE_END = frozenset(".!?")


@dataclass(slots=True)
class Tok:
    """One token as the kg components read it."""

    text: str
    idx: int
    end: int
    sent_start: bool
    punct: bool  # punctuation, symbol or whitespace: a phrase boundary


def _pieces(word: str, start: int):
    """Split a regex word at inner ``/`` and ``:`` between letters and at a trailing clitic."""
    if "/" in word or ":" in word:
        pos = 0
        for m in _SPLIT_INNER.finditer(word):
            if m.start() > pos:
                yield from _pieces_clitic(word[pos : m.start()], start + pos)
            yield m.group(), start + m.start()
            pos = m.end()
        if pos < len(word):
            yield from _pieces_clitic(word[pos:], start + pos)
    else:
        yield from _pieces_clitic(word, start)


def _pieces_clitic(word: str, start: int):
    if "'" in word or "’" in word:
        m = _CLITIC.match(word)
        if m:
            yield m.group(1), start
            yield m.group(2), start + len(m.group(1))
            return
    yield word, start


def scan(text: str) -> tuple[list[Tok], list[tuple[int, int, int, int]]]:
    """The token and sentence tables of `text` (``kg_tokens`` / ``kg_sents``), without a Doc.

    A single space after a token is its trailing space, as in spaCy; any other run of
    whitespace is a token (``punct``, never a sentence start).
    """
    toks: list[Tok] = []
    append = toks.append
    sents: list[tuple[int, int, int, int]] = []
    sent_first = 0
    after_end = False
    pos = 0
    # every character is in exactly one match, so offsets are running sums of lengths
    for space, abbr, word, other in TOKEN.findall(text):
        if space:
            n = len(space)
            if toks and space[0] == " ":  # the space after a token is its trailing space
                if n > 1:
                    append(Tok(space[1:], pos + 1, pos + n, False, True))
            else:
                append(Tok(space, pos, pos + n, False, True))
            pos += n
            continue
        if other:
            append(Tok(other, pos, pos + 1, not toks, True))
            pos += 1
            if other in SENTENCE_END:
                after_end = True
            continue
        if word and ("/" in word or ":" in word or "'" in word or "’" in word):
            pieces = list(_pieces(word, pos))
            pos += len(word)
        else:
            # a whole word or abbreviation: it starts with a letter or digit, never punctuation
            piece = word or abbr
            if after_end:
                sents.append((toks[sent_first].idx, toks[-1].end, sent_first, len(toks)))
                sent_first = len(toks)
                after_end = False
                append(Tok(piece, pos, pos + len(piece), True, False))
            else:
                append(Tok(piece, pos, pos + len(piece), not toks, False))
            pos += len(piece)
            continue
        for piece, at in pieces:
            punct = not (piece[0].isalnum() or piece[0] in "'’" and len(piece) > 1)
            if after_end and not punct:
                sents.append((toks[sent_first].idx, toks[-1].end, sent_first, len(toks)))
                sent_first = len(toks)
                after_end = False
                first = True
            else:
                first = not toks
            append(Tok(piece, at, at + len(piece), first, punct))
    if toks:
        sents.append((toks[sent_first].idx, toks[-1].end, sent_first, len(toks)))
    return toks, sents


class AbstractTokenizer:
    """spaCy tokenizer interface (``__call__(text) -> Doc``) for scientific abstracts."""

    def __init__(self, vocab: Vocab):
        self.vocab = vocab

    def __call__(self, text: str) -> Doc:
        toks, sents = scan(text)
        # every character is in a token or is the one space after one: a token has a trailing
        # space exactly when the next token (or the end of the text) starts after it
        nexts = [t.idx for t in toks[1:]]
        nexts.append(len(text))
        doc = Doc(
            self.vocab,
            words=[t.text for t in toks],
            spaces=[t.end < n for t, n in zip(toks, nexts)],
            sent_starts=[t.sent_start for t in toks] or None,
        )
        doc.user_data["kg_text"] = text
        doc.user_data["kg_tokens"] = toks
        doc.user_data["kg_sents"] = sents  # (start_char, end_char, first token, end token)
        return doc

    def pipe(self, texts, batch_size: int = 1000):
        for text in texts:
            yield self(text)

    # the pipeline is built in code (kg.extract.pipeline.make_nlp), never saved: nothing to store
    def to_bytes(self, **_kwargs) -> bytes:
        return b""

    def from_bytes(self, _data: bytes, **_kwargs) -> AbstractTokenizer:
        return self

    def to_disk(self, _path, **_kwargs) -> None:
        return None

    def from_disk(self, _path, **_kwargs) -> AbstractTokenizer:
        return self
