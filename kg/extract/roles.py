"""The role a named concept plays in a paper, read from the words before it in its sentence.

"outperforming X" and "compared to X" make X a baseline (COMPARES_WITH); "on X" after an
evaluation verb, or a benchmark-typed X, makes EVALUATES_ON; "based on X", "using X",
"fine-tune X" make USES. Everything else is a MENTION.
"""

from __future__ import annotations

import re

_COMPARE = re.compile(
    r"\b(?:outperform\w*|surpass\w*|beat(?:s|ing)?|exceed\w*|compared\s+(?:to|with|against)|"
    r"comparison\s+(?:to|with)|relative\s+to|than|over|versus|vs\.?|against|"
    r"baselines?(?:\s+(?:such\s+as|including|like))?|rival\w*|match(?:es|ing)?|competitive\s+with|"
    r"on\s+par\s+with|improv\w+\s+upon)\s+(?:(?:the|strong|state-of-the-art|existing|prior|leading|"
    r"proprietary|open-source|larger|much|significantly|both|several|many|other|and|,|\w+\s+baselines?\s+(?:such\s+as|like|including))\s*){0,6}(?:[\w.@-]+\s+){0,3}$",
    re.I,
)
_EVAL = re.compile(
    r"\b(?:evaluat\w*|experiments?|results?|benchmark\w*|test\w*|accuracy|performance|score\w*|gains?|"
    r"improvements?|achiev\w*|state-of-the-art|sota|tasks?)\b[^.;]{0,80}\b(?:on|across|in|over|using)\s+"
    r"(?:[\w.@-]+(?:\s*,\s*|\s+and\s+|\s+)){0,8}$",
    re.I,
)
_USE = re.compile(
    r"\b(?:based\s+on|built\s+(?:up)?on|using|uses?|used|adopt\w*|leverag\w*|employ\w*|appl(?:y|ies|ied|ying)|"
    r"with|via|through|fine-?tun\w*|train\w*|initiali[sz]ed\s+(?:from|with)|distill\w*\s+from|"
    r"incorporat\w*|integrat\w*|extend\w*|build(?:s|ing)?\s+(?:up)?on|backbones?|such\s+as|including|like)\s+"
    r"(?:(?:the|a|an|pure|standard|vanilla|popular|widely[- ]used|existing|off-the-shelf|pretrained|"
    r"pre-trained|open|open-source|frozen|base|our|its|their|\w+\s+and|,)\s+)*$",
    re.I,
)
_PAREN_EG = re.compile(r"\((?:i\.e\.|e\.g\.),?\s*(?:[\w.@-]+(?:,\s*|\s+)){0,6}$", re.I)

_ON_LIST = re.compile(r"\b(?:on|across|over)\s+(?:(?:the|both|several|multiple|\d+|[\w.@-]+,?)\s+(?:and\s+)?){0,6}$", re.I)
EVALUATED_TYPES = {"Benchmark", "Dataset"}


# every role pattern above needs one of these words: most mentions have none, and one cheap
# search then settles them without running the end-anchored patterns
_ANY_CUE = re.compile(
    r"\b(?:outperform|surpass|beat|exceed|compar|relative|than|over|versus|vs|against|baseline|rival|"
    r"match|competitive|par|improv|on|across|based|built|using|use|adopt|leverag|employ|appl|with|via|"
    r"through|fine-?tun|train|initiali|distill|incorporat|integrat|extend|build|backbone|such|including|"
    r"like|i\.e|e\.g)",
    re.I,
)


def role_for(before: str, ctype: str) -> str:
    """Return the role of a concept whose sentence reads `before` up to the mention."""
    tail = before[-160:]
    if not _ANY_CUE.search(tail):
        return "EVALUATES_ON" if ctype in EVALUATED_TYPES else "MENTIONS"
    if ctype in EVALUATED_TYPES and _ON_LIST.search(tail):
        return "EVALUATES_ON"  # "outperforms X on MATH500": the benchmark is where, not whom
    if _COMPARE.search(tail):
        return "COMPARES_WITH"
    if ctype in EVALUATED_TYPES:
        if _USE.search(tail) and not _EVAL.search(tail):
            return "USES"
        return "EVALUATES_ON"
    if _EVAL.search(tail) and ctype in ("Metric",):
        return "MENTIONS"
    if _USE.search(tail) or _PAREN_EG.search(tail):
        return "USES"
    return "MENTIONS"
