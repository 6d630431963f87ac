"""The role a named concept plays in a paper, read from the words before it in its sentence.

"outperforming X" and "compared to X" make X a baseline (COMPARES_WITH); "on X" after an
evaluation verb, or a benchmark-typed X, makes EVALUATES_ON; "based on X", "using X",
"fine-tune X" make USES. Everything else is a MENTION.
"""

from __future__ import annotations

import re

# Each pattern is a head (the cue word) and a body that must run to the mention. Heads are
# found once per sentence; a mention then only tries anchored matches from the heads before it.
_COMPARE_HEAD = (
    r"\b(?:outperform\w*|surpass\w*|beat(?:s|ing)?|exceed\w*|compared\s+(?:to|with|against)|"
    r"comparison\s+(?:to|with)|relative\s+to|than|over|versus|vs\.?|against|"
    r"baselines?(?:\s+(?:such\s+as|including|like))?|rival\w*|match(?:es|ing)?|competitive\s+with|"
    r"on\s+par\s+with|improv\w+\s+upon)"
)
_COMPARE_BODY = (
    r"\s+(?:(?:the|strong|state-of-the-art|existing|prior|leading|"
    r"proprietary|open-source|larger|much|significantly|both|several|many|other|and|,|\w+\s+baselines?\s+(?:such\s+as|like|including))\s*){0,6}(?:[\w.@-]+\s+){0,3}$"
)
_EVAL_HEAD = (
    r"\b(?:evaluat\w*|experiments?|results?|benchmark\w*|test\w*|accuracy|performance|score\w*|gains?|"
    r"improvements?|achiev\w*|state-of-the-art|sota|tasks?)"
)
# the words between "on" and the mention run on inside one clause: in "experiments on image datasets
# show that X outperforms ...", X is what the clause after "that" is about, not what was evaluated on
_NOT_A_CLAUSE = r"(?!(?:that|which|whereas|while|where)\b)"
_EVAL_BODY = r"\b[^.;]{0,80}\b(?:on|across|in|over|using)\s+(?:" + _NOT_A_CLAUSE + r"[\w.@-]+(?:\s*,\s*|\s+and\s+|\s+)){0,8}$"
_USE_HEAD = (
    r"\b(?:based\s+on|built\s+(?:up)?on|using|uses?|used|adopt\w*|leverag\w*|employ\w*|appl(?:y|ies|ied|ying)|"
    r"with|via|through|fine-?tun\w*|train\w*|initiali[sz]ed\s+(?:from|with)|distill\w*\s+from|"
    r"incorporat\w*|integrat\w*|extend\w*|build(?:s|ing)?\s+(?:up)?on|backbones?|such\s+as|including|like)"
)
_USE_BODY = (
    r"\s+(?:(?:the|a|an|pure|standard|vanilla|popular|widely[- ]used|existing|off-the-shelf|pretrained|"
    r"pre-trained|open|open-source|frozen|base|our|its|their|\w+\s+and|,)\s+)*$"
)
_PAREN_EG_HEAD = r"\((?:i\.e\.|e\.g\.)"
_PAREN_EG_BODY = r",?\s*(?:[\w.@-]+(?:,\s*|\s+)){0,6}$"
_ON_LIST_HEAD = r"\b(?:on|across|over)"
_ON_LIST_BODY = r"\s+(?:(?:the|both|several|multiple|\d+|" + _NOT_A_CLAUSE + r"[\w.@-]+,?)\s+(?:and\s+)?){0,6}$"

EVALUATED_TYPES = {"Benchmark", "Dataset"}
TAIL = 160  # how far before a mention its cue may stand


class _Cue:
    """One role pattern: the words its head can start with, and the whole pattern."""

    def __init__(self, head: str, body: str, first_words: tuple[str, ...]):
        self.full = re.compile(head + body, re.I)
        self.first_words = first_words  # prefixes of every word the head can start with


# The first words are a superset of each head's (a wrong candidate only costs a failed
# anchored match), so the roles are exactly those of searching each pattern everywhere.
_COMPARE = _Cue(_COMPARE_HEAD, _COMPARE_BODY, (
    "outperform", "surpass", "beat", "exceed", "compar", "relative", "than", "over", "versus", "vs",
    "against", "baseline", "rival", "match", "competitive", "on", "improv"))
_EVAL = _Cue(_EVAL_HEAD, _EVAL_BODY, (
    "evaluat", "experiment", "result", "benchmark", "test", "accuracy", "performance", "score", "gain",
    "improvement", "achiev", "state", "sota", "task"))
_USE = _Cue(_USE_HEAD, _USE_BODY, (
    "based", "built", "using", "use", "adopt", "leverag", "employ", "appl", "with", "via", "through",
    "fine", "finetun", "train", "initiali", "distill", "incorporat", "integrat", "extend", "build",
    "backbone", "such", "including", "like"))
_PAREN_EG = _Cue(_PAREN_EG_HEAD, _PAREN_EG_BODY, ("(",))
_ON_LIST = _Cue(_ON_LIST_HEAD, _ON_LIST_BODY, ("on", "across", "over"))
_CUES = (_COMPARE, _EVAL, _USE, _PAREN_EG, _ON_LIST)
# a head starts a run of letters (after \b) or is "(": every such start is a candidate
_WORD_START = re.compile(r"[A-Za-z]+|\(")
_CANDIDATE_CUES: dict[str, tuple[_Cue, ...]] = {}


def _cues_starting(word: str) -> tuple[_Cue, ...]:
    cues = _CANDIDATE_CUES.get(word)
    if cues is None:
        low = word.lower()
        cues = _CANDIDATE_CUES[word] = tuple(c for c in _CUES if low.startswith(c.first_words))
        if len(_CANDIDATE_CUES) > 200_000:
            _CANDIDATE_CUES.clear()
    return cues


class SentenceRoles:
    """Roles of the concepts mentioned in one sentence, from the cue words before each.

    "outperforming X" and "compared to X" make X a baseline (COMPARES_WITH); "on X" after an
    evaluation word, or a benchmark-typed X, makes EVALUATES_ON; "based on X", "using X",
    "fine-tune X" make USES. Everything else is a MENTION.
    """

    def __init__(self, text: str, start: int = 0, end: int | None = None):
        self.text = text
        self.start = start
        end = len(text) if end is None else end
        heads: dict[_Cue, list[int]] = {cue: [] for cue in _CUES}
        self.heads = heads
        known = _CANDIDATE_CUES.get
        for m in _WORD_START.finditer(text, start, end):
            word = m.group()
            cues = known(word)
            if cues is None:
                cues = _cues_starting(word)
            if cues:  # most words start no cue
                at = m.start()
                for cue in cues:
                    heads[cue].append(at)

    def _reaches(self, cue: _Cue, lo: int, at: int) -> bool:
        full, text = cue.full, self.text
        for pos in self.heads[cue]:
            if pos >= at:
                break
            if pos >= lo and full.match(text, pos, at):
                return True
        return False

    def evaluated_on(self, at: int) -> bool:
        """Whether the mention at `at` is what an evaluation is run on: "results on X", "we evaluate on A and X"."""
        lo = max(self.start, at - TAIL)
        return self._reaches(_ON_LIST, lo, at) and self._reaches(_EVAL, lo, at) and not self._reaches(_COMPARE, lo, at)

    def role(self, at: int, ctype: str) -> str:
        """Role of a concept of type `ctype` mentioned at offset `at` of the text."""
        lo = max(self.start, at - TAIL)
        reaches = self._reaches
        if ctype in EVALUATED_TYPES and reaches(_ON_LIST, lo, at):
            return "EVALUATES_ON"  # "outperforms X on MATH500": the benchmark is where, not whom
        if reaches(_COMPARE, lo, at):
            return "COMPARES_WITH"
        if ctype in EVALUATED_TYPES:
            if reaches(_USE, lo, at) and not reaches(_EVAL, lo, at):
                return "USES"
            return "EVALUATES_ON"
        if ctype == "Metric" and reaches(_EVAL, lo, at):
            return "MENTIONS"
        if reaches(_USE, lo, at) or reaches(_PAREN_EG, lo, at):
            return "USES"
        return "MENTIONS"


def role_for(before: str, ctype: str) -> str:
    """Return the role of a concept whose sentence reads `before` up to the mention."""
    return SentenceRoles(before).role(len(before), ctype)
