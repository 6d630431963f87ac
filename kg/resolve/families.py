"""Lineage between concepts: model versions to their families, method variants to their base.

"Qwen3-4B-Base" -> "Qwen3" -> "Qwen"; "Qwen2.5-VL-7B" -> "Qwen2.5-VL" -> "Qwen2.5" -> "Qwen";
"DG-GRPO" -> "GRPO". Rules about how ML names are built, not lists of models.
"""

from __future__ import annotations

import re

_TRAILING = re.compile(
    r"(?:[-_ ](?:\d+(?:\.\d+)?[BbMmKkTt]|[Aa]\d+(?:\.\d+)?[Bb]|\d+[Bb]x\d+[Bb]|Instruct|Base|Chat|It|IT|"
    r"Preview|Distill|Distilled|Thinking|Reasoning|Turbo|mini|Mini|Pro|Flash|Lite|Max|Plus|Nano|Ultra|"
    r"Large|Small|Medium|XL|Exp|Zero|v\d[\w.]*|\d{4}|\d{2}-\d{2}|\d{4}-\d{2}-\d{2}|hf|HF|GGUF|AWQ|GPTQ|FP8|Int4|Int8))+$"
)
_VERSION_STEM = re.compile(r"^([A-Za-z][A-Za-z]*?[-_ ]?\d+(?:\.\d+)*[a-z]?)(?=[-_ ])")


def model_lineage(name: str, family: str | None) -> list[str]:
    """Names from `name` up to its family, most specific first: [name, ..., family]."""
    chain = [name]
    release = _TRAILING.sub("", name)
    if release and release != name:
        chain.append(release)
    stem = _VERSION_STEM.match(chain[-1])
    if stem and stem.group(1) != chain[-1]:
        chain.append(stem.group(1))
    if family and family != chain[-1] and chain[-1].startswith(family):
        chain.append(family)
    out: list[str] = []
    for n in chain:
        n = n.strip("-_ ")
        if n and n not in out:
            out.append(n)
    return out


def variant_base(name: str, known_short_forms: dict[str, str]) -> str | None:
    """For a compound name like "DG-GRPO" or "VTS-CoT", the known concept it varies, if any.

    `known_short_forms` maps a short form ("GRPO") to its concept key.
    """
    if "-" not in name:
        return None
    parts = [p for p in re.split(r"[-_]", name) if p]
    if len(parts) < 2:
        return None
    # the base is usually the last part (DG-GRPO), sometimes the first (GRPO-LEAD)
    for part in (parts[-1], parts[0]):
        key = known_short_forms.get(part) or known_short_forms.get(part.rstrip("s"))
        if key:
            return key
    return None


_VERSION_SUFFIX = re.compile(r"(?:[- ]?v?\d+(?:\.\d+)*|[- ](?:Lite|Pro|Hard|Verified|Plus|Mini|Full))$")


def version_base(name: str) -> str | None:
    """For a versioned benchmark or method name ("ARC-AGI-2", "AIME25"), the unversioned name."""
    m = _VERSION_SUFFIX.search(name)
    if not m or m.start() == 0:
        return None
    base = name[: m.start()].rstrip("-_ ")
    return base if len(base) >= 2 and any(c.isalpha() for c in base) else None
