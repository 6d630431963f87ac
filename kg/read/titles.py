"""Derive a display title for a paper that came without one (seed lists give only abstracts).

A good stand-in title names what the paper contributes, and abstracts say it in a handful of
stock ways: "we propose X (Long Form)", "we introduce Long Form (X)", "a paradigm called
Long Form (X)", "we present X, a framework for ...". The rules below look for the first such
contribution sentence and build "X — Long Form" or "X — a framework for ...". They are
generic: no names or venues are hard-coded. When no named contribution is found the title is
the first sentence, cut at a word boundary. The result is never empty.
"""

from __future__ import annotations

import re

__all__ = ["MAX_TITLE", "derive_title", "first_sentence"]

MAX_TITLE = 80  # characters; longer derived titles are cut at a word boundary with "…"
_SCAN = 5000  # characters of the abstract looked at
_MAX_INTROS = 8  # "we propose ..." sentences tried before falling back to the first sentence

# "we propose", "this paper introduces", "we further present", ... (case-insensitive).
_INTRO = re.compile(
    r"(?i:\b(?:we|this\s+(?:paper|work|study|article)|our\s+(?:paper|work))\s+"
    r"(?:(?:also|further|then|first|here|thus|therefore|hence|now|newly|additionally|\w+ly)\s+)?"
    r"(?:propose|introduce|present|develop|design|construct|build|release|contribute|create|curate|"
    r"devise|offer|establish|put\s+forward)(?:s|d)?\b)\s*:?\s*"
)
# "a novel paradigm called X": skip to the name.
_CALLED = re.compile(r"^[^.;:()]{0,80}?\b(?:called|named|termed|dubbed|coined)\s+", re.I)
_ARTICLE = re.compile(r"^(?:a|an|the|our)\s+", re.I)
# "Long Form (ACR)": the long form may hold commas only after "called"; the short form is one token.
_LONG_THEN_SHORT = re.compile(r"^(?P<long>[^()]{2,100}?)\s*\((?P<short>[^()\s,;]{1,24})\)")
_NAME_THEN_LONG = re.compile(r"^(?P<name>[^\s(),;]{1,40})\s*\((?P<long>[^()]{3,120})\)")
_APPOSITIVE = re.compile(r"^\s*(?:,|—|–|:|\s-)\s*(?P<ctx>(?:a|an|the)\s.+)", re.I)
_CONNECTORS = frozenset("of for with and in on via to the a from by under as".split())
_DANGLING = _CONNECTORS | frozenset(
    "an that which who whose where when or at into than is are its their".split()
)
_QUOTES = "\"'“”‘’«»"
_SENTENCE_END = re.compile(r"[.!?](?=\s+[\"“(\[]?[A-Z0-9])|[.!?]\s*$")
_ABBREVIATIONS = re.compile(r"(?:\b(?:e\.g|i\.e|vs|etc|cf|al|Fig|Eq|Sec|Tab|approx|resp|w\.r\.t|No))$", re.I)


def derive_title(abstract: str, max_len: int = MAX_TITLE) -> str:
    """Return a short readable title taken from `abstract` (never empty).

    >>> derive_title("We propose a novel paradigm called Reason with Thumbnails, Answer with Focus (RTAF).")
    'RTAF — Reason with Thumbnails, Answer with Focus'
    """
    # Contributions are named early; the cap keeps a pathological 100k-character field cheap.
    text = " ".join(abstract[:_SCAN].split())
    if not text:
        return "Untitled"
    for attempt, m in enumerate(_INTRO.finditer(text)):
        if attempt == _MAX_INTROS:
            break
        rest = text[m.end() : _sentence_end(text, m.end())]
        title = _named_contribution(rest)
        if title:
            return _shorten(title, max_len)
    sentence = first_sentence(text).rstrip(".!?;:, ")
    return _shorten(sentence or text, max_len)


def first_sentence(text: str) -> str:
    """Return the first sentence of `text` (all of it when there is no sentence end)."""
    return text[: _sentence_end(text, 0)].strip()


def _sentence_end(text: str, start: int) -> int:
    for m in _SENTENCE_END.finditer(text, start):
        if not _ABBREVIATIONS.search(text, max(0, m.start() - 8), m.start()):
            return m.end()
    return len(text)


def _named_contribution(rest: str) -> str:
    """Return "Name — long form or description" for the start of `rest`, or "" if it names nothing."""
    called = _CALLED.match(rest)
    if called and _starts_with_name(rest[called.end() :]):
        rest = rest[called.end() :]
    rest = rest.rstrip(".!? ")

    m = _LONG_THEN_SHORT.match(rest)
    if m:
        long, short = _strip_quotes(_ARTICLE.sub("", m["long"])), _strip_quotes(m["short"])
        if _is_short_form(short, long) and ("," not in long or called):
            return f"{short} — {long}"

    m = _NAME_THEN_LONG.match(rest)
    if m:
        name, long = _strip_quotes(m["name"]), m["long"].strip()
        if _is_distinctive(name) and len(long.split()) >= 2 and _initials_match(name, long) >= 2:
            return f"{name} — {long}"

    body = _ARTICLE.sub("", rest)
    name = _leading_name(body)
    if not name:
        return ""
    appositive = _APPOSITIVE.match(body[len(name) :].lstrip(_QUOTES))
    name = _strip_quotes(name)
    if appositive:
        return f"{name} — {appositive['ctx'].strip()}"
    return name


def _starts_with_name(text: str) -> bool:
    return bool(text) and (text[0].isupper() or text[0] in _QUOTES)


def _leading_name(text: str) -> str:
    """Return the capitalized name that starts `text` ("KVFundaBench", "Noisy Quantization Model")."""
    words: list[str] = []
    tokens = text.split(" ")
    for i, raw in enumerate(tokens):
        word = raw.rstrip(",;:.!?)—–")
        bare = _strip_quotes(word)
        if not bare:
            break
        if bare[0].isupper() or (bare[0].isdigit() and words):
            words.append(word)
        elif words and bare in _CONNECTORS and i + 1 < len(tokens) and tokens[i + 1][:1].isupper():
            words.append(word)
        else:
            break
        if word != raw:  # punctuation ends the name
            break
    while words and _strip_quotes(words[-1]) in _CONNECTORS:
        words.pop()
    if not words:
        return ""
    if len(words) == 1 and not _is_distinctive(_strip_quotes(words[0])):
        return ""
    return " ".join(words)


def _is_distinctive(word: str) -> bool:
    """True for a coined name (ShotKV, V₁, SSI-Bench, CPMöbius), not a capitalized common word."""
    if not word or not (word[0].isupper() or word[0].isdigit()):
        return False
    uppers = sum(1 for c in word if c.isupper())
    return uppers >= 2 or any(c.isdigit() for c in word)


def _is_short_form(short: str, long: str) -> bool:
    """True when `short` looks like an acronym of `long` (UniR for Universal Reasoner).

    The acronym's first letter must start one of the long form's first two words, and the long
    form may be only a few words longer than the acronym: "a framework that improves reasoning
    of large language models (LLMs)" defines LLMs, not the framework.
    """
    letters = [c for c in short if c.isupper()]
    if not letters or short == long:
        return False
    words = long.split()
    if len(words) > max(len(letters), 2) + 3:
        return False
    leading = {part[:1].upper() for word in words[:2] for part in word.split("-") if part}
    return short[0].upper() in leading and _initials_match(short, long) >= min(2, len(words))


def _initials_match(name: str, long: str) -> int:
    """Return how many words of `long` start with one of the capitals of `name`."""
    capitals = {c for c in name if c.isupper()}
    return sum(1 for word in re.split(r"[\s\-/]+", long) if word[:1].upper() in capitals)


def _strip_quotes(text: str) -> str:
    return text.strip().strip(_QUOTES).strip()


def _shorten(text: str, max_len: int) -> str:
    text = text.strip()
    if len(text) <= max_len:
        return text
    words = text[: max_len - 1].split(" ")
    if len(words) > 1:
        words.pop()  # the last word may be cut in half
    while len(words) > 1 and (words[-1].lower() in _DANGLING or words[-1] in "—–-"):
        words.pop()  # "… in…" reads worse than "…"
    return " ".join(words).rstrip(" ,;:—–-(") + "…"
