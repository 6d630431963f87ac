"""Acronym definitions: "Group Relative Policy Optimization (GRPO)".

The Schwartz & Hearst (2003) algorithm: for a short form in parentheses, take the words
before it and find the shortest tail whose letters cover the short form's characters in
order, the first one starting a word. Works for hyphenated forms ("Key-Value (KV)",
"Chain-of-Thought (CoT)") and plurals ("Large Multimodal Models (LMMs)").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_PAREN = re.compile(r"\(([^()]{1,90})\)")
_SHORT_FORM = re.compile(r"^[A-Za-z0-9][\w.+&/-]{0,11}$")
_WORD = re.compile(r"[\w'’+./]+(?:-[\w'’+./]+)*")


@dataclass(frozen=True, slots=True)
class Definition:
    short: str
    long: str
    long_start: int  # offsets in the text the definition was found in
    long_end: int
    short_start: int
    short_end: int


def _valid_short(sf: str) -> bool:
    if not _SHORT_FORM.match(sf) or not any(c.isalpha() for c in sf) or sf[-1] == "-":
        return False  # "(VAD-)CFR" abbreviates a name the parenthesis cuts: no short form of its own
    if not sf[0].isalnum() or sum(c.isupper() for c in sf) < 1:
        return False
    # "(2024)", "(Ours)", "(a)", "(ii)" are not short forms
    return not (sf.istitle() and len(sf) > 4 and sum(c.isupper() for c in sf) == 1)


def _match_long(sf: str, words: list[tuple[str, int, int]]) -> int | None:
    """Index of the first word of the long form in `words`, or None (Schwartz & Hearst)."""
    chars = [c.lower() for c in sf if c.isalnum()]
    if sf.endswith("s") and len(sf) > 2 and sf[-2].isupper():
        chars = chars[:-1]  # plural short form: LMMs
    text = " ".join(w for w, _, _ in words).lower()
    starts = set()
    pos = 0
    for w, _, _ in words:
        starts.add(pos)
        for m in re.finditer(r"[-/]", w):
            starts.add(pos + m.end())
        pos += len(w) + 1
    li = len(text) - 1
    for ci in range(len(chars) - 1, -1, -1):
        c = chars[ci]
        while li >= 0 and (text[li] != c or (ci == 0 and li not in starts)):
            li -= 1
        if li < 0:
            return None
        li -= 1
    start_char = li + 1
    pos = 0
    for idx, (w, _, _) in enumerate(words):
        if pos <= start_char < pos + len(w) + 1:
            return idx
        pos += len(w) + 1
    return None


_DIGIT_WORD = re.compile(r"(?<=[A-Za-z])[24](?=[A-Za-z])")
_LEAD_STOP = {"the", "a", "an", "of", "and", "or", "for", "to", "in", "on", "with", "by", "our", "its", "their", "this", "that", "these", "we", "is", "are", "called", "named", "termed", "dubbed", "namely", "based"}


_BEFORE_WORD = re.compile(r"([A-Za-z][\w.+-]{1,11})\s*$")
_LIST_SEPARATOR = re.compile(r",\s*(?:(?:and|or)\s+)?")
_ITEM_LEAD = frozenset(("then", "and", "or", "the", "a", "an"))  # "Pre-train, then Fine-tune"


def _list_items_fit(short: str, long: str) -> bool:
    """A long form that is a list ("Findable, Accessible, Interoperable, Reusable") expands the
    short form only when its items start with the short form's letters in order: "50-layer
    Residual Network (ResNet50)" after "... architectures, including DenseNet121," is no such
    list, nor are the examples of "LLMs (Llama3-8B, GPT-4o-mini, and o1-mini)"."""
    if "," not in long:
        return True
    letters = [c.lower() for c in short if c.isalnum()]
    at = 0
    for item in _LIST_SEPARATOR.split(long):
        words = [w.lstrip("'’+./") for w in _WORD.findall(item)]  # "'Fine-tune'" starts with its F
        # the item's first word, or its first after a connective ("then Fine-tune")
        firsts = [w[:1].lower() for w in words[:1] + [w for w in words if w.lower() not in _ITEM_LEAD][:1]]
        for first in firsts:
            if first in letters[at:]:
                at = letters.index(first, at) + 1
                break
        else:
            return False
    return True


def _reverse(text: str, m: re.Match) -> Definition | None:
    """"SLQ (Shared Latent Queries)": the short form first, its expansion in parentheses."""
    inner = m.group(1).strip()
    words = inner.split()
    if not 2 <= len(words) <= 8 or not all(w[0].isalpha() for w in words):
        return None
    before = _BEFORE_WORD.search(text, 0, m.start())
    if not before or not _valid_short(before.group(1)) or sum(c.isupper() for c in before.group(1)) < 2:
        return None
    short = before.group(1)
    spans = [(w.group(), w.start(), w.end()) for w in _WORD.finditer(inner)]
    if _match_long(short, spans) != 0 or not _list_items_fit(short, inner):
        return None
    start = m.start(1) + m.group(1).find(inner)
    return Definition(short, inner, start, start + len(inner), before.start(1), before.end(1))


# "Group-Uncertainty Preference Optimization, or GUPO, an ...": a short form after ", or"
_OR_SHORT = re.compile(r",\s+or\s+([A-Za-z][\w.+&/-]{1,11})(?=\s*[,.;:)]|\s+for\s+short\b)")
_TITLE_CASE_RUN = re.compile(r"(?:[A-Z][\w'’+./]*(?:-[\w'’+./]+)*\s+){1,7}[A-Z][\w'’+./]*(?:-[\w'’+./]+)*$")


def _or_definition(text: str, m: re.Match) -> Definition | None:
    """"Visual Game Learning, or ViGaL,": a title-case name, then its short form after ", or".
    Only a short form with two capitals or more, whose letters the name spells from its first
    word ("Fail Fast, or Ask", "MMLU Pro, or TruthfulQA" are alternatives, not definitions)."""
    short = m.group(1)
    if not _valid_short(short) or sum(c.isupper() for c in short) < 2:
        return None
    run = _TITLE_CASE_RUN.search(text, max(0, m.start() - 120), m.start())
    if run is None:
        return None
    spans = [(w.group(), run.start() + w.start(), run.start() + w.end()) for w in _WORD.finditer(run.group())]
    idx = _match_long(short, spans)  # "In Visual Game Learning, or ViGaL": from "Visual"
    if idx is None or len(spans) - idx > sum(c.isalnum() for c in short) + 3:
        return None
    long_start = spans[idx][1]
    long_form = text[long_start : spans[-1][2]].rstrip("'’")  # "''Energy-based Test-time Adaptation'', or ETA"
    return Definition(short, long_form, long_start, long_start + len(long_form), m.start(1), m.end(1))


def abbreviates(short: str, phrase: str) -> bool:
    """Whether `short` abbreviates the whole of `phrase`, as "CARGO" does "Carbon-Aware Gossip
    Orchestration" and "Step-CoT" "Stepwise Visual Chain-of-Thought": its letters in order, the
    first at the phrase's first word (Schwartz & Hearst), two capitals or more, and no more
    words than its letters and three."""
    if not _valid_short(short) or sum(c.isupper() for c in short) < 2:
        return False
    words = [(w.group(), w.start(), w.end()) for w in _WORD.finditer(phrase)]
    return 2 <= len(words) <= sum(c.isalnum() for c in short) + 3 and _match_long(short, words) == 0


def find_definitions(text: str) -> list[Definition]:
    """Return the acronym definitions written in `text`, in order."""
    found: list[Definition] = []
    if ", or " in text:
        found += filter(None, (_or_definition(text, m) for m in _OR_SHORT.finditer(text)))
    for m in _PAREN.finditer(text):
        rev = _reverse(text, m)
        if rev is not None:
            found.append(rev)
            continue
        inner = m.group(1).strip()
        inner = re.split(r"[;,]\s", inner, maxsplit=1)[0].strip()
        if not _valid_short(inner):
            continue
        sf_start = m.start(1) + m.group(1).find(inner)
        # candidate long form: the words just before the parenthesis, same sentence and clause
        window_start = max(0, m.start() - 200)
        window = text[window_start : m.start()]
        cut = max(window.rfind(". "), window.rfind("; "), window.rfind(": "), window.rfind("("), window.rfind(")"))
        if cut >= 0:
            window_start += cut + 2
            window = text[window_start : m.start()]
        words = [(w.group(), window_start + w.start(), window_start + w.end()) for w in _WORD.finditer(window)]
        n_chars = sum(c.isalnum() for c in inner)
        words = words[-min(n_chars + 5, n_chars * 2) :]
        if not words:
            continue
        idx = _match_long(inner, words)
        if idx is None and _DIGIT_WORD.search(inner):
            # "Language to Hierarchical Rewards (L2HR)": a 2 or a 4 between letters reads "to", "for"
            idx = _match_long(_DIGIT_WORD.sub(lambda d: "T" if d.group() == "2" else "F", inner), words)
        if idx is None:
            continue
        while idx < len(words) - 1 and words[idx][0].lower() in _LEAD_STOP:
            idx += 1
        long_words = words[idx:]
        if not 1 <= len(long_words) <= min(n_chars + 3, 10):
            continue  # a clause, not a name: "achieve the best performance ... (AfriMMLU)"
        long_start, long_end = long_words[0][1], long_words[-1][2]
        long_form = text[long_start:long_end].rstrip(",")
        if long_form.lower() == inner.lower() or len(long_form) <= len(inner) or not _list_items_fit(inner, long_form):
            continue
        if len(long_words) == 1 and "-" not in long_form and not any(c.isupper() for c in long_form[1:]):
            continue  # one plain word is rarely the expansion of a multi-letter short form
        found.append(Definition(inner, long_form, long_start, long_start + len(long_form), sf_start, sf_start + len(inner)))
    return sorted(found, key=lambda d: d.short_start)  # the ", or" ones among the others
